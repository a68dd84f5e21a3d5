/**
 * Every locale file but the server's mail namespace and the console's (`console*.json`, apps/console), keyed `./<locale>/<ns>.json`: a lazy import
 * each. A chunk of its own, loaded by lib/i18n.ts with the first namespace a screen needs.
 */
export const LOCALE_FILES = import.meta.glob<Record<string, unknown>>(['./*/*.json', '!./*/mail.json', '!./*/console*.json'], {
  import: 'default',
  base: '../../../../packages/i18n/locales',
});
