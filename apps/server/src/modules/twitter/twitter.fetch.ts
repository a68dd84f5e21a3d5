import type { FeedErrorCode } from '@app/contract/schemas/twitter';
import type { Ctx } from '../../context.ts';
import { FetchRefused, safeFetch } from '../../lib/safe-fetch.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { ownCopies } from '../../platform/outside-images.ts';
import { webUrl } from '../webview/webview.service.ts';
import { type ParsedFeed, parseFeed } from './twitter.parse.ts';
import { claimFetch, dueFeeds, type FeedRow, type FetchOutcome, moduleUrl, releaseFetch, storeOutcome } from './twitter.queries.ts';

/** Feed rows as read (every member's answer is cut from it), per module; dropped on every node when a fetch stores a result or the address changes. */
export const feedRows = defineCache('twitter-feeds', () => new TtlCache<FeedRow | null>(30_000, 1_000));

export function dropFeed(ctx: Ctx, moduleId: number): void {
  ctx.bus.publish({ t: 'cache', name: feedRows.name, prefix: `${moduleId}:` });
}

/** What one fetch may take: the body is cut at 2 MB (then refused), the whole at 10 s, three redirects. */
export const FEED_FETCH = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 } as const;
/** A feed is fetched every 10 minutes plus up to 2 minutes of jitter, while someone read it within the hour. */
export const REFRESH_S = 600;
const JITTER_S = 120;
/** A lease outlives the fetch's timeout: a node that died mid-fetch frees the feed after it. */
const LEASE_S = 60;
const TICK_MS = 60_000;

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1';

/** A fetch failure as the app owner is told it; never the address or the message (they may hold secrets). */
export function errorCode(err: unknown): FeedErrorCode {
  if (err instanceof FetchRefused) {
    if (err.message === 'timeout') return 'timeout';
    if (err.message.startsWith('status') || err.message === 'too many redirects') return 'status';
    if (err.message === 'blocked address' || err.message === 'protocol' || err.message === 'credentials') return 'blocked';
  }
  return 'unreachable';
}

export type RefreshResult = 'updated' | 'unchanged' | 'failed' | 'busy' | 'none';

/**
 * The feed with our copies of its photos and avatars (a reader's browser asks no other site: the
 * page's CSP allows our pictures only); a picture not copied (yet) is left out this time.
 */
async function withOwnPictures(ctx: Ctx, feed: ParsedFeed | null): Promise<ParsedFeed | null> {
  if (!feed) return feed;
  const urls = [feed.avatar, ...feed.posts.flatMap((p) => [p.author.avatar, ...p.media.map((m) => m.url)])].filter((u): u is string =>
    Boolean(u),
  );
  const copies = await ownCopies(ctx, urls);
  const own = (url: string | null) => (url ? (copies.get(url) ?? null) : null);
  return {
    ...feed,
    avatar: own(feed.avatar),
    posts: feed.posts.map((p) => ({
      ...p,
      author: { ...p.author, avatar: own(p.author.avatar) },
      media: p.media.flatMap((m) => {
        const url = own(m.url);
        return url ? [{ ...m, url }] : [];
      }),
    })),
  };
}

/**
 * Fetches a module's feed once, if no other node or timer is (the row's lease), with a conditional
 * GET (ETag, Last-Modified). A good answer replaces the posts; a 304 keeps them; a failure is
 * recorded for the app owner and the last good posts stay. Members of the app are told when the
 * posts or the state changed.
 */
export async function refreshFeed(ctx: Ctx, moduleId: number): Promise<RefreshResult> {
  const row = await claimFetch(ctx.db, moduleId, LEASE_S);
  if (!row) return 'busy';
  const url = webUrl(await moduleUrl(ctx.db, moduleId));
  if (!url || url !== row.url) {
    await releaseFetch(ctx.db, moduleId);
    return 'none';
  }
  const next = REFRESH_S + Math.floor(Math.random() * JITTER_S);
  let outcome: FetchOutcome;
  let result: RefreshResult;
  try {
    const headers: Record<string, string> = { accept: ACCEPT };
    if (row.etag) headers['if-none-match'] = row.etag;
    if (row.lastModified) headers['if-modified-since'] = row.lastModified;
    const res = await safeFetch(url, { ...FEED_FETCH, allow: ctx.config.previewAllow, headers });
    // A 304 may leave its validators out: the ones sent stay.
    const validators = {
      etag: res.etag?.slice(0, 500) ?? (res.status === 304 ? row.etag : null),
      lastModified: res.lastModified?.slice(0, 100) ?? (res.status === 304 ? row.lastModified : null),
    };
    if (res.status === 304) {
      outcome = { url, ok: { posts: null, title: null, ...validators }, nextInSeconds: next };
      result = 'unchanged';
    } else if (res.truncated) {
      outcome = { url, error: 'tooLarge', nextInSeconds: next };
      result = 'failed';
    } else {
      const feed = await withOwnPictures(ctx, parseFeed(res.body, res.url));
      if (!feed) {
        outcome = { url, error: 'notAFeed', nextInSeconds: next };
        result = 'failed';
      } else {
        const same =
          feed.posts.length === row.posts.length && feed.posts.every((p, i) => JSON.stringify(p) === JSON.stringify(row.posts[i]));
        outcome = { url, ok: { posts: feed.posts, title: feed.title, ...validators }, nextInSeconds: next };
        result = same ? 'unchanged' : 'updated';
      }
    }
  } catch (err) {
    outcome = { url, error: errorCode(err), nextInSeconds: next };
    result = 'failed';
  }
  const stored = await storeOutcome(ctx.db, moduleId, outcome).catch(async (err: unknown) => {
    await releaseFetch(ctx.db, moduleId);
    throw err;
  });
  if (!stored) return 'none';
  dropFeed(ctx, moduleId);
  if (result === 'failed') ctx.log.warn({ module: moduleId, code: outcome.error }, 'social feed: fetch failed');
  // Members see new posts; the app owner also sees a failure (or its end).
  if (result === 'updated' || result === 'failed' || row.error)
    ctx.io?.to(`app:${stored.appId}`).emit('socialFeedUpdated', { app_module_id: moduleId });
  return result;
}

/**
 * The schedule on this node: every minute, the feeds due (read within the hour, 10 minutes since
 * their last fetch), one after another; a feed another node is fetching is left to it (its lease).
 * Stopped when the server closes.
 */
export function startFeedSchedule(ctx: Ctx): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const id of await dueFeeds(ctx.db, 10)) await refreshFeed(ctx, id);
    } catch (err) {
      ctx.log.warn({ err: (err as Error).name }, 'social feed: schedule failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 15_000 + Math.floor(Math.random() * 15_000));
  const every = setInterval(() => void tick(), TICK_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
