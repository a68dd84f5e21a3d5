import { type Locale, toLocale } from '@app/contract/constants';
import {
  APP_LOGO,
  type AppCreate,
  type AppSettings,
  type appSettingsUpdate,
  OAUTH_PROVIDER_NAMES,
} from '@app/contract/schemas/console-apps';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, type KeyedFieldError, notFound, ValidationError } from '../../../lib/errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { MAX_INPUT_PIXELS, sniffImage, UploadFolder } from '../../../lib/images.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import type { AppIcons, OAuthProviderConfig } from '../../apps/apps.table.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { announceAppChanged } from '../console.live.ts';
import { type ConsoleActor, requireConsoleApp, requireOperator } from '../console.policy.ts';
import {
  type AppPatch,
  domainsOf,
  domainsTaken,
  findApp,
  insertApp,
  insertModules,
  keyTaken,
  lockApp,
  replaceDomains,
  updateAppRow,
} from './console-apps.queries.ts';

type Update = z.output<typeof appSettingsUpdate>;

/** The settings as the console shows them: configured providers by name, never their secrets. */
export function toSettings(app: AppRow, domains: string[]): AppSettings {
  return {
    id: app.id,
    key: app.key,
    name: app.name,
    short_name: app.shortName,
    domains,
    main_color: app.mainColor,
    bg_color: app.bgColor,
    theme: app.theme,
    menu_style: app.menuStyle,
    locale: toLocale(app.locale),
    time_format: app.timeFormat,
    currency: { title: app.currencyTitle, symbol: app.currencySymbol, is_before: app.currencyBefore },
    branding: app.branding,
    signup_mode: app.signupMode,
    signup_title: app.signupTitle,
    oauth: OAUTH_PROVIDER_NAMES.map((provider) => {
      const cfg = app.oauth[provider];
      return { provider, configured: Boolean(cfg?.clientId), enabled: Boolean(cfg?.clientId) && cfg?.enabled !== false };
    }),
    terms_url: app.termsUrl,
    terms_text: app.termsText,
    privacy_url: app.privacyUrl,
    privacy_text: app.privacyText,
    is_published: app.isPublished,
    is_locked: app.isLocked,
    logo_url: app.logoUrl,
    icon_url: app.icons?.icon192 ?? null,
    max_upload_size: app.maxUploadSize,
  };
}

/** What an audit entry keeps of the settings: everything but the id. */
const snapshot = (s: AppSettings): Record<string, unknown> => {
  const { id: _id, ...rest } = s;
  return rest;
};

async function settingsOf(db: Db, appId: number): Promise<AppSettings> {
  const app = await findApp(db, appId);
  if (!app) throw notFound();
  return toSettings(app, await domainsOf(db, appId));
}

/** After a commit: this node's app cache at once (the others by the trigger's NOTIFY), and the open attendee apps. */
function changed(ctx: Ctx, appId: number): void {
  ctx.apps.invalidate();
  announceAppChanged(ctx, appId);
}

export async function getSettings(ctx: Ctx, actor: ConsoleActor, appId: number): Promise<AppSettings> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  return settingsOf(ctx.db, appId);
}

/** The row columns of the settings sent (`undefined` leaves a column as it is). */
function patchOf(body: Update, current: AppRow): AppPatch {
  const patch: AppPatch = {
    key: body.key,
    name: body.name,
    shortName: body.short_name,
    mainColor: body.main_color,
    bgColor: body.bg_color,
    theme: body.theme,
    menuStyle: body.menu_style,
    locale: body.locale,
    timeFormat: body.time_format,
    currencyTitle: body.currency?.title,
    currencySymbol: body.currency?.symbol,
    currencyBefore: body.currency?.is_before,
    branding: body.branding,
    signupMode: body.signup_mode,
    signupTitle: body.signup_title,
    termsUrl: body.terms_url,
    termsText: body.terms_text,
    privacyUrl: body.privacy_url,
    privacyText: body.privacy_text,
    maxUploadSize: body.max_upload_size,
  };
  if (body.oauth) {
    const oauth: Record<string, OAuthProviderConfig> = { ...current.oauth };
    for (const [provider, on] of Object.entries(body.oauth)) {
      const cfg = oauth[provider];
      if (cfg && on !== undefined) oauth[provider] = { ...cfg, enabled: on };
    }
    patch.oauth = oauth;
  }
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as AppPatch;
}

/** The platform's own host names: PUBLIC_URL's (every app without a domain of its own is served there). */
function platformHosts(publicUrl: string | undefined): Set<string> {
  const hosts = new Set<string>();
  if (publicUrl) {
    try {
      hosts.add(new URL(publicUrl).hostname.toLowerCase());
    } catch {
      // A PUBLIC_URL that is no URL names no host.
    }
  }
  return hosts;
}

/**
 * Whether a host name belongs to the platform, never to one app: its public host, and loopback names.
 * A domain decides which app a request without an app key gets, so an owner claiming one of these
 * would take over the platform's landing page.
 */
function isPlatformHost(domain: string, reserved: Set<string>): boolean {
  const d = domain.toLowerCase();
  return reserved.has(d) || d === 'localhost' || d.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(d) || d === '[::1]' || d === '::1';
}

/**
 * Changes the settings sent, in one transaction under the app's row lock: a key or host name of
 * another app, or a provider switched on that the platform never configured, is a 422 with a
 * message per field and changes nothing. The audit entry keeps what changed, before and after.
 */
export async function updateSettings(ctx: Ctx, actor: ConsoleActor, appId: number, body: Update): Promise<AppSettings> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockApp(tx, appId);
    if (!current) throw notFound();
    const before = toSettings(current, await domainsOf(tx, appId));
    const errors: KeyedFieldError[] = [];
    if (body.key !== undefined && body.key !== current.key && (await keyTaken(tx, body.key, appId))) {
      errors.push({ field: 'key', message: 'console-apps.errors.keyTaken' });
    }
    const domains = body.domains === undefined ? undefined : [...new Set(body.domains)].sort();
    if (body.domains && domains) {
      const taken = new Set(await domainsTaken(tx, domains, appId));
      // Indexed as sent, so the form marks the very line.
      const reserved = platformHosts(ctx.config.publicUrl);
      body.domains.forEach((d, i) => {
        if (isPlatformHost(d, reserved)) {
          errors.push({ field: `domains.${i}`, message: 'console-apps.errors.domainReserved', vars: { domain: d } });
        } else if (taken.has(d)) {
          errors.push({ field: `domains.${i}`, message: 'console-apps.errors.domainTaken', vars: { domain: d } });
        }
      });
    }
    for (const [provider, on] of Object.entries(body.oauth ?? {})) {
      if (on && !current.oauth[provider]?.clientId) {
        errors.push({ field: `oauth.${provider}`, message: 'console-apps.errors.oauthNotConfigured' });
      }
    }
    if (errors.length) throw new ValidationError(errors);
    const row = await updateAppRow(tx, appId, patchOf(body, current));
    if (!row) throw notFound();
    if (domains) await replaceDomains(tx, appId, domains);
    const after = toSettings(row, domains ?? before.domains);
    const diff = changedOnly(snapshot(before), snapshot(after));
    if (Object.keys(diff.after).length) {
      await audit(tx, actor, { appId, action: 'app.settings', targetType: 'app', targetId: appId, ...diff });
    }
    return { after, changed: Object.keys(diff.after).length > 0 };
  });
  if (result.changed) changed(ctx, appId);
  return result.after;
}

const DEFAULT_MODULES = ['profile', 'settings'] as const;

/**
 * A new app (operators only): unpublished until its owner publishes it, with a profile and a
 * settings module so that the shell works from the first sign-in. The operator runs it at once.
 */
export async function createApp(ctx: Ctx, actor: ConsoleActor, body: AppCreate & { locale: Locale; theme: 'light' | 'dark' }) {
  requireOperator(actor);
  const app = await ctx.db.transaction(async (tx) => {
    if (await keyTaken(tx, body.key)) throw fieldError('key', 'console-apps.errors.keyTaken');
    const row = await insertApp(tx, {
      key: body.key,
      name: body.name,
      locale: body.locale,
      theme: body.theme,
      bgColor: body.theme === 'dark' ? '#111418' : '#ffffff',
      isPublished: false,
      isLocked: false,
      ownerEmail: actor.email,
    });
    await insertModules(
      tx,
      row.id,
      DEFAULT_MODULES.map((type) => ({ type, name: translate(body.locale, `console-apps.defaults.${type}`) })),
    );
    const settings = toSettings(row, []);
    await audit(tx, actor, { appId: row.id, action: 'app.create', targetType: 'app', targetId: row.id, after: snapshot(settings) });
    return settings;
  });
  ctx.apps.invalidate();
  return app;
}

type Status = 'publish' | 'unpublish' | 'lock' | 'unlock';
const STATUS: Record<Status, AppPatch> = {
  publish: { isPublished: true },
  unpublish: { isPublished: false },
  lock: { isLocked: true },
  unlock: { isLocked: false },
};

/**
 * Publishes, unpublishes, locks or unlocks an app. The attendee API answers 451/423 from the next
 * request (the app cache is dropped), and open sockets of an app that closed are disconnected by the
 * socket plugin on every node.
 */
export async function setStatus(ctx: Ctx, actor: ConsoleActor, appId: number, status: Status): Promise<AppSettings> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const result = await ctx.db.transaction(async (tx) => {
    const current = await lockApp(tx, appId);
    if (!current) throw notFound();
    const row = await updateAppRow(tx, appId, STATUS[status]);
    if (!row) throw notFound();
    const b = { is_published: current.isPublished, is_locked: current.isLocked };
    const a = { is_published: row.isPublished, is_locked: row.isLocked };
    const diff = changedOnly(b, a);
    const moved = Object.keys(diff.after).length > 0;
    if (moved) await audit(tx, actor, { appId, action: `app.${status}`, targetType: 'app', targetId: appId, ...diff });
    return { settings: toSettings(row, await domainsOf(tx, appId)), moved };
  });
  if (result.moved) changed(ctx, appId);
  return result.settings;
}

// --- Logo and icons ------------------------------------------------------------------------------

const ICON_FOLDER = 'app-icons';
const iconFolder = (ctx: Pick<Ctx, 'storage'>) => new UploadFolder(ctx.storage, ICON_FOLDER);

interface Made {
  logo: Buffer;
  icon192: Buffer;
  icon512: Buffer;
  maskable512: Buffer;
  apple180: Buffer;
}

/**
 * The logo re-encoded (PNG, at most 512 px, metadata dropped) and the icons the manifest and the
 * page name: 192 and 512 on a transparent square, a maskable 512 with the logo inside the safe zone
 * (the middle 80 %) on the app's background colour, and a 180 apple-touch icon without transparency.
 * What sharp cannot read, or is not an image by its first bytes, is a 422.
 */
async function makeIcons(data: Buffer, background: string): Promise<Made> {
  if (!sniffImage(data)) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoType');
  const meta = await sharp(data, { limitInputPixels: false, animated: false })
    .metadata()
    .catch(() => undefined);
  if (!meta?.width || !meta.height) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoType');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoPixels');
  try {
    const source = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
      .rotate()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    const clear = { r: 0, g: 0, b: 0, alpha: 0 };
    const square = (size: number) =>
      sharp(source).resize(size, size, { fit: 'contain', background: clear }).png({ compressionLevel: 9 }).toBuffer();
    const padded = async (size: number, inner: number) => {
      const logo = await sharp(source).resize(inner, inner, { fit: 'contain', background: clear }).png().toBuffer();
      return sharp({ create: { width: size, height: size, channels: 4, background } })
        .composite([{ input: logo, gravity: 'center' }])
        .flatten({ background })
        .png({ compressionLevel: 9 })
        .toBuffer();
    };
    const [icon192, icon512, maskable512, apple180] = await Promise.all([square(192), square(512), padded(512, 360), padded(180, 150)]);
    return { logo: source, icon192, icon512, maskable512, apple180 };
  } catch {
    throw fieldError(APP_LOGO.field, 'console-apps.errors.logoType');
  }
}

/** Stores an uploaded logo and its icons; the files it replaces are removed after the commit. */
export async function uploadLogo(ctx: Ctx, actor: ConsoleActor, appId: number, data: Buffer): Promise<AppSettings> {
  const current = await requireConsoleApp(ctx, actor, appId, 'owner');
  if (data.length > APP_LOGO.maxBytes) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoTooLarge', { size: 5 });
  let background = current.bgColor;
  try {
    await sharp({ create: { width: 1, height: 1, channels: 4, background } })
      .png()
      .toBuffer();
  } catch {
    background = '#ffffff';
  }
  const made = await makeIcons(data, background);
  const folder = iconFolder(ctx);
  const saved: string[] = [];
  const save = async (b: Buffer) => {
    const url = await folder.save(b, 'png');
    saved.push(url);
    return url;
  };
  let old: AppRow | undefined;
  let settings: AppSettings;
  try {
    const logoUrl = await save(made.logo);
    const icons: AppIcons = {
      icon192: await save(made.icon192),
      icon512: await save(made.icon512),
      maskable512: await save(made.maskable512),
      apple180: await save(made.apple180),
    };
    settings = await ctx.db.transaction(async (tx) => {
      old = await lockApp(tx, appId);
      if (!old) throw notFound();
      const row = await updateAppRow(tx, appId, { logoUrl, icons });
      if (!row) throw notFound();
      await audit(tx, actor, {
        appId,
        action: 'app.logo',
        targetType: 'app',
        targetId: appId,
        before: { logo_url: old.logoUrl },
        after: { logo_url: logoUrl },
      });
      return toSettings(row, await domainsOf(tx, appId));
    });
  } catch (err) {
    await Promise.all(saved.map((u) => folder.remove(u)));
    throw err;
  }
  await removeStored(ctx, old);
  changed(ctx, appId);
  return settings;
}

/** Removes the logo and its icons: the generated initials icon again. */
export async function removeLogo(ctx: Ctx, actor: ConsoleActor, appId: number): Promise<AppSettings> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  let old: AppRow | undefined;
  const settings = await ctx.db.transaction(async (tx) => {
    old = await lockApp(tx, appId);
    if (!old) throw notFound();
    const row = await updateAppRow(tx, appId, { logoUrl: null, icons: null });
    if (!row) throw notFound();
    if (old.logoUrl || old.icons) {
      await audit(tx, actor, {
        appId,
        action: 'app.logoRemoved',
        targetType: 'app',
        targetId: appId,
        before: { logo_url: old.logoUrl },
        after: { logo_url: null },
      });
    }
    return toSettings(row, await domainsOf(tx, appId));
  });
  if (old?.logoUrl || old?.icons) {
    await removeStored(ctx, old);
    changed(ctx, appId);
  }
  return settings;
}

/** Deletes the files a replaced logo left; files this folder did not store (a seed logo) stay. */
async function removeStored(ctx: Ctx, row: AppRow | undefined): Promise<void> {
  if (!row) return;
  const folder = iconFolder(ctx);
  const urls = [row.logoUrl, ...(row.icons ? Object.values(row.icons) : [])];
  await Promise.all(urls.map((u) => folder.remove(u))).catch(() => undefined);
}
