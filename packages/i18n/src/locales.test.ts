import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, LOCALES } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const dir = path.resolve(import.meta.dirname, '../locales');
/** Every namespace: the English folder's files. */
const NAMESPACES = fs
  .readdirSync(path.join(dir, DEFAULT_LOCALE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length));
const PLURAL = /_(zero|one|two|few|many|other)$/;

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

const read = (locale: string, ns: string) => {
  const file = path.join(dir, locale, `${ns}.json`);
  return fs.existsSync(file) ? flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree) : new Map<string, string>();
};

/** Identical to English is allowed only for strings with almost no words (OK, E-mail) or listed with a reason. */
const allowedSame: Record<string, string[]> = JSON.parse(fs.readFileSync(path.join(dir, '..', 'same-as-english.json'), 'utf8'));
const wordy = (s: string) => s.replace(/\{\{\w+\}\}/g, '').replace(/[^\p{L}]/gu, '').length >= 4;
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    const lng = locale.replace('_', '-');
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
    it(`${locale} has every key, really translated, with the same placeholders`, () => {
      const problems: string[] = [];
      for (const ns of NAMESPACES) {
        const en = read(DEFAULT_LOCALE, ns);
        const tr = read(locale, ns);
        const bases = new Set([...en.keys()].map((k) => k.replace(PLURAL, '')));
        for (const base of bases) {
          const plural = !en.has(base);
          const englishValue = en.get(base) ?? en.get(`${base}_other`) ?? '';
          const keys = plural ? categories.map((c) => `${base}_${c}`) : [base];
          for (const key of keys) {
            const value = tr.get(key);
            if (value === undefined || value.trim() === '') problems.push(`${ns}.${key}: missing`);
            else {
              if (value === englishValue && wordy(value) && !allowedSame[locale]?.includes(`${ns}.${key}`)) {
                problems.push(`${ns}.${key}: same as English`);
              }
              const need = placeholders(englishValue).filter((p) => p !== 'count');
              const have = placeholders(value).filter((p) => p !== 'count');
              if (need.join() !== have.join()) problems.push(`${ns}.${key}: placeholders ${have.join()} instead of ${need.join()}`);
            }
          }
        }
        for (const key of tr.keys()) {
          if (!en.has(key) && !(PLURAL.test(key) && bases.has(key.replace(PLURAL, '')))) problems.push(`${ns}.${key}: not in English`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
