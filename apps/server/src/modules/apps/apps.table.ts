import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** Endpoints default to the provider's public ones; set them for a private or test provider. */
  authorizeUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  scope?: string;
  /** Switched off in the console: kept configured, but not offered at sign-in. Absent means on. */
  enabled?: boolean;
}

/** Icons made from an uploaded logo (console): URLs under /uploads/app-icons/. */
export interface AppIcons {
  /** 192 × 192 PNG. */
  icon192: string;
  /** 512 × 512 PNG. */
  icon512: string;
  /** 512 × 512 PNG with the safe-zone padding of a maskable icon. */
  maskable512: string;
  /** 180 × 180 PNG for iOS's home screen (apple-touch-icon). */
  apple180: string;
}

/** A white-label app (tenant). */
export const apps = pgTable('apps', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  /** The manifest's short_name (home-screen label); null: made from the name. */
  shortName: text('short_name'),
  logoUrl: text('logo_url'),
  /** Manifest and page icons made from the logo; null: the generated initials icon. */
  icons: jsonb('icons').$type<AppIcons>(),
  mainColor: text('main_color').notNull().default('#3b5bdb'),
  bgColor: text('bg_color').notNull().default('#ffffff'),
  theme: text('theme', { enum: ['light', 'dark'] })
    .notNull()
    .default('light'),
  branding: boolean('branding').notNull().default(true),
  locale: text('locale').notNull().default('en_US'),
  timeFormat: text('time_format', { enum: ['24H', '12H'] })
    .notNull()
    .default('24H'),
  currencyTitle: text('currency_title').notNull().default('EUR'),
  currencySymbol: text('currency_symbol').notNull().default('€'),
  currencyBefore: boolean('currency_before').notNull().default(false),
  menuStyle: text('menu_style', { enum: ['classic', 'ontop', 'page', 'large'] })
    .notNull()
    .default('classic'),
  signupMode: text('signup_mode', { enum: ['open', 'invite'] })
    .notNull()
    .default('open'),
  signupTitle: text('signup_title'),
  /** Consent texts at sign-up: a URL of the organiser's own page, or a text shown in a dialog (null: the built-in one). */
  termsUrl: text('terms_url'),
  termsText: text('terms_text'),
  privacyUrl: text('privacy_url'),
  privacyText: text('privacy_text'),
  isPublished: boolean('is_published').notNull().default(true),
  isLocked: boolean('is_locked').notNull().default(false),
  ownerEmail: text('owner_email'),
  maxUploadSize: integer('max_upload_size')
    .notNull()
    .default(10 * 1024 * 1024),
  /** Sign-in providers by name (google, facebook, linkedin, apple). */
  oauth: jsonb('oauth').$type<Record<string, OAuthProviderConfig>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names that resolve to an app. */
export const appDomains = pgTable('app_domains', {
  domain: text('domain').primaryKey(),
  appId: integer('app_id')
    .notNull()
    .references(() => apps.id, { onDelete: 'cascade' }),
});

/** The menu of an app: one row per module. */
export const appModules = pgTable(
  'app_modules',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    iconName: text('icon_name').notNull().default(''),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('app_modules_app_idx').on(t.appId, t.position)],
);

/** Key/value secrets generated once (VAPID keys). */
export const appSecrets = pgTable(
  'app_secrets',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('app_secrets_name_idx').on(t.name)],
);
