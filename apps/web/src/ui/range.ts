/** The number input and range slider rules of spec 1 §5, pure so both widgets and the tests share them. */

/** Keeps only digits (and, when decimals are allowed, the first decimal point; a comma counts as one). */
export function digitsOnly(text: string, allowDecimal = false): string {
  if (!allowDecimal) return text.replace(/\D/g, '');
  const cleaned = text.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot < 0 ? cleaned : `${cleaned.slice(0, dot + 1)}${cleaned.slice(dot + 1).replace(/\./g, '')}`;
}

/** The bounds are enforced only when both exist and neither is negative (spec 1 §5). */
export const boundsApply = (min: number | undefined, max: number | undefined): boolean =>
  min !== undefined && max !== undefined && min >= 0 && max >= 0;

export interface BoundsCheck {
  value: number;
  /** Which bound the value was clamped to: the caller shows "The minimum/maximum value is {val}!". */
  clamped?: 'min' | 'max';
}

/** Clamps a typed value to min or max, saying which, when the bounds apply. */
export function checkBounds(value: number, min: number | undefined, max: number | undefined): BoundsCheck {
  if (!boundsApply(min, max) || min === undefined || max === undefined) return { value };
  if (value < min) return { value: min, clamped: 'min' };
  if (value > max) return { value: max, clamped: 'max' };
  return { value };
}

/** A pattern, when given, is tested on each input; no pattern means valid. */
export function matchesPattern(text: string, pattern: string | RegExp | undefined): boolean {
  if (pattern === undefined) return true;
  // A string pattern is the whole value, as the HTML `pattern` attribute reads it.
  const re = typeof pattern === 'string' ? new RegExp(`^(?:${pattern})$`, 'u') : new RegExp(pattern.source, pattern.flags.replace('g', ''));
  return re.test(text);
}

/** A slider's bounds: min equal to max raises max by one; min above max swaps them. */
export function sliderBounds(min: number, max: number): { min: number; max: number } {
  if (min === max) return { min, max: max + 1 };
  return min > max ? { min: max, max: min } : { min, max };
}

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The two ends of a range, clamped into the bounds and in order. */
export function clampRange(low: number, high: number, bounds: { min: number; max: number }): [number, number] {
  const a = clamp(low, bounds.min, bounds.max);
  const b = clamp(high, bounds.min, bounds.max);
  return a <= b ? [a, b] : [b, a];
}

/** Step 1 when every number given is whole, otherwise 0.01. */
export const sliderStep = (...numbers: number[]): number => (numbers.every(Number.isInteger) ? 1 : 0.01);

/** Rounds to the step, so 0.1 + 0.2 shows as 0.3. */
export const roundToStep = (value: number, step: number): number => (step === 1 ? Math.round(value) : Math.round(value * 100) / 100);
