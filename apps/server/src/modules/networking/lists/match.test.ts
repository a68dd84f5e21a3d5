import { describe, expect, it } from 'vitest';
import { MATCH_WEIGHTS, match, tagSets } from './match.ts';

const sets = tagSets;

describe('match', () => {
  it('no shared tag: score 0 and no reason', () => {
    expect(match(sets({ interestedIn: ['AI'] }), sets({ interestedIn: ['Music'], expertIn: ['Design'] }))).toEqual({
      score: 0,
      reason: null,
    });
    expect(match(sets({}), sets({}))).toEqual({ score: 0, reason: null });
  });

  it('compares trimmed and case-insensitively, and names the tag as they wrote it', () => {
    const m = match(sets({ interestedIn: ['  fintech '] }), sets({ interestedIn: ['FinTech'] }));
    expect(m).toEqual({ score: MATCH_WEIGHTS.bothInterested, reason: { kind: 'bothInterested', tag: 'FinTech' } });
  });

  it('each section on its own: interested, expert, looking, topics', () => {
    expect(match(sets({ expertIn: ['Rust'] }), sets({ expertIn: ['rust'] })).reason).toEqual({ kind: 'bothExpert', tag: 'rust' });
    expect(match(sets({ lookingFor: ['Cofounder'] }), sets({ lookingFor: ['cofounder'] })).reason).toEqual({
      kind: 'bothLooking',
      tag: 'cofounder',
    });
    expect(match(sets({ topics: ['Remote work'] }), sets({ topics: ['remote work'] })).reason).toEqual({
      kind: 'bothTopic',
      tag: 'remote work',
    });
    // A tag in two different sections is no match (interested vs topics).
    expect(match(sets({ interestedIn: ['AI'] }), sets({ topics: ['AI'] })).score).toBe(0);
  });

  it('complementary pairs weigh most: my looking-for in their expertise, theirs in mine', () => {
    const me = sets({ interestedIn: ['AI', 'Climate'], lookingFor: ['Investors'], expertIn: ['Marketing'] });
    const investor = sets({ interestedIn: ['ai', 'climate'], expertIn: ['investors'] });
    expect(match(me, investor)).toEqual({
      score: MATCH_WEIGHTS.youLookForThem + 2 * MATCH_WEIGHTS.bothInterested,
      reason: { kind: 'youLookForThem', tag: 'investors' },
    });
    const founder = sets({ lookingFor: ['marketing'], interestedIn: ['AI'] });
    expect(match(me, founder)).toEqual({
      score: MATCH_WEIGHTS.theyLookForYou + MATCH_WEIGHTS.bothInterested,
      reason: { kind: 'theyLookForYou', tag: 'marketing' },
    });
    // One complementary pair outranks two shared interests.
    expect(match(me, investor).score).toBeGreaterThan(match(me, sets({ interestedIn: ['AI', 'Climate'] })).score);
  });

  it('the reason is the heaviest kind, then the first such tag in their order', () => {
    const me = sets({ interestedIn: ['a', 'b', 'c'], expertIn: ['x'] });
    expect(match(me, sets({ interestedIn: ['C', 'B'], expertIn: ['X'] })).reason).toEqual({ kind: 'bothExpert', tag: 'X' });
    expect(match(me, sets({ interestedIn: ['C', 'B'] })).reason).toEqual({ kind: 'bothInterested', tag: 'C' });
  });

  it('a tag written twice counts once', () => {
    expect(match(sets({ interestedIn: ['AI'] }), sets({ interestedIn: ['AI', 'ai ', ' Ai'] })).score).toBe(MATCH_WEIGHTS.bothInterested);
  });

  it('is not symmetric for complementary pairs (reader first)', () => {
    const a = sets({ lookingFor: ['design'] });
    const b = sets({ expertIn: ['Design'] });
    expect(match(a, b).reason?.kind).toBe('youLookForThem');
    expect(match(b, a).reason).toEqual({ kind: 'theyLookForYou', tag: 'design' });
  });
});

describe('rankNew (the lists service) agrees with match', () => {
  it('sums the same scores through the postings and orders by score, then newest', async () => {
    const { buildListsIndex, rankNew } = await import('./lists.service.ts');
    const TAGS = ['AI', 'Data', 'Design', 'Fintech', 'Climate', 'Music', 'Chess'];
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: 1000 + ((i * 7919) % 300),
      firstName: 'M',
      lastName: `N${i}`,
      jobTitle: '',
      company: '',
      interestedIn: [TAGS[i % 7] as string, TAGS[(i >> 2) % 7] as string],
      expertIn: i % 3 ? [TAGS[(i >> 1) % 7] as string] : [],
      lookingFor: i % 5 ? [(TAGS[(i >> 3) % 7] as string).toLowerCase()] : [],
      topics: i % 4 ? [] : [' chess '],
      level: 1,
    }));
    const index = buildListsIndex(rows);
    const me = tagSets({ interestedIn: ['ai', 'Music'], expertIn: ['Fintech'], lookingFor: ['DESIGN', 'data'], topics: ['Chess'] });
    const { order, scores } = rankNew(index, me);
    expect(order.length).toBe(300);
    const seen = new Set<number>();
    let prev: [number, number] | null = null;
    for (const pos of order) {
      const m = index.members[pos];
      if (!m) throw new Error('no member');
      seen.add(pos);
      expect(scores[pos]).toBe(match(me, m.sets).score);
      const here: [number, number] = [scores[pos] as number, m.id];
      if (prev) expect(prev[0] > here[0] || (prev[0] === here[0] && prev[1] > here[1])).toBe(true);
      prev = here;
    }
    expect(seen.size).toBe(300);
  });
});
