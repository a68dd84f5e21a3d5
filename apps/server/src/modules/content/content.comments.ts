import type { Comment, commentInput } from '@app/contract/schemas/content';
import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { addBubbles } from '../../platform/bubbles.ts';
import type { Scope } from '../../platform/scope.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { fullName } from '../users/users.service.ts';
import { cached, commentPages, dropReaderMarks, marksKey, readerPages } from './content.caches.ts';
import { mayDeleteComment, mayEditComment, type Reader } from './content.policy.ts';
import { type Author, type CommentRow, findComment, findPost, type Marks, pageComments, readerMarks } from './content.queries.ts';
import { announce, contentModule, loadPost, lockPost, postPath, setReaction } from './content.service.ts';
import { contentComments, contentFlags, contentFollows, contentLikes, contentPosts } from './content.table.ts';

/**
 * Comments and nested replies (issue 8). Any depth is stored; `path` (zero-padded ids from the top
 * comment down) sorts a post's comments into thread order with one index range, so a page of a
 * thread is one query however deep it goes. The client indents up to CONTENT_LIMITS.commentIndentMax
 * and shows deeper replies flattened with "replying to" (`reply_to`).
 */

type Input = z.output<typeof commentInput>;

const pad = (id: number) => String(id).padStart(10, '0');
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const authorOf = (a: Author) => ({ id: a.id, fullname: fullName(a), avatar: a.avatarUrl, is_verified: a.isVerified });

const NO_MARKS: Marks = { liked: new Set(), followed: new Set(), reported: new Set(), voted: new Set(), isAdmin: false };

async function toComments(ctx: Ctx, userId: number, rows: CommentRow[], marksAt?: string, known?: Marks): Promise<Comment[]> {
  const load = () =>
    readerMarks(
      ctx.db,
      userId,
      'comment',
      rows.map((r) => r.id),
    );
  const marks = known ?? (await (marksAt ? cached(ctx, readerPages, marksAt, load) : load()));
  const reader: Reader = { id: userId, isAdmin: marks.isAdmin };
  return rows.map((r) => ({
    id: r.id,
    post_id: r.postId,
    parent_id: r.parentId,
    depth: r.depth,
    reply_to: r.replyTo ? authorOf(r.replyTo) : null,
    text: r.body,
    user: authorOf(r.author),
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
  return { items: await toComments(ctx, scope.user.id, shared.rows, marksKey(mod.id, scope.user.id, at)), total: shared.total };
}

async function loadComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, commentId: number) {
  const loaded = await loadPost(ctx, scope, moduleId, postId);
  const comment = await findComment(ctx.db, scope.tenant.id, postId, commentId);
  if (!comment) throw notFound();
  return { ...loaded, comment };
}

async function answer(ctx: Ctx, scope: Scope, reader: Reader, postId: number, commentId: number): Promise<Comment> {
  const row = await findComment(ctx.db, scope.tenant.id, postId, commentId);
  if (!row) throw notFound();
  const [c] = await toComments(ctx, reader.id, [row]);
  if (!c) throw notFound();
  return c;
}

/**
 * Adds a comment, or a reply to a comment of the same post, and counts it on the post in the same
 * transaction. Then the app's feed shows it, and the discussion's followers get its bubble.
 */
export async function addComment(ctx: Ctx, scope: Scope, moduleId: number, postId: number, input: Input): Promise<Comment> {
  const mod = await contentModule(ctx, scope, moduleId);
  const post = await findPost(ctx.db, scope.tenant.id, mod.id, postId);
  if (!post) throw notFound();
  const parentId = input.parent_id ?? null;
  const id = await ctx.db.transaction(async (tx) => {
    // Counting it first takes the post's row lock (as lockPost): a deletion of the post or thread waits, or we do.
    const counted = await tx
      .update(contentPosts)
      .set({ commentsCount: sql`${contentPosts.commentsCount} + 1`, lastReplyAt: new Date() })
      .where(eq(contentPosts.id, postId))
      .returning({ id: contentPosts.id });
    if (counted.length === 0) throw notFound();
    let parent: { path: string; depth: number } | undefined;
    if (parentId !== null) {
      [parent] = await tx
        .select({ path: contentComments.path, depth: contentComments.depth })
        .from(contentComments)
        .where(and(eq(contentComments.appId, scope.tenant.id), eq(contentComments.postId, postId), eq(contentComments.id, parentId)));
      if (!parent) throw fieldError('parent_id', 'content.errors.replyGone');
    }
    // The path ends in the comment's own id, known once it is inserted.
    const [added] = await tx
      .insert(contentComments)
      .values({
        appId: scope.tenant.id,
        postId,
        parentId,
        depth: parent ? parent.depth + 1 : 0,
        path: '',
        userId: scope.user.id,
        body: input.text,
      })
      .returning({ id: contentComments.id });
    if (!added) throw new Error('insert content_comments returned nothing');
    const newId = added.id;
    await tx
      .update(contentComments)
      .set({ path: parent ? `${parent.path}.${pad(newId)}` : pad(newId) })
      .where(eq(contentComments.id, newId));
    return newId;
  });
  const base = postPath(mod, postId, post.title);
  await recordActivity(ctx, {
    appId: scope.tenant.id,
    userId: scope.user.id,
    appModuleId: mod.id,
    action: 'activity.commented',
    entityId: postId,
    isComment: true,
    isReply: parentId !== null,
    ...(mod.type === 'forums' ? { forumId: postId, forumTitle: post.title } : {}),
    clickUrl: mod.type === 'forums' ? `${base}/item/${id}` : `${base}?goTo=comments`,
  });
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
  }
  announce(ctx, scope.tenant.id, mod.id, postId, 'comment');
  // A new comment: nobody liked or reported it yet, and its author may edit and delete it.
  const row = await findComment(ctx.db, scope.tenant.id, postId, id);
  if (!row) throw notFound();
  const [created] = await toComments(ctx, scope.user.id, [row], undefined, NO_MARKS);
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
  await ctx.db.transaction(async (tx) => {
    // Adding and deleting comments of one post take turns: a reply racing the deletion of its
    // thread is either deleted with it (the delete sees it committed) or finds its parent gone (422).
    await lockPost(tx, postId);
    const thread = and(
      eq(contentComments.postId, postId),
      or(eq(contentComments.id, commentId), like(contentComments.path, `${comment.path}.%`)),
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
  announce(ctx, scope.tenant.id, mod.id, postId, 'comment');
  return { success: true as const };
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
  return { success: true as const };
}
