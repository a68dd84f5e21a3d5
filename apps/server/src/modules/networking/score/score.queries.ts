import type { Achievement, PointAction } from '@app/contract/schemas/networking-hub';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../db/client.ts';
import { completedSections } from '../../apps/apps.service.ts';
import { pushSubscriptions } from '../../push/push.table.ts';
import { listedMember } from '../../users/profiles.queries.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingMarks, networkingMembers, networkingPoints } from '../networking.hub.table.ts';
import { RESPONDING_ACTIONS, STARTING_ACTIONS } from './levels.ts';
import { networkingAchievements } from './score.table.ts';

/** What a member's level and badges are computed from, as stored (times in epoch ms). */
export interface StandingRow {
  id: number;
  first_name: string;
  last_name: string;
  job_title: string;
  has_picture: boolean;
  seen: number | null;
  level: number | null;
  badges: string[] | null;
  level_until: number | null;
  started: number | null;
  responded: number | null;
  any_activity: boolean;
  meet: boolean;
  push: boolean;
  connections: number;
}

const list = (xs: readonly string[]) =>
  sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  );
const ms = (col: ReturnType<typeof sql>) => sql`(extract(epoch from ${col}) * 1000)::float8`;

/** The facts of these members of the app (deleted accounts left out), one query. */
export async function standingFacts(db: Db, appId: number, ids: readonly number[]): Promise<StandingRow[]> {
  if (ids.length === 0) return [];
  const idList = sql`array[${list(ids.map(String))}]::int[]`;
  return queryRows<StandingRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.job_title,
          (u.avatar_url is not null or p.photo_url is not null) as has_picture,
          ${ms(sql`u.last_seen_at`)} as seen,
          m.level, m.badges, ${ms(sql`m.level_until`)} as level_until,
          ${ms(sql`greatest(
            (select max(created_at) from ${networkingPoints} np where np.user_id = u.id and np.action in (${list(STARTING_ACTIONS)})),
            (select max(contacted_at) from ${networkingContacts} c where c.low_id = u.id and c.starter_id = u.id),
            (select max(contacted_at) from ${networkingContacts} c where c.high_id = u.id and c.starter_id = u.id))`)} as started,
          ${ms(sql`(select max(created_at) from ${networkingPoints} np where np.user_id = u.id and np.action in (${list(RESPONDING_ACTIONS)}))`)} as responded,
          (exists (select 1 from ${networkingPoints} np where np.user_id = u.id)
            or exists (select 1 from ${networkingMarks} k where k.user_id = u.id)
            or exists (select 1 from ${networkingContacts} c where c.low_id = u.id)
            or exists (select 1 from ${networkingContacts} c where c.high_id = u.id)) as any_activity,
          exists (select 1 from ${networkingPoints} np where np.user_id = u.id and np.action in ('meetRequest', 'meetAccept', 'meetDecline', 'meetAccepted')) as meet,
          (exists (select 1 from ${networkingPoints} np where np.user_id = u.id and np.action = 'pushEnabled')
            or exists (select 1 from ${pushSubscriptions} s where s.user_id = u.id)) as push,
          ((select count(*) from ${networkingContacts} c where c.low_id = u.id and c.connected_at is not null)
            + (select count(*) from ${networkingContacts} c where c.high_id = u.id and c.connected_at is not null))::int as connections
        from ${users} u
        left join ${userProfiles} p on p.user_id = u.id
        left join ${networkingMembers} m on m.user_id = u.id
        where u.app_id = ${appId} and u.id = any(${idList}) and u.deleted_at is null`,
  );
}

/** A member's level, its window's end and badges, as computed (made when missing; points and their time untouched). */
export interface Standing {
  userId: number;
  level: number;
  until: Date | null;
  badges: readonly Achievement[];
}

/**
 * Stores computed standings; badges only ever add up (two recomputes racing each other cannot drop
 * one), and a badge's first earning is dated in `networking_achievements`. `updated_at` is left alone: it
 * orders ties of the leaderboard by who got their points first.
 */
export async function writeStandings(db: Db, appId: number, rows: readonly Standing[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(networkingMembers)
    .values(rows.map((r) => ({ userId: r.userId, appId, level: r.level, levelAt: new Date(), levelUntil: r.until, badges: [...r.badges] })))
    .onConflictDoUpdate({
      target: networkingMembers.userId,
      set: {
        level: sql`excluded.level`,
        levelAt: sql`excluded.level_at`,
        levelUntil: sql`excluded.level_until`,
        badges: sql`array(select distinct b from unnest(${networkingMembers.badges} || excluded.badges) b order by b)`,
      },
    });
  const earned = rows.flatMap((r) => r.badges.map((badge) => ({ userId: r.userId, appId, badge })));
  if (earned.length) await db.insert(networkingAchievements).values(earned).onConflictDoNothing();
}

/** Adds one badge to members who hold a standing row and lack it (the leader badge), dated now; answers who got it. */
export async function addBadge(db: Db, appId: number, userIds: readonly number[], badge: Achievement): Promise<number[]> {
  if (userIds.length === 0) return [];
  const idList = sql`array[${list(userIds.map(String))}]::int[]`;
  const got = await queryRows<{ user_id: number }>(
    db,
    sql`update ${networkingMembers} set badges = array_append(badges, ${badge})
        where app_id = ${appId} and user_id = any(${idList}) and not (${badge} = any(badges))
        returning user_id`,
  );
  const ids = got.map((g) => g.user_id);
  if (ids.length)
    await db
      .insert(networkingAchievements)
      .values(ids.map((userId) => ({ userId, appId, badge })))
      .onConflictDoNothing();
  return ids;
}

/** Members of the app whose level window has ended (the sweep), oldest first. */
export async function dueStandings(db: Db, limit: number): Promise<Array<{ appId: number; userId: number }>> {
  return db
    .select({ appId: networkingMembers.appId, userId: networkingMembers.userId })
    .from(networkingMembers)
    .where(sql`${networkingMembers.levelUntil} <= now()`)
    .orderBy(asc(networkingMembers.levelUntil))
    .limit(limit);
}

/** One member of the app's ranking: who, how many points, since when (epoch ms; ties go to who got there first). */
export interface RankedRow {
  id: number;
  points: number;
  at: number;
}

/**
 * The app's ranking: members with points whom lists may show (listed, confirmed, not deleted nor
 * blocked), by points, then by who got there first, then by id. One index scan of the board, three
 * numbers a member (names come with `boardPeople`, for the rows shown).
 */
export async function appRanking(db: Db, appId: number): Promise<RankedRow[]> {
  return db
    .select({
      id: networkingMembers.userId,
      points: networkingMembers.points,
      at: sql<number>`(extract(epoch from ${networkingMembers.updatedAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(networkingMembers)
    .innerJoin(users, eq(users.id, networkingMembers.userId))
    .where(and(eq(networkingMembers.appId, appId), gt(networkingMembers.points, 0), listedMember(), isNull(users.blockedAt)))
    .orderBy(desc(networkingMembers.points), asc(networkingMembers.updatedAt), asc(networkingMembers.userId));
}

/** These members' ranking rows (those the ranking holds: listed, with points), to patch a ranking in place. */
export async function rankedRows(db: Db, appId: number, ids: readonly number[]): Promise<RankedRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: networkingMembers.userId,
      points: networkingMembers.points,
      at: sql<number>`(extract(epoch from ${networkingMembers.updatedAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(networkingMembers)
    .innerJoin(users, eq(users.id, networkingMembers.userId))
    .where(
      and(
        eq(networkingMembers.appId, appId),
        inArray(networkingMembers.userId, [...ids]),
        gt(networkingMembers.points, 0),
        listedMember(),
        isNull(users.blockedAt),
      ),
    );
}

/** What the board shows of a person beside their rank and points. */
export interface BoardPerson {
  id: number;
  firstName: string;
  lastName: string;
  avatar: string | null;
  isVerified: boolean;
  level: number;
  badges: string[];
}

/** Names, pictures, levels and badges of these members of the app (the rows a board shows). */
export async function boardPeople(db: Db, appId: number, ids: readonly number[]): Promise<BoardPerson[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: users.avatarUrl,
      isVerified: users.isVerified,
      level: sql<number>`coalesce(${networkingMembers.level}, 1)`.mapWith(Number),
      badges: sql<string[]>`coalesce(${networkingMembers.badges}, '{}'::text[])`,
    })
    .from(users)
    .leftJoin(networkingMembers, eq(networkingMembers.userId, users.id))
    .where(and(eq(users.appId, appId), inArray(users.id, [...ids])));
}

/** A member's own standing row (points, level, badges, when their points last changed). */
export async function memberStanding(db: Db, userId: number) {
  const [row] = await db
    .select({
      points: networkingMembers.points,
      level: networkingMembers.level,
      badges: networkingMembers.badges,
      at: sql<number>`(extract(epoch from ${networkingMembers.updatedAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(networkingMembers)
    .where(eq(networkingMembers.userId, userId));
  return row;
}

/** A member's points by action: how many rows and how many points each. */
export async function pointsBySource(db: Db, userId: number): Promise<Array<{ action: PointAction; count: number; points: number }>> {
  return db
    .select({
      action: sql<PointAction>`${networkingPoints.action}`,
      count: sql<number>`count(*)::int`,
      points: sql<number>`sum(${networkingPoints.points})::int`,
    })
    .from(networkingPoints)
    .where(eq(networkingPoints.userId, userId))
    .groupBy(networkingPoints.action);
}

/** When the member first earned each badge they hold. */
export async function badgeDates(db: Db, userId: number) {
  return db
    .select({ badge: networkingAchievements.badge, earnedAt: networkingAchievements.earnedAt })
    .from(networkingAchievements)
    .where(eq(networkingAchievements.userId, userId));
}

/** A complete profile (the app's own rule, `completedSections`: name and job title) with a photo or an avatar. */
export function isComplete(f: Pick<StandingRow, 'first_name' | 'last_name' | 'job_title' | 'has_picture'>): boolean {
  return completedSections({ firstName: f.first_name, lastName: f.last_name, jobTitle: f.job_title }).length > 0 && f.has_picture;
}

/** Forgets the level windows of these members (accounts gone): the sweep must not come back to them. */
export async function clearLevelWindows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`update ${networkingMembers} set level_until = null where user_id = any(array[${list(ids.map(String))}]::int[])`);
}

/** Takes the sweep's advisory lock for the transaction, without waiting: false when another node holds it. */
export async function trySweepLock(tx: Db, key: number): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return row?.ok === true;
}
