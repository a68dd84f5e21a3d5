import { describe, expect, it } from 'vitest';
import { appModeOf, deviceTypeOf } from './pwa-audit.ts';

describe('pwa audit facts', () => {
  it('derives the device type from the width', () => {
    expect(deviceTypeOf(390)).toBe('mobile');
    expect(deviceTypeOf(723)).toBe('mobile');
    expect(deviceTypeOf(724)).toBe('tablet');
    expect(deviceTypeOf(1019)).toBe('tablet');
    expect(deviceTypeOf(1020)).toBe('desktop');
  });
  it('derives the app mode from the display mode', () => {
    expect(appModeOf('', () => false)).toBe('browser');
    expect(appModeOf('', (q) => q === '(display-mode: standalone)')).toBe('standalone');
    expect(appModeOf('android-app://com.example', () => false)).toBe('twa');
  });
});
