/**
 * The pairing of one round (spec 3 §4 speed and group networking), a pure function.
 *
 * - Speed mode (`groupSize` 2): pairs; an odd count makes ONE group of three (nobody sits out while
 *   three are there); a single member waits.
 * - Group mode (`groupSize` N, 3–8): ceil(count / N) groups as even as possible (sizes N or N-1,
 *   never below 2); fewer than N members make one group when at least two are there.
 * - Nobody is put with someone they already met in this session while a member they have not met
 *   is still free (greedy choice), and a repair pass then swaps members between two groups where
 *   that removes a repeat. Repeats happen only when the numbers leave no other way.
 * - Deterministic: the same input and seed answer the same groups.
 *
 * Costs about O(n · k) for n members and k members scanned per choice; 2,000 members in a few ms.
 */
export interface PairingInput {
  /** The members to place this round (present, active), any order. */
  participants: readonly number[];
  /** Groups of earlier rounds of this session (also the groups of this round already formed). */
  history: readonly (readonly number[])[];
  /** 2 for speed networking, 3–8 for group networking. */
  groupSize: number;
  seed: number;
}

/** A small fast PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Who met whom: a set of `low:high` keys. */
export function metPairs(history: readonly (readonly number[])[]): Set<number> {
  const met = new Set<number>();
  for (const g of history)
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) met.add(pairKey(g[i] as number, g[j] as number));
  return met;
}

// Ids fit in 31 bits: one number per unordered pair (exact up to 2^53).
const pairKey = (a: number, b: number) => (a < b ? a * 2_147_483_648 + b : b * 2_147_483_648 + a);

/** The group sizes for `n` members. */
export function groupSizes(n: number, groupSize: number): number[] {
  if (n < 2) return [];
  if (groupSize <= 2) {
    const pairs = Math.floor(n / 2);
    const sizes = Array.from({ length: pairs }, () => 2);
    if (n % 2 === 1) sizes[pairs - 1] = 3;
    return sizes;
  }
  const count = Math.ceil(n / groupSize);
  const base = Math.floor(n / count);
  const extra = n % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/** The groups of the round (each sorted ascending); members left over (a single one) are not in any. */
export function pairRound(input: PairingInput): number[][] {
  const rand = prng(input.seed);
  const people = [...new Set(input.participants)].sort((a, b) => a - b);
  // Fisher–Yates with the seeded generator.
  for (let i = people.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [people[i], people[j]] = [people[j] as number, people[i] as number];
  }
  const sizes = groupSizes(people.length, input.groupSize);
  const met = metPairs(input.history);
  const hasMet = (a: number, b: number) => met.has(pairKey(a, b));
  const free = people;
  const taken = new Uint8Array(free.length);
  let cursor = 0;
  const groups: number[][] = [];
  for (const size of sizes) {
    while (taken[cursor]) cursor++;
    const first = free[cursor] as number;
    taken[cursor] = 1;
    const group = [first];
    while (group.length < size) {
      // The first free member who met nobody of the group, else the one who met the fewest.
      let best = -1;
      let bestRepeats = Number.POSITIVE_INFINITY;
      for (let i = cursor + 1; i < free.length; i++) {
        if (taken[i]) continue;
        const who = free[i] as number;
        let repeats = 0;
        for (const g of group) if (hasMet(g, who)) repeats++;
        if (repeats < bestRepeats) {
          best = i;
          bestRepeats = repeats;
          if (repeats === 0) break;
        }
      }
      taken[best] = 1;
      group.push(free[best] as number);
    }
    groups.push(group);
  }
  repair(groups, hasMet);
  return groups.map((g) => g.sort((a, b) => a - b));
}

/** Repeats in one group: pairs who met before. */
function repeatsOf(group: readonly number[], hasMet: (a: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) if (hasMet(group[i] as number, group[j] as number)) n++;
  return n;
}

/**
 * Swaps one member of a group with a repeat with one member of another group when that lowers the
 * repeats of both groups together. The greedy pass leaves repeats only near the end of the list, so
 * a few groups are looked at, each against every other group (bounded work).
 */
function repair(groups: number[][], hasMet: (a: number, b: number) => boolean) {
  const bad = groups.map((g, i) => (repeatsOf(g, hasMet) > 0 ? i : -1)).filter((i) => i >= 0);
  for (const gi of bad.slice(0, 50)) {
    const g = groups[gi] as number[];
    let current = repeatsOf(g, hasMet);
    if (current === 0) continue;
    outer: for (let hi = 0; hi < groups.length; hi++) {
      if (hi === gi) continue;
      const h = groups[hi] as number[];
      const before = current + repeatsOf(h, hasMet);
      for (let a = 0; a < g.length; a++) {
        for (let b = 0; b < h.length; b++) {
          const x = g[a] as number;
          const y = h[b] as number;
          g[a] = y;
          h[b] = x;
          const after = repeatsOf(g, hasMet) + repeatsOf(h, hasMet);
          if (after < before) {
            current = repeatsOf(g, hasMet);
            if (current === 0) break outer;
            continue outer;
          }
          g[a] = x;
          h[b] = y;
        }
      }
    }
  }
}

/**
 * Pictures and numbers for `count` new groups of a round, distinct from those `used` already this
 * round: numbers go on from the highest used, pictures take the unused ones in a seeded order (past
 * SESSIONS.symbols groups pictures repeat; the number stays distinct).
 */
export function labels(count: number, used: { numbers: readonly number[]; symbols: readonly number[] }, symbols: number, seed: number) {
  const rand = prng(seed ^ 0x5bd1e995);
  const order = Array.from({ length: symbols }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  const taken = new Set(used.symbols);
  const freeSymbols = order.filter((s) => !taken.has(s));
  let n = used.numbers.reduce((m, x) => Math.max(m, x), 0);
  return Array.from({ length: count }, (_, i) => ({
    number: ++n,
    symbol: freeSymbols.length > 0 ? (freeSymbols[i % freeSymbols.length] as number) : (order[i % symbols] as number),
  }));
}

/**
 * Takes out of each group the members who met someone else in it (a re-match after "not ready":
 * the two who were just together must not be paired again), the `prefer`red ones kept first;
 * groups left with fewer than two are dropped (their members wait).
 */
export function withoutRepeats(
  groups: readonly number[][],
  history: readonly (readonly number[])[],
  prefer: ReadonlySet<number> = new Set(),
) {
  const met = metPairs(history);
  const out: number[][] = [];
  for (const g of groups) {
    const left = [...g];
    for (;;) {
      const counts = left.map((a) => left.filter((b) => b !== a && met.has(pairKey(a, b))).length);
      if (counts.every((c) => c === 0)) break;
      // The one with the most repeats goes, a preferred member last.
      let worst = -1;
      for (let i = 0; i < left.length; i++) {
        if ((counts[i] as number) === 0) continue;
        const better =
          worst < 0 ||
          (prefer.has(left[worst] as number) && !prefer.has(left[i] as number)) ||
          (prefer.has(left[worst] as number) === prefer.has(left[i] as number) && (counts[i] as number) > (counts[worst] as number));
        if (better) worst = i;
      }
      left.splice(worst, 1);
    }
    if (left.length >= 2) out.push(left);
  }
  return out;
}
