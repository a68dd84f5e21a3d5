import { describe, expect, it } from 'vitest';
import { canOfferInstall, detectPlatform } from './install-logic.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('detectPlatform', () => {
  it('tells iOS Safari from other iOS browsers', () => {
    expect(detectPlatform(IPHONE_SAFARI)).toEqual({ phone: true, ios: true, iosSafari: true });
    expect(detectPlatform(IPHONE_CHROME)).toEqual({ phone: true, ios: true, iosSafari: false });
  });
  it('counts Android phones but not tablets or desktops', () => {
    expect(detectPlatform(ANDROID).phone).toBe(true);
    expect(detectPlatform(ANDROID_TABLET).phone).toBe(false);
    expect(detectPlatform(DESKTOP).phone).toBe(false);
    expect(detectPlatform(DESKTOP, true).phone).toBe(true);
  });
});

describe('canOfferInstall', () => {
  const base = { platform: detectPlatform(ANDROID), standalone: false, previewFrame: false, declined: false };
  it('offers on a phone browser tab', () => expect(canOfferInstall(base)).toBe(true));
  it('never in the installed app, the preview frame, after declining or on desktop', () => {
    expect(canOfferInstall({ ...base, standalone: true })).toBe(false);
    expect(canOfferInstall({ ...base, previewFrame: true })).toBe(false);
    expect(canOfferInstall({ ...base, declined: true })).toBe(false);
    expect(canOfferInstall({ ...base, platform: detectPlatform(DESKTOP) })).toBe(false);
  });
});
