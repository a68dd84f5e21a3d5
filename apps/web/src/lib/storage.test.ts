import { describe, expect, it } from 'vitest';
import { appConfigCookies, getCookie, readCookie } from './storage.ts';

describe('readCookie', () => {
  it('reads and decodes one cookie among others', () => {
    const jar = 'locale=de_DE; currency_symbol=%E2%82%AC; timeFormat=12H';
    expect(readCookie(jar, 'locale')).toBe('de_DE');
    expect(readCookie(jar, 'currency_symbol')).toBe('€');
    expect(readCookie(jar, 'timeFormat')).toBe('12H');
    expect(readCookie(jar, 'missing')).toBeNull();
    expect(readCookie('xlocale=fr_FR', 'locale')).toBeNull();
    expect(readCookie('locale=', 'locale')).toBeNull();
  });

  it('returns null for a malformed value instead of throwing', () => {
    expect(() => decodeURIComponent('%E0%A4%A')).toThrow(URIError);
    expect(readCookie('locale=%E0%A4%A; other=1', 'locale')).toBeNull();
    expect(readCookie('locale=100%', 'locale')).toBeNull();
    expect(readCookie('locale=100%; other=1', 'other')).toBe('1');
  });

  it('treats the name literally, not as a pattern', () => {
    expect(readCookie('aXb=1', 'a.b')).toBeNull();
    expect(readCookie('a.b=2', 'a.b')).toBe('2');
  });

  it('getCookie is null where there is no document', () => {
    expect(getCookie('locale')).toBeNull();
  });
});

describe('appConfigCookies', () => {
  it('mirrors the time format and the currency', () => {
    expect(appConfigCookies({ time_format: '12H', currency: { title: 'Euro', symbol: '€', is_before: false } })).toEqual([
      ['timeFormat', '12H'],
      ['currency_before', '0'],
      ['currency_symbol', '€'],
    ]);
    expect(appConfigCookies({ time_format: '24H', currency: { title: 'US Dollar', symbol: '$', is_before: true } })).toEqual([
      ['timeFormat', '24H'],
      ['currency_before', '1'],
      ['currency_symbol', '$'],
    ]);
  });
});
