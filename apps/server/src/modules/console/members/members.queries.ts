import type { MemberRow, MemberStatus, MembersQuery } from '@app/contract/schemas/console-members';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { accessTokens, mailTokens } from '../../auth/auth.table.ts';
import { contentComments, contentFlags, contentPosts } from '../../content/content.table.ts';
import { eventRegistrations } from '../../events/events.table.ts';
import { userFlags } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { consoleInviteMails } from './members.table.ts';

/**
 * A member's status from their row: blocked wins; a confirmed address is active; an account without
 * password nor confirmation waits for its invitation; one with a password but no confirmation
 * signed up and never confirmed.
 */
export const statusSql = sql<MemberStatus>`case
  when ${users.blockedAt} is not null then 'blocked'
  when ${users.emailConfirmedAt} is not null then 'active'
  when ${users.passwordHash} is null then 'invited'
  else 'unconfirmed' end`;

function statusWhere(status: MemberStatus): SQL | undefined {
  switch (status) {
    case 'blocked':
      return isNotNull(users.blockedAt);
    case 'active':
      return and(isNull(users.blockedAt), isNotNull(users.emailConfirmedAt));
    case 'invited':
      return and(isNull(users.blockedAt), isNull(users.emailConfirmedAt), isNull(users.passwordHash));
    case 'unconfirmed':
      return and(isNull(users.blockedAt), isNull(users.emailConfirmedAt), isNotNull(users.passwordHash));
  }
}

/** The expression of users_search_idx (users.table.ts), written the same so that the index serves the search. */
const MEMBER_SEARCH_VECTOR = sql`to_tsvector('simple', ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || replace(${users.email}, '@', ' ') || ' ' || ${users.company})`;

/** A search's words as a prefix query: `anna bau` finds Anna Bauer; each word quoted, so nothing typed is tsquery syntax. */
export function prefixQuery(q: string): string {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => `'${w.replaceAll('\\', '\\\\').replaceAll("'", "''")}':*`)
    .join(' & ');
}

/** The list's filters: the app's accounts not deleted, then search, role and status. */
function membersWhere(appId: number, f: Pick<MembersQuery, 'q' | 'role' | 'status'>): SQL | undefined {
  const query = f.q ? prefixQuery(f.q) : '';
  return and(
    eq(users.appId, appId),
    isNull(users.deletedAt),
    query ? sql`${MEMBER_SEARCH_VECTOR} @@ to_tsquery('simple', ${query})` : undefined,
    f.role === 'owner' ? eq(users.isAdmin, true) : undefined,
    f.role === 'moderator' ? eq(users.isModerator, true) : undefined,
    f.role === 'member' ? and(eq(users.isAdmin, false), eq(users.isModerator, false)) : undefined,
    f.status ? statusWhere(f.status) : undefined,
  );
}

/** The columns of a list row: only these (PGlite pays per returned cell). */
const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatarUrl: users.avatarUrl,
  company: users.company,
  jobTitle: users.jobTitle,
  isAdmin: users.isAdmin,
  isModerator: users.isModerator,
  isOperator: users.isOperator,
  status: statusSql,
  createdAt: users.createdAt,
  // Qualified by hand: Drizzle writes a one-table select's columns bare, which inside this subquery would name the token's own id.
  lastSignIn: sql<string | null>`(select max(t.created_at) from ${accessTokens} t where t.user_id = "users"."id")`,
};
type RowData = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
  company: string;
  jobTitle: string;
  isAdmin: boolean;
  isModerator: boolean;
  isOperator: boolean;
  status: MemberStatus;
  createdAt: Date;
  lastSignIn: string | Date | null;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

export function toMemberRow(r: RowData): MemberRow {
  return {
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    avatar_url: r.avatarUrl,
    company: r.company,
    job_title: r.jobTitle,
    roles: { owner: r.isAdmin, moderator: r.isModerator, operator: r.isOperator },
    status: r.status,
    joined_at: new Date(r.createdAt).toISOString(),
    last_sign_in_at: iso(r.lastSignIn),
  };
}

/** One page of members by name (the name index walked in order: a page costs its rows, not the app's size). */
export async function pageMembers(db: Db, appId: number, f: MembersQuery): Promise<MemberRow[]> {
  const perPage = f['per-page'];
  const rows = await db
    .select(rowColumns)
    .from(users)
    .where(membersWhere(appId, f))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(perPage)
    .offset((f.page - 1) * perPage);
  return rows.map(toMemberRow);
}

/** How many members match the list's filters (the page headers' total). */
export async function countMembers(db: Db, appId: number, f: Pick<MembersQuery, 'q' | 'role' | 'status'>): Promise<number> {
  const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(membersWhere(appId, f));
  return c?.n ?? 0;
}

/** Every member of the app by name, in batches (the CSV export): `after` is the last id of the previous batch. */
export async function membersBatch(db: Db, appId: number, afterId: number, limit: number) {
  return db
    .select({ ...rowColumns, location: users.location })
    .from(users)
    .where(and(eq(users.appId, appId), isNull(users.deletedAt), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** One member of the app (not deleted) as a list row. */
export async function findMemberRow(db: Db, appId: number, userId: number): Promise<MemberRow | undefined> {
  const [r] = await db
    .select(rowColumns)
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId), isNull(users.deletedAt)));
  return r ? toMemberRow(r) : undefined;
}

/** The member's row, locked for a change in `tx` (not deleted, of this app). */
export async function lockMember(tx: Db, appId: number, userId: number) {
  const [r] = await tx
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return r;
}

/** The app's owners (not deleted), locked: the last one may not give up the role. */
export async function lockOwners(tx: Db, appId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.isAdmin, true), isNull(users.deletedAt)))
    .for('update');
  return rows.map((r) => r.id);
}

const count = sql<number>`count(*)::int`;

/** What the profile at a glance counts, and the member's pending invitation link. */
export async function memberFacts(db: Db, appId: number, userId: number) {
  const [r] = await db
    .select({
      location: users.location,
      isVerified: users.isVerified,
      registrations: sql<number>`(select ${count} from ${eventRegistrations} where ${eventRegistrations.appId} = ${appId} and ${eventRegistrations.userId} = ${userId})`,
      posts: sql<number>`(select ${count} from ${contentPosts} where ${contentPosts.appId} = ${appId} and ${contentPosts.userId} = ${userId})`,
      comments: sql<number>`(select ${count} from ${contentComments} where ${contentComments.appId} = ${appId} and ${contentComments.userId} = ${userId})`,
      profileReports: sql<number>`(select ${count} from ${userFlags} where ${userFlags.subjectId} = ${userId})`,
      contentReports: sql<number>`(select ${count} from ${contentFlags} f where f.app_id = ${appId} and (
        (f.target_type = 'post' and f.target_id in (select p.id from ${contentPosts} p where p.app_id = ${appId} and p.user_id = ${userId}))
        or (f.target_type = 'comment' and f.target_id in (select c.id from ${contentComments} c where c.app_id = ${appId} and c.user_id = ${userId}))))`,
      sessions: sql<number>`(select ${count} from ${accessTokens} where ${accessTokens.userId} = ${userId} and ${accessTokens.revokedAt} is null and ${accessTokens.expiresAt} > now())`,
      inviteExpires: sql<
        string | null
      >`(select max(${mailTokens.expiresAt}) from ${mailTokens} where ${mailTokens.userId} = ${userId} and ${mailTokens.kind} = 'invite' and ${mailTokens.usedAt} is null and ${mailTokens.expiresAt} > now())`,
    })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return r;
}

/** Invitation links sent to the member in the last hour (the resend's per-recipient limit). */
export async function invitesSentSince(db: Db, userId: number, expiringAfter: Date): Promise<number> {
  const [r] = await db
    .select({ n: count })
    .from(mailTokens)
    .where(and(eq(mailTokens.userId, userId), eq(mailTokens.kind, 'invite'), gt(mailTokens.expiresAt, expiringAfter)));
  return r?.n ?? 0;
}

/** Which of these lower-cased addresses already have an account in the app (deleted ones have another address). */
export async function existingEmails(db: Db, appId: number, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < emails.length; i += 1000) {
    const chunk = emails.slice(i, i + 1000);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(eq(users.appId, appId), inArray(sql`lower(${users.email})`, chunk)));
    for (const r of rows) found.add(r.email);
  }
  return found;
}

export interface NewMember {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
}

/** Makes invited accounts (no password) in batches; an address taken meanwhile is skipped. Answers the new ids. */
export async function insertInvited(tx: Db, appId: number, rows: NewMember[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const made = await tx
      .insert(users)
      .values(rows.slice(i, i + 1000).map((r) => ({ appId, ...r })))
      .onConflictDoNothing()
      .returning({ id: users.id });
    for (const m of made) ids.push(m.id);
  }
  return ids;
}

/** Queues the invitation mails of these new accounts (sent after the commit by the mailer). */
export async function queueInviteMails(tx: Db, appId: number, userIds: number[], locale: string, baseUrl: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += 2000) {
    await tx.insert(consoleInviteMails).values(userIds.slice(i, i + 2000).map((userId) => ({ appId, userId, locale, baseUrl })));
  }
}

/** Minutes after which a claimed mail whose node never finished it is claimed again. */
const CLAIM_STALE_MINUTES = 5;

/** Claims the next batch of queued mails (one statement: two nodes never claim the same row). */
export async function claimInviteMails(db: Db, limit: number) {
  const rows = await db
    .update(consoleInviteMails)
    .set({ claimedAt: sql`now()`, attempts: sql`${consoleInviteMails.attempts} + 1` })
    .where(
      inArray(
        consoleInviteMails.id,
        db
          .select({ id: consoleInviteMails.id })
          .from(consoleInviteMails)
          .where(
            or(
              isNull(consoleInviteMails.claimedAt),
              lt(consoleInviteMails.claimedAt, sql`now() - make_interval(mins => ${CLAIM_STALE_MINUTES})`),
            ),
          )
          .orderBy(asc(consoleInviteMails.id))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function deleteInviteMails(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(consoleInviteMails).where(inArray(consoleInviteMails.id, ids));
}

/** Queued mails of a member (a revoked invitation, a block): they are not sent. */
export async function dropInviteMailsOf(db: Db, userId: number): Promise<void> {
  await db.delete(consoleInviteMails).where(eq(consoleInviteMails.userId, userId));
}

/** Deletes an account row outright (a pending invitation that never joined: nothing of theirs exists elsewhere). */
export async function deleteAccountRow(tx: Db, appId: number, userId: number): Promise<void> {
  await tx.delete(users).where(and(eq(users.appId, appId), eq(users.id, userId)));
}
