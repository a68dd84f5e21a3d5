import { describe, expect, it } from 'vitest';
import { brightness, contrast, isDark, isLight, parseColor, themeVariables } from './color.ts';

describe('colour parsing (spec 1 §5)', () => {
  it('parses 3 and 6 digit hex and rgb()', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor('2456d3')).toEqual({ r: 36, g: 86, b: 211 });
    expect(parseColor('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor('rgba(10,20,30,0.5)')).toEqual({ r: 10, g: 20, b: 30 });
  });

  it('throws for anything else', () => {
    for (const bad of ['#ffff', 'red', '#12345g', 'hsl(1,2%,3%)', '']) expect(() => parseColor(bad)).toThrow();
  });

  it('classifies brightness with the 175 and 65 thresholds', () => {
    expect(brightness(parseColor('#ffffff'))).toBe(255);
    expect(isLight(parseColor('#f0f0f0'))).toBe(true);
    expect(isDark(parseColor('#202020'))).toBe(true);
    expect(isLight(parseColor('#808080'))).toBe(false);
    expect(isDark(parseColor('#808080'))).toBe(false);
  });

  it('derives an accent that reads at 4.5:1 on the page and the cards in both themes', () => {
    for (const c of ['#f59f00', '#ffeb3b', '#2456d3', '#111111']) {
      for (const theme of ['light', 'dark'] as const) {
        const v = themeVariables(c, theme);
        // Dark: the page, cards and raised surfaces (--bg, --surface, --surface-2).
        const pages = theme === 'dark' ? ['#111418', '#1b1f26', '#252a33'] : ['#ffffff'];
        for (const page of pages)
          expect(contrast(parseColor(v['--accent'] ?? ''), parseColor(page)), `${c} on ${page}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(parseColor(v['--accent'] ?? ''), parseColor(v['--on-accent'] ?? ''))).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
