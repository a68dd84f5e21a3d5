import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const locales = path.resolve(import.meta.dirname, '../../../../../../packages/i18n/locales');
const texts = (locale: string) =>
  (JSON.parse(readFileSync(path.join(locales, locale, 'agenda-import.json'), 'utf8')) as { errors: Record<string, string> }).errors;

/**
 * Every key the readers name: in each error, warning, failure or Stop call, the last quoted word
 * before the parameters (`bad('date', 'required')`, `failure(line, 'tooManyRows', { max })`).
 */
function keysInCode(): Set<string> {
  const keys = new Set(['tooManyErrors']);
  for (const file of readdirSync(import.meta.dirname)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
    for (const call of source.split(/\b(?:bad|error|warn|failure|Stop)\(/).slice(1)) {
      const head = call.slice(0, call.indexOf(';')).split('{ ')[0] ?? '';
      const key = (head.match(/'[a-z][a-zA-Z]+'/g) ?? []).pop();
      if (key) keys.add(key.slice(1, -1));
    }
  }
  return keys;
}

describe('agenda-import texts', () => {
  it('has English and German for every key the readers use, with the same placeholders', () => {
    const en = texts('en_US');
    const de = texts('de_DE');
    const used = keysInCode();
    // No text without a use, no use without a text.
    expect([...used].sort()).toEqual(Object.keys(en).sort());
    for (const key of used) {
      expect(en[key], key).toBeTruthy();
      expect(de[key], key).toBeTruthy();
    }
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of Object.keys(en)) expect(placeholders(de[key] ?? ''), key).toEqual(placeholders(en[key] ?? ''));
  });
});
