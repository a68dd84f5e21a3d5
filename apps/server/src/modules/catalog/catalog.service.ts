import { toLocale } from '@app/contract/constants';
import type { CatalogItem, CatalogItemDetail, WantToBuyAnswer } from '@app/contract/schemas/catalog';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import {
  buyer,
  type CatalogListRow,
  claimBuyRequest,
  countItems,
  findItem,
  insertFlag,
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

export async function listItems(ctx: Ctx, scope: Scope, moduleId: number, search: string | undefined, page: Page) {
  const mod = await requireCatalog(ctx, scope, moduleId);
  const q = search?.trim() || null;
  const [rows, total] = await Promise.all([
    pageItems(ctx.db, scope.tenant.id, mod.id, q, page.perPage, offsetOf(page)),
    countItems(ctx.db, scope.tenant.id, mod.id, q),
  ]);
  return { items: rows.map(toItem), total };
}

async function loadItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireCatalog(ctx, scope, moduleId);
  const found = await findItem(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!found) throw notFound();
  return found;
}

export async function getItem(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<CatalogItemDetail> {
  const { item, reported, buyRequested } = await loadItem(ctx, scope, moduleId, id);
  return {
    ...toItem({ ...item, summary: item.descriptionText.slice(0, 200) }),
    description: item.descriptionHtml,
    website: safeWebsite(item.website),
    can_buy: Boolean(item.contactEmail),
    reported,
    buy_requested: buyRequested,
  };
}

/** Reports an item: one row per member, so reporting twice counts once. */
export async function flagItem(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const { item } = await loadItem(ctx, scope, moduleId, id);
  await insertFlag(ctx.db, scope.tenant.id, item.id, scope.user.id);
  return { success: true as const };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The contact's mail, in the app's language: who wants to buy what, their address, their note. */
export function buyMail(o: { locale: string; app: string; item: string; name: string; email: string; note: string; color: string }) {
  const locale = toLocale(o.locale);
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

/**
 * "I want to buy": mails the item's contact the member's name and address (and note). A member's
 * second request for the same item within a day sends nothing and answers `already_sent` (the
 * claim is one statement, so two requests at once send one mail). A mail that fails gives the claim
 * back, so the member may try again.
 */
export async function wantToBuy(ctx: Ctx, scope: Scope, moduleId: number, id: number, note: string | undefined): Promise<WantToBuyAnswer> {
  const { item } = await loadItem(ctx, scope, moduleId, id);
  if (!item.contactEmail) throw notFound();
  const member = await buyer(ctx.db, scope.tenant.id, scope.user.id);
  if (!member) throw notFound();
  const claimed = await claimBuyRequest(ctx.db, scope.tenant.id, item.id, scope.user.id);
  if (!claimed) return { success: true, already_sent: true };
  const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
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
    await ctx.mailer.send({ to: item.contactEmail, ...mail });
  } catch (err) {
    await releaseBuyRequest(ctx.db, item.id, scope.user.id);
    throw err;
  }
  return { success: true, already_sent: false };
}
