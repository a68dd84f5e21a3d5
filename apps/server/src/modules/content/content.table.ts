import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, tsvector, userIdColumn } from '../../platform/columns.ts';

/** A blog or news post, or a forum discussion (docs/decisions.md "Content kit"). */
export const contentPosts = pgTable(
  'content_posts',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    userId: userIdColumn(),
    title: text('title'),
    /** Sanitised HTML of the fixed vocabulary (lib/rich-text.ts). */
    bodyHtml: text('body_html').notNull(),
    /** Its plain text: search, excerpts, activity texts. */
    bodyText: text('body_text').notNull(),
    location: text('location'),
    coverUploadId: integer('cover_upload_id'),
    pinned: boolean('pinned').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by a moderator (console moderation queue): only its author and the app's owners see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Words of title and body in the `simple` configuration: no stemming, so every language is found. */
    search: tsvector('search').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(${contentPosts.title}, '') || ' ' || ${contentPosts.bodyText})`,
    ),
  },
  (t) => [
    // The feed: pinned first, then newest, one index range per page.
    index('content_posts_feed_idx').on(t.appModuleId, t.pinned.desc(), t.createdAt.desc(), t.id.desc()),
    index('content_posts_search_idx').using('gin', t.search),
  ],
);

/** A comment on a post, or a reply to a comment, at any depth. */
export const contentComments = pgTable(
  'content_comments',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    postId: integer('post_id')
      .notNull()
      .references(() => contentPosts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    depth: integer('depth').notNull().default(0),
    /** Zero-padded ids from the top comment down: sorting by it gives thread order. */
    path: text('path').notNull(),
    userId: userIdColumn(),
    body: text('body').notNull(),
    likesCount: integer('likes_count').notNull().default(0),
    createdAt: createdAtColumn(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Hidden by a moderator: only its author and the app's owners see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [index('content_comments_thread_idx').on(t.postId, t.path)],
);

/** Likes, follows and flags: one row per user and target, so doing it twice counts once. */
const reaction = (name: string) =>
  pgTable(
    name,
    {
      appId: appIdColumn(),
      targetType: text('target_type', { enum: ['post', 'comment'] }).notNull(),
      targetId: integer('target_id').notNull(),
      userId: userIdColumn(),
      createdAt: createdAtColumn(),
    },
    (t) => [primaryKey({ columns: [t.targetType, t.targetId, t.userId] }), index(`${name}_user_idx`).on(t.userId)],
  );

export const contentLikes = reaction('content_likes');
export const contentFollows = reaction('content_follows');
export const contentFlags = reaction('content_flags');

export const polls = pgTable('polls', {
  id: serial('id').primaryKey(),
  appId: appIdColumn(),
  postId: integer('post_id')
    .notNull()
    .unique()
    .references(() => contentPosts.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    votesCount: integer('votes_count').notNull().default(0),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

/** One vote per poll and user; changing it replaces the row. */
export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    optionId: integer('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('poll_votes_option_idx').on(t.optionId)],
);

/**
 * An uploaded file; attached to a post (cover or attachment), held by another module (a chat
 * message: `held`), or waiting to be (swept after `UPLOAD_UNATTACHED_HOURS`, 2 h).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: userIdColumn(),
    postId: integer('post_id').references(() => contentPosts.id, { onDelete: 'cascade' }),
    /** Attached to something outside the posts (a chat message names it); its holder deletes it. */
    held: boolean('held').notNull().default(false),
    /** Path under the data folder's `files/` (not the public `uploads/`): `content/<uuid>.<ext>`. */
    path: text('path').notNull(),
    name: text('name').notNull(),
    /** Sniffed from the bytes, not taken from the name or the request. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('uploads_post_idx').on(t.postId), uniqueIndex('uploads_path_idx').on(t.path), index('uploads_orphan_idx').on(t.createdAt)],
);
