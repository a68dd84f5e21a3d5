import type { MetHow } from '@app/contract/schemas/networking-badge';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { activeMember, listedMember } from '../../users/profiles.queries.ts';
import { users } from '../../users/users.table.ts';
import { networkingBadges, networkingScans } from './badge.table.ts';

/** The member's current badge version, if a badge was ever made. */
export async function findBadgeVersion(db: Db, appId: number, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ version: networkingBadges.version })
    .from(networkingBadges)
    .where(and(eq(networkingBadges.userId, userId), eq(networkingBadges.appId, appId)));
  return row?.version;
}

/** The member's badge version, made with `version` unless one exists (a race keeps the first). */
export async function ensureBadgeVersion(db: Db, appId: number, userId: number, version: number): Promise<number> {
  await db.insert(networkingBadges).values({ userId, appId, version }).onConflictDoNothing();
  return (await findBadgeVersion(db, appId, userId)) ?? version;
}

/** Sets a new badge version (made when missing). */
export async function setBadgeVersion(db: Db, appId: number, userId: number, version: number): Promise<void> {
  await db
    .insert(networkingBadges)
    .values({ userId, appId, version })
    .onConflictDoUpdate({ target: networkingBadges.userId, set: { version, updatedAt: sql`now()` } });
}

/** Whether this member of the app may be met: confirmed, not deleted, not blocked. */
export async function isActiveMember(db: Db, appId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.appId, appId), activeMember(), isNull(users.blockedAt)));
  return row !== undefined;
}

/** Records a scan: the pair's row once, a repeated scan moves its last time. */
export async function recordScan(db: Db, appId: number, scannerId: number, scannedId: number): Promise<void> {
  await db
    .insert(networkingScans)
    .values({ appId, scannerId, scannedId })
    .onConflictDoUpdate({ target: [networkingScans.scannerId, networkingScans.scannedId], set: { lastScannedAt: sql`now()` } });
}

export interface MetRow {
  id: number;
  how: MetHow;
  at: Date;
}

/**
 * The people a member met by badge (scanned by them or having scanned them), newest scan first,
 * those lists may show only (listedMember, not blocked), at most `limit`.
 */
export async function metByBadge(db: Db, appId: number, userId: number, limit: number): Promise<MetRow[]> {
  const s = networkingScans;
  const rows = await queryRows<{ id: number; mine: boolean; theirs: boolean; at: string | Date }>(
    db,
    sql`select m.other as id, bool_or(m.mine) as mine, bool_or(not m.mine) as theirs, max(m.at) as at
        from (
          select ${s.scannedId} as other, ${s.lastScannedAt} as at, true as mine
            from ${s} where ${s.scannerId} = ${userId} and ${s.appId} = ${appId}
          union all
          select ${s.scannerId}, ${s.lastScannedAt}, false
            from ${s} where ${s.scannedId} = ${userId} and ${s.appId} = ${appId}
        ) m
        join ${users} on ${users.id} = m.other
        where ${users.appId} = ${appId} and ${users.blockedAt} is null and ${listedMember()}
        group by m.other
        order by max(m.at) desc, m.other desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    how: r.mine && r.theirs ? 'both' : r.mine ? 'scanned' : 'scannedMe',
    at: new Date(r.at),
  }));
}
