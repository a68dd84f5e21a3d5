import { LOCALES, type Locale, MODULE_TYPES, type ModuleType } from '@app/contract/constants';
import { type ActivityItem, activityList } from '@app/contract/schemas/activity';
import type { Ctx } from '../../context.ts';
import { isKey, translate } from '../../lib/i18n.ts';
import { serialize } from '../../lib/json.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { batchPerDatabase } from '../../lib/write-batch.ts';
import { defineCache } from '../../platform/caches.ts';
import type { Scope } from '../../platform/scope.ts';
import { fullName } from '../users/users.names.ts';
import {
  type ActivityRow,
  countActivities,
  findActivity,
  hasActivity,
  insertActivities,
  type NewActivity,
  pageActivities,
} from './activity.queries.ts';

/** Serialised feed pages per app, page, size and language (the feed is the same for every member). */
export const activityPages = defineCache('activity', () => new TtlCache<{ body: string; total: number }>(30_000, 1_000));

const isModuleType = (t: string): t is ModuleType => (MODULE_TYPES as readonly string[]).includes(t);

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
    action: isKey(r.a.action) ? translate(locale, r.a.action, { module: mod?.name ?? '' }) : r.a.action,
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
export async function activityPageJson(ctx: Ctx, scope: Pick<Scope, 'tenant' | 'locale'>, page: Page) {
  const cache = ctx.caches.get(activityPages);
  const appId = scope.tenant.id;
  const key = `${appId}:${page.page}:${page.perPage}:${scope.locale}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const epoch = cache.epoch;
  const { items, total } = await listActivity(ctx, appId, page, scope.locale);
  const entry = { body: serialize(activityList, items), total };
  cache.setIfUnchanged(key, entry, epoch);
  return entry;
}

/** Activities recorded at the same time go in one statement (a busy event records many at once). */
const insertActivity = batchPerDatabase(insertActivities);

/**
 * Records an activity and pushes it to every connected user of the app. A caller that already has
 * the author's and module's fields (a busy write path) passes them as `known`: no read-back then.
 */
export async function recordActivity(ctx: Ctx, values: NewActivity, known?: Pick<ActivityRow, 'user' | 'module'>) {
  const a = await insertActivity(ctx.db, values);
  if (a.appId !== values.appId || a.userId !== values.userId || a.action !== values.action)
    throw new Error('recordActivity: the batch answered another row');
  ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${values.appId}:` });
  const row = known ? { a, ...known } : await findActivity(ctx.db, values.appId, a.id);
  if (row && ctx.io) {
    for (const l of LOCALES) ctx.io.to(`app:${values.appId}:${l}`).emit('refreshActivity', { activity: toActivityItem(row, l) });
  }
  return a.id;
}

export const JOINED_ACTION = 'activity.joinedCommunity';

/**
 * A new member appears in the feed once, as having joined, as soon as they are a real member: the
 * address confirmed and the profile complete (name and job title to show). Called after sign-up
 * confirmation, accepted invitations, OAuth sign-ups and profile saves; records at most once.
 */
export async function recordJoinedOnce(
  ctx: Ctx,
  user: { id: number; appId: number; emailConfirmedAt: Date | null; firstName: string; lastName: string; jobTitle: string },
) {
  if (!user.emailConfirmedAt || !(user.firstName.trim() && user.lastName.trim() && user.jobTitle.trim())) return;
  if (await hasActivity(ctx.db, user.appId, user.id, JOINED_ACTION)) return;
  await recordActivity(ctx, { appId: user.appId, userId: user.id, action: JOINED_ACTION, clickUrl: `/user/${user.id}` });
}
