import { toLocale } from '@app/contract/constants';
import type { CatalogCategory, CatalogItem, CatalogItemDetail, WantToBuyAnswer } from '@app/contract/schemas/catalog';
import type { Ctx } from '../../context.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { escAttr as esc, oneLine } from '../../lib/text.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { cached } from '../content/content.caches.ts';
import {
  type CatalogListRow,
  claimBuyRequest,
  countItems,
  findItem,
  insertFlag,
  moduleCategories,
  pageItems,
  releaseBuyRequest,
} from './catalog.queries.ts';

/** Every catalog call starts here: the module of the caller's app (404 another app's, 406 a removed one). */
export const requireCatalog = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'catalog', moduleId);

/** A website as a link may carry it: http(s) only, anything else is left out. */
export function safeWebsite(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

function toItem(r: CatalogListRow): CatalogItem {
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    name: r.name,
    category: r.category,
    location: r.location,
    logo: r.logoUrl,
    summary: r.summary,
  };
}

/**
 * Pages of a module's list as every member sees them (items, total), per search, page and size.
 * Items change only with the organiser's data (seed, import), so entries simply expire after 30 s.
 * A page of a 5,000-item catalog went from two queries (5 ms of PGlite at rest) to none.
 */
const catalogPages = defineCache('catalog-pages', () => new TtlCache<{ items: CatalogItem[]; total: number }>(30_000, 2_000));

/**
 * The organisers changed a module's items (console edit or import): its cached pages go on every
 * node, and the app's open screens read the module again (`catalogChanged`).
 */
export function catalogChanged(ctx: Pick<Ctx, 'bus' | 'io'>, appId: number, moduleId: number): void {
  ctx.bus.publish({ t: 'cache', name: catalogPages.name, prefix: `${moduleId}:` });
  ctx.bus.publish({ t: 'cache', name: catalogCategories.name, prefix: `${moduleId}:` });
  ctx.io?.to(`app:${appId}`).emit('catalogChanged', { app_module_id: moduleId });
}

export async function listItems(ctx: Ctx, scope: Scope, moduleId: number, search: string | undefined, page: Page, category?: string) {
  const mod = await requireCatalog(ctx, scope, moduleId);
  const q = search?.trim() || null;
  const c = category?.trim() || null;
  // The category is last in the key and JSON-quoted: no category can make another key's text.
  return cached(ctx, catalogPages, `${mod.id}:${page.page}:${page.perPage}:${q ?? ''}:${JSON.stringify(c)}`, async () => {
    const [rows, total] = await Promise.all([
      pageItems(ctx.db, scope.tenant.id, mod.id, q, c, page.perPage, offsetOf(page)),
      countItems(ctx.db, scope.tenant.id, mod.id, q, c),
    ]);
    return { items: rows.map(toItem), total };
  });
}

const catalogCategories = defineCache('catalog-categories', () => new TtlCache<CatalogCategory[]>(30_000, 500));

/** The filters the catalog offers: its items' categories with their counts (cached like the pages, dropped with them). */
export async function listCategories(ctx: Ctx, scope: Scope, moduleId: number): Promise<CatalogCategory[]> {
  const mod = await requireCatalog(ctx, scope, moduleId);
  return cached(ctx, catalogCategories, `${mod.id}:`, () => moduleCategories(ctx.db, scope.tenant.id, mod.id));
}

async function loadItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireCatalog(ctx, scope, moduleId);
  const found = await findItem(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!found) throw notFound();
  return { ...found, contact: contactOf(found.item.contactEmail, mod.params) };
}

/** Where "I want to buy" mails go: the item's contact, else the module's (`params.contact_email`, set in the console). */
function contactOf(own: string | null, params: Record<string, unknown>): string | null {
  return own || (typeof params.contact_email === 'string' && params.contact_email ? params.contact_email : null);
}

export async function getItem(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<CatalogItemDetail> {
  const { item, reported, buyRequested, contact } = await loadItem(ctx, scope, moduleId, id);
  return {
    ...toItem({ ...item, summary: item.descriptionText.slice(0, 200) }),
    description: item.descriptionHtml,
    website: safeWebsite(item.website),
    can_buy: Boolean(contact),
    reported,
    buy_requested: buyRequested,
  };
}

/** Reports an item: one row per member, so reporting twice counts once. */
export async function flagItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { item } = await loadItem(ctx, scope, moduleId, id);
  await insertFlag(ctx.db, scope.tenant.id, item.id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}

/**
 * A name on one line: control characters (CR, LF, tab, …) and line or paragraph separators become a
 * space, so a member's, item's or app's name cannot add lines to a mail's subject or text.
 */
export { oneLine };

/**
 * The contact's mail, in the app's language: who wants to buy what, their address, their note. Every
 * name is made one line here; the note keeps its lines (it stands alone after a blank line).
 */
export function buyMail(input: { locale: string; app: string; item: string; name: string; email: string; note: string; color: string }) {
  const locale = toLocale(input.locale);
  const o = { ...input, app: oneLine(input.app), item: oneLine(input.item), name: oneLine(input.name), email: oneLine(input.email) };
  const vars = { app: o.app, item: o.item, name: o.name, email: o.email };
  const t = (k: string) => translate(locale, `catalog.mail.${k}`, vars);
  const subject = t('subject');
  const lines = [t('greeting'), '', t('body'), '', `${t('contact')}: ${o.name} <${o.email}>`];
  if (o.note) lines.push('', `${t('note')}:`, o.note);
  lines.push('', t('signature'));
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${esc(t('greeting'))}</p><p>${esc(t('body'))}</p>
<p><strong>${esc(t('contact'))}:</strong> ${esc(o.name)} &lt;<a href="mailto:${esc(o.email)}">${esc(o.email)}</a>&gt;</p>
${o.note ? `<p><strong>${esc(t('note'))}:</strong></p><p style="white-space:pre-wrap">${esc(o.note)}</p>` : ''}
<p><a href="mailto:${esc(o.email)}" style="display:inline-block;padding:10px 18px;border-radius:6px;color:#fff;background:${esc(o.color)};text-decoration:none">${esc(t('reply'))}</a></p>
<p>${esc(t('signature'))}</p></body></html>`;
  return { subject, text: lines.join('\n'), html, link: `mailto:${o.email}`, fromName: o.app };
}

/** Items a member may ask about within 24 hours (distinct items: one row per item and member). */
export const BUY_REQUESTS_PER_DAY = 20;

/** What of a mail error may be logged: its codes, never its message (an SMTP rejection names the recipient). */
const mailErrorCodes = (err: unknown) => {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
  };
};

/**
 * "I want to buy": mails the item's contact the member's name and address (and note), with the
 * member's address as Reply-To. A member's second request for the same item within a day sends
 * nothing and answers `already_sent`; a request for a 21st other item within 24 hours is a 422
 * (`_popup`), so one account cannot mail a whole catalog day after day. The claim runs under the
 * member's row lock (two requests at once send one mail, and cannot pass the cap together). A mail
 * that fails gives the claim back, so the member may try again: a 503 whose log line holds only the
 * error's codes (an SMTP rejection's message carries the contact's address).
 */
export async function wantToBuy(ctx: Ctx, scope: Scope, moduleId: number, id: number, note: string | undefined): Promise<WantToBuyAnswer> {
  const { item, contact } = await loadItem(ctx, scope, moduleId, id);
  if (!contact) throw notFound();
  const claim = await claimBuyRequest(ctx.db, scope.tenant.id, item.id, scope.user.id, BUY_REQUESTS_PER_DAY);
  if (claim.kind === 'no_member') throw notFound();
  if (claim.kind === 'already_sent') return { success: true, already_sent: true };
  if (claim.kind === 'daily_cap') throw fieldError('_popup', 'catalog.errors.dailyLimit');
  const { member } = claim;
  const name = oneLine(`${member.firstName} ${member.lastName}`) || member.email;
  const mail = buyMail({
    locale: scope.tenant.locale,
    app: scope.tenant.name,
    item: item.name,
    name,
    email: member.email,
    note: note?.trim() ?? '',
    color: scope.tenant.mainColor,
  });
  try {
    await ctx.mailer.send({ to: contact, replyTo: member.email, ...mail });
  } catch (err) {
    ctx.log.warn({ ...mailErrorCodes(err), item: item.id }, 'catalog: want-to-buy mail failed');
    await releaseBuyRequest(ctx.db, item.id, scope.user.id);
    throw new HttpError(503, 'catalog.errors.mailFailed');
  }
  return { success: true, already_sent: false };
}
