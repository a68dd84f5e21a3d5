import type { SocialFeed } from '@app/contract/schemas/twitter';
import { feedErrorCode } from '@app/contract/schemas/twitter';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { cached } from '../content/content.caches.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import { webUrl } from '../webview/webview.service.ts';
import { dropFeed, feedRows, refreshFeed } from './twitter.fetch.ts';
import { ensureFeed, type FeedRow, findFeed, saveFeedUrl, touchRead } from './twitter.queries.ts';

/** Modules whose read this node recorded within the minute. */
const recentReads = defineCache('twitter-reads', () => new TtlCache<true>(60_000, 10_000));

const requireTwitter = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'twitter', moduleId);

/** Fetches in the background (the answer does not wait); a failure is recorded by the fetch itself. */
function refreshSoon(ctx: Ctx, moduleId: number) {
  if (!ctx.config.socialFeedFetch) return;
  refreshFeed(ctx, moduleId).catch((err: unknown) =>
    ctx.log.warn({ module: moduleId, err: (err as Error).name }, 'social feed: refresh failed'),
  );
}

function toFeed(moduleId: number, url: string | null, row: FeedRow | undefined, owner: boolean): SocialFeed {
  const current = row && url && row.url === url ? row : undefined;
  const code = feedErrorCode.safeParse(current?.error);
  return {
    app_module_id: moduleId,
    title: current?.title ?? null,
    source: url ? new URL(url).host : null,
    url: owner ? url : null,
    updated_at: current?.okAt?.toISOString() ?? null,
    posts: current?.posts ?? [],
    error: owner && code.success && current?.errorAt ? { code: code.data, at: current.errorAt.toISOString() } : null,
    can_edit: owner,
  };
}

/**
 * The module's cached posts. A read keeps the feed on the schedule; a feed never fetched, or due,
 * is fetched in the background and members get `socialFeedUpdated` when its posts arrive.
 */
export async function getFeed(ctx: Ctx, scope: Scope, moduleId: number): Promise<SocialFeed> {
  const mod = await requireTwitter(ctx, scope, moduleId);
  const url = webUrl(mod.params.url);
  const [owner, found] = await Promise.all([
    isAppAdmin(ctx.db, scope.tenant.id, scope.user.id),
    cached(ctx, feedRows, `${mod.id}:`, async () => (await findFeed(ctx.db, scope.tenant.id, mod.id)) ?? null),
  ]);
  let row = found ?? undefined;
  if (url && (!row || row.url !== url)) {
    row = await ensureFeed(ctx.db, scope.tenant.id, mod.id, url);
    dropFeed(ctx, mod.id);
  }
  // Reads are counted (and a due feed fetched) once a minute per node, not on every request.
  const reads = ctx.caches.get(recentReads);
  if (row && url && !reads.get(String(mod.id))) {
    reads.set(String(mod.id), true);
    await touchRead(ctx.db, mod.id);
    if (row.nextFetchAt.getTime() <= Date.now() && (!row.leaseUntil || row.leaseUntil.getTime() < Date.now())) refreshSoon(ctx, mod.id);
  }
  return toFeed(mod.id, url, row, owner);
}

/** The app owner sets the address (http or https, 422 otherwise); the feed is fetched at once. */
export async function setFeedUrl(ctx: Ctx, scope: Scope, moduleId: number, raw: string): Promise<SocialFeed> {
  const mod = await requireTwitter(ctx, scope, moduleId);
  if (!(await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id))) throw forbidden();
  const url = webUrl(raw);
  if (!url) throw fieldError('url', 'twitter.errors.urlInvalid');
  if (!(await saveFeedUrl(ctx.db, scope.tenant.id, mod.id, url))) throw notFound();
  ctx.bus.publish({ t: 'apps' });
  const row = await ensureFeed(ctx.db, scope.tenant.id, mod.id, url);
  dropFeed(ctx, mod.id);
  refreshSoon(ctx, mod.id);
  ctx.io?.to(`app:${scope.tenant.id}`).emit('socialFeedUpdated', { app_module_id: mod.id });
  return toFeed(mod.id, url, row, true);
}
