import { ACHIEVEMENTS } from '@app/contract/constants';
import type { Achievement } from '@app/contract/schemas/networking-hub';

/** At least this many connections (chats answered both ways) make a connector (spec 3 §9). */
export const CONNECTOR_MIN = 3;

/** What the badges are computed from. */
export interface BadgeFacts {
  /** The level just computed. */
  level: number;
  /** Push allowed: a push subscription stored, or the pushEnabled points. */
  push: boolean;
  /** Started or answered a 1:1 request (a meet* ledger row). */
  meet: boolean;
  /** Connected contacts. */
  connections: number;
  /** In the top 10 % of the app's leaderboard now (null: not checked this time). */
  leader: boolean | null;
}

/**
 * The badges a member holds (spec 3 §3): those already held (no badge is ever taken back: legend and
 * leader are "once" by the spec, and push, meetmaster and connector rest on facts that stay) plus
 * those the facts earn now, in the spec's order.
 */
export function computeBadges(held: readonly string[], f: BadgeFacts): Achievement[] {
  const has = new Set(held);
  if (f.level >= 5) has.add('legend');
  if (f.push) has.add('push');
  if (f.leader) has.add('leader');
  if (f.meet) has.add('meetmaster');
  if (f.connections >= CONNECTOR_MIN) has.add('connector');
  return ACHIEVEMENTS.filter((k) => has.has(k));
}

/** How many members make the top 10 % of a leaderboard of `ranked` members (at least one when anyone is ranked). */
export function leaderCut(ranked: number, share = 0.1): number {
  return ranked === 0 ? 0 : Math.max(1, Math.ceil(ranked * share));
}
