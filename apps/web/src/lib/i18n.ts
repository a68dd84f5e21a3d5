import { DEFAULT_LOCALE, type Locale, toLocale } from '@app/contract/constants';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './storage.ts';

type Resources = Record<string, Record<string, unknown>>;

/**
 * The shell's namespaces (sign-in, menus, errors) ship in English in the main bundle; other languages
 * and every feature's namespace load on demand, a feature's with its pages (`loadNamespaces`).
 * The mail namespace is the server's; the client never loads it.
 */
export const CORE_NAMESPACES = ['common', 'auth', 'shell'] as const;

const englishCore = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../packages/i18n/locales/en_US/common.json',
    '../../../../packages/i18n/locales/en_US/auth.json',
    '../../../../packages/i18n/locales/en_US/shell.json',
  ],
  { eager: true, import: 'default' },
);
/**
 * Every other locale file, by `<locale>/<ns>.json`: a table of ~190 lazy imports, kept in a chunk of
 * its own (lib/i18n-files.ts) and fetched with the first namespace a screen loads, instead of
 * weighing ~6 KB gz in the entry bundle.
 */
let filesTable: Promise<Record<string, () => Promise<Record<string, unknown>>>> | undefined;
const localeFiles = () => {
  filesTable ??= import('./i18n-files.ts').then(
    (m) => m.LOCALE_FILES,
    (err: unknown) => {
      filesTable = undefined;
      throw err;
    },
  );
  return filesTable;
};

/** i18next wants BCP 47 (en-US) so Intl plural rules work; cookies keep en_US. */
export const toLng = (l: Locale) => l.replace('_', '-');

const loads = new Map<string, Promise<void>>();

/** Adds one namespace of one locale to i18next, once (a file that does not exist adds nothing). */
function loadBundle(locale: Locale, ns: string): Promise<void> {
  const lng = toLng(locale);
  const id = `${lng}/${ns}`;
  if (i18next.hasResourceBundle(lng, ns)) return Promise.resolve();
  let p = loads.get(id);
  if (!p) {
    p = localeFiles()
      .then((files) => {
        const load = files[`./${locale}/${ns}.json`];
        return load ? load().then((data) => void i18next.addResourceBundle(lng, ns, data, true, true)) : undefined;
      })
      .catch((err: unknown) => {
        loads.delete(id);
        throw err;
      });
    loads.set(id, p);
  }
  return p;
}

/** Namespaces a screen needs, in the current language and in English (the fallback). */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  const locale = currentLocale();
  const wanted = locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [locale, DEFAULT_LOCALE];
  await Promise.all(wanted.flatMap((l) => namespaces.map((ns) => loadBundle(l, ns))));
}

/** Every namespace English has loaded so far: a language switch loads the same ones. */
const loadedNamespaces = () => Object.keys(i18next.store.data[toLng(DEFAULT_LOCALE)] ?? {});

/**
 * The language the server chose for the page (the locale cookie, else the app's), else the cookie,
 * else the app's locale, else en_US. Reading `document.cookie` waits for the browser process
 * (~70 ms on a phone at start), so the page's own answer comes first.
 */
export function initialLocale(appLocale?: string, pageLocale?: string): Locale {
  return toLocale(pageLocale ?? getCookie('locale') ?? appLocale ?? DEFAULT_LOCALE);
}

export async function initI18n(locale: Locale) {
  const english: Resources = {};
  for (const [file, data] of Object.entries(englishCore)) english[file.split('/').pop()?.replace('.json', '') ?? ''] = data;
  await i18next.use(initReactI18next).init({
    lng: toLng(locale),
    fallbackLng: toLng(DEFAULT_LOCALE),
    ns: [...CORE_NAMESPACES],
    partialBundledLanguages: true,
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    resources: { [toLng(DEFAULT_LOCALE)]: english },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (locale !== DEFAULT_LOCALE) await Promise.all(CORE_NAMESPACES.map((ns) => loadBundle(locale, ns)));
  document.documentElement.lang = toLng(locale).slice(0, 2);
}

/** Switches language: loads it, stores the cookie (365 days), re-renders. */
export async function changeLocale(locale: Locale) {
  const lng = toLng(locale);
  await Promise.all(loadedNamespaces().map((ns) => loadBundle(locale, ns)));
  setCookie('locale', locale);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng.slice(0, 2);
}

export const currentLocale = (): Locale => toLocale(i18next.language);

export { i18next };
