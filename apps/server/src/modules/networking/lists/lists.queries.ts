import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { listedMember } from '../../users/profiles.queries.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingMarks, networkingMembers } from '../networking.hub.table.ts';

/**
 * Every member of the app the networker lists may show (spec 3 §2; docs/decisions.md "Networking
 * hub: the lists"): listed (`listedMember`: confirmed, not deleted, not opted out) and not
 * blocked, with the profile tags the matching reads and their level. One scan of the app's users
 * joined to their profile and hub row by primary key.
 */
export async function listableNetworkers(db: Db, appId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: users.jobTitle,
      company: users.company,
      interestedIn: userProfiles.interestedIn,
      expertIn: userProfiles.expertIn,
      lookingFor: userProfiles.lookingFor,
      topics: userProfiles.topics,
      level: networkingMembers.level,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(networkingMembers, eq(networkingMembers.userId, users.id))
    .where(and(eq(users.appId, appId), listedMember(), isNull(users.blockedAt)))
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
}
export type ListableRow = Awaited<ReturnType<typeof listableNetworkers>>[number];

/** The reader's own tags (also when they opted out of being listed themselves). */
export async function profileTags(db: Db, userId: number) {
  const [row] = await db
    .select({
      interestedIn: userProfiles.interestedIn,
      expertIn: userProfiles.expertIn,
      lookingFor: userProfiles.lookingFor,
      topics: userProfiles.topics,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row ?? {};
}

/** The reader's marks (shortlisted, skipped) with when each was set. */
export async function marksOf(db: Db, appId: number, userId: number) {
  return db
    .select({ id: networkingMarks.targetId, mark: networkingMarks.mark, at: networkingMarks.createdAt })
    .from(networkingMarks)
    .where(and(eq(networkingMarks.appId, appId), eq(networkingMarks.userId, userId)));
}

/** The members the reader shares a private chat with (networking_contacts, either side). */
export async function contactsOf(db: Db, appId: number, userId: number) {
  return db
    .select({
      id: sql<number>`case when ${networkingContacts.lowId} = ${userId} then ${networkingContacts.highId} else ${networkingContacts.lowId} end`,
      contactedAt: networkingContacts.contactedAt,
      connectedAt: networkingContacts.connectedAt,
    })
    .from(networkingContacts)
    .where(and(eq(networkingContacts.appId, appId), or(eq(networkingContacts.lowId, userId), eq(networkingContacts.highId, userId))));
}
