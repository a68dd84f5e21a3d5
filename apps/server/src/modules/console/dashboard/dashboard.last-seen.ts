import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { batchPerDatabase } from '../../../lib/write-batch.ts';
import { users } from '../../users/users.table.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Past this many members in memory the map starts again (a member then costs one more write). */
const MAX_TRACKED = 200_000;

/** Per database (tests run many side by side): member id → when this node last wrote their `last_seen_at`. */
const written = new WeakMap<Db, Map<number, number>>();

const write = batchPerDatabase(async (db: Db, ids: number[]) => {
  await db
    .update(users)
    .set({ lastSeenAt: sql`now()` })
    .where(inArray(users.id, [...new Set(ids)]));
  return ids.map(() => undefined);
}, 500);

/**
 * Notes that a member was seen (a signed-in call, a live connection): on the hot path of every
 * authenticated request, so it costs a map look-up. `users.last_seen_at` is written at most once an
 * hour per member on this node, and again at the first sight of a new day (UTC), so "active today"
 * is exact; the writes of the members seen meanwhile go together in one statement (WriteBatch).
 * A failed write is logged and forgotten: it is a figure, never worth a request.
 */
export function markSeen(db: Db, userId: number, onError: (err: unknown) => void, now = Date.now()): void {
  let map = written.get(db);
  if (!map) {
    map = new Map();
    written.set(db, map);
  }
  const last = map.get(userId);
  if (last !== undefined && now - last < HOUR && Math.floor(last / DAY) === Math.floor(now / DAY)) return;
  if (map.size >= MAX_TRACKED) map.clear();
  map.set(userId, now);
  write(db, userId).catch((err: unknown) => {
    map.delete(userId);
    onError(err);
  });
}
