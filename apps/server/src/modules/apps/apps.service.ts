import { ACHIEVEMENTS, type MenuStyle, MODULE_TYPES, PREFERENCES } from '@app/contract/constants';
import { type AppConfig, type AppMenu, appConfig, appMenu as appMenuSchema, type MenuItem } from '@app/contract/schemas/app';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { serializeBytes } from '../../lib/json.ts';
import { configuredProviders } from '../auth/oauth.service.ts';
import { findUserWithBubbles, type UserRow } from '../users/users.queries.ts';
import type { AppRow, ModuleRow } from './apps.queries.ts';
import { menuCache } from './menu-cache.ts';

export function toAppConfig(tenant: AppRow): AppConfig {
  return {
    app_key: tenant.key,
    is_published: tenant.isPublished,
    main_color: tenant.mainColor,
    bg_color: tenant.bgColor,
    theme: tenant.theme,
    app_branding: tenant.branding,
    time_format: tenant.timeFormat,
    menu_style: tenant.menuStyle as MenuStyle,
    app_name: tenant.name,
    app_logo: tenant.logoUrl,
    locale: tenant.locale,
    currency: { title: tenant.currencyTitle, symbol: tenant.currencySymbol, is_before: tenant.currencyBefore },
    signup_mode: tenant.signupMode,
    signup_title: tenant.signupTitle,
    oauth_providers: configuredProviders(tenant),
    terms_url: tenant.termsUrl,
    terms_text: tenant.termsText,
    privacy_url: tenant.privacyUrl,
    privacy_text: tenant.privacyText,
  };
}

const configJson = new WeakMap<AppRow, Buffer>();

/**
 * The app-config answer, validated and serialised once per loaded app row: the cache replaces
 * the rows whenever apps reload, so a changed app gets a fresh answer.
 */
export function appConfigJson(tenant: AppRow): Buffer {
  let body = configJson.get(tenant);
  if (body === undefined) {
    body = serializeBytes(appConfig, toAppConfig(tenant));
    configJson.set(tenant, body);
  }
  return body;
}

/** Sections of the profile that are filled in; empty means incomplete (routing rule 5). */
export function completedSections(user: Pick<UserRow, 'firstName' | 'lastName' | 'jobTitle'>): string[] {
  return user.firstName.trim() && user.lastName.trim() && user.jobTitle.trim() ? ['personal'] : [];
}

function toMenuItem(m: ModuleRow, bubble: number[]): MenuItem {
  return {
    app_module_id: m.id,
    name: m.name,
    position: m.position,
    type: (MODULE_TYPES as readonly string[]).includes(m.type) ? (m.type as MenuItem['type']) : 'freeform',
    icon_name: m.iconName || m.type,
    icon: null,
    url: `/${m.type}/${m.id}`,
    params: m.params,
    bubble,
  };
}

export async function appMenu(ctx: Ctx, tenant: AppRow, userId: number): Promise<AppMenu> {
  const [modules, row] = await Promise.all([ctx.apps.menu(tenant.id), findUserWithBubbles(ctx.db, tenant.id, userId)]);
  if (!row) throw notFound();
  const byModule = new Map<number, number[]>();
  for (const b of row.bubbles ?? []) {
    const list = byModule.get(b.m) ?? [];
    list.push(b.i);
    byModule.set(b.m, list);
  }
  const menu = modules.map((m) => toMenuItem(m, byModule.get(m.id) ?? []));
  return {
    menu,
    user_id: row.user.id,
    owner_email: tenant.ownerEmail,
    claims: row.user.isAdmin ? ['admin'] : [],
    max_upload_size: tenant.maxUploadSize,
    is_admin: row.user.isAdmin,
    is_profile_completed: completedSections(row.user),
    preferences_all: [...PREFERENCES],
    achive_badges_all: [...ACHIEVEMENTS],
    push_public_key: ctx.vapid.publicKey,
    app_badge_count: menu.reduce((n, m) => n + m.bubble.length, 0),
  };
}

/**
 * The menu answer, validated and serialised, cached per user for a few seconds:
 * every screen reads it. Profile and bubble writes drop the user's entry.
 */
export async function appMenuJson(ctx: Ctx, tenant: AppRow, userId: number): Promise<Buffer> {
  const cache = ctx.caches.get(menuCache);
  const user = `${tenant.id}:${userId}`;
  const generation = ctx.apps.fresh ? ctx.apps.generationNow() : await ctx.apps.generation();
  const key = `${user}:${generation}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const stamp = cache.stamp(user);
  // The misses of one member's menu at once (an expired entry, several tabs) share one computation,
  // unless a drop came in between (then the stamp differs and a fresh one starts).
  const running = cache.computing(key, stamp);
  if (running) return running;
  const body = (async () => {
    const computed = serializeBytes(appMenuSchema, await appMenu(ctx, tenant, userId));
    cache.setIfFresh(user, key, computed, stamp);
    return computed;
  })();
  cache.track(key, stamp, body);
  return body;
}

/** Call after anything that changes a user's menu (profile completion, bubbles): on every node. */
export function menuChanged(ctx: Ctx, appId: number, userId?: number) {
  ctx.bus.publish({ t: 'cache', name: menuCache.name, prefix: userId === undefined ? `${appId}:` : `${appId}:${userId}:` });
}
