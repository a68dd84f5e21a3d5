import { describe, expect, it } from 'vitest';
import { batchPerDatabase, WriteBatch } from './write-batch.ts';

/** A fake statement: records each batch it was given, answers each item doubled, refuses negative ones. */
function doubler() {
  const batches: number[][] = [];
  const run = async (items: number[]) => {
    batches.push([...items]);
    await new Promise((r) => setTimeout(r, 5));
    if (items.some((i) => i < 0)) throw new Error(`refused ${items.filter((i) => i < 0).join(',')}`);
    return items.map((i) => i * 2);
  };
  return { batches, run };
}

describe('WriteBatch', () => {
  it('runs a write alone at rest', async () => {
    const { batches, run } = doubler();
    const batch = new WriteBatch(run);
    expect(await batch.write(4)).toBe(8);
    expect(await batch.write(5)).toBe(10);
    expect(batches).toEqual([[4], [5]]);
  });

  it('puts the writes received together into one statement, each caller getting its own answer', async () => {
    const { batches, run } = doubler();
    const batch = new WriteBatch(run);
    const first = batch.write(1);
    // Arriving while the first runs: they wait and go together.
    await new Promise((r) => setTimeout(r, 1));
    const rest = [2, 3, 4, 5].map((i) => batch.write(i));
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('never puts more than maxItems in a statement', async () => {
    const { batches, run } = doubler();
    const batch = new WriteBatch(run, 3);
    const out = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((i) => batch.write(i)));
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
  });

  it('runs the items of a failed batch alone: only the bad one fails', async () => {
    const { batches, run } = doubler();
    const batch = new WriteBatch(run);
    const results = await Promise.allSettled([1, -2, 3].map((i) => batch.write(i)));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([2, 'Error: refused -2', 6]);
    expect(batches).toEqual([[1, -2, 3], [1], [-2], [3]]);
    // And it goes on afterwards.
    expect(await batch.write(7)).toBe(14);
  });

  it('refuses an answer that does not match the items', async () => {
    const batch = new WriteBatch(async (items: number[]) => items.slice(1));
    await expect(batch.write(1)).rejects.toThrow('0 results for 1 items');
  });

  it('keeps one batch per database', async () => {
    const seen: Array<[string, number[]]> = [];
    const write = batchPerDatabase(async (db: { name: string }, items: number[]) => {
      seen.push([db.name, items]);
      return items;
    });
    const a = { name: 'a' };
    const b = { name: 'b' };
    await Promise.all([write(a, 1), write(b, 2), write(a, 3)]);
    expect(seen.sort()).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
  });
});
