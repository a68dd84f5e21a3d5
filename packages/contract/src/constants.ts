/** Interface locales: cookie values of spec 1 §1. Anything else means English. */
export const LOCALES = [
  'en_US',
  'cs_CZ',
  'nl_NL',
  'fr_FR',
  'de_DE',
  'it_IT',
  'ko_KR',
  'lt_LT',
  'pl_PL',
  'pt_PT',
  'ru_RU',
  'es_ES',
  'sv_SE',
  'uk_UA',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';

/** A cookie value as a supported locale; anything else means English (spec 1 §1). */
export function toLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  const wanted = value.trim().replace('-', '_').toLowerCase();
  return LOCALES.find((l) => l.toLowerCase() === wanted) ?? DEFAULT_LOCALE;
}

export const MODULE_TYPES = [
  'profile',
  'networking',
  'forums',
  'chats',
  'activity',
  'agenda',
  'blogs',
  'news',
  'catalog',
  'marketplace',
  'events',
  'freeform',
  'resources',
  'settings',
  'twitter',
  'appusers',
  'webview',
] as const;
export type ModuleType = (typeof MODULE_TYPES)[number];

/** Menu entries that are not modules but install hints. */
export const MENU_ENTRY_TYPES = [...MODULE_TYPES, 'installIos', 'installAndroid'] as const;

export const MENU_STYLES = ['classic', 'ontop', 'page', 'large'] as const;
export type MenuStyle = (typeof MENU_STYLES)[number];

export const THEMES = ['light', 'dark'] as const;
export const TIME_FORMATS = ['24H', '12H'] as const;
export const SIGNUP_MODES = ['open', 'invite'] as const;

export const BREAKPOINTS = { xs: 321, sm: 412, md: 724, lg: 1020, xl: 1420, xxl: 1840 } as const;

export const ACHIEVEMENTS = ['legend', 'push', 'leader', 'meetmaster', 'connector'] as const;
export const PREFERENCES = ['networking', 'learning', 'business'] as const;

export const LIMITS = {
  footerEntries: 5,
  bubbleMax: 99,
  activitySkeletonRows: 7,
  activityRefreshMs: 10_000,
  toastMs: 1500,
  pushPromptDelayMs: 1000,
  notificationQueueDesktop: 3,
  notificationDismissMs: 20_000,
  perPageDefault: 20,
  perPageMax: 100,
  pageMax: 100_000,
  stringMax: 10_000,
  passwordMin: 8,
  passwordMax: 200,
  nameMax: 100,
  emailMax: 254,
  urlMax: 2048,
} as const;

/** Response header carrying the build version (spec 1 §4 core version). */
export const CORE_VERSION_HEADER = 'x-core-version';

export const PAGINATION_HEADERS = {
  pageCount: 'x-pagination-page-count',
  totalCount: 'x-pagination-total-count',
  currentPage: 'x-pagination-current-page',
  perPage: 'x-pagination-per-page',
} as const;
