import type { Achievement, MatchReason, Networker } from '@app/contract/schemas/networking-hub';
import type { MemberStanding } from '@app/contract/schemas/users';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activeMember } from '../users/profiles.queries.ts';
import { users } from '../users/users.table.ts';
import { networkingContacts, networkingMarks, networkingMembers } from './networking.hub.table.ts';

/**
 * Networker cards of these members as `viewerId` sees them (their mark, how far a chat went), in
 * the order of `ids`; members of another app, deleted, unconfirmed or blocked accounts are left
 * out. `reasons` adds the "why" line of the New list. One query, whatever the number of ids.
 */
export async function networkerCards(
  db: Db,
  appId: number,
  viewerId: number,
  ids: readonly number[],
  reasons?: ReadonlyMap<number, MatchReason | null>,
): Promise<Networker[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatarUrl,
      isVerified: users.isVerified,
      jobTitle: users.jobTitle,
      company: users.company,
      location: users.location,
      level: networkingMembers.level,
      badges: networkingMembers.badges,
      mark: networkingMarks.mark,
      starter: networkingContacts.starterId,
      connectedAt: networkingContacts.connectedAt,
    })
    .from(users)
    .leftJoin(networkingMembers, eq(networkingMembers.userId, users.id))
    .leftJoin(networkingMarks, and(eq(networkingMarks.userId, viewerId), eq(networkingMarks.targetId, users.id)))
    .leftJoin(
      networkingContacts,
      and(
        eq(networkingContacts.lowId, sql`least(${users.id}, ${viewerId}::int)`),
        eq(networkingContacts.highId, sql`greatest(${users.id}, ${viewerId}::int)`),
      ),
    )
    .where(and(eq(users.appId, appId), inArray(users.id, [...ids]), activeMember(), isNull(users.blockedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: Networker[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (!r) continue;
    out.push({
      id: r.id,
      fullname: `${r.firstName} ${r.lastName}`.trim(),
      avatar: r.avatar,
      is_verified: r.isVerified,
      job_title: r.jobTitle,
      company: r.company,
      location: r.location,
      level: r.level ?? 1,
      badges: (r.badges ?? []) as Achievement[],
      mark: r.mark ?? null,
      contact: r.starter === null ? null : r.connectedAt ? 'connected' : 'contacted',
      reason: reasons?.get(id) ?? null,
    });
  }
  return out;
}

/** A member's level, badges and points (no row yet: level 1, none, 0), for their profile card. */
export async function standingOf(db: Db, appId: number, userId: number): Promise<MemberStanding> {
  const [r] = await db
    .select({ level: networkingMembers.level, badges: networkingMembers.badges, points: networkingMembers.points })
    .from(networkingMembers)
    .where(and(eq(networkingMembers.appId, appId), eq(networkingMembers.userId, userId)));
  return { level: r?.level ?? 1, badges: (r?.badges ?? []) as Achievement[], points: r?.points ?? 0 };
}
