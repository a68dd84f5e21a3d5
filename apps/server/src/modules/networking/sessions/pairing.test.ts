import { describe, expect, it } from 'vitest';
import { groupSizes, labels, metPairs, pairRound, withoutRepeats } from './pairing.ts';

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);
const repeats = (groups: number[][], history: number[][]) => {
  const met = metPairs(history);
  return groups.reduce((n, g) => n + [...metPairs([g])].filter((k) => met.has(k)).length, 0);
};

describe('pairRound', () => {
  it('pairs everyone once, one group of three for an odd count, nobody left alone', () => {
    const groups = pairRound({ participants: ids(11), history: [], groupSize: 2, seed: 1 });
    expect(groups.map((g) => g.length).sort()).toEqual([2, 2, 2, 2, 3]);
    expect(groups.flat().sort((a, b) => a - b)).toEqual(ids(11));
  });

  it('a single member waits; two make a pair', () => {
    expect(pairRound({ participants: [7], history: [], groupSize: 2, seed: 1 })).toEqual([]);
    expect(pairRound({ participants: [7, 3], history: [], groupSize: 2, seed: 1 })).toEqual([[3, 7]]);
  });

  it('groups of N as even as possible, never under two', () => {
    expect(groupSizes(10, 4)).toEqual([4, 3, 3]);
    expect(groupSizes(9, 3)).toEqual([3, 3, 3]);
    expect(groupSizes(2, 5)).toEqual([2]);
    expect(groupSizes(1, 5)).toEqual([]);
    const groups = pairRound({ participants: ids(23), history: [], groupSize: 5, seed: 3 });
    expect(groups.every((g) => g.length >= 4 && g.length <= 5)).toBe(true);
    expect(groups.flat().length).toBe(23);
  });

  it('is deterministic for a seed, different for another', () => {
    const a = pairRound({ participants: ids(40), history: [], groupSize: 2, seed: 42 });
    expect(pairRound({ participants: [...ids(40)].reverse(), history: [], groupSize: 2, seed: 42 })).toEqual(a);
    expect(pairRound({ participants: ids(40), history: [], groupSize: 2, seed: 43 })).not.toEqual(a);
  });

  it('never repeats a pair while someone unmet is free: 20 members through 19 rounds meet everyone once', () => {
    const history: number[][] = [];
    for (let round = 1; round <= 10; round++) {
      const groups = pairRound({ participants: ids(20), history, groupSize: 2, seed: round });
      expect(repeats(groups, history), `round ${round}`).toBe(0);
      history.push(...groups);
    }
  });

  it('late joiners are placed with unmet members', () => {
    const history = pairRound({ participants: ids(10), history: [], groupSize: 2, seed: 5 });
    const groups = pairRound({ participants: ids(12), history, groupSize: 2, seed: 6 });
    expect(repeats(groups, history)).toBe(0);
    expect(groups.flat().sort((a, b) => a - b)).toEqual(ids(12));
  });

  it('groups avoid repeats across rounds', () => {
    const history: number[][] = [];
    for (let round = 1; round <= 3; round++) {
      const groups = pairRound({ participants: ids(48), history, groupSize: 4, seed: round });
      expect(repeats(groups, history), `round ${round}`).toBe(0);
      history.push(...groups);
    }
  });

  it('2,000 participants with three rounds of history in under 200 ms, no repeats', () => {
    const people = ids(2000, 1000);
    const history: number[][] = [];
    for (let r = 1; r <= 3; r++) history.push(...pairRound({ participants: people, history, groupSize: 2, seed: r }));
    const t0 = performance.now();
    const groups = pairRound({ participants: people, history, groupSize: 2, seed: 9 });
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(200);
    expect(repeats(groups, history)).toBe(0);
    expect(groups.flat().length).toBe(2000);
  });
});

describe('labels', () => {
  it('numbers and pictures distinct within a round, going on from those used', () => {
    const first = labels(5, { numbers: [], symbols: [] }, 40, 1);
    expect(first.map((l) => l.number)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(first.map((l) => l.symbol)).size).toBe(5);
    const more = labels(2, { numbers: first.map((l) => l.number), symbols: first.map((l) => l.symbol) }, 40, 2);
    expect(more.map((l) => l.number)).toEqual([6, 7]);
    expect(more.some((l) => first.some((f) => f.symbol === l.symbol))).toBe(false);
  });
});

describe('withoutRepeats', () => {
  it('takes out who met someone in the group, the preferred kept; groups under two go', () => {
    const history = [[1, 2]];
    expect(withoutRepeats([[1, 2, 3]], history, new Set([1]))).toEqual([[1, 3]]);
    expect(withoutRepeats([[1, 2]], history)).toEqual([]);
    expect(withoutRepeats([[3, 4]], history)).toEqual([[3, 4]]);
  });
});
