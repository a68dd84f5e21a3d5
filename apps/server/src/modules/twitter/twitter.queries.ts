import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appModules } from '../apps/apps.table.ts';
import { type CachedPost, socialFeeds } from './twitter.table.ts';

export type FeedRow = typeof socialFeeds.$inferSelect;

/** The feed of a module of this app, by primary key. */
export async function findFeed(db: Db, appId: number, moduleId: number): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(socialFeeds)
    .where(and(eq(socialFeeds.appModuleId, moduleId), eq(socialFeeds.appId, appId)));
  return row;
}

/**
 * The feed row for this source: made on the first read, and when the address changes its posts,
 * validators and last results start over (they were another source's). Answers the row.
 */
export async function ensureFeed(db: Db, appId: number, moduleId: number, url: string): Promise<FeedRow> {
  const [row] = await db
    .insert(socialFeeds)
    .values({ appModuleId: moduleId, appId, url })
    .onConflictDoUpdate({
      target: socialFeeds.appModuleId,
      set: {
        url,
        title: null,
        etag: null,
        lastModified: null,
        posts: [],
        okAt: null,
        errorAt: null,
        error: null,
        nextFetchAt: sql`now()`,
        readAt: sql`now()`,
      },
      setWhere: sql`${socialFeeds.url} <> ${url}`,
    })
    .returning();
  return row ?? ((await findFeed(db, appId, moduleId)) as FeedRow);
}

/** A read: the schedule keeps fetching feeds read within the hour (one write a minute at most). */
export async function touchRead(db: Db, moduleId: number): Promise<void> {
  await db
    .update(socialFeeds)
    .set({ readAt: sql`now()` })
    .where(and(eq(socialFeeds.appModuleId, moduleId), lt(socialFeeds.readAt, sql`now() - interval '1 minute'`)));
}

/**
 * Takes the feed's fetch lease for `seconds` when nobody holds it: one conditional update, so of
 * several nodes (or timers) exactly one gets the row. Answers the row, or undefined when taken.
 */
export async function claimFetch(db: Db, moduleId: number, seconds: number): Promise<FeedRow | undefined> {
  const [row] = await db
    .update(socialFeeds)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(socialFeeds.appModuleId, moduleId), or(isNull(socialFeeds.leaseUntil), lt(socialFeeds.leaseUntil, sql`now()`))))
    .returning();
  return row;
}

/** The module's settings' address (params.url) as stored. */
export async function moduleUrl(db: Db, moduleId: number): Promise<unknown> {
  const [row] = await db.select({ params: appModules.params }).from(appModules).where(eq(appModules.id, moduleId));
  return row?.params.url;
}

export interface FetchOutcome {
  /** The source fetched: results of an address changed meanwhile are dropped. */
  url: string;
  ok?: { posts: CachedPost[] | null; title: string | null; etag: string | null; lastModified: string | null };
  error?: string;
  nextInSeconds: number;
}

/** Stores a fetch's result and gives the lease back (only when the source is still this one). */
export async function storeOutcome(db: Db, moduleId: number, o: FetchOutcome): Promise<FeedRow | undefined> {
  const base = { leaseUntil: null, nextFetchAt: sql`now() + make_interval(secs => ${o.nextInSeconds})` };
  const values = o.ok
    ? {
        ...base,
        okAt: sql`now()`,
        error: null,
        errorAt: null,
        etag: o.ok.etag,
        lastModified: o.ok.lastModified,
        ...(o.ok.posts ? { posts: o.ok.posts, title: o.ok.title } : {}),
      }
    : { ...base, error: o.error ?? 'unreachable', errorAt: sql`now()` };
  const [row] = await db
    .update(socialFeeds)
    .set(values)
    .where(and(eq(socialFeeds.appModuleId, moduleId), eq(socialFeeds.url, o.url)))
    .returning();
  return row;
}

/** Gives the lease back without a result (the address changed, or the fetch threw). */
export async function releaseFetch(db: Db, moduleId: number): Promise<void> {
  await db.update(socialFeeds).set({ leaseUntil: null }).where(eq(socialFeeds.appModuleId, moduleId));
}

/**
 * Feeds due for a fetch and read within the hour, not leased: an index range of
 * social_feeds_due_idx (next_fetch_at) with a limit.
 */
export async function dueFeeds(db: Db, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: socialFeeds.appModuleId })
    .from(socialFeeds)
    .where(
      and(
        lt(socialFeeds.nextFetchAt, sql`now()`),
        sql`${socialFeeds.readAt} > now() - interval '1 hour'`,
        or(isNull(socialFeeds.leaseUntil), lt(socialFeeds.leaseUntil, sql`now()`)),
      ),
    )
    .orderBy(socialFeeds.nextFetchAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Sets `url` in the module's settings, keeping its other settings: whether a twitter module of this app was changed. */
export async function saveFeedUrl(db: Db, appId: number, moduleId: number, url: string): Promise<boolean> {
  const rows = await db
    .update(appModules)
    .set({ params: sql`${appModules.params} || jsonb_build_object('url', ${url}::text)` })
    .where(and(eq(appModules.id, moduleId), eq(appModules.appId, appId), eq(appModules.type, 'twitter')))
    .returning({ id: appModules.id });
  return rows.length > 0;
}
