import type { TFunction } from 'i18next';

/** Units of spec 3 "Helper rules": 1024-based, Bytes to YB. */
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];

export function formatFileSize(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${Number.parseFloat(value.toFixed(Math.max(0, decimals)))} ${SIZE_UNITS[i]}`;
}

/** Thousands grouped with commas: 1234567 → 1,234,567. */
export function formatNumber(n: number): string {
  const [int, frac] = String(n).split('.');
  const grouped = (int ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** Menu bubble label: 99+ above 99. */
export function formatBubble(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * DD MMM YYYY with the language's short month name (`common.time.monthsShort`, twelve names
 * separated by "|"). Not Intl.DateTimeFormat: its first use loads the locale's data, about 40 ms
 * of main thread on a phone, in the middle of the feed's first render.
 */
export function formatDate(date: Date, t: TFunction): string {
  const month = t('common.time.monthsShort').split('|')[date.getMonth()] ?? String(date.getMonth() + 1);
  return `${String(date.getDate()).padStart(2, '0')} ${month} ${date.getFullYear()}`;
}

/** 24H (14:05) or 12h (2:05 PM) as the app sets it. */
export function formatTime(date: Date, timeFormat: string): string {
  const h = date.getHours();
  const m = String(date.getMinutes()).padStart(2, '0');
  if (timeFormat === '24H') return `${String(h).padStart(2, '0')}:${m}`;
  return `${h % 12 || 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Relative label of spec 3 "Helper rules": just now, minutes, hours, days (1–6),
 * then a date; another month of the same year keeps days up to 7; another year
 * shows the full date.
 */
export function relativeTime(date: Date, now: Date, t: TFunction): string {
  const diff = Math.max(0, now.getTime() - date.getTime());
  const minutes = Math.floor(diff / 60_000);
  const hours = Math.floor(diff / 3_600_000);
  const days = Math.floor(diff / 86_400_000);
  if (minutes < 1) return t('common.time.justNow');
  if (minutes < 60) return t('common.time.minutes', { count: minutes });
  if (hours < 24) return t('common.time.hours', { count: hours });
  if (date.getFullYear() !== now.getFullYear()) return formatDate(date, t);
  const sameMonth = date.getMonth() === now.getMonth();
  if (days <= 6 || (!sameMonth && days <= 7)) return t('common.time.days', { count: days });
  return formatDate(date, t);
}
