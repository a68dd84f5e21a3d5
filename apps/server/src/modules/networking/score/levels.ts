import { LEVEL_WINDOW_MS, type NetworkingLevel } from '@app/contract/schemas/networking-hub';

/**
 * How long a member counts as online after they were last seen: `users.last_seen_at` is written at
 * most once an hour per member (dashboard.last-seen.ts), so a member busy in the app all along may
 * show a time up to an hour old. A live socket on this node counts as online now.
 */
export const ONLINE_MS = 65 * 60_000;

/** Ledger actions that start a connection (level 4 Rising Star): a chat or a 1:1 request. */
export const STARTING_ACTIONS = ['chatStart', 'meetRequest'] as const;
/**
 * Ledger actions that answer or engage with someone (level 5 Legend): answering a chat, accepting
 * or declining a 1:1, a first comment on another's topic, taking part in a speed or group session.
 */
export const RESPONDING_ACTIONS = ['chatRespond', 'meetAccept', 'meetDecline', 'topicComment', 'session'] as const;

/** What a level is computed from (all times in epoch ms; null: never). */
export interface LevelFacts {
  /** First name, last name and job title filled in (the app's "profile completed") and a photo or avatar. */
  profileComplete: boolean;
  /** When the member was last seen (users.last_seen_at); null: never. */
  lastSeenAt: number | null;
  /** A live connection of the member right now. */
  liveNow: boolean;
  /** Any hub activity at all (a ledger row, a mark, a contact). */
  anyActivity: boolean;
  /** The latest connection the member started (a first chat message or a 1:1 request). */
  lastStartedAt: number | null;
  /** The latest answer or engagement (RESPONDING_ACTIONS). */
  lastRespondedAt: number | null;
}

export interface LevelResult {
  level: NetworkingLevel;
  /** When this level must be computed again at the latest (the fact that made it expires); null: it cannot fall. */
  until: number | null;
}

/**
 * The networking level (spec 3 §3), a ladder on a complete profile:
 * 5 Legend: profile complete with photo, and answered or engaged someone in the last 6 hours;
 * 4 Rising Star: profile complete with photo, and started a connection in the last 6 hours;
 * 3 Ready Network: profile complete with photo, and online;
 * 2 Passive: some activity, or a complete profile (but offline, or missing what 3 needs);
 * 1 Inactive: no activity and the profile not complete.
 * `until` says when the window that holds the level ends (a level of 2 or 1 cannot fall by time).
 */
export function computeLevel(f: LevelFacts, now: number): LevelResult {
  if (f.profileComplete) {
    if (f.lastRespondedAt !== null && now - f.lastRespondedAt < LEVEL_WINDOW_MS)
      return { level: 5, until: f.lastRespondedAt + LEVEL_WINDOW_MS };
    if (f.lastStartedAt !== null && now - f.lastStartedAt < LEVEL_WINDOW_MS) return { level: 4, until: f.lastStartedAt + LEVEL_WINDOW_MS };
    if (f.liveNow) return { level: 3, until: now + ONLINE_MS };
    if (f.lastSeenAt !== null && now - f.lastSeenAt < ONLINE_MS) return { level: 3, until: f.lastSeenAt + ONLINE_MS };
    return { level: 2, until: null };
  }
  return { level: f.anyActivity ? 2 : 1, until: null };
}
