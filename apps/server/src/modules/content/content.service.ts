import { postUrl } from '@app/contract/content-paths';
import {
  CONTENT_LIMITS,
  CONTENT_TYPES,
  type ContentChange,
  type ContentType,
  type Post,
  type postInput,
} from '@app/contract/schemas/content';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { addBubbles, clearBubbles, dropItemBubbles } from '../../platform/bubbles.ts';
import { sanitizeWithOwnImages } from '../../platform/outside-images.ts';
import { requireModule } from '../../platform/require-module.ts';
import { drawBudget } from '../../platform/route.ts';
import type { Scope } from '../../platform/scope.ts';
import { activityPages, recordPost, renamePostLines } from '../activity/activity.service.ts';
import { activities } from '../activity/activity.table.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { notifyNewPost } from '../settings/settings.notify.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import { fullName } from '../users/users.service.ts';
import { users } from '../users/users.table.ts';
import { cached, dropModulePages, dropReaderMarks, feedPages, marksKey, readerPages } from './content.caches.ts';
import {
  mayDeletePost,
  mayEditPost,
  mayFinishPoll,
  mayFollow,
  mayPin,
  mayPublish,
  postPermissions,
  type Reader,
} from './content.policy.ts';
import {
  countLikers,
  findPost,
  type PollRow,
  type PostWithAuthor,
  pageLikers,
  pagePosts,
  pollsOf,
  pollVoters,
  readerMarks,
  searchQuery,
  seesHidden,
} from './content.queries.ts';
import {
  contentComments,
  contentFlags,
  contentFollows,
  contentLikes,
  contentPosts,
  pollOptions,
  polls,
  pollVotes,
} from './content.table.ts';
import { dropFeedTotals, feedTotal } from './content.totals.ts';
import { attachUploads, detachAll, removeFiles, toAttachment, uploadsOf, urlSigner } from './content.uploads.ts';

type Parsed = z.output<typeof postInput>;

/** The module of a content call: blogs, news or forums of the caller's app (404 otherwise, 406 if removed). */
export async function contentModule(ctx: Ctx, scope: Scope, moduleId: number): Promise<ModuleRow & { type: ContentType }> {
  // The type the module has, when it is a content type; requireModule then answers 404 or 406 as for any module.
  const found = (await ctx.apps.module(scope.tenant.id, moduleId))?.type;
  const type = CONTENT_TYPES.find((t) => t === found) ?? 'blogs';
  return { ...(await requireModule(ctx, scope, type, moduleId)), type };
}

async function readerOf(ctx: Ctx, scope: Scope): Promise<Reader> {
  return { id: scope.user.id, isAdmin: await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const excerptOf = (text: string) => (text.length > 280 ? `${text.slice(0, 279).trimEnd()}…` : text);

/** Posts as every reader sees them: rows, polls and files (a feed page of it is cached, see `feedPages`). */
interface SharedPosts {
  rows: PostWithAuthor[];
  polls: PollRow[];
  files: Awaited<ReturnType<typeof uploadsOf>>;
}

async function sharedOf(ctx: Ctx, rows: PostWithAuthor[]): Promise<SharedPosts> {
  const [pollRows, files] = await Promise.all([
    pollsOf(
      ctx.db,
      rows.map((r) => r.id),
    ),
    uploadsOf(ctx.db, rows),
  ]);
  return { rows, polls: pollRows, files };
}

/** Posts for one reader: the shared part with their marks, vote, permissions and fresh file URLs. */
async function toPosts(ctx: Ctx, scope: Scope, type: ContentType, shared: SharedPosts, marksAt?: string): Promise<Post[]> {
  const ids = shared.rows.map((r) => r.id);
  const loadMarks = () =>
    readerMarks(
      ctx.db,
      scope.user.id,
      'post',
      ids,
      shared.polls.map((p) => p.id),
    );
  const [marks, sign] = await Promise.all([marksAt ? cached(ctx, readerPages, marksAt, loadMarks) : loadMarks(), urlSigner(ctx)]);
  const reader: Reader = { id: scope.user.id, isAdmin: marks.isAdmin };
  return shared.rows
    .filter((r) => seesHidden(r, reader))
    .map((r) => {
      const p = shared.polls.find((x) => x.postId === r.id);
      const f = shared.files.get(r.id);
      return {
        id: r.id,
        app_module_id: r.appModuleId,
        title: r.title,
        text: r.bodyHtml,
        excerpt: excerptOf(r.bodyText),
        location: r.location,
        cover_image: f?.cover ? toAttachment(f.cover, sign) : null,
        attachments: (f?.attachments ?? []).map((a) => toAttachment(a, sign)),
        poll: p
          ? {
              title: p.title,
              status: p.finishedAt ? 'finished' : 'in_progress',
              options: p.options.map((o) => ({ id: o.id, text: o.text, votes_count: o.votesCount })),
              votes_count: p.options.reduce((n, o) => n + o.votesCount, 0),
              my_vote: p.options.find((o) => marks.voted.has(o.id))?.id ?? null,
            }
          : null,
        pinned: r.pinned,
        followed: marks.followed.has(r.id),
        liked: marks.liked.has(r.id),
        reported: marks.reported.has(r.id),
        likes_count: r.likesCount,
        comments_count: r.commentsCount,
        last_reply_at: iso(r.lastReplyAt),
        user: { id: r.author.id, fullname: fullName(r.author, scope.locale), avatar: r.author.avatarUrl, is_verified: r.author.isVerified },
        created_at: r.createdAt.toISOString(),
        edited_at: iso(r.editedAt),
        permissions: postPermissions(reader, r, type, Boolean(p)),
      };
    });
}

export async function listPosts(ctx: Ctx, scope: Scope, moduleId: number, page: Page, search: string | undefined) {
  const mod = await contentModule(ctx, scope, moduleId);
  const q = search?.trim() || null;
  const page_ = `p${page.page}:${page.perPage}:${q ? (searchQuery(q) ?? '') : ''}`;
  const entry = await cached<{ shared: SharedPosts; total: number }>(ctx, feedPages, `${mod.id}:${page_}`, async () => {
    const [rows, total] = await Promise.all([
      pagePosts(ctx.db, scope.tenant.id, mod.id, q, page.perPage, offsetOf(page)),
      feedTotal(ctx, scope.tenant.id, mod.id, q),
    ]);
    return { shared: await sharedOf(ctx, rows), total };
  });
  const items = await toPosts(ctx, scope, mod.type, entry.shared, marksKey(mod.id, scope.user.id, page_));
  return { items, total: entry.total };
}

/** Marks the module read for the caller (the feed was opened), or one post (it was opened): their bubbles go. */
export async function markSeen(ctx: Ctx, scope: Scope, moduleId: number, postId: number | undefined) {
  const mod = await contentModule(ctx, scope, moduleId);
  await clearBubbles(ctx, scope.tenant.id, mod.id, scope.user.id, postId === undefined ? undefined : [postId]);
  return { success: true as const };
}

/** The module, the post (404 unless it is of this module of the caller's app) and the reader. */
export async function loadPost(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await contentModule(ctx, scope, moduleId);
  const row = await findPost(ctx.db, scope.tenant.id, mod.id, id);
  if (!row) throw notFound();
  const reader = await readerOf(ctx, scope);
  if (!seesHidden(row, reader)) throw notFound();
  return { mod, row, reader };
}

async function answer(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Post> {
  const mod = await contentModule(ctx, scope, moduleId);
  const row = await findPost(ctx.db, scope.tenant.id, mod.id, id);
  if (!row) throw notFound();
  const [post] = await toPosts(ctx, scope, mod.type, await sharedOf(ctx, [row]));
  if (!post) throw notFound();
  return post;
}

/** One post; opening it marks it read (its bubble goes). */
export const getPost = answer;

/**
 * The post's own fields from the input: sanitised body and its text, title where the type has one.
 * Pictures from other sites in the body are fetched now and become our copies (outside-images.ts).
 */
async function fields(ctx: Ctx, scope: Scope, type: ContentType, input: Parsed) {
  const title = input.title?.trim() || null;
  if (type === 'forums' && !title) throw fieldError('title', 'content.errors.titleBlank');
  const body = await sanitizeWithOwnImages(ctx, scope, input.text, { field: 'text', maxLength: CONTENT_LIMITS.bodyMax });
  if (!body.text.trim() && !title) throw fieldError('text', 'content.errors.textBlank');
  return { title, bodyHtml: body.html, bodyText: body.text, location: input.location?.trim() || null };
}

/**
 * Sets the post's poll: absent leaves it, null removes it, a poll replaces it. A poll people voted in
 * keeps its votes: sent again unchanged it stays as it is, changed it is refused (the owner may remove it).
 */
async function writePoll(tx: Ctx['db'], appId: number, postId: number, poll: Parsed['poll']) {
  if (poll === undefined) return;
  if (poll !== null) {
    const [current] = await tx.select({ id: polls.id, title: polls.title }).from(polls).where(eq(polls.postId, postId)).for('update');
    if (current) {
      const options = await tx.select().from(pollOptions).where(eq(pollOptions.pollId, current.id)).orderBy(pollOptions.position);
      if (options.some((o) => o.votesCount > 0)) {
        const same =
          current.title === poll.title && options.length === poll.options.length && options.every((o, i) => o.text === poll.options[i]);
        if (same) return;
        throw fieldError('poll.title', 'content.errors.pollHasVotes');
      }
    }
  }
  await tx.delete(polls).where(eq(polls.postId, postId));
  if (poll === null) return;
  const [row] = await tx.insert(polls).values({ appId, postId, title: poll.title }).returning({ id: polls.id });
  if (!row) throw new Error('insert polls returned nothing');
  await tx.insert(pollOptions).values(poll.options.map((text, i) => ({ pollId: row.id, position: i + 1, text })));
}

/** The web path of a post (spec 2 §2): forums name the discussion in the path. */
export function postPath(mod: { id: number; type: ContentType }, id: number, title: string | null): string {
  return postUrl(mod.type, mod.id, { id, title });
}

/** Tells everyone with the module open that it changed (the page refetches what it shows). */
export function announce(ctx: Ctx, appId: number, moduleId: number, postId: number, what: ContentChange['what']) {
  // A post created, edited or deleted may change the feed's and searches' totals.
  if (what === 'post' || what === 'deleted') dropFeedTotals(ctx, moduleId);
  dropModulePages(ctx, moduleId);
  ctx.io?.to(`app:${appId}`).emit('contentChanged', { app_module_id: moduleId, post_id: postId, what });
}

/**
 * Takes the post's row lock inside a transaction, 404 when the post is gone. Deleting a post takes
 * it `update` before removing the reactions, and every like, follow, flag and comment takes it
 * first too, so none of them lands after the deletion swept its table (a reaction row without its
 * post, never removed). Likes take `update` since they change the post's counter anyway; two
 * `share` locks both waiting to update the row would deadlock.
 */
export async function lockPost(tx: Ctx['db'], postId: number, mode: 'update' | 'share' = 'update') {
  const [row] = await tx.select({ id: contentPosts.id }).from(contentPosts).where(eq(contentPosts.id, postId)).for(mode);
  if (!row) throw notFound();
}

/**
 * Posts a member may publish in an hour that notify the others (bubbles, push, in-app notice). Past
 * it a post is stored and shown in the feed (live as ever) but notifies nobody. The app owner has no
 * such budget: news is theirs to announce with.
 */
export const NOTIFYING_POSTS_PER_HOUR = 5;

/**
 * Whether the post just stored still fits its author's budget of notices (it counts itself). The
 * count is of notices sent, in the members' budget counter, so deleting a post gives none back.
 */
async function withinNoticeBudget(ctx: Ctx, scope: Scope, reader: Reader): Promise<boolean> {
  if (reader.isAdmin) return true;
  return drawBudget(ctx, scope, 'post-notices', NOTIFYING_POSTS_PER_HOUR, 3_600_000);
}

export async function createPost(ctx: Ctx, scope: Scope, moduleId: number, input: Parsed): Promise<Post> {
  const mod = await contentModule(ctx, scope, moduleId);
  const reader = await readerOf(ctx, scope);
  if (!mayPublish(reader, mod.type)) throw new HttpError(403, 'content.errors.newsOwnerOnly');
  const values = await fields(ctx, scope, mod.type, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contentPosts)
      .values({ appId: scope.tenant.id, appModuleId: mod.id, userId: scope.user.id, ...values })
      .returning({ id: contentPosts.id });
    if (!row) throw new Error('insert content_posts returned nothing');
    await writePoll(tx, scope.tenant.id, row.id, input.poll);
    await attachUploads(tx, scope, row.id, { cover: input.cover_image_id ?? undefined, attachments: input.attachment_ids });
    // The author of a discussion follows it: replies reach them.
    if (mayFollow(mod.type)) await setReaction(tx, contentFollows, scope, { type: 'post', id: row.id }, true);
    return row.id;
  });
  await recordPost(ctx, { appId: scope.tenant.id, userId: scope.user.id, module: mod, post: { id, title: values.title } });
  announce(ctx, scope.tenant.id, mod.id, id, 'post');
  if (!(await withinNoticeBudget(ctx, scope, reader))) return answer(ctx, scope, moduleId, id);
  // Everyone else sees the module's bubble until they open it.
  const others = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, scope.tenant.id), ne(users.id, scope.user.id)));
  await addBubbles(
    ctx,
    scope.tenant.id,
    mod.id,
    id,
    others.map((u) => u.id),
  );
  // News and blog posts reach every member who allows their category as a push.
  notifyNewPost(ctx, scope, mod, { id, title: values.title, text: values.bodyText, url: postPath(mod, id, values.title) });
  return answer(ctx, scope, moduleId, id);
}

export async function updatePost(ctx: Ctx, scope: Scope, moduleId: number, id: number, input: Parsed): Promise<Post> {
  const { mod, row, reader } = await loadPost(ctx, scope, moduleId, id);
  if (!mayEditPost(reader, row)) throw forbidden();
  const values = await fields(ctx, scope, mod.type, input);
  const removed = await ctx.db.transaction(async (tx) => {
    await tx
      .update(contentPosts)
      .set({ ...values, editedAt: new Date() })
      .where(and(eq(contentPosts.appId, scope.tenant.id), eq(contentPosts.id, id)));
    await writePoll(tx, scope.tenant.id, id, input.poll);
    // A renamed post or discussion is named anew in the feed.
    if (values.title !== row.title) await renamePostLines(tx, scope.tenant.id, mod.id, id, values.title);
    return attachUploads(tx, scope, id, { cover: input.cover_image_id, attachments: input.attachment_ids });
  });
  if (values.title !== row.title) ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${scope.tenant.id}:` });
  // Files the post no longer has go once their rows are gone for good.
  await removeFiles(ctx, removed);
  announce(ctx, scope.tenant.id, mod.id, id, 'post');
  return answer(ctx, scope, moduleId, id);
}

export async function deletePost(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { mod, row, reader } = await loadPost(ctx, scope, moduleId, id);
  if (!mayDeletePost(reader, row)) throw forbidden();
  await erasePost(ctx, scope.tenant.id, mod.id, id);
  return { success: true as const };
}

/** Deletes a post of the app's module with its comments, reactions, files and feed lines (its author, an owner, or the console's moderation). */
export async function erasePost(ctx: Ctx, appId: number, moduleId: number, id: number) {
  const files = await ctx.db.transaction(async (tx) => {
    await lockPost(tx, id);
    // Reactions point at posts and comments by id without a foreign key: they go with them.
    const commentIds = tx.select({ id: contentComments.id }).from(contentComments).where(eq(contentComments.postId, id));
    for (const table of [contentLikes, contentFollows, contentFlags]) {
      await tx
        .delete(table)
        .where(
          or(
            and(eq(table.targetType, 'post'), eq(table.targetId, id)),
            and(eq(table.targetType, 'comment'), inArray(table.targetId, commentIds)),
          ),
        );
    }
    const paths = await detachAll(tx, id);
    await tx.delete(contentPosts).where(and(eq(contentPosts.appId, appId), eq(contentPosts.id, id)));
    // The feed forgets it too: a moderated post leaves no title or link behind.
    await tx.delete(activities).where(and(eq(activities.appId, appId), eq(activities.appModuleId, moduleId), eq(activities.entityId, id)));
    return paths;
  });
  ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${appId}:` });
  await removeFiles(ctx, files);
  await dropItemBubbles(ctx, appId, moduleId, id);
  announce(ctx, appId, moduleId, id, 'deleted');
}

export async function setPinned(ctx: Ctx, scope: Scope, moduleId: number, id: number, pinned: boolean): Promise<Post> {
  const { mod, row, reader } = await loadPost(ctx, scope, moduleId, id);
  if (!mayPin(reader, row, mod.type)) throw forbidden();
  await ctx.db
    .update(contentPosts)
    .set({ pinned })
    .where(and(eq(contentPosts.appId, scope.tenant.id), eq(contentPosts.id, id)));
  announce(ctx, scope.tenant.id, mod.id, id, 'post');
  return answer(ctx, scope, moduleId, id);
}

/**
 * Sets the reader's like, follow or flag of a post or comment. The row's key makes it once however
 * often it is asked; answers whether a row was added or removed.
 */
export async function setReaction(
  db: Ctx['db'],
  table: typeof contentLikes,
  scope: Scope,
  target: { type: 'post' | 'comment'; id: number },
  on: boolean,
): Promise<boolean> {
  const changed = on
    ? await db
        .insert(table)
        .values({ appId: scope.tenant.id, targetType: target.type, targetId: target.id, userId: scope.user.id })
        .onConflictDoNothing()
        .returning({ id: table.targetId })
    : await db
        .delete(table)
        .where(and(eq(table.targetType, target.type), eq(table.targetId, target.id), eq(table.userId, scope.user.id)))
        .returning({ id: table.targetId });
  return changed.length > 0;
}

/** Likes a post once however often it is asked, and keeps the counter equal to the rows. */
export async function setLiked(ctx: Ctx, scope: Scope, moduleId: number, id: number, liked: boolean): Promise<Post> {
  const { mod } = await loadPost(ctx, scope, moduleId, id);
  await ctx.db.transaction(async (tx) => {
    await lockPost(tx, id);
    if (await setReaction(tx, contentLikes, scope, { type: 'post', id }, liked)) {
      await tx
        .update(contentPosts)
        .set({ likesCount: sql`${contentPosts.likesCount} + ${liked ? 1 : -1}` })
        .where(eq(contentPosts.id, id));
    }
  });
  announce(ctx, scope.tenant.id, mod.id, id, 'like');
  return answer(ctx, scope, moduleId, id);
}

/** The poll votes panel: every option with its count and who chose it (the first 100 per option). */
export async function listVoters(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { mod } = await loadPost(ctx, scope, moduleId, id);
  const [poll] = await pollsOf(ctx.db, [id]);
  if (!poll || poll.appId !== scope.tenant.id || mod.id !== moduleId) throw notFound();
  const voters = await pollVoters(ctx.db, scope.tenant.id, id, 100);
  return poll.options.map((o) => ({
    option_id: o.id,
    text: o.text,
    votes_count: o.votesCount,
    voters: voters
      .filter((v) => v.optionId === o.id)
      .map((a) => ({ id: a.id, fullname: fullName(a, scope.locale), avatar: a.avatarUrl, is_verified: a.isVerified })),
  }));
}

/** Who liked a post (the likes panel), newest first. */
export async function listLikers(ctx: Ctx, scope: Scope, moduleId: number, id: number, page: Page) {
  await loadPost(ctx, scope, moduleId, id);
  const [rows, total] = await Promise.all([
    pageLikers(ctx.db, scope.tenant.id, id, page.perPage, offsetOf(page)),
    countLikers(ctx.db, scope.tenant.id, id),
  ]);
  return {
    items: rows.map((a) => ({ id: a.id, fullname: fullName(a, scope.locale), avatar: a.avatarUrl, is_verified: a.isVerified })),
    total,
  };
}

export async function setFollowed(ctx: Ctx, scope: Scope, moduleId: number, id: number, followed: boolean): Promise<Post> {
  const { mod } = await loadPost(ctx, scope, moduleId, id);
  if (!mayFollow(mod.type)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await lockPost(tx, id, 'share');
    await setReaction(tx, contentFollows, scope, { type: 'post', id }, followed);
  });
  dropReaderMarks(ctx, mod.id, scope.user.id);
  return answer(ctx, scope, moduleId, id);
}

export async function flagPost(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { mod } = await loadPost(ctx, scope, moduleId, id);
  await ctx.db.transaction(async (tx) => {
    await lockPost(tx, id, 'share');
    await setReaction(tx, contentFlags, scope, { type: 'post', id }, true);
  });
  dropReaderMarks(ctx, mod.id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}

/** One vote per member and poll: a second vote replaces the first in the same statement, never counts twice. */
export async function vote(ctx: Ctx, scope: Scope, moduleId: number, id: number, optionId: number) {
  const { mod } = await loadPost(ctx, scope, moduleId, id);
  await ctx.db.transaction(async (tx) => {
    const [poll] = await tx.select().from(polls).where(eq(polls.postId, id)).for('update');
    if (!poll) throw notFound();
    if (poll.finishedAt) throw fieldError('_popup', 'content.errors.pollFinished');
    const [option] = await tx
      .select({ id: pollOptions.id })
      .from(pollOptions)
      .where(and(eq(pollOptions.pollId, poll.id), eq(pollOptions.id, optionId)));
    if (!option) throw fieldError('option_id', 'content.errors.pollOption');
    const [before] = await tx
      .select({ optionId: pollVotes.optionId })
      .from(pollVotes)
      .where(and(eq(pollVotes.pollId, poll.id), eq(pollVotes.userId, scope.user.id)));
    if (before?.optionId === optionId) return;
    await tx
      .insert(pollVotes)
      .values({ pollId: poll.id, userId: scope.user.id, optionId })
      .onConflictDoUpdate({ target: [pollVotes.pollId, pollVotes.userId], set: { optionId, createdAt: new Date() } });
    if (before) {
      await tx
        .update(pollOptions)
        .set({ votesCount: sql`${pollOptions.votesCount} - 1` })
        .where(eq(pollOptions.id, before.optionId));
    }
    await tx
      .update(pollOptions)
      .set({ votesCount: sql`${pollOptions.votesCount} + 1` })
      .where(eq(pollOptions.id, optionId));
  });
  announce(ctx, scope.tenant.id, mod.id, id, 'poll');
  return pollOf(await answer(ctx, scope, moduleId, id));
}

export async function finishPoll(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { mod, row, reader } = await loadPost(ctx, scope, moduleId, id);
  if (!mayFinishPoll(reader, row)) throw forbidden();
  const done = await ctx.db
    .update(polls)
    .set({ finishedAt: new Date() })
    .where(and(eq(polls.postId, id), sql`${polls.finishedAt} is null`))
    .returning({ id: polls.id });
  if (done.length === 0) {
    const [exists] = await ctx.db.select({ id: polls.id }).from(polls).where(eq(polls.postId, id));
    if (!exists) throw notFound();
  }
  announce(ctx, scope.tenant.id, mod.id, id, 'poll');
  return pollOf(await answer(ctx, scope, moduleId, id));
}

function pollOf(post: Post) {
  if (!post.poll) throw notFound();
  return post.poll;
}
