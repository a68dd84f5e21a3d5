import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appModules, apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';

/** The app-wide activity feed. */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appModuleId: integer('app_module_id').references(() => appModules.id, { onDelete: 'set null' }),
    /** An i18n key of the `activity` namespace, or free text from a module. */
    action: text('action').notNull(),
    entityId: integer('entity_id'),
    forumId: integer('forum_id'),
    forumTitle: text('forum_title'),
    isReply: boolean('is_reply').notNull().default(false),
    isComment: boolean('is_comment').notNull().default(false),
    isLike: boolean('is_like').notNull().default(false),
    clickUrl: text('click_url'),
    /** The title of the post a line is about (comments), kept when the post is renamed. */
    entityTitle: text('entity_title'),
    /**
     * Lines folded into one (the comments on a post in a day): what they share, unique per app, so
     * concurrent comments upsert the same row. Null for a line of its own.
     */
    groupKey: text('group_key'),
    /** The distinct members of a folded line, the latest last (`user_id` is the latest). */
    actorIds: integer('actor_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_app_idx').on(t.appId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('activities_group_idx').on(t.appId, t.groupKey),
  ],
);
