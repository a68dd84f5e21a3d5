import type { Locale } from '@app/contract/constants';
import type { Comment, commentInput } from '@app/contract/schemas/content';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { wellFormed } from '../../lib/text.ts';
import { batchPerDatabase } from '../../lib/write-batch.ts';
import { addBubbles } from '../../platform/bubbles.ts';
import { drawBudget } from '../../platform/route.ts';
import type { Scope } from '../../platform/scope.ts';
import { recordComment } from '../activity/activity.service.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { notifyReply } from '../settings/settings.notify.ts';
import { fullName } from '../users/users.service.ts';
import { users } from '../users/users.table.ts';
import { cached, commentPages, dropReaderMarks, marksKey, readerPages } from './content.caches.ts';
import { mayDeleteComment, mayEditComment, type Reader } from './content.policy.ts';
import {
  type Author,
  type CommentRow,
  findComment,
  findPost,
  type Marks,
  pageComments,
  readerMarks,
  seesHidden,
} from './content.queries.ts';
import { announce, contentModule, loadPost, lockPost, postPath, setReaction } from './content.service.ts';
import { contentComments, contentFlags, contentFollows, contentLikes, contentPosts } from './content.table.ts';

/**
 * Comments and nested replies (issue 8). Any depth is stored; `path` (zero-padded ids from the top
 * comment down) sorts a post's comments into thread order with one index range, so a page of a
 * thread is one query however deep it goes. The client indents up to CONTENT_LIMITS.commentIndentMax
 * and shows deeper replies flattened with "replying to" (`reply_to`).
 */

type Input = z.output<typeof commentInput>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const authorOf = (a: Author, locale: Locale) => ({
  id: a.id,
  fullname: fullName(a, locale),
  avatar: a.avatarUrl,
  is_verified: a.isVerified,
});

const NO_MARKS: Marks = { liked: new Set(), followed: new Set(), reported: new Set(), voted: new Set(), isAdmin: false };

async function toComments(
  ctx: Ctx,
  locale: Locale,
  userId: number,
  rows: CommentRow[],
  marksAt?: string,
  known?: Marks,
): Promise<Comment[]> {
  const load = () =>
    readerMarks(
      ctx.db,
      userId,
      'comment',
      rows.map((r) => r.id),
    );
  const marks = known ?? (await (marksAt ? cached(ctx, readerPages, marksAt, load) : load()));
  const reader: Reader = { id: userId, isAdmin: marks.isAdmin };
  return rows
    .filter((r) => seesHidden(r, reader))
    .map((r) => ({
      id: r.id,
      post_id: r.postId,
      parent_id: r.parentId,
      depth: r.depth,
      reply_to: r.replyTo ? authorOf(r.replyTo, locale) : null,
      text: r.body,
      user: authorOf(r.author, locale),
      liked: marks.liked.has(r.id),
      likes_count: r.likesCount,
      reported: marks.reported.has(r.id),
      created_at: r.createdAt.toISOString(),
      edited_at: iso(r.editedAt),
      permissions: { edit: mayEditComment(reader, r), delete: mayDeleteComment(reader, r) },
    }));
}

/**
 * A page of a post's comments: the part every reader sees is cached per module (the post was found
 * in the module when it was filled; deleting it drops the module's pages), the reader's marks too.
 */
/** Replies of a member in an hour whose pushes reach a discussion's followers (the notices' budget). */
export const REPLY_PUSHES_PER_HOUR = 30;

export async function listComments(ctx: Ctx, scope: Scope, moduleId: number, postId: number, page: Page) {
  const mod = await contentModule(ctx, scope, moduleId);
  const at = `c${postId}:${page.page}:${page.perPage}`;
  const shared = await cached(ctx, commentPages, `${mod.id}:${at}`, async () => {
    const row = await findPost(ctx.db, scope.tenant.id, mod.id, postId);
    if (!row) throw notFound();
    const rows = await pageComments(ctx.db, scope.tenant.id, row.id, page.perPage, offsetOf(page));
    // The post's counter is the total: kept with the rows in the same transactions, and no count(*)
    // over a busy thread (5,000 comments: ~7 ms on PGlite, issue 8's bench).
    return { rows, total: row.commentsCount };
  });
  return {
    items: await toComments(ctx, scope.locale, scope.user.id, shared.rows, marksKey(mod.id, scope.user.id, at)),
    total: shared.total,
  };
}

async function loadComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number) {
  const loaded = await loadPost(ctx, scope, moduleId, postId);
  const comment = await findComment(ctx.db, scope.tenant.id, postId, commentId);
  if (!comment || !seesHidden(comment, loaded.reader)) throw notFound();
  return { ...loaded, comment };
}

async function answer(ctx: Ctx, scope: Scope, reader: Reader, postId: number, commentId: number): Promise<Comment> {
  const row = await findComment(ctx.db, scope.tenant.id, postId, commentId);
  if (!row) throw notFound();
  const [c] = await toComments(ctx, scope.locale, reader.id, [row]);
  if (!c) throw notFound();
  return c;
}

/** A comment to add: where (the app and module the caller is in), by whom, under which parent. */
interface NewComment {
  appId: number;
  moduleId: number;
  postId: number;
  parentId: number | null;
  userId: number;
  text: string;
}

/** What adding one answers: `post` false (404), `id` null (the parent is gone, 422), else the comment and its names. */
interface AddedRow {
  ord: number;
  post: boolean;
  title: string | null;
  id: number | null;
  parent_id: number | null;
  depth: number | null;
  created_at: Date | string | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  is_verified: boolean;
  job_title: string;
  reply_to_id: number | null;
  reply_to_first_name: string | null;
  reply_to_last_name: string | null;
  reply_to_avatar_url: string | null;
  reply_to_is_verified: boolean | null;
  reply_to_deleted_at: string | null;
}

/**
 * Adds comments in one statement (issue 8's write target: comments are a community's busiest
 * write; `WriteBatch` brings the ones that arrive together). For each: the post must be in the
 * caller's app and module, the parent a comment of that post. It locks the posts (in id order, so
 * two batches never deadlock), finds and locks the parents, inserts the comments with their thread
 * paths, counts them on their posts, and answers each with its post's title and the names shown.
 *
 * Races on PostgreSQL (READ COMMITTED): a deletion of a post or thread takes the post's lock first
 * too. When one held it, the parents are locked after it committed: a parent deleted meanwhile is
 * skipped by `for key share` (though the statement's older snapshot still had it), so no reply is
 * left without its parent.
 */
async function insertComments(db: Ctx['db'], items: NewComment[]): Promise<AddedRow[]> {
  const input = JSON.stringify(
    items.map((c, ord) => ({
      ord,
      app_id: c.appId,
      module_id: c.moduleId,
      post_id: c.postId,
      parent_id: c.parentId,
      user_id: c.userId,
      body: c.text,
    })),
  );
  return queryRows<AddedRow>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(ord int, app_id int, module_id int, post_id int, parent_id int, user_id int, body text)),
    post as (
      select p.id, p.app_id, p.app_module_id, p.title from ${contentPosts} p
      where p.id in (select post_id from input)
      order by p.id
      for no key update),
    parent as (
      select c.id, c.post_id, c.path, c.depth, c.user_id from ${contentComments} c
      where c.id in (select parent_id from input) and c.post_id in (select id from post)
      order by c.id
      for key share),
    ok as (
      select i.ord, i.user_id, i.body, post.app_id, post.id as post_id,
             parent.id as parent_id, parent.path as parent_path, parent.depth as parent_depth, parent.user_id as parent_user_id
      from input i
        join post on post.id = i.post_id and post.app_id = i.app_id and post.app_module_id = i.module_id
        left join parent on parent.id = i.parent_id and parent.post_id = i.post_id
      where i.parent_id is null or parent.id is not null),
    numbered as (
      select ok.*, nextval(pg_get_serial_sequence('content_comments', 'id'))::int as id
      from (select * from ok order by ord) ok),
    added as (
      insert into ${contentComments} (id, app_id, post_id, parent_id, depth, path, user_id, body)
      select id, app_id, post_id, parent_id, coalesce(parent_depth + 1, 0),
             coalesce(parent_path || '.', '') || lpad(id::text, 10, '0'), user_id, body
      from numbered
      returning id, post_id, created_at),
    counted as (
      update ${contentPosts} p set comments_count = p.comments_count + s.n, last_reply_at = s.last
      from (select post_id, count(*)::int as n, max(created_at) as last from added group by post_id) s
      where p.id = s.post_id)
    select i.ord, post.id is not null as post, post.title, n.id, n.parent_id,
           coalesce(n.parent_depth + 1, 0) as depth, a.created_at,
           u.first_name, u.last_name, u.avatar_url, u.is_verified, u.job_title,
           pu.id as reply_to_id, pu.first_name as reply_to_first_name, pu.last_name as reply_to_last_name,
           pu.avatar_url as reply_to_avatar_url, pu.is_verified as reply_to_is_verified, pu.deleted_at as reply_to_deleted_at
    from input i
      left join post on post.id = i.post_id and post.app_id = i.app_id and post.app_module_id = i.module_id
      left join numbered n on n.ord = i.ord
      left join added a on a.id = n.id
      left join ${users} u on u.id = i.user_id
      left join ${users} pu on pu.id = n.parent_user_id
    order by i.ord`,
  );
}

const addOne = batchPerDatabase(insertComments);

/**
 * Adds a comment, or a reply to a comment of the same post, counted on the post in the same
 * statement. Then the app's feed shows it, and the discussion's followers get its bubble.
 */
export async function addComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, input: Input): Promise<Comment> {
  const mod = await contentModule(ctx, scope, moduleId);
  const parentId = input.parent_id ?? null;
  const text = wellFormed(input.text);
  const r = await addOne(ctx.db, { appId: scope.tenant.id, moduleId: mod.id, postId, parentId, userId: scope.user.id, text });
  if (!r.post) throw notFound();
  if (r.id === null || r.depth === null || r.created_at === null) throw fieldError('parent_id', 'content.errors.replyGone');
  const id = r.id;
  const user = {
    id: scope.user.id,
    firstName: r.first_name,
    lastName: r.last_name,
    avatarUrl: r.avatar_url,
    isVerified: r.is_verified,
    deletedAt: null,
  };
  const base = postPath(mod, postId, r.title);
  await recordComment(
    ctx,
    {
      appId: scope.tenant.id,
      userId: scope.user.id,
      module: mod,
      post: { id: postId, title: r.title },
      commentId: id,
      isReply: parentId !== null,
    },
    { user: { ...user, jobTitle: r.job_title }, module: { id: mod.id, type: mod.type, name: mod.name } },
  );
  if (mod.type === 'forums') {
    const followers = await ctx.db
      .select({ id: contentFollows.userId })
      .from(contentFollows)
      .where(and(eq(contentFollows.targetType, 'post'), eq(contentFollows.targetId, postId)));
    await addBubbles(
      ctx,
      scope.tenant.id,
      mod.id,
      postId,
      followers.map((f) => f.id).filter((u) => u !== scope.user.id),
    );
    // Followers who allow Discussions get a push, from at most REPLY_PUSHES_PER_HOUR of a member's
    // replies an hour (the bubbles and the live thread still show every reply).
    if (drawBudget(ctx, scope, 'reply-pushes', REPLY_PUSHES_PER_HOUR, 3_600_000))
      notifyReply(
        ctx,
        scope,
        followers.map((f) => f.id),
        { postId, title: r.title ?? '', author: `${r.first_name} ${r.last_name}`.trim(), text, url: `${base}/item/${id}` },
      );
  }
  announce(ctx, scope.tenant.id, mod.id, postId, 'comment');
  const replyTo =
    r.reply_to_id === null
      ? null
      : {
          id: r.reply_to_id,
          firstName: r.reply_to_first_name ?? '',
          lastName: r.reply_to_last_name ?? '',
          avatarUrl: r.reply_to_avatar_url,
          isVerified: r.reply_to_is_verified ?? false,
          deletedAt: r.reply_to_deleted_at ? new Date(r.reply_to_deleted_at) : null,
        };
  const row = {
    id,
    postId,
    parentId: r.parent_id,
    depth: r.depth,
    path: '',
    userId: scope.user.id,
    body: text,
    likesCount: 0,
    createdAt: new Date(r.created_at),
    editedAt: null,
    author: user,
    replyTo,
  } as CommentRow;
  // A new comment: nobody liked or reported it yet, and its author may edit and delete it.
  const [created] = await toComments(ctx, scope.locale, scope.user.id, [row], undefined, NO_MARKS);
  if (!created) throw notFound();
  return created;
}

export async function editComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number, text: string) {
  const { mod, reader, comment } = await loadComment(ctx, scope, moduleId, postId, commentId);
  if (!mayEditComment(reader, comment)) throw forbidden();
  await ctx.db
    .update(contentComments)
    .set({ body: text, editedAt: new Date() })
    .where(and(eq(contentComments.appId, scope.tenant.id), eq(contentComments.id, commentId)));
  announce(ctx, scope.tenant.id, mod.id, postId, 'comment');
  return answer(ctx, scope, reader, postId, commentId);
}

/** Deletes a comment with its replies (the confirmation says so), and their likes and flags. */
export async function removeComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number) {
  const { mod, reader, comment } = await loadComment(ctx, scope, moduleId, postId, commentId);
  if (!mayDeleteComment(reader, comment)) throw forbidden();
  await eraseComment(ctx, scope.tenant.id, mod.id, postId, comment);
  return { success: true as const };
}

/** Deletes a comment with its replies, likes and flags (its author, an owner, or the console's moderation). */
export async function eraseComment(ctx: Ctx, appId: number, moduleId: number, postId: number, comment: { id: number; path: string }) {
  await ctx.db.transaction(async (tx) => {
    // Adding and deleting comments of one post take turns: a reply racing the deletion of its
    // thread is either deleted with it (the delete sees it committed) or finds its parent gone (422).
    await lockPost(tx, postId);
    const thread = and(
      eq(contentComments.postId, postId),
      or(eq(contentComments.id, comment.id), like(contentComments.path, `${comment.path}.%`)),
    );
    const gone = await tx.delete(contentComments).where(thread).returning({ id: contentComments.id });
    const ids = gone.map((g) => g.id);
    for (const table of [contentLikes, contentFlags]) {
      await tx.delete(table).where(and(eq(table.targetType, 'comment'), inArray(table.targetId, ids)));
    }
    // The last reply is the newest comment left (none: "No replies yet" again, not a reply that is gone).
    await tx
      .update(contentPosts)
      .set({
        commentsCount: sql`greatest(${contentPosts.commentsCount} - ${ids.length}, 0)`,
        lastReplyAt: sql`(select max(${contentComments.createdAt}) from ${contentComments} where ${contentComments.postId} = ${postId})`,
      })
      .where(eq(contentPosts.id, postId));
  });
  announce(ctx, appId, moduleId, postId, 'comment');
}

/**
 * A reaction to a comment waits for a deletion of the post's comments in progress (the post's
 * lock, shared among reactions), then finds the comment still there or answers 404: never a like
 * or flag left behind for a comment that is gone.
 */
async function lockComment(tx: Ctx['db'], postId: number, commentId: number) {
  await lockPost(tx, postId, 'share');
  const [row] = await tx
    .select({ id: contentComments.id })
    .from(contentComments)
    .where(and(eq(contentComments.postId, postId), eq(contentComments.id, commentId)));
  if (!row) throw notFound();
}

export async function setCommentLiked(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number, liked: boolean) {
  const { mod, reader } = await loadComment(ctx, scope, moduleId, postId, commentId);
  await ctx.db.transaction(async (tx) => {
    await lockComment(tx, postId, commentId);
    if (await setReaction(tx, contentLikes, scope, { type: 'comment', id: commentId }, liked)) {
      await tx
        .update(contentComments)
        .set({ likesCount: sql`${contentComments.likesCount} + ${liked ? 1 : -1}` })
        .where(eq(contentComments.id, commentId));
    }
  });
  announce(ctx, scope.tenant.id, mod.id, postId, 'like');
  return answer(ctx, scope, reader, postId, commentId);
}

export async function flagComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number) {
  const { mod } = await loadComment(ctx, scope, moduleId, postId, commentId);
  await ctx.db.transaction(async (tx) => {
    await lockComment(tx, postId, commentId);
    await setReaction(tx, contentFlags, scope, { type: 'comment', id: commentId }, true);
  });
  dropReaderMarks(ctx, mod.id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}
