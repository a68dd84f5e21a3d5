import { LOCALES, type Locale, MODULE_TYPES, type ModuleType } from '@app/contract/constants';
import { postUrl } from '@app/contract/content-paths';
import { type ActivityItem, activityList } from '@app/contract/schemas/activity';
import type { Ctx } from '../../context.ts';
import { isKey, translate } from '../../lib/i18n.ts';
import { serializeBytes } from '../../lib/json.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { batchPerDatabase } from '../../lib/write-batch.ts';
import { defineCache } from '../../platform/caches.ts';
import type { Scope } from '../../platform/scope.ts';
import { isListed } from '../users/profiles.queries.ts';
import { fullName } from '../users/users.names.ts';
import {
  type ActivityRow,
  countActivities,
  findActivity,
  hasActivity,
  insertActivities,
  type NewActivity,
  pageActivities,
  renameEntity,
  upsertFolded,
} from './activity.queries.ts';

/** Serialised feed pages per app, page, size and language (the feed is the same for every member). */
export const activityPages = defineCache('activity', () => new TtlCache<{ body: Buffer; total: number }>(30_000, 1_000));

const isModuleType = (t: string): t is ModuleType => (MODULE_TYPES as readonly string[]).includes(t);

export const COMMENTED_ACTION = 'activity.commented';

/** `key_one`, `key_few`… for the count in the locale's plural rules (the English `_other` when missing). */
function plural(locale: Locale, key: string, count: number, vars: Record<string, string | number>): string {
  const exact = `${key}_${new Intl.PluralRules(locale.replace('_', '-')).select(count)}`;
  const text = translate(locale, exact, { ...vars, count });
  return text === exact ? translate(locale, `${key}_other`, { ...vars, count }) : text;
}

/**
 * The line's text: a folded comment line names the post and how many others commented with the
 * member shown ("and 3 others commented on “Title”"); other lines are their key with the module.
 */
function actionOf(r: ActivityRow, locale: Locale, module: string): string {
  if (r.a.groupKey && r.a.action === COMMENTED_ACTION) {
    const title = r.a.entityTitle?.trim();
    const key = title ? 'activity.commentedOn' : COMMENTED_ACTION;
    const others = Math.max(0, r.a.actorIds.length - 1);
    const vars = { module, title: title ?? '' };
    return others > 0 ? plural(locale, `${key}Others`, others, vars) : translate(locale, key, vars);
  }
  return isKey(r.a.action) ? translate(locale, r.a.action, { module }) : r.a.action;
}

export function toActivityItem(r: ActivityRow, locale: Locale): ActivityItem {
  const fullname = fullName(r.user, locale);
  const mod = r.module && isModuleType(r.module.type) ? r.module : null;
  return {
    id: r.a.id,
    user: {
      id: r.user.id,
      fullname,
      is_verified: r.user.isVerified,
      profile: [
        { name: 'avatar', value: r.user.avatarUrl },
        { name: 'job_title', value: r.user.jobTitle },
      ],
    },
    action: actionOf(r, locale, mod?.name ?? ''),
    timestamp: Math.floor(r.a.createdAt.getTime() / 1000),
    module: mod
      ? {
          type: mod.type as ModuleType,
          name: mod.name,
          app_module_id: mod.id,
          forums: r.a.forumId !== null ? { id: r.a.forumId, title: r.a.forumTitle ?? '' } : null,
        }
      : null,
    entity_id: r.a.entityId,
    is_reply: r.a.isReply,
    is_comment: r.a.isComment,
    is_like: r.a.isLike,
    click_url: r.a.clickUrl,
  };
}

export async function listActivity(ctx: Ctx, appId: number, page: Page, locale: Locale) {
  const [rows, total] = await Promise.all([pageActivities(ctx.db, appId, page.perPage, offsetOf(page)), countActivities(ctx.db, appId)]);
  return { items: rows.map((r) => toActivityItem(r, locale)), total };
}

/**
 * A page of the feed as serialised JSON. The feed is the same for every user of
 * an app, so pages are cached; recording an activity drops the app's pages on every
 * node (cache bus), and the socket pushes the new item to open screens.
 */
type PageEntry = { body: Buffer; total: number };

/** Pages being computed, per cache: the misses of one page at once (an expired page under load) share one query. */
const computing = new WeakMap<object, SingleFlight<number, PageEntry>>();

export async function activityPageJson(ctx: Ctx, scope: Pick<Scope, 'tenant' | 'locale'>, page: Page): Promise<PageEntry> {
  const cache = ctx.caches.get(activityPages);
  const appId = scope.tenant.id;
  const key = `${appId}:${page.page}:${page.perPage}:${scope.locale}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let flights = computing.get(cache);
  if (!flights) {
    flights = new SingleFlight();
    computing.set(cache, flights);
  }
  const epoch = cache.epoch;
  return flights.run(key, epoch, async () => {
    const { items, total } = await listActivity(ctx, appId, page, scope.locale);
    const computed = { body: serializeBytes(activityList, items), total };
    cache.setIfUnchanged(key, computed, epoch);
    return computed;
  });
}

/** Activities recorded at the same time go in one statement (a busy event records many at once). */
const insertActivity = batchPerDatabase(insertActivities);

/** What recording needs: a live request passes its Ctx; the demo seeders their transaction (`demoCtx`). */
export type ActivityCtx = Pick<Ctx, 'db' | 'io'> & { bus: Pick<Ctx['bus'], 'publish'> };

type Known = Pick<ActivityRow, 'user' | 'module'>;

/** Drops the app's cached pages on every node and pushes the line to every connected user of the app. */
async function announceActivity(ctx: ActivityCtx, a: ActivityRow['a'], known?: Known) {
  ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${a.appId}:` });
  const io = ctx.io;
  if (!io) return;
  const row = known ? { a, ...known } : await findActivity(ctx.db, a.appId, a.id);
  if (row) for (const l of LOCALES) io.to(`app:${a.appId}:${l}`).emit('refreshActivity', { activity: toActivityItem(row, l) });
}

/**
 * Records an activity and pushes it to every connected user of the app. A caller that already has
 * the author's and module's fields (a busy write path) passes them as `known`: no read-back then.
 */
export async function recordActivity(ctx: ActivityCtx, values: NewActivity, known?: Known) {
  const a = await insertActivity(ctx.db, values);
  if (a.appId !== values.appId || a.userId !== values.userId || a.action !== values.action)
    throw new Error('recordActivity: the batch answered another row');
  await announceActivity(ctx, a, known);
  return a.id;
}

type ContentKind = 'blogs' | 'news' | 'forums';

/** A post or discussion as the feed links it. */
export interface PostRef {
  appId: number;
  userId: number;
  module: { id: number; type: ContentKind };
  post: { id: number; title: string | null };
  /** When it happened (the demo's past); now when absent. */
  at?: Date;
}

/** "published a new post in …" / "started a discussion in …", linking to the post (createPost, the demo). */
export function recordPost(ctx: ActivityCtx, p: PostRef) {
  const forums = p.module.type === 'forums';
  return recordActivity(ctx, {
    appId: p.appId,
    userId: p.userId,
    appModuleId: p.module.id,
    action: forums ? 'activity.startedDiscussion' : 'activity.posted',
    entityId: p.post.id,
    ...(forums ? { forumId: p.post.id, forumTitle: p.post.title } : {}),
    clickUrl: postUrl(p.module.type, p.module.id, p.post),
    ...(p.at ? { createdAt: p.at } : {}),
  });
}

/** The UTC day a comment folds into. */
export const foldDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * A comment or reply: the comments on one post in one UTC day are one line, "Anna Novak and 3
 * others commented on “Post”", shown at the newest comment's time, by its author, linking to it
 * (a discussion's comment; a post's comments). Written as one upsert (addComment, the demo).
 */
export async function recordComment(ctx: ActivityCtx, c: PostRef & { commentId: number; isReply: boolean }, known?: Known) {
  const at = c.at ?? new Date();
  const forums = c.module.type === 'forums';
  const base = postUrl(c.module.type, c.module.id, c.post);
  const a = await upsertFolded(ctx.db, {
    appId: c.appId,
    userId: c.userId,
    appModuleId: c.module.id,
    action: COMMENTED_ACTION,
    entityId: c.post.id,
    entityTitle: c.post.title,
    isComment: true,
    isReply: c.isReply,
    ...(forums ? { forumId: c.post.id, forumTitle: c.post.title } : {}),
    clickUrl: forums ? `${base}/item/${c.commentId}` : `${base}?goTo=comments`,
    groupKey: `comments:${c.post.id}:${foldDay(at)}`,
    createdAt: at,
  });
  // The line's member may be another one than this comment's (an older comment written late).
  await announceActivity(ctx, a, known && a.userId === c.userId ? known : undefined);
  return a.id;
}

/** A renamed post: its lines show the new title (run in the rename's transaction). */
export const renamePostLines = renameEntity;

/** The "joined the community" line's action (activity.queries.ts shows it of listed members only). */
export const JOINED_ACTION = 'activity.joinedCommunity';

/**
 * A new member appears in the feed once, as having joined, as soon as they are a real member: the
 * address confirmed and the profile complete (name and job title to show). Called after sign-up
 * confirmation, accepted invitations, OAuth sign-ups and profile saves; records at most once.
 */
export async function recordJoinedOnce(ctx: ActivityCtx, user: JoiningMember) {
  const line = joinedLine(user);
  if (!line || (await hasActivity(ctx.db, user.appId, user.id, JOINED_ACTION))) return;
  // Stored either way (shown once they are listed); announced live only to a feed that shows it.
  if (await isListed(ctx.db, user.appId, user.id)) await recordActivity(ctx, line);
  else await insertActivity(ctx.db, line);
}

type JoiningMember = { id: number; appId: number; emailConfirmedAt: Date | null; firstName: string; lastName: string; jobTitle: string };

/** A member's "joined" line (at `at`, now when absent), or null while they are not a real member yet. */
export function joinedLine(user: JoiningMember, at?: Date): NewActivity | null {
  if (!user.emailConfirmedAt || !(user.firstName.trim() && user.lastName.trim() && user.jobTitle.trim())) return null;
  return { appId: user.appId, userId: user.id, action: JOINED_ACTION, clickUrl: `/user/${user.id}`, ...(at ? { createdAt: at } : {}) };
}
