import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowCounter } from './member-budget.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('WindowCounter', () => {
  it('counts per key within a window and starts again after it', () => {
    vi.useFakeTimers({ now: 0 });
    const c = new WindowCounter();
    expect(c.incr('a', 1000)).toEqual({ current: 1, ttl: 1000 });
    vi.setSystemTime(400);
    expect(c.incr('a', 1000)).toEqual({ current: 2, ttl: 600 });
    expect(c.incr('b', 1000).current).toBe(1);
    vi.setSystemTime(1000);
    expect(c.incr('a', 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('keeps a long window running while short ones expire around it (buckets of several lengths)', () => {
    vi.useFakeTimers({ now: 0 });
    const c = new WindowCounter(2, 100);
    c.incr('day', 86_400_000);
    c.incr('day', 86_400_000);
    vi.setSystemTime(5_000);
    for (let i = 0; i < 10; i++) c.incr(`minute-${i}`, 1000);
    expect(c.incr('day', 86_400_000).current).toBe(3);
  });

  it('stays bounded and fast under a flood of new keys (no walk over every key per call)', () => {
    const c = new WindowCounter(1_000, 5_000);
    const started = performance.now();
    for (let i = 0; i < 200_000; i++) c.incr(`flood-${i}`, 60_000);
    const ms = performance.now() - started;
    expect(c.size).toBeLessThanOrEqual(5_000);
    // A scan per call would be 200k × 5k steps (tens of seconds); the bounded sweep is linear.
    expect(ms).toBeLessThan(10_000);
  });
});
