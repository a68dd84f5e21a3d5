import type { TopicSort } from '@app/contract/schemas/networking-topics';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { listedMember } from '../../users/profiles.queries.ts';
import { users } from '../../users/users.table.ts';
import {
  networkingTopicCommentFlags,
  networkingTopicComments,
  networkingTopicFlags,
  networkingTopicLikes,
  networkingTopicMembers,
  networkingTopics,
} from './topics.table.ts';

const T = networkingTopics;

const authorCols = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  deletedAt: users.deletedAt,
};

/** The counts of a topic, counted from their tables (primary-key ranges). */
const likes = sql<number>`(select count(*)::int from ${networkingTopicLikes} where ${networkingTopicLikes.topicId} = ${T.id})`;
const comments = sql<number>`(select count(*)::int from ${networkingTopicComments} where ${networkingTopicComments.topicId} = ${T.id})`;
const members = sql<number>`(select count(*)::int from ${networkingTopicMembers} where ${networkingTopicMembers.topicId} = ${T.id})`;

/** A topic's columns with its counts and the reader's marks. */
const topicCols = (readerId: number) => ({
  topic: T,
  author: authorCols,
  likes,
  comments,
  members,
  liked: sql<boolean>`exists (select 1 from ${networkingTopicLikes} where ${networkingTopicLikes.topicId} = ${T.id} and ${networkingTopicLikes.userId} = ${readerId})`,
  joined: sql<boolean>`exists (select 1 from ${networkingTopicMembers} where ${networkingTopicMembers.topicId} = ${T.id} and ${networkingTopicMembers.userId} = ${readerId})`,
  reported: sql<boolean>`exists (select 1 from ${networkingTopicFlags} where ${networkingTopicFlags.topicId} = ${T.id} and ${networkingTopicFlags.userId} = ${readerId})`,
});
export type TopicRow = {
  topic: typeof T.$inferSelect;
  author: { id: number; firstName: string; lastName: string; avatarUrl: string | null; deletedAt: Date | null };
  likes: number;
  comments: number;
  members: number;
  liked: boolean;
  joined: boolean;
  reported: boolean;
};

/** `%…%` of a search, its wildcards taken literally. */
const contains = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TopicFilter {
  search: string | null;
  joined: boolean;
  sort: TopicSort;
}

function listWhere(appId: number, moduleId: number, readerId: number, f: TopicFilter): SQL | undefined {
  return and(
    eq(T.appId, appId),
    eq(T.appModuleId, moduleId),
    f.search ? sql`${T.title} ilike ${contains(f.search)}` : undefined,
    f.joined
      ? sql`exists (select 1 from ${networkingTopicMembers} where ${networkingTopicMembers.topicId} = ${T.id} and ${networkingTopicMembers.userId} = ${readerId})`
      : undefined,
  );
}

/**
 * One page of a module's topics: newest first, or most active first (likes + comments + members,
 * then the latest activity).
 */
export function pageTopics(db: Db, appId: number, moduleId: number, readerId: number, f: TopicFilter, limit: number, offset: number) {
  const order =
    f.sort === 'active' ? [sql`${likes} + ${comments} + ${members} desc`, desc(T.activeAt), desc(T.id)] : [desc(T.createdAt), desc(T.id)];
  return db
    .select(topicCols(readerId))
    .from(T)
    .innerJoin(users, eq(users.id, T.userId))
    .where(listWhere(appId, moduleId, readerId, f))
    .orderBy(...order)
    .limit(limit)
    .offset(offset) as Promise<TopicRow[]>;
}

export async function countTopics(db: Db, appId: number, moduleId: number, readerId: number, f: TopicFilter): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(T)
    .where(listWhere(appId, moduleId, readerId, f));
  return r?.n ?? 0;
}

/** One topic of the module with its counts and the reader's marks. */
export async function findTopic(db: Db, appId: number, moduleId: number, id: number, readerId: number): Promise<TopicRow | undefined> {
  const [r] = await db
    .select(topicCols(readerId))
    .from(T)
    .innerJoin(users, eq(users.id, T.userId))
    .where(and(eq(T.appId, appId), eq(T.appModuleId, moduleId), eq(T.id, id)));
  return r as TopicRow | undefined;
}

/**
 * Inside a write: the topic's row, if it is of this app and module, locked for the transaction: every write about a topic (a like, a join, a comment,
 * which also touch the row's activity time) waits for the one before, so racing requests neither
 * deadlock (two share locks both upgrading) nor count twice.
 */
export async function lockTopic(tx: Db, appId: number, moduleId: number, id: number) {
  const [row] = await tx
    .select()
    .from(T)
    .where(and(eq(T.appId, appId), eq(T.appModuleId, moduleId), eq(T.id, id)))
    .for('update');
  return row;
}

export async function insertTopic(tx: Db, values: typeof T.$inferInsert): Promise<number> {
  const [row] = await tx.insert(T).values(values).returning({ id: T.id });
  if (!row) throw new Error('topic not inserted');
  await tx.insert(networkingTopicMembers).values({ appId: values.appId, topicId: row.id, userId: values.userId });
  return row.id;
}

export const updateTopicRow = (tx: Db, id: number, values: { title: string; description: string }) =>
  tx
    .update(T)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(T.id, id));

export const deleteTopicRow = (tx: Db, id: number) => tx.delete(T).where(eq(T.id, id));

export const touchTopic = (tx: Db, id: number) => tx.update(T).set({ activeAt: sql`now()` }).where(eq(T.id, id));

/** Answers whether the like was new. */
export async function insertLike(tx: Db, appId: number, topicId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(networkingTopicLikes)
    .values({ appId, topicId, userId })
    .onConflictDoNothing()
    .returning({ u: networkingTopicLikes.userId });
  return rows.length > 0;
}

export async function deleteLike(tx: Db, topicId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(networkingTopicLikes)
    .where(and(eq(networkingTopicLikes.topicId, topicId), eq(networkingTopicLikes.userId, userId)))
    .returning({ u: networkingTopicLikes.userId });
  return rows.length > 0;
}

export async function insertMember(tx: Db, appId: number, topicId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(networkingTopicMembers)
    .values({ appId, topicId, userId })
    .onConflictDoNothing()
    .returning({ u: networkingTopicMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(tx: Db, topicId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(networkingTopicMembers)
    .where(and(eq(networkingTopicMembers.topicId, topicId), eq(networkingTopicMembers.userId, userId)))
    .returning({ u: networkingTopicMembers.userId });
  return rows.length > 0;
}

/**
 * A page of the ids of a topic's members, earliest first, as lists of people show them: listed
 * members (not opted out of the directory, not deleted, confirmed) and not blocked; the reader sees
 * themself whatever their choice.
 */
export async function pageMemberIds(db: Db, topicId: number, readerId: number, limit: number, offset: number) {
  const where = and(eq(networkingTopicMembers.topicId, topicId), listedMember(users, eq(users.id, readerId)), isNull(users.blockedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: users.id })
      .from(networkingTopicMembers)
      .innerJoin(users, eq(users.id, networkingTopicMembers.userId))
      .where(where)
      .orderBy(asc(networkingTopicMembers.createdAt), asc(networkingTopicMembers.userId))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(networkingTopicMembers)
      .innerJoin(users, eq(users.id, networkingTopicMembers.userId))
      .where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
}

const commentCols = (readerId: number) => ({
  comment: networkingTopicComments,
  author: authorCols,
  reported: sql<boolean>`exists (select 1 from ${networkingTopicCommentFlags} where ${networkingTopicCommentFlags.commentId} = ${networkingTopicComments.id} and ${networkingTopicCommentFlags.userId} = ${readerId})`,
});
export type CommentRow = {
  comment: typeof networkingTopicComments.$inferSelect;
  author: TopicRow['author'];
  reported: boolean;
};

/** A page of a topic's comments, oldest first. */
export function pageComments(db: Db, topicId: number, readerId: number, limit: number, offset: number) {
  return db
    .select(commentCols(readerId))
    .from(networkingTopicComments)
    .innerJoin(users, eq(users.id, networkingTopicComments.userId))
    .where(eq(networkingTopicComments.topicId, topicId))
    .orderBy(asc(networkingTopicComments.id))
    .limit(limit)
    .offset(offset) as Promise<CommentRow[]>;
}

export async function findComment(db: Db, topicId: number, commentId: number, readerId: number): Promise<CommentRow | undefined> {
  const [r] = await db
    .select(commentCols(readerId))
    .from(networkingTopicComments)
    .innerJoin(users, eq(users.id, networkingTopicComments.userId))
    .where(and(eq(networkingTopicComments.topicId, topicId), eq(networkingTopicComments.id, commentId)));
  return r as CommentRow | undefined;
}

export async function insertComment(tx: Db, values: typeof networkingTopicComments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(networkingTopicComments).values(values).returning({ id: networkingTopicComments.id });
  if (!row) throw new Error('comment not inserted');
  return row.id;
}

export const deleteCommentRow = (tx: Db, id: number) => tx.delete(networkingTopicComments).where(eq(networkingTopicComments.id, id));

export const insertTopicFlag = (db: Db, appId: number, topicId: number, userId: number) =>
  db.insert(networkingTopicFlags).values({ appId, topicId, userId }).onConflictDoNothing();

export const insertCommentFlag = (db: Db, appId: number, commentId: number, userId: number) =>
  db.insert(networkingTopicCommentFlags).values({ appId, commentId, userId }).onConflictDoNothing();
