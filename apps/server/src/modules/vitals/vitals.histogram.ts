import { ratingOf, type VitalMetric, type VitalP75, type VitalRating } from '@app/contract/schemas/vitals';

/**
 * The histogram the server keeps instead of samples. A value is counted in the bucket whose upper
 * edge (inclusive) is the next step at or above it, in whole units (ms; CLS in thousandths). Steps
 * grow with the value (times: 20 ms up to 1 s, 100 ms to 5 s, 500 ms to 20 s, 2 s to 60 s; CLS:
 * 0.01 up to 0.5, 0.05 to 2, 0.5 to 10), so a p75 is known within 2–10 % and never more than one
 * step off. Every one of Google's thresholds is a bucket edge, and buckets include their upper
 * edge as the thresholds do (good is ≤ 2500 ms), so the rating of the p75 read from the histogram
 * is the rating of the exact p75.
 */

/** Units per metric unit: CLS is kept in thousandths so every bucket is an integer. */
export const unitsOf = (metric: VitalMetric) => (metric === 'CLS' ? 1000 : 1);

/** The step of the bucket whose upper edge is `hi` (or that holds `x`), in units. */
export function stepAt(metric: VitalMetric, x: number): number {
  if (metric === 'CLS') return x <= 500 ? 10 : x <= 2000 ? 50 : 500;
  return x <= 1000 ? 20 : x <= 5000 ? 100 : x <= 20_000 ? 500 : 2000;
}

/** The bucket (its upper edge, in units) a value falls in. */
export function bucketOf(metric: VitalMetric, value: number): number {
  // Rounded off float noise first (0.07 × 1000 is 70.00000000000001, which would go one bucket up).
  const x = Math.max(0, Math.round(value * unitsOf(metric) * 1e6) / 1e6);
  const step = stepAt(metric, x);
  return Math.max(step, Math.ceil(x / step) * step);
}

/**
 * The 75th percentile (nearest rank) of a histogram, in the metric's unit: the rank's sample is
 * placed within its bucket as if the bucket's samples were spread evenly over it.
 */
export function p75Of(metric: VitalMetric, buckets: ReadonlyArray<{ bucket: number; n: number }>): { p75: number; samples: number } {
  const sorted = [...buckets].filter((b) => b.n > 0).sort((a, b) => a.bucket - b.bucket);
  const samples = sorted.reduce((s, b) => s + b.n, 0);
  if (samples === 0) return { p75: 0, samples: 0 };
  const rank = Math.ceil(0.75 * samples);
  let before = 0;
  for (const b of sorted) {
    if (before + b.n >= rank) {
      const step = stepAt(metric, b.bucket);
      const lo = b.bucket - step;
      const x = lo + ((rank - before - 0.5) / b.n) * step;
      // Rounded up to a whole unit (ms; CLS thousandths): it stays inside its bucket (lo, hi], so
      // it is rated as the exact p75 is.
      return { p75: Math.ceil(x) / unitsOf(metric), samples };
    }
    before += b.n;
  }
  return { p75: 0, samples };
}

/** p75, samples and Google's rating of one metric's histogram. */
export function summarise(metric: VitalMetric, buckets: ReadonlyArray<{ bucket: number; n: number }>): VitalP75 {
  const { p75, samples } = p75Of(metric, buckets);
  const rating: VitalRating = ratingOf(metric, p75);
  return { metric, p75, samples, rating };
}
