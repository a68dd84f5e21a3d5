import { z } from 'zod';
import { LOCALES, MENU_STYLES, SIGNUP_MODES, THEMES, TIME_FORMATS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { CONSOLE_API, consoleAppParams } from './console.ts';

/**
 * The console's app settings (issue 22 "Create an app"): everything the attendee shell reads
 * (spec 1 §3 App config, page metadata, manifest), created by an operator, edited by the app's
 * owner. Field messages are i18n keys of the `console-apps` namespace.
 */

export const OAUTH_PROVIDER_NAMES = ['apple', 'google', 'facebook', 'linkedin'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];

/** A logo upload's largest size and its multipart field. */
export const APP_LOGO = { field: 'logo', maxBytes: 5 * 1024 * 1024 };

/** The bounds of an app's upload limit (the server's multipart limit is 20 MB). */
export const UPLOAD_SIZE = { min: 1024 * 1024, max: 20 * 1024 * 1024 };

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** Spec 1 §5: a theme colour is a 3 or 6 digit hex value or rgb(r, g, b); anything else is refused. */
export function isAppColor(v: string): boolean {
  if (HEX.test(v)) return true;
  const m = v.match(RGB);
  return Boolean(m && [m[1], m[2], m[3]].every((c) => Number(c) <= 255));
}

const color = z.string({ error: 'console-apps.errors.color' }).trim().refine(isAppColor, { error: 'console-apps.errors.color' });

export const APP_KEY = /^[a-z0-9][a-z0-9-]{1,40}$/;
export const appKey = z
  .string({ error: 'console-apps.errors.key' })
  .trim()
  .toLowerCase()
  .regex(APP_KEY, { error: 'console-apps.errors.key' });

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A host name as browsers send it (no scheme, port or path): labels of letters, digits and hyphens. */
export function isHostName(v: string): boolean {
  if (v.length > 253 || v.length < 1) return false;
  return v.split('.').every((l) => HOST_LABEL.test(l));
}

const domain = z
  .string({ error: 'console-apps.errors.domain' })
  .trim()
  .toLowerCase()
  .refine(isHostName, { error: 'console-apps.errors.domain' });

const appName = z
  .string({ error: 'console-apps.errors.name' })
  .trim()
  .min(1, { error: 'console-apps.errors.name' })
  .max(80, { error: 'common.errors.tooLong' });

/** Empty text means "not set" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'common.errors.tooLong' })
    .nullable()
    .transform((v) => (v ? v : null));

const httpUrl = z
  .string({ error: 'console-apps.errors.url' })
  .trim()
  .max(500, { error: 'common.errors.tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: 'console-apps.errors.url' })
  .nullable()
  .transform((v) => (v ? v : null));

export const appCurrency = z
  .object({
    title: z.string().trim().min(1, { error: 'console-apps.errors.currencyTitle' }).max(10, { error: 'common.errors.tooLong' }),
    symbol: z.string().trim().min(1, { error: 'console-apps.errors.currencySymbol' }).max(5, { error: 'common.errors.tooLong' }),
    is_before: z.boolean(),
  })
  .strict();

/** One sign-in provider: whether the app has it configured (by the platform), and whether it is offered. */
export const oauthProviderState = z.object({
  provider: z.enum(OAUTH_PROVIDER_NAMES),
  configured: z.boolean(),
  enabled: z.boolean(),
});

/** Every setting the shell reads, as the console edits them. Never a secret. */
export const appSettings = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  short_name: z.string().nullable(),
  domains: z.array(z.string()),
  main_color: z.string(),
  bg_color: z.string(),
  theme: z.enum(THEMES),
  menu_style: z.enum(MENU_STYLES),
  locale: z.enum(LOCALES),
  time_format: z.enum(TIME_FORMATS),
  currency: z.object({ title: z.string(), symbol: z.string(), is_before: z.boolean() }),
  /** The "Powered by" mark (spec 1: appBranding). */
  branding: z.boolean(),
  signup_mode: z.enum(SIGNUP_MODES),
  signup_title: z.string().nullable(),
  oauth: z.array(oauthProviderState),
  terms_url: z.string().nullable(),
  terms_text: z.string().nullable(),
  privacy_url: z.string().nullable(),
  privacy_text: z.string().nullable(),
  is_published: z.boolean(),
  is_locked: z.boolean(),
  logo_url: z.string().nullable(),
  /** The PNG icons made from the logo (null: the generated initials icon). */
  icon_url: z.string().nullable(),
  max_upload_size: z.number().int(),
});
export type AppSettings = z.infer<typeof appSettings>;

/** A partial update: only the fields sent change. */
export const appSettingsUpdate = z
  .object({
    key: appKey,
    name: appName,
    short_name: optionalText(12),
    domains: z.array(domain).max(20, { error: 'console-apps.errors.tooManyDomains' }),
    main_color: color,
    bg_color: color,
    theme: z.enum(THEMES, { error: 'common.errors.invalid' }),
    menu_style: z.enum(MENU_STYLES, { error: 'common.errors.invalid' }),
    locale: z.enum(LOCALES, { error: 'console-apps.errors.locale' }),
    time_format: z.enum(TIME_FORMATS, { error: 'common.errors.invalid' }),
    currency: appCurrency,
    branding: z.boolean(),
    signup_mode: z.enum(SIGNUP_MODES, { error: 'common.errors.invalid' }),
    signup_title: optionalText(200),
    /** Providers switched on or off by name; only configured ones can be on. */
    oauth: z.partialRecord(z.enum(OAUTH_PROVIDER_NAMES), z.boolean()),
    terms_url: httpUrl,
    terms_text: optionalText(20_000),
    privacy_url: httpUrl,
    privacy_text: optionalText(20_000),
    max_upload_size: z
      .number({ error: 'console-apps.errors.uploadSize' })
      .int({ error: 'console-apps.errors.uploadSize' })
      .min(UPLOAD_SIZE.min, { error: 'console-apps.errors.uploadSize' })
      .max(UPLOAD_SIZE.max, { error: 'console-apps.errors.uploadSize' }),
  })
  .partial()
  .strict();
export type AppSettingsUpdate = z.input<typeof appSettingsUpdate>;

/** A new app (operators): what it needs to exist; the rest has defaults and is set afterwards. */
export const appCreate = z
  .object({
    name: appName,
    key: appKey,
    locale: z.enum(LOCALES, { error: 'console-apps.errors.locale' }).default('en_US'),
    theme: z.enum(THEMES, { error: 'common.errors.invalid' }).default('light'),
  })
  .strict();
export type AppCreate = z.input<typeof appCreate>;

const appPath = `${CONSOLE_API}/apps/:app_id`;
const status = (action: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path: `${appPath}/${action}`,
    params: consoleAppParams,
    response: appSettings,
    tag: 'console',
    summary,
  });

export const consoleAppsEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: `${appPath}/settings`,
    params: consoleAppParams,
    response: appSettings,
    tag: 'console',
    summary: 'Every setting of an app the shell reads (owner)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${appPath}/settings`,
    params: consoleAppParams,
    body: appSettingsUpdate,
    response: appSettings,
    tag: 'console',
    summary: 'Changes some settings of an app (owner); open attendee apps follow at once',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${CONSOLE_API}/apps`,
    body: appCreate,
    response: appSettings,
    tag: 'console',
    summary: 'Creates an app, unpublished, with a profile and a settings module (operators)',
  }),
  publish: status('publish', 'Publishes an app (owner)'),
  unpublish: status('unpublish', 'Unpublishes an app: attendees get 451 (owner)'),
  lock: status('lock', 'Locks an app: attendees get 423 and are disconnected (owner)'),
  unlock: status('unlock', 'Unlocks an app (owner)'),
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: `${appPath}/logo`,
    params: consoleAppParams,
    response: appSettings,
    tag: 'console',
    summary: 'Uploads the logo (multipart field `logo`, an image up to 5 MB); the icons are made from it (owner)',
  }),
  removeLogo: defineEndpoint({
    method: 'DELETE',
    path: `${appPath}/logo`,
    params: consoleAppParams,
    response: appSettings,
    tag: 'console',
    summary: 'Removes the logo: the generated icon again (owner)',
  }),
};
