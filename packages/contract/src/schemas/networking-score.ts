import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { achievement, POINT_ACTIONS, type PointAction } from './networking-hub.ts';

/**
 * Points, levels, badges and the leaderboard of the networking hub (spec 3 §3, §9; docs/decisions.md
 * "Networking hub: score"). The rating details answer what a member's total is made of and what is
 * still to earn; the leaderboard answers the top, the member's own rank and the people around them.
 */

/** Actions that count once per member whatever happens (the others count once per person, meeting, topic…). */
export const ONCE_ACTIONS: readonly PointAction[] = ['profileComplete', 'pushEnabled'];

/** How many people the leaderboard lists at the top, and how many it shows on each side of me below it. */
export const LEADERBOARD = { top: 50, around: 3, leaderShare: 0.1 } as const;

const pointAction = z.enum(POINT_ACTIONS as [PointAction, ...PointAction[]]);

/** One row of the points table (spec 3 §9) with what the member made of it. */
export const scoreSource = z.object({
  action: pointAction,
  /** Points one qualifying action gives. */
  each: z.number().int(),
  /** Whether it counts once per member (complete the profile, enable push). */
  once: z.boolean(),
  /** How many times the member got it, and the points that made. */
  count: z.number().int(),
  points: z.number().int(),
});
export type ScoreSource = z.infer<typeof scoreSource>;

export const heldBadge = z.object({ key: achievement, earned_at: z.string() });

/** The rating details (spec 3 "User rating details: total score and what it is composed of"). */
export const networkingScore = z.object({
  points: z.number().int(),
  level: z.number().int().min(1).max(5),
  /** My place on the leaderboard (null: no points yet). */
  rank: z.number().int().nullable(),
  /** Held badges with when each was first earned; the others are shown grey. */
  badges: z.array(heldBadge),
  all_badges: z.array(achievement),
  /** Every row of the points table, in the spec's order. */
  sources: z.array(scoreSource),
});
export type NetworkingScore = z.infer<typeof networkingScore>;

/** A person on the leaderboard. */
export const leaderRow = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  level: z.number().int().min(1).max(5),
  badges: z.array(achievement),
  points: z.number().int(),
});
export type LeaderRow = z.infer<typeof leaderRow>;

export const leaderboard = z.object({
  /** The top 50. */
  top: z.array(leaderRow),
  /** Me: my rank (null while I have no points) and points. */
  me: z.object({
    id: z.number().int(),
    rank: z.number().int().nullable(),
    points: z.number().int(),
    level: z.number().int().min(1).max(5),
    badges: z.array(achievement),
  }),
  /** When I am below the top: the people just above and below me (up to 3 each side), me among them when I am listed. */
  around: z.array(leaderRow),
  /** How many members are ranked. */
  total: z.number().int(),
});
export type Leaderboard = z.infer<typeof leaderboard>;

const mod = z.object({ app_module_id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

const tag = 'networking';
export const networkingScoreEndpoints = {
  score: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/score',
    params: mod,
    response: networkingScore,
    tag,
    summary: 'My points, level, badges and what my total is made of',
  }),
  leaderboard: defineEndpoint({
    method: 'GET',
    path: '/networking/:app_module_id/leaderboard',
    params: mod,
    response: leaderboard,
    tag,
    summary: 'The top 50, my rank and the people around me',
  }),
};
