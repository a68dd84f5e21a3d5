import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
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

export type PostRow = typeof contentPosts.$inferSelect;
export type NewPost = typeof contentPosts.$inferInsert;

const author = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  isVerified: users.isVerified,
  deletedAt: users.deletedAt,
};

const postRow = {
  id: contentPosts.id,
  appModuleId: contentPosts.appModuleId,
  userId: contentPosts.userId,
  title: contentPosts.title,
  bodyHtml: contentPosts.bodyHtml,
  bodyText: contentPosts.bodyText,
  location: contentPosts.location,
  coverUploadId: contentPosts.coverUploadId,
  pinned: contentPosts.pinned,
  likesCount: contentPosts.likesCount,
  commentsCount: contentPosts.commentsCount,
  lastReplyAt: contentPosts.lastReplyAt,
  createdAt: contentPosts.createdAt,
  editedAt: contentPosts.editedAt,
  hiddenAt: contentPosts.hiddenAt,
  author,
};
export type PostWithAuthor = { [K in keyof typeof postRow]: K extends 'author' ? Author : PostRow[K & keyof PostRow] };
export interface Author {
  id: number;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isVerified: boolean;
}

/**
 * A search string as a tsquery of its words, each a prefix (`conf` finds "conference"), all required.
 * Used by every `simple`-configuration search (content, agenda, catalog). Words are the letters,
 * combining marks and digits of any script (a mark belongs to its word: "हिन्दी", "Tiếng" typed
 * decomposed); everything else separates them, so no input can be tsquery syntax. NFC, as stored
 * text is; not lowercased here: PostgreSQL's `simple` configuration lowercases query and document
 * alike (JavaScript's "İ" would become "i" + a combining dot, a word the document never has).
 * At most 8 words.
 */
export function searchQuery(search: string): string | null {
  const words = search
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function feedWhere(appId: number, moduleId: number, search: string | null): SQL | undefined {
  const q = search ? searchQuery(search) : null;
  return and(
    eq(contentPosts.appId, appId),
    eq(contentPosts.appModuleId, moduleId),
    q ? sql`${contentPosts.search} @@ to_tsquery('simple', ${q})` : undefined,
  );
}

/**
 * The feed's order, pinned first, then newest. `nulls last` as in content_posts_feed_idx
 * (app_module_id, pinned desc, created_at desc, id desc; the columns are never null): `desc` alone
 * means nulls first, and the planner would then sort the whole module instead of reading the index.
 */
const feedOrder = () => [
  sql`${contentPosts.pinned} desc nulls last`,
  sql`${contentPosts.createdAt} desc nulls last`,
  sql`${contentPosts.id} desc nulls last`,
];

/**
 * One page of a module's feed: an index range of content_posts_feed_idx with a limit (a search
 * filters it, or goes through the GIN index on `search` when the planner finds that cheaper). The
 * page's ids are found first and only those 20 rows are read whole and joined to their authors:
 * a deep page skips its offset's rows in the index alone (page 200 of 10,000 posts: 4,000 rows
 * skipped, not 4,000 rows joined to users; issue 8's bench).
 */
export function pagePosts(db: Db, appId: number, moduleId: number, search: string | null, limit: number, offset: number) {
  const ids = db
    .select({ id: contentPosts.id })
    .from(contentPosts)
    .where(feedWhere(appId, moduleId, search))
    .orderBy(...feedOrder())
    .limit(limit)
    .offset(offset);
  return db
    .select(postRow)
    .from(contentPosts)
    .innerJoin(users, eq(users.id, contentPosts.userId))
    .where(and(eq(contentPosts.appId, appId), inArray(contentPosts.id, ids)))
    .orderBy(...feedOrder()) as Promise<PostWithAuthor[]>;
}

export async function countPosts(db: Db, appId: number, moduleId: number, search: string | null): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(contentPosts)
    .where(feedWhere(appId, moduleId, search));
  return r?.n ?? 0;
}

/** A post of the app's module by id, or undefined (another app's or module's id is not found). */
export async function findPost(db: Db, appId: number, moduleId: number, id: number): Promise<PostWithAuthor | undefined> {
  const [r] = await db
    .select(postRow)
    .from(contentPosts)
    .innerJoin(users, eq(users.id, contentPosts.userId))
    .where(and(eq(contentPosts.appId, appId), eq(contentPosts.appModuleId, moduleId), eq(contentPosts.id, id)));
  return r as PostWithAuthor | undefined;
}

/** What one reader did to these posts or comments: liked, followed, reported, and the poll options voted for. */
/** A row hidden by a moderator is seen by its author and the app's owners only. */
export const seesHidden = (row: { hiddenAt: Date | null; userId: number }, reader: { id: number; isAdmin: boolean }) =>
  !row.hiddenAt || row.userId === reader.id || reader.isAdmin;

export interface Marks {
  liked: Set<number>;
  followed: Set<number>;
  reported: Set<number>;
  /** Option ids the reader voted for (posts only). */
  voted: Set<number>;
  /** The reader is the app's owner (admin). */
  isAdmin: boolean;
}

/**
 * Everything reader-specific about a page of posts or comments in one statement (a union): likes,
 * follows, flags, votes in these polls and the admin flag. The rest of a page is the same for every
 * reader and comes from the page cache, so a feed request costs this one query.
 */
export async function readerMarks(db: Db, userId: number, type: 'post' | 'comment', ids: number[], pollIds: number[] = []): Promise<Marks> {
  const marks: Marks = { liked: new Set(), followed: new Set(), reported: new Set(), voted: new Set(), isAdmin: false };
  type Kind = 'liked' | 'followed' | 'reported' | 'voted' | 'admin';
  const kind = (k: Kind) => sql<Kind>`${k}::text`.as('kind');
  const of = (table: typeof contentLikes, k: Kind) =>
    db
      .select({ kind: kind(k), id: table.targetId })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.targetType, type), ids.length ? inArray(table.targetId, ids) : sql`false`));
  const admin = db
    .select({ kind: kind('admin'), id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isAdmin, true)));
  const votes = db
    .select({ kind: kind('voted'), id: pollVotes.optionId })
    .from(pollVotes)
    .where(and(eq(pollVotes.userId, userId), pollIds.length ? inArray(pollVotes.pollId, pollIds) : sql`false`));
  const parts = type === 'post' ? [of(contentFollows, 'followed'), of(contentFlags, 'reported'), votes] : [of(contentFlags, 'reported')];
  const rows = await unionAll(admin, of(contentLikes, 'liked'), ...parts);
  for (const r of rows) {
    if (r.kind === 'admin') marks.isAdmin = true;
    else marks[r.kind].add(r.id);
  }
  return marks;
}

/** The polls of these posts with their options (the same for every reader; the reader's votes come with `readerMarks`). */
export async function pollsOf(db: Db, postIds: number[]) {
  if (postIds.length === 0) return [];
  const rows = await db.select().from(polls).where(inArray(polls.postId, postIds));
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(pollOptions)
    .where(
      inArray(
        pollOptions.pollId,
        rows.map((p) => p.id),
      ),
    )
    .orderBy(pollOptions.pollId, pollOptions.position);
  return rows.map((p) => ({ ...p, options: options.filter((o) => o.pollId === p.id) }));
}
export type PollRow = Awaited<ReturnType<typeof pollsOf>>[number];

const parent = alias(contentComments, 'parent');
const parentAuthor = alias(users, 'parent_author');

const commentRow = {
  id: contentComments.id,
  postId: contentComments.postId,
  parentId: contentComments.parentId,
  depth: contentComments.depth,
  path: contentComments.path,
  userId: contentComments.userId,
  body: contentComments.body,
  likesCount: contentComments.likesCount,
  createdAt: contentComments.createdAt,
  editedAt: contentComments.editedAt,
  hiddenAt: contentComments.hiddenAt,
  author,
  replyTo: {
    id: parentAuthor.id,
    firstName: parentAuthor.firstName,
    lastName: parentAuthor.lastName,
    avatarUrl: parentAuthor.avatarUrl,
    isVerified: parentAuthor.isVerified,
    deletedAt: parentAuthor.deletedAt,
  },
};

function selectComments(db: Db) {
  return db
    .select(commentRow)
    .from(contentComments)
    .innerJoin(users, eq(users.id, contentComments.userId))
    .leftJoin(parent, eq(parent.id, contentComments.parentId))
    .leftJoin(parentAuthor, eq(parentAuthor.id, parent.userId));
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['where']>>[number];

/** One page of a post's comments in thread order (each reply right after its parent's subtree start). */
export function pageComments(db: Db, appId: number, postId: number, limit: number, offset: number) {
  return selectComments(db)
    .where(and(eq(contentComments.appId, appId), eq(contentComments.postId, postId)))
    .orderBy(contentComments.path)
    .limit(limit)
    .offset(offset);
}

/** A comment of this post of the app, or undefined. */
export async function findComment(db: Db, appId: number, postId: number, id: number): Promise<CommentRow | undefined> {
  const [r] = await selectComments(db).where(
    and(eq(contentComments.appId, appId), eq(contentComments.postId, postId), eq(contentComments.id, id)),
  );
  return r;
}

/** One page of the members who liked a post, newest like first. */
export function pageLikers(db: Db, appId: number, postId: number, limit: number, offset: number): Promise<Author[]> {
  return db
    .select(author)
    .from(contentLikes)
    .innerJoin(users, and(eq(users.id, contentLikes.userId), eq(users.appId, appId)))
    .where(and(eq(contentLikes.appId, appId), eq(contentLikes.targetType, 'post'), eq(contentLikes.targetId, postId)))
    .orderBy(sql`${contentLikes.createdAt} desc`, sql`${users.id} desc`)
    .limit(limit)
    .offset(offset);
}

/** Who voted for each option of a post's poll, newest first, at most `perOption` each (window function, one query). */
export async function pollVoters(db: Db, appId: number, postId: number, perOption: number) {
  const ranked = db
    .select({
      optionId: pollVotes.optionId,
      userId: pollVotes.userId,
      n: sql<number>`row_number() over (partition by ${pollVotes.optionId} order by ${pollVotes.createdAt} desc, ${pollVotes.userId} desc)`.as(
        'n',
      ),
    })
    .from(pollVotes)
    .innerJoin(polls, and(eq(polls.id, pollVotes.pollId), eq(polls.appId, appId), eq(polls.postId, postId)))
    .as('ranked');
  return db
    .select({ optionId: ranked.optionId, ...author })
    .from(ranked)
    .innerJoin(users, eq(users.id, ranked.userId))
    .where(sql`${ranked.n} <= ${perOption}`)
    .orderBy(ranked.optionId, ranked.n);
}

export async function countLikers(db: Db, appId: number, postId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(contentLikes)
    .where(and(eq(contentLikes.appId, appId), eq(contentLikes.targetType, 'post'), eq(contentLikes.targetId, postId)));
  return r?.n ?? 0;
}
