import { DEFAULT_LOCALE, type Locale, toLocale } from '@app/contract/constants';
import { NAMESPACES } from '@app/i18n/namespaces';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getCookie, setCookie } from './storage.ts';

type Resources = Record<string, Record<string, unknown>>;

// English ships in the main bundle; other languages load on demand.
// The mail namespace is the server's; the client never loads it.
const english = import.meta.glob<Record<string, unknown>>(
  ['../../../../packages/i18n/locales/en_US/*.json', '!../../../../packages/i18n/locales/en_US/mail.json'],
  { eager: true, import: 'default' },
);
const others = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../packages/i18n/locales/*/*.json',
    '!../../../../packages/i18n/locales/en_US/*.json',
    '!../../../../packages/i18n/locales/*/mail.json',
  ],
  { import: 'default' },
);

/** i18next wants BCP 47 (en-US) so Intl plural rules work; cookies keep en_US. */
export const toLng = (l: Locale) => l.replace('_', '-');

function bundle(files: Record<string, Record<string, unknown>>): Resources {
  const out: Resources = {};
  for (const [file, data] of Object.entries(files)) {
    const ns = file.split('/').pop()?.replace('.json', '');
    if (ns) out[ns] = data;
  }
  return out;
}

async function loadLocale(locale: Locale): Promise<Resources> {
  const entries = Object.entries(others).filter(([file]) => file.includes(`/${locale}/`));
  const loaded = await Promise.all(entries.map(async ([file, load]) => [file, await load()] as const));
  return bundle(Object.fromEntries(loaded));
}

/** The locale cookie, else the app's locale, else en_US. */
export function initialLocale(appLocale?: string): Locale {
  return toLocale(getCookie('locale') ?? appLocale ?? DEFAULT_LOCALE);
}

export async function initI18n(locale: Locale) {
  const resources: Record<string, Resources> = { [toLng(DEFAULT_LOCALE)]: bundle(english) };
  if (locale !== DEFAULT_LOCALE) resources[toLng(locale)] = await loadLocale(locale);
  await i18next.use(initReactI18next).init({
    lng: toLng(locale),
    fallbackLng: toLng(DEFAULT_LOCALE),
    ns: NAMESPACES.filter((n) => n !== 'mail'),
    defaultNS: 'common',
    nsSeparator: '.',
    keySeparator: '.',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = toLng(locale).slice(0, 2);
}

/** Switches language: loads it, stores the cookie (365 days), re-renders. */
export async function changeLocale(locale: Locale) {
  const lng = toLng(locale);
  if (!i18next.hasResourceBundle(lng, 'common') && locale !== DEFAULT_LOCALE) {
    for (const [ns, data] of Object.entries(await loadLocale(locale))) i18next.addResourceBundle(lng, ns, data, true, true);
  }
  setCookie('locale', locale);
  await i18next.changeLanguage(lng);
  document.documentElement.lang = lng.slice(0, 2);
}

export const currentLocale = (): Locale => toLocale(i18next.language);

export { i18next };
