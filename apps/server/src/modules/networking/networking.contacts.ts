import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { networkingContacts } from './networking.hub.table.ts';
import { afterScoreChange, awardAll } from './networking.points.ts';

/** Pairs known to be connected on this node (nothing more can change for them): spares a write per message. */
const connected = new Set<string>();
const CONNECTED_KEPT = 50_000;

/**
 * The chats module calls this after a new message of a private chat (spec 3 §4): the first
 * message makes the recipient Contacted by the sender, the recipient's first answer makes both
 * Connected. One upsert decides it under the pair's row lock, so two first messages crossing each
 * other make one starter and one answer. Points: Start a chat (sender), then Get a chat response
 * (starter) and Respond to a chat request (who answered).
 */
export async function notePrivateMessage(ctx: Ctx, appId: number, senderId: number, recipientId: number): Promise<void> {
  if (senderId === recipientId) return;
  const low = Math.min(senderId, recipientId);
  const high = Math.max(senderId, recipientId);
  const key = `${low}:${high}`;
  if (connected.has(key)) return;
  const [row] = await queryRows<{ starter_id: number; connected: boolean; fresh: boolean }>(
    ctx.db,
    sql`insert into ${networkingContacts} (low_id, high_id, app_id, starter_id)
        values (${low}, ${high}, ${appId}, ${senderId})
        on conflict (low_id, high_id) do update set connected_at = now()
          where ${networkingContacts}.connected_at is null and ${networkingContacts}.starter_id <> ${senderId}
        returning starter_id, connected_at is not null as connected, (xmax = 0) as fresh`,
  );
  if (!row) {
    // Nothing changed: already connected, or the starter wrote again. Remember the connected ones.
    const [known] = await queryRows<{ c: boolean }>(
      ctx.db,
      sql`select connected_at is not null as c from ${networkingContacts} where low_id = ${low} and high_id = ${high}`,
    );
    if (known?.c) remember(key);
    return;
  }
  if (row.fresh) {
    await awardAll(ctx.db, [{ appId, userId: senderId, action: 'chatStart', ref: recipientId }]);
  } else if (row.connected) {
    remember(key);
    await awardAll(ctx.db, [
      { appId, userId: row.starter_id, action: 'chatResponse', ref: senderId },
      { appId, userId: senderId, action: 'chatRespond', ref: row.starter_id },
    ]);
  }
  await afterScoreChange(ctx, appId, [senderId, recipientId], ['lists', 'score']);
}

function remember(key: string) {
  if (connected.size >= CONNECTED_KEPT) connected.clear();
  connected.add(key);
}

/** Forgets what this node knows of connected pairs (an account erased, tests). */
export function forgetConnected() {
  connected.clear();
}
