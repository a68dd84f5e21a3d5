import { z } from 'zod';
import { MENU_ENTRY_TYPES, MENU_STYLES, SIGNUP_MODES, THEMES, TIME_FORMATS } from '../constants.ts';

export const currency = z.object({ title: z.string(), symbol: z.string(), is_before: z.boolean() });

/** GET /user/app-config (spec 1 §3 App config). */
export const appConfig = z.object({
  app_key: z.string(),
  is_published: z.boolean(),
  main_color: z.string(),
  bg_color: z.string(),
  theme: z.enum(THEMES),
  app_branding: z.boolean(),
  time_format: z.enum(TIME_FORMATS),
  menu_style: z.enum(MENU_STYLES),
  app_name: z.string(),
  app_logo: z.string().nullable(),
  locale: z.string(),
  currency,
  signup_mode: z.enum(SIGNUP_MODES),
  signup_title: z.string().nullable(),
  /** Sign-in providers configured for the app (apple, google, facebook, linkedin). */
  oauth_providers: z.array(z.string()),
  /** Consent texts at sign-up set by the organiser: a page of theirs (URL) or a text; absent or null: the built-in ones. */
  terms_url: z.string().nullable().optional(),
  terms_text: z.string().nullable().optional(),
  privacy_url: z.string().nullable().optional(),
  privacy_text: z.string().nullable().optional(),
});
export type AppConfig = z.infer<typeof appConfig>;

export const appConfigQuery = z.object({ expand: z.string().max(100).optional() }).strict();

export const menuItem = z.object({
  app_module_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  type: z.enum(MENU_ENTRY_TYPES),
  icon_name: z.string(),
  icon: z.string().nullable(),
  url: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** Unread item ids; the length is the badge count. */
  bubble: z.array(z.number().int()),
});
export type MenuItem = z.infer<typeof menuItem>;

/** GET /user/app-menu (spec 1 §3 Menu response). */
export const appMenu = z.object({
  menu: z.array(menuItem),
  user_id: z.number().int(),
  owner_email: z.string().nullable(),
  claims: z.array(z.string()),
  max_upload_size: z.number().int(),
  is_admin: z.boolean(),
  /** Empty means the profile is not complete. */
  is_profile_completed: z.array(z.string()),
  preferences_all: z.array(z.string()),
  achive_badges_all: z.array(z.string()),
  push_public_key: z.string(),
  app_badge_count: z.number().int(),
});
export type AppMenu = z.infer<typeof appMenu>;

/** Page metadata the server injects into index.html for the app the host resolves to. */
export const pageMeta = z.object({
  app_key: z.string(),
  app_url: z.string(),
  app_name: z.string(),
  main_color: z.string(),
  bg_color: z.string(),
  theme: z.enum(THEMES),
  app_branding: z.boolean(),
  core_version: z.string(),
  dev: z.boolean(),
  /** Origins of the admin pages that may frame the app (preview) and hand it an admin token. */
  admin_origins: z.array(z.string()),
  /** The app-config answer, so the first screen needs no round trip for it (absent when locked). */
  app_config: appConfig.optional(),
  /** The page's language as the server chose it (the locale cookie, else the app's), so the app starts without reading cookies. */
  locale: z.string().optional(),
});
export type PageMeta = z.infer<typeof pageMeta>;
