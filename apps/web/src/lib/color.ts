export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Parses #abc, #aabbcc (with or without #) and rgb()/rgba(); anything else throws (spec 1 §5). */
export function parseColor(input: string): Rgb {
  const s = input.trim();
  const hex = s.replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) {
    const [r, g, b] = [...hex].map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
    return { r, g, b };
  }
  if (/^[0-9a-f]{6}$/i.test(hex)) {
    return { r: Number.parseInt(hex.slice(0, 2), 16), g: Number.parseInt(hex.slice(2, 4), 16), b: Number.parseInt(hex.slice(4, 6), 16) };
  }
  const m = s.match(/^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i);
  if (m) {
    const [r, g, b] = [m[1], m[2], m[3]].map((v) => Math.min(255, Number(v))) as [number, number, number];
    return { r, g, b };
  }
  throw new Error(`Not a hex or rgb colour: ${input}`);
}

/** Perceived brightness 0–255. */
export const brightness = ({ r, g, b }: Rgb) => (r * 299 + g * 587 + b * 114) / 1000;

/** Thresholds of spec 3: above 175 is light, below 65 is dark. */
export const isLight = (c: Rgb) => brightness(c) > 175;
export const isDark = (c: Rgb) => brightness(c) < 65;

const toHex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance({ r, g, b }: Rgb): number {
  const f = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return { r: a.r + (b.r - a.r) * t, g: a.g + (b.g - a.g) * t, b: a.b + (b.b - a.b) * t };
}

/**
 * CSS variables for a theme colour: the brand colour itself, a version that
 * reaches 4.5:1 on the page background (for text and links), and its text colour.
 */
export function themeVariables(color: string, theme: 'light' | 'dark'): Record<string, string> {
  let brand: Rgb;
  try {
    brand = parseColor(color);
  } catch {
    brand = { r: 36, g: 86, b: 211 };
  }
  // Dark: accent text sits on cards and raised surfaces (--surface-2 #252a33, poll bars), lighter
  // than the page: reaching 4.5:1 on the lightest of them holds on the page too.
  const page: Rgb = theme === 'dark' ? { r: 37, g: 45, b: 64 } : { r: 255, g: 255, b: 255 };
  const towards: Rgb = theme === 'dark' ? { r: 255, g: 255, b: 255 } : { r: 0, g: 0, b: 0 };
  let accent = brand;
  for (let t = 0.05; contrast(accent, page) < 4.5 && t <= 1; t += 0.05) accent = mix(brand, towards, t);
  const white: Rgb = { r: 255, g: 255, b: 255 };
  const black: Rgb = { r: 0, g: 0, b: 0 };
  // The filled button uses the accent, so its label contrast is guaranteed too.
  const onAccent = contrast(accent, white) >= contrast(accent, black) ? '#ffffff' : '#000000';
  return { '--brand': toHex(brand), '--accent': toHex(accent), '--on-accent': onAccent };
}
