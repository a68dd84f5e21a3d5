import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale, toLocale } from '@app/contract/constants';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../../../../packages/i18n/locales');
const catalogues = new Map<Locale, Map<string, string>>();
/** Every namespace: one JSON file per namespace in the English folder (a new module adds its own). */
const NAMESPACES = fs
  .readdirSync(path.join(localesDir, DEFAULT_LOCALE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));

function flatten(tree: Tree, prefix: string, out: Map<string, string>) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
}

function load(locale: Locale): Map<string, string> {
  let cat = catalogues.get(locale);
  if (cat) return cat;
  cat = new Map();
  for (const ns of NAMESPACES) {
    const file = path.join(localesDir, locale, `${ns}.json`);
    if (fs.existsSync(file)) flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree, ns, cat);
  }
  catalogues.set(locale, cat);
  return cat;
}

/** Translates `ns.key` (e.g. `auth.errors.email`) into the locale, falling back to English. */
export function translate(locale: Locale, key: string, vars: Record<string, string | number> = {}): string {
  const text = load(locale).get(key) ?? load(DEFAULT_LOCALE).get(key);
  if (text === undefined) return key;
  return text.replace(/\{\{?(\w+)\}?\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** True when the string looks like one of our keys rather than a sentence. */
export function isKey(s: string): boolean {
  return /^[a-z][a-z-]*\.[a-zA-Z.]+$/.test(s) && load(DEFAULT_LOCALE).has(s);
}

/** A cookie's value, or undefined when absent or malformed. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  const raw = header?.match(new RegExp(`(?:^|;\\s*)${name}=([^;]+)`))?.[1];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * The user's language as the client picks it: the locale cookie, else the
 * app's locale (spec 1 §1), so server messages match the interface.
 */
export function requestLocale(cookieHeader: string | undefined, appLocale?: string): Locale {
  return toLocale(readCookie(cookieHeader, 'locale') ?? appLocale);
}
