import type { MatchReason } from '@app/contract/schemas/networking-hub';

/**
 * How well two members' profiles fit (spec 3 §2 New; issue 23 "Suggestions that explain
 * themselves"). Pure: the lists service scores the reader against every listable member in memory.
 * Tags are compared trimmed, case-insensitively (NFC); a reason names the tag as the other member
 * wrote it.
 */

/** The profile sections that count (user_profiles jsonb arrays). */
export interface MatchProfile {
  interestedIn?: readonly string[] | null;
  expertIn?: readonly string[] | null;
  lookingFor?: readonly string[] | null;
  topics?: readonly string[] | null;
}

/** One section's tags: the comparable form → the tag as written (the first spelling met). */
type Section = ReadonlyMap<string, string>;
export interface TagSets {
  interested: Section;
  expert: Section;
  looking: Section;
  topics: Section;
}

/**
 * Points per shared tag, by kind. The complementary pairs weigh most (one can help the other),
 * then shared expertise, interests and topics, then both looking for the same thing (they compete
 * for it rather than help each other). What I look for in them comes before what they look for
 * in me: the list serves the reader.
 */
export const MATCH_WEIGHTS: Record<MatchReason['kind'], number> = {
  youLookForThem: 6,
  theyLookForYou: 5,
  bothExpert: 3,
  bothInterested: 2,
  bothTopic: 2,
  bothLooking: 1,
};

export const tagKey = (tag: string) => tag.normalize('NFC').trim().toLowerCase();

function section(tags: readonly string[] | null | undefined): Section {
  const out = new Map<string, string>();
  for (const t of tags ?? []) {
    const k = tagKey(t);
    if (k && !out.has(k)) out.set(k, t.trim());
  }
  return out;
}

export function tagSets(p: MatchProfile): TagSets {
  return { interested: section(p.interestedIn), expert: section(p.expertIn), looking: section(p.lookingFor), topics: section(p.topics) };
}

export interface Match {
  score: number;
  reason: MatchReason | null;
}

export const NO_MATCH: Match = { score: 0, reason: null };

/**
 * The score of `them` for the reader `me` (the sum of the weights of every shared tag and
 * complementary pair) and the best one-line reason: the heaviest kind that matched, with the first
 * such tag in the other member's own order. No match: score 0, reason null.
 */
export function match(me: TagSets, them: TagSets): Match {
  let score = 0;
  let best: MatchReason | null = null;
  let bestWeight = 0;
  // [kind, the reader's section, theirs]: their tag (as written) is the one the line names.
  const pairs: Array<[MatchReason['kind'], Section, Section]> = [
    ['youLookForThem', me.looking, them.expert],
    ['theyLookForYou', me.expert, them.looking],
    ['bothExpert', me.expert, them.expert],
    ['bothInterested', me.interested, them.interested],
    ['bothTopic', me.topics, them.topics],
    ['bothLooking', me.looking, them.looking],
  ];
  for (const [kind, mine, theirs] of pairs) {
    if (mine.size === 0 || theirs.size === 0) continue;
    const weight = MATCH_WEIGHTS[kind];
    for (const [key, written] of theirs) {
      if (!mine.has(key)) continue;
      score += weight;
      if (weight > bestWeight) {
        bestWeight = weight;
        best = { kind, tag: written };
      }
    }
  }
  return best ? { score, reason: best } : NO_MATCH;
}
