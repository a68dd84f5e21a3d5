import { DEFAULT_LOCALE, LOCALES, type Locale, toLocale } from '@app/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console's texts: its own namespaces (`console*.json`, one per area) plus `common` and `auth`,
 * whose keys the contract's zod messages use. Every file is a lazy import; the attendee app's
 * glob leaves the console's files out (apps/web/src/lib/i18n-files.ts).
 */
const FILES = import.meta.glob<Record<string, unknown>>(['./*/console*.json', './*/common.json', './*/auth.json'], {
  import: 'default',
  base: '../../../../packages/i18n/locales',
});

/** Loaded with the first screen: the shell's texts and those the contract's messages need. */
export const CORE_NAMESPACES = ['console', 'common', 'auth'] as const;

/** i18next wants BCP 47 (en-US) so Intl plural rules work; cookies keep en_US. */
export const toLng = (l: Locale) => l.replace('_', '-');

const loads = new Map<string, Promise<void>>();

function loadBundle(locale: Locale, ns: string): Promise<void> {
  const lng = toLng(locale);
  const id = `${lng}/${ns}`;
  if (i18next.hasResourceBundle(lng, ns)) return Promise.resolve();
  let p = loads.get(id);
  if (!p) {
    const load = FILES[`./${locale}/${ns}.json`];
    p = load
      ? load()
          .then((data) => void i18next.addResourceBundle(lng, ns, data, true, true))
          .catch((err: unknown) => {
            loads.delete(id);
            throw err;
          })
      : Promise.resolve();
    loads.set(id, p);
  }
  return p;
}

/** Namespaces a screen needs (an area's `console-<area>`), in the current language and in English. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const locale = currentLocale();
  const wanted = locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE];
  await Promise.all(wanted.flatMap((l) => namespaces.map((ns) => loadBundle(l, ns))));
}

function readCookie(name: string): string | null {
  try {
    const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
    return m?.[1] ? decodeURIComponent(m[1]) : null;
  } catch {
    return null;
  }
}

/** A browser language (de-DE, or just de) as one of the 14 locales, if any matches. */
function browserLocale(): Locale | undefined {
  for (const lang of navigator.languages ?? [navigator.language]) {
    const exact = LOCALES.find((l) => l.toLowerCase() === lang.replace('-', '_').toLowerCase());
    if (exact) return exact;
    const prefix = lang.slice(0, 2).toLowerCase();
    const close = LOCALES.find((l) => l.slice(0, 2) === prefix);
    if (close) return close;
  }
  return undefined;
}

/** The `locale` cookie the attendee app also writes, else the browser's language, else en_US. */
export function initialLocale(): Locale {
  const cookie = readCookie('locale');
  if (cookie) return toLocale(cookie);
  return browserLocale() ?? DEFAULT_LOCALE;
}

export async function initI18n(locale: Locale) {
  await i18next.use(initReactI18next).init({
    lng: toLng(locale),
    fallbackLng: toLng(DEFAULT_LOCALE),
    ns: [...CORE_NAMESPACES],
    partialBundledLanguages: true,
    resources: {},
    defaultNS: 'console',
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadNamespaces(CORE_NAMESPACES);
  document.documentElement.lang = toLng(locale).slice(0, 2);
}

/** Switches language: loads every namespace loaded so far, stores the cookie (365 days), re-renders. */
export async function changeLocale(locale: Locale) {
  const loaded = Object.keys(i18next.store.data[toLng(DEFAULT_LOCALE)] ?? {});
  await Promise.all(loaded.map((ns) => loadBundle(locale, ns)));
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's locale cookie is a plain cookie, shared with the attendee app
  document.cookie = `locale=${encodeURIComponent(locale)}; Path=/; Max-Age=${365 * 86_400}; SameSite=Lax`;
  await i18next.changeLanguage(toLng(locale));
  document.documentElement.lang = toLng(locale).slice(0, 2);
}

export const currentLocale = (): Locale => toLocale(i18next.language);

export { i18next };
