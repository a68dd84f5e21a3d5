import { and, asc, count, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userFavorites, userFlags, userNotes, userProfiles } from './profiles.table.ts';
import { users } from './users.table.ts';

export type ProfileRow = typeof userProfiles.$inferSelect;

/** The columns the rules below read, of `users` or an alias of it. */
type MemberColumns = Pick<typeof users, 'id' | 'emailConfirmedAt' | 'deletedAt' | 'blockedAt'>;

/**
 * A member who may be met at all: confirmed address, account not deleted (the party of a 1:1, an
 * activity's author).
 */
export function activeMember(u: MemberColumns = users): SQL {
  return and(isNotNull(u.emailConfirmedAt), isNull(u.deletedAt)) as SQL;
}

/**
 * The one rule of every list of people (directory, `/user/related-list`, event attendees, the chat
 * people picker, favorites): an active member who did not opt out of being listed
 * (`user_profiles.listed_in_directory`, no row = listed), or, when `unless` is given, one it
 * matches although opted out (someone the reader already shares a chat with, a favorite). Deleted,
 * unconfirmed and blocked accounts are never listed, whatever `unless` says. A primary-key probe per row:
 * the caller needs no join.
 */
export function listedMember(u: MemberColumns = users, unless?: SQL): SQL {
  const listed = sql`not exists (select 1 from ${userProfiles} where ${userProfiles.userId} = ${u.id} and not ${userProfiles.listedInDirectory})`;
  // An account an organiser blocked is in no list of people either, whatever `unless` says.
  return and(activeMember(u), isNull(u.blockedAt), unless ? or(listed, unless) : listed) as SQL;
}
/** Whether lists of people may show this member (listedMember). */
export async function isListed(db: Db, appId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId), listedMember()));
  return row !== undefined;
}
export type NewProfile = Partial<Omit<typeof userProfiles.$inferInsert, 'userId' | 'appId'>>;

/** A member's profile sections (primary key). */
export async function findProfile(db: Db, appId: number, userId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(userProfiles)
    .where(and(eq(userProfiles.appId, appId), eq(userProfiles.userId, userId)));
  return row;
}

/** Writes the given sections, making the row on the member's first save. */
export async function upsertProfile(db: Db, appId: number, userId: number, values: NewProfile): Promise<ProfileRow> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(userProfiles)
    .values({ appId, userId, ...set })
    .onConflictDoUpdate({ target: userProfiles.userId, set, where: eq(userProfiles.appId, appId) })
    .returning();
  if (!row) throw new Error('upsert user_profiles returned nothing');
  return row;
}

/** The ids of a member's favorites (primary key prefix). */
export async function favoriteIds(db: Db, appId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userFavorites.favoriteId })
    .from(userFavorites)
    .where(and(eq(userFavorites.appId, appId), eq(userFavorites.userId, userId)));
  return rows.map((r) => r.id);
}

export async function isFavorite(db: Db, appId: number, userId: number, favoriteId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userFavorites.favoriteId })
    .from(userFavorites)
    .where(and(eq(userFavorites.appId, appId), eq(userFavorites.userId, userId), eq(userFavorites.favoriteId, favoriteId)));
  return row !== undefined;
}

export async function addFavorite(db: Db, appId: number, userId: number, favoriteId: number): Promise<void> {
  await db.insert(userFavorites).values({ appId, userId, favoriteId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, appId: number, userId: number, favoriteId: number): Promise<void> {
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.appId, appId), eq(userFavorites.userId, userId), eq(userFavorites.favoriteId, favoriteId)));
}

/** Whether the reader reported the member (primary key). */
export async function isReported(db: Db, appId: number, reporterId: number, subjectId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userFlags.subjectId })
    .from(userFlags)
    .where(and(eq(userFlags.appId, appId), eq(userFlags.subjectId, subjectId), eq(userFlags.reporterId, reporterId)));
  return row !== undefined;
}

/** A report of a member: one per reporter, so reporting twice counts once. */
export async function addFlag(db: Db, appId: number, reporterId: number, subjectId: number): Promise<void> {
  await db.insert(userFlags).values({ appId, reporterId, subjectId }).onConflictDoNothing();
}

/** `like` text with its wildcards taken literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A member's confirmed favorites by name, searched by a piece of name, job title or company (a
 * member has few favorites: the primary key prefix, then a filter over those rows).
 */
export async function pageFavorites(db: Db, appId: number, userId: number, search: string | undefined, limit: number, offset: number) {
  const q = search?.trim().toLowerCase();
  const match: SQL | undefined = q
    ? sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.jobTitle} || ' ' || ${users.company}) like ${`%${likeEscape(q)}%`}`
    : undefined;
  // A favorite who later opted out stays in my own list (I keep what I chose); a deleted one goes.
  const where = and(
    eq(userFavorites.appId, appId),
    eq(userFavorites.userId, userId),
    listedMember(users, eq(userFavorites.userId, userId)),
    match,
  );
  const from = () =>
    db
      .select()
      .from(userFavorites)
      .innerJoin(users, and(eq(users.id, userFavorites.favoriteId), eq(users.appId, appId)));
  const [rows, [total]] = await Promise.all([
    from().where(where).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)).limit(limit).offset(offset),
    db
      .select({ n: count() })
      .from(userFavorites)
      .innerJoin(users, and(eq(users.id, userFavorites.favoriteId), eq(users.appId, appId)))
      .where(where),
  ]);
  return { rows: rows.map((r) => r.users), total: total?.n ?? 0 };
}

export async function findNote(db: Db, appId: number, authorId: number, subjectId: number) {
  const [row] = await db
    .select({ text: userNotes.text, updatedAt: userNotes.updatedAt })
    .from(userNotes)
    .where(and(eq(userNotes.appId, appId), eq(userNotes.authorId, authorId), eq(userNotes.subjectId, subjectId)));
  return row;
}

export async function saveNote(db: Db, appId: number, authorId: number, subjectId: number, text: string) {
  if (!text) {
    await db.delete(userNotes).where(and(eq(userNotes.appId, appId), eq(userNotes.authorId, authorId), eq(userNotes.subjectId, subjectId)));
    return undefined;
  }
  const updatedAt = new Date();
  const [row] = await db
    .insert(userNotes)
    .values({ appId, authorId, subjectId, text, updatedAt })
    .onConflictDoUpdate({ target: [userNotes.authorId, userNotes.subjectId], set: { text, updatedAt } })
    .returning({ text: userNotes.text, updatedAt: userNotes.updatedAt });
  return row;
}

/**
 * Every member the directory may list (confirmed, not opted out), by name, with the columns its
 * cards and search need: one scan of the app's users (users_app_name_idx) joined to their profiles
 * by primary key. Read once per app and kept in memory (appusers.service.ts).
 */
export async function directoryRows(db: Db, appId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      jobTitle: users.jobTitle,
      company: users.company,
      location: users.location,
      avatarUrl: users.avatarUrl,
      isVerified: users.isVerified,
      photoUrl: userProfiles.photoUrl,
      interestedIn: userProfiles.interestedIn,
      expertIn: userProfiles.expertIn,
      hobbies: userProfiles.hobbies,
      topics: userProfiles.topics,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(eq(users.appId, appId), listedMember()))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}
export type DirectoryRow = Awaited<ReturnType<typeof directoryRows>>[number];
