import { describe, expect, it } from 'vitest';
import { boundsApply, checkBounds, clampRange, digitsOnly, matchesPattern, roundToStep, sliderBounds, sliderStep } from './range.ts';

describe('number input rules', () => {
  it('accepts digits only', () => {
    expect(digitsOnly('12a3-4 e5+')).toBe('12345');
    expect(digitsOnly('-1.5')).toBe('15');
    expect(digitsOnly('')).toBe('');
  });

  it('keeps one decimal point when decimals are allowed', () => {
    expect(digitsOnly('1.2.3', true)).toBe('1.23');
    expect(digitsOnly('3,75', true)).toBe('3.75');
    expect(digitsOnly('-x9', true)).toBe('9');
  });

  it('clamps to the bounds and says which one when both are non-negative', () => {
    expect(checkBounds(5, 10, 100)).toEqual({ value: 10, clamped: 'min' });
    expect(checkBounds(150, 10, 100)).toEqual({ value: 100, clamped: 'max' });
    expect(checkBounds(50, 10, 100)).toEqual({ value: 50 });
    expect(checkBounds(10, 10, 100)).toEqual({ value: 10 });
    expect(checkBounds(100, 10, 100)).toEqual({ value: 100 });
    expect(checkBounds(0, 0, 0)).toEqual({ value: 0 });
  });

  it('leaves the value alone when a bound is missing or negative', () => {
    expect(boundsApply(-1, 10)).toBe(false);
    expect(boundsApply(0, undefined)).toBe(false);
    expect(checkBounds(50, -10, 10)).toEqual({ value: 50 });
    expect(checkBounds(-50, undefined, 10)).toEqual({ value: -50 });
    expect(checkBounds(500, 10, undefined)).toEqual({ value: 500 });
  });

  it('tests the pattern on the whole value', () => {
    expect(matchesPattern('1234', undefined)).toBe(true);
    expect(matchesPattern('1234', '\\d{4}')).toBe(true);
    expect(matchesPattern('12345', '\\d{4}')).toBe(false);
    expect(matchesPattern('123', '\\d{4}')).toBe(false);
    expect(matchesPattern('ab12', /\d+/)).toBe(true);
  });

  it('a global RegExp gives the same answer every time', () => {
    const re = /^\d+$/g;
    expect(matchesPattern('12', re)).toBe(true);
    expect(matchesPattern('12', re)).toBe(true);
  });
});

describe('range slider rules', () => {
  it('min equal to max raises max by one', () => {
    expect(sliderBounds(5, 5)).toEqual({ min: 5, max: 6 });
  });

  it('min above max swaps the bounds', () => {
    expect(sliderBounds(100, 10)).toEqual({ min: 10, max: 100 });
    expect(sliderBounds(10, 100)).toEqual({ min: 10, max: 100 });
  });

  it('clamps the values into the bounds, in order', () => {
    const bounds = { min: 10, max: 100 };
    expect(clampRange(0, 500, bounds)).toEqual([10, 100]);
    expect(clampRange(20, 30, bounds)).toEqual([20, 30]);
    expect(clampRange(80, 20, bounds)).toEqual([20, 80]);
    expect(clampRange(200, 150, bounds)).toEqual([100, 100]);
  });

  it('steps by 1 for whole numbers, otherwise by 0.01', () => {
    expect(sliderStep(0, 500)).toBe(1);
    expect(sliderStep(0, 99.5)).toBe(0.01);
    expect(sliderStep(0.25, 1)).toBe(0.01);
  });

  it('rounds to the step', () => {
    expect(roundToStep(0.1 + 0.2, 0.01)).toBe(0.3);
    expect(roundToStep(4.6, 1)).toBe(5);
  });
});
