import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn } from '../../platform/columns.ts';
import { appModules } from '../apps/apps.table.ts';

/** A post of the feed as stored: every field already checked and sanitised (twitter.parse.ts). */
export interface CachedPost {
  /** The feed's guid or id (or link), cut to 300 characters. */
  id: string;
  /** http(s) only. */
  url: string | null;
  author: { name: string; avatar: string | null };
  /** ISO 8601, or null when the feed gives no readable date. */
  published_at: string | null;
  title: string | null;
  /** Sanitised HTML (lib/rich-text.ts), or escaped text when the sanitiser refused it. */
  html: string;
  /** https images only. */
  media: Array<{ url: string; alt: string }>;
}

/**
 * The social feed of a `twitter` module (docs/decisions.md "Social feed"): its source, the last good
 * posts, what the last fetch said, and the lease that lets one node at a time fetch it.
 */
export const socialFeeds = pgTable(
  'social_feeds',
  {
    appModuleId: integer('app_module_id')
      .primaryKey()
      .references(() => appModules.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    /** The source the posts came from (params.url of the module when fetched): a new URL drops them. */
    url: text('url').notNull(),
    /** The feed's own title and picture (channel title, Atom author). */
    title: text('title'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    posts: jsonb('posts').$type<CachedPost[]>().notNull().default([]),
    /** Last fetch that answered 200 or 304. */
    okAt: timestamp('ok_at', { withTimezone: true }),
    /** Last failed fetch and its reason (a key of twitter.errors.*); cleared by a good one. */
    errorAt: timestamp('error_at', { withTimezone: true }),
    error: text('error'),
    /** Last time a member read the module: the schedule fetches only feeds read recently. */
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
    /** A node fetching holds this until it stores the result (or the lease runs out). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [index('social_feeds_due_idx').on(t.nextFetchAt)],
);
