import { readFileSync } from 'node:fs';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatBubble, formatDate, formatFileSize, formatNumber, formatTime, relativeTime } from './format.ts';

// A stand-in t() that shows which key and count were asked for.
const MONTHS = JSON.parse(readFileSync(new URL('../../../../packages/i18n/locales/en_US/common.json', import.meta.url), 'utf8')).time
  .monthsShort;
const t = ((key: string, o?: { count?: number }) =>
  key === 'common.time.monthsShort' ? MONTHS : o?.count !== undefined ? `${key}:${o.count}` : key) as unknown as TFunction;

describe('helper rules (spec 3)', () => {
  it('formats file sizes 1024-based with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatFileSize(1234567, 1)).toBe('1.2 MB');
    expect(formatFileSize(1024 ** 8 * 3)).toBe('3 YB');
  });

  it('groups thousands with commas', () => {
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567.5)).toBe('1,234,567.5');
  });

  it('caps bubbles at 99+', () => {
    expect(formatBubble(99)).toBe('99');
    expect(formatBubble(100)).toBe('99+');
  });

  it('writes dates as DD MMM YYYY and times in 24H or 12h', () => {
    const d = new Date(2026, 10, 3, 14, 5);
    expect(formatDate(d, t)).toBe('03 Nov 2026');
    expect(formatTime(d, '24H')).toBe('14:05');
    expect(formatTime(d, '12H')).toBe('2:05 PM');
    expect(formatTime(new Date(2026, 0, 1, 0, 7), '12H')).toBe('12:07 AM');
  });

  it('labels relative times', () => {
    const now = new Date(2026, 10, 23, 12, 0);
    const ago = (ms: number) => relativeTime(new Date(now.getTime() - ms), now, t);
    expect(ago(30_000)).toBe('common.time.justNow');
    expect(ago(5 * 60_000)).toBe('common.time.minutes:5');
    expect(ago(3 * 3_600_000)).toBe('common.time.hours:3');
    expect(ago(2 * 86_400_000)).toBe('common.time.days:2');
    expect(ago(10 * 86_400_000)).toBe('13 Nov 2026');
    // Another month: days up to 7.
    expect(relativeTime(new Date(2026, 9, 31, 12), new Date(2026, 10, 7, 12), t)).toBe('common.time.days:7');
    expect(relativeTime(new Date(2025, 11, 31, 12), new Date(2026, 0, 2, 12), t)).toBe('31 Dec 2025');
  });
});
