import type { Ctx } from '../../context.ts';

/**
 * Live profiles: after a member's public card or sections changed, `profileUpdated { user_id }` goes
 * to their app's room, and open screens showing that member (their page, directory lists, favorites)
 * refetch it. Only the id travels (not the profile: every member of the app gets the event, few show
 * that member), and at most one event per member per GAP_MS: a change inside the gap is sent once at
 * its end. The writes behind it are limited per member too (bucket `profile`).
 */
export const PROFILE_EVENT_GAP_MS = 2_000;
const MAX_TRACKED = 10_000;

/** When each member's last event went out (this node), and the trailing events waiting. */
const sentAt = new Map<string, number>();
const waiting = new Map<string, { timer: NodeJS.Timeout; listing: boolean }>();

function send(ctx: Ctx, appId: number, userId: number, listing: boolean) {
  ctx.io?.to(`app:${appId}`).emit('profileUpdated', listing ? { user_id: userId, listing: true } : { user_id: userId });
}

/** Forget members whose gap is over (bounded by the map's size, run only when it is full). */
function prune(now: number) {
  for (const [key, at] of sentAt) if (now - at >= PROFILE_EVENT_GAP_MS && !waiting.has(key)) sentAt.delete(key);
}

/**
 * Announces that what other members see of a member changed; `listing` when they joined or left the
 * directory (every directory list changes, not only those showing them).
 */
export function profileChanged(ctx: Ctx, appId: number, userId: number, listing = false): void {
  const key = `${appId}:${userId}`;
  const queued = waiting.get(key);
  if (queued) {
    queued.listing ||= listing;
    return;
  }
  const now = Date.now();
  const last = sentAt.get(key);
  if (last !== undefined && now - last < PROFILE_EVENT_GAP_MS) {
    const entry = {
      listing,
      timer: setTimeout(
        () => {
          waiting.delete(key);
          sentAt.set(key, Date.now());
          send(ctx, appId, userId, entry.listing);
        },
        last + PROFILE_EVENT_GAP_MS - now,
      ),
    };
    entry.timer.unref();
    waiting.set(key, entry);
    return;
  }
  if (sentAt.size >= MAX_TRACKED) prune(now);
  sentAt.set(key, now);
  send(ctx, appId, userId, listing);
}
