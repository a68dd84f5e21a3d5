import type { Locale } from '@app/contract/constants';
import type { Listing, ListingDetail, ListingInput, MarketplaceChange } from '@app/contract/schemas/marketplace';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { cached } from '../content/content.caches.ts';
import { removeFiles, toAttachment, urlSigner } from '../content/content.uploads.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import { fullName } from '../users/users.service.ts';
import {
  claimPhotos,
  countListings,
  deleteListingRow,
  dropPhotos,
  findListing,
  insertFlag,
  insertListing,
  type ListingListRow,
  lockListing,
  pageListings,
  photoRows,
  setHiddenRow,
  updateListingRow,
} from './marketplace.queries.ts';

/** Every marketplace call starts here: the module of the caller's app (404 another app's, 406 a removed one). */
export const requireMarketplace = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'marketplace', moduleId);

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The seller's plain text as stored rich text: paragraphs at blank lines, line breaks kept, every
 * character escaped, then through the sanitiser like any other rich text.
 */
export function descriptionHtml(text: string): { html: string; text: string } {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return sanitizeRichText(paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`).join(''), { field: 'description' });
}

type Signer = (id: number) => string;

function toListing(r: ListingListRow, sign: Signer, locale: Locale): Listing {
  const first = r.photos[0];
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    title: r.title,
    price_cents: r.priceCents,
    photo: first ? sign(first.id) : null,
    summary: r.summary,
    seller: { id: r.seller.id, fullname: fullName(r.seller, locale), avatar: r.seller.avatarUrl },
    created_at: r.createdAt.toISOString(),
  };
}

/**
 * List pages as every member sees them (nothing in them is the reader's; the photos' signed URLs
 * outlive the entry by hours), per module, page, size and search; dropped on every node after any
 * write in the module, 30 s at most otherwise (a seller's new name).
 */
export const listingPages = defineCache('marketplace-pages', () => new TtlCache<unknown>(30_000, 2_000));

export async function listListings(ctx: Ctx, scope: Scope, moduleId: number, search: string | undefined, page: Page) {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  const q = search?.trim() || null;
  // Per language too: a deleted seller's name is written in the reader's.
  const shared = await cached(ctx, listingPages, `${mod.id}:${page.page}:${page.perPage}:${q ?? ''}:${scope.locale}`, async () => {
    const rows = await pageListings(ctx.db, scope.tenant.id, mod.id, q, page.perPage, offsetOf(page));
    const total = rows.length < page.perPage && page.page === 1 ? rows.length : await countListings(ctx.db, scope.tenant.id, mod.id, q);
    const sign = await urlSigner(ctx);
    // Listings hidden by a moderator, with their sellers: only they and the app's owners see them.
    const hidden = rows.filter((r) => r.hiddenAt).map((r) => ({ id: r.id, seller: r.seller.id }));
    return { items: rows.map((r) => toListing(r, sign, scope.locale)), total, hidden };
  });
  const hiddenHere = shared.hidden.filter((h) => h.seller !== scope.user.id);
  if (!hiddenHere.length || (await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id))) return { items: shared.items, total: shared.total };
  const drop = new Set(hiddenHere.map((h) => h.id));
  return { items: shared.items.filter((i) => !drop.has(i.id)), total: shared.total };
}

export async function getListing(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<ListingDetail> {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  const found = await findListing(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!found) throw notFound();
  const { item, seller, reported } = found;
  const mine = item.userId === scope.user.id;
  const [rows, sign, admin] = await Promise.all([
    photoRows(
      ctx.db,
      item.photos.map((p) => p.id),
    ),
    urlSigner(ctx),
    mine ? Promise.resolve(false) : isAppAdmin(ctx.db, scope.tenant.id, scope.user.id),
  ]);
  if (item.hiddenAt && !mine && !admin) throw notFound();
  const photos = item.photos.flatMap((p) => {
    const row = rows.find((r) => r.id === p.id);
    return row ? [toAttachment(row, sign)] : [];
  });
  return {
    ...toListing({ ...item, seller, summary: item.descriptionText.slice(0, 200) }, sign, scope.locale),
    description: item.descriptionHtml,
    description_text: item.descriptionText,
    photos,
    updated_at: item.updatedAt.toISOString(),
    mine,
    can_delete: mine || admin,
    reported,
  };
}

/** Tells the app's connected members (only that app's room) that a listing changed. */
function tell(ctx: Ctx, appId: number, change: MarketplaceChange) {
  ctx.bus.publish({ t: 'cache', name: listingPages.name, prefix: `${change.app_module_id}:` });
  ctx.io?.to(`app:${appId}`).emit('marketplaceChanged', change);
}

const priceCents = (price: number | null | undefined) => (price === null || price === undefined ? null : Math.round(price * 100));

type ParsedInput = Required<Pick<ListingInput, 'title'>> & { description: string; price: number | null; photo_ids: number[] };

/** Offers an item: the listing and its photos' claim in one transaction (a photo not claimable is a 422, nothing kept). */
export async function createListing(ctx: Ctx, scope: Scope, moduleId: number, input: ParsedInput): Promise<ListingDetail> {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  const body = descriptionHtml(input.description);
  const id = await ctx.db.transaction(async (tx) => {
    const photos = await claimPhotos(tx, scope.tenant.id, scope.user.id, [...new Set(input.photo_ids)], []);
    if (!photos) throw fieldError('photo_ids', 'marketplace.errors.photoGone');
    return insertListing(tx, {
      appId: scope.tenant.id,
      appModuleId: mod.id,
      userId: scope.user.id,
      title: input.title,
      priceCents: priceCents(input.price),
      descriptionHtml: body.html,
      descriptionText: body.text,
      photos,
    });
  });
  tell(ctx, scope.tenant.id, { app_module_id: mod.id, item_id: id, what: 'created' });
  return getListing(ctx, scope, mod.id, id);
}

/** Edits the seller's own listing (403 for anybody else, the app owner too); photos removed from it are deleted. */
export async function updateListing(ctx: Ctx, scope: Scope, moduleId: number, id: number, input: ParsedInput): Promise<ListingDetail> {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  const body = descriptionHtml(input.description);
  const gone = await ctx.db.transaction(async (tx) => {
    const row = await lockListing(tx, scope.tenant.id, mod.id, id);
    if (!row) throw notFound();
    if (row.userId !== scope.user.id) throw forbidden();
    const had = row.photos.map((p) => p.id);
    const wanted = [...new Set(input.photo_ids)];
    const photos = await claimPhotos(tx, scope.tenant.id, scope.user.id, wanted, had);
    if (!photos) throw fieldError('photo_ids', 'marketplace.errors.photoGone');
    const paths = await dropPhotos(
      tx,
      scope.tenant.id,
      had.filter((p) => !wanted.includes(p)),
    );
    await updateListingRow(tx, row.id, {
      title: input.title,
      priceCents: priceCents(input.price),
      descriptionHtml: body.html,
      descriptionText: body.text,
      photos,
    });
    return paths;
  });
  await removeFiles(ctx, gone);
  tell(ctx, scope.tenant.id, { app_module_id: mod.id, item_id: id, what: 'updated' });
  return getListing(ctx, scope, mod.id, id);
}

/** Deletes a listing and its photos: its seller, or the app owner (403 for other members). */
export async function deleteListing(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  await eraseListing(ctx, scope.tenant.id, mod.id, id, async (tx, row) => {
    if (row.userId !== scope.user.id && !(await isAppAdmin(tx, scope.tenant.id, scope.user.id))) throw forbidden();
  });
  return { success: true as const };
}

/** Deletes a listing of the app's module and its photos (after `check`, inside the lock); the console's moderation too. */
export async function eraseListing(
  ctx: Ctx,
  appId: number,
  moduleId: number,
  id: number,
  check: (tx: Ctx['db'], row: { userId: number }) => Promise<void> = async () => {},
) {
  const gone = await ctx.db.transaction(async (tx) => {
    const row = await lockListing(tx, appId, moduleId, id);
    if (!row) throw notFound();
    await check(tx, row);
    const paths = await dropPhotos(
      tx,
      appId,
      row.photos.map((p) => p.id),
    );
    await deleteListingRow(tx, row.id);
    return paths;
  });
  await removeFiles(ctx, gone);
  tell(ctx, appId, { app_module_id: moduleId, item_id: id, what: 'deleted' });
}

/** Hides a listing (or shows it again) for everyone but its seller and the app's owners: the console's moderation. */
export async function setListingHidden(ctx: Ctx, appId: number, moduleId: number, id: number, hidden: boolean) {
  await setHiddenRow(ctx.db, appId, id, hidden);
  tell(ctx, appId, { app_module_id: moduleId, item_id: id, what: 'updated' });
}

/** Reports a listing: one row per member, so reporting twice counts once. */
export async function flagListing(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireMarketplace(ctx, scope, moduleId);
  const found = await findListing(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!found) throw notFound();
  await insertFlag(ctx.db, scope.tenant.id, found.item.id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}
