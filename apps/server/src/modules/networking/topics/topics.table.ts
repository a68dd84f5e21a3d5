import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, userIdColumn } from '../../../platform/columns.ts';

/**
 * A topic to discuss of a networking module (spec 3 §2). Its counts are counted from the likes,
 * members and comments tables when read (a deleted member's like or membership goes with them, and
 * the count follows without bookkeeping); `active_at` is the latest like, join or comment.
 */
export const networkingTopics = pgTable(
  'networking_topics',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    /** The author: the topic stays when they delete their account, under "Deleted user". */
    userId: userIdColumn(),
    title: text('title').notNull(),
    /** Plain text as written. */
    description: text('description').notNull().default(''),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('networking_topics_list_idx').on(t.appModuleId, t.createdAt.desc(), t.id.desc()),
    index('networking_topics_user_idx').on(t.userId),
  ],
);

const topicIdColumn = () =>
  integer('topic_id')
    .notNull()
    .references(() => networkingTopics.id, { onDelete: 'cascade' });

/** A member's like of a topic: once per member (the primary key). */
export const networkingTopicLikes = pgTable(
  'networking_topic_likes',
  { appId: appIdColumn(), topicId: topicIdColumn(), userId: userIdColumn(), createdAt: createdAtColumn() },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('networking_topic_likes_user_idx').on(t.userId)],
);

/** A member who joined a topic (its author from the start). */
export const networkingTopicMembers = pgTable(
  'networking_topic_members',
  { appId: appIdColumn(), topicId: topicIdColumn(), userId: userIdColumn(), createdAt: createdAtColumn() },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('networking_topic_members_user_idx').on(t.userId)],
);

/** A comment on a topic: plain text. */
export const networkingTopicComments = pgTable(
  'networking_topic_comments',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    topicId: topicIdColumn(),
    /** The author: the comment stays in the thread when they delete their account, under "Deleted user". */
    userId: userIdColumn(),
    body: text('body').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('networking_topic_comments_topic_idx').on(t.topicId, t.id), index('networking_topic_comments_user_idx').on(t.userId)],
);

/** A member's report of a topic: once per member and topic. */
export const networkingTopicFlags = pgTable(
  'networking_topic_flags',
  { appId: appIdColumn(), topicId: topicIdColumn(), userId: userIdColumn(), createdAt: createdAtColumn() },
  (t) => [primaryKey({ columns: [t.topicId, t.userId] }), index('networking_topic_flags_user_idx').on(t.userId)],
);

/** A member's report of a topic's comment: once per member and comment. */
export const networkingTopicCommentFlags = pgTable(
  'networking_topic_comment_flags',
  {
    appId: appIdColumn(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => networkingTopicComments.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('networking_topic_comment_flags_user_idx').on(t.userId)],
);
