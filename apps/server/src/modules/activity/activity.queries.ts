import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appModules } from '../apps/apps.table.ts';
import { listedMember } from '../users/profiles.queries.ts';
import { users } from '../users/users.table.ts';
import { activities } from './activity.table.ts';

export type NewActivity = typeof activities.$inferInsert;

const row = {
  a: activities,
  user: {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    isVerified: users.isVerified,
    avatarUrl: users.avatarUrl,
    jobTitle: users.jobTitle,
    deletedAt: users.deletedAt,
  },
  module: { id: appModules.id, type: appModules.type, name: appModules.name },
};

/**
 * The feed's lines: a "joined the community" line is a member's presence, so it shows only while
 * lists of people may show them (listedMember: not opted out of the directory, not deleted).
 */
const shown = (appId: number) => and(eq(activities.appId, appId), or(ne(activities.action, 'activity.joinedCommunity'), listedMember()));

// Matches the index (app_id, created_at desc nulls last, id desc nulls last): an index scan with a limit.
const newestFirst = [sql`${activities.createdAt} desc nulls last`, sql`${activities.id} desc nulls last`];

/** One page of the app's feed, newest first. */
export function pageActivities(db: Db, appId: number, limit: number, offset: number) {
  return db
    .select(row)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(appModules, eq(appModules.id, activities.appModuleId))
    .where(shown(appId))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export async function countActivities(db: Db, appId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .where(shown(appId));
  return r?.n ?? 0;
}

export async function findActivity(db: Db, appId: number, id: number) {
  const [r] = await db
    .select(row)
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .leftJoin(appModules, eq(appModules.id, activities.appModuleId))
    .where(and(eq(activities.appId, appId), eq(activities.id, id)));
  return r;
}

/** Inserts activities in one statement; answers their rows in the same order (ids are drawn row by row). */
export async function insertActivities(db: Db, values: NewActivity[]) {
  const rows = await db.insert(activities).values(values).returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Records a folded line (see `recordComment`): the first of its group inserts it, the next ones
 * update the same row in the same statement (the unique group index makes concurrent writers wait
 * on each other, never both insert). The newest write names the line's member, time and link;
 * an older one (the demo writes out of order) only adds its member to the actors.
 */
export async function upsertFolded(db: Db, values: NewActivity & { groupKey: string }) {
  const newer = sql`excluded.created_at >= ${activities.createdAt}`;
  const [row] = await db
    .insert(activities)
    .values({ ...values, actorIds: [values.userId] })
    .onConflictDoUpdate({
      target: [activities.appId, activities.groupKey],
      set: {
        userId: sql`case when ${newer} then excluded.user_id else ${activities.userId} end`,
        clickUrl: sql`case when ${newer} then excluded.click_url else ${activities.clickUrl} end`,
        isReply: sql`case when ${newer} then excluded.is_reply else ${activities.isReply} end`,
        actorIds: sql`case when ${newer} then array_append(array_remove(${activities.actorIds}, excluded.user_id), excluded.user_id)
          when excluded.user_id = any(${activities.actorIds}) then ${activities.actorIds}
          else array_prepend(excluded.user_id, ${activities.actorIds}) end`,
        createdAt: sql`greatest(${activities.createdAt}, excluded.created_at)`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert activities returned nothing');
  return row;
}

/** A renamed post is named anew in its lines (a forum's discussion title, a comment line's title). */
export async function renameEntity(db: Db, appId: number, moduleId: number, postId: number, title: string | null) {
  const mine = and(eq(activities.appId, appId), eq(activities.appModuleId, moduleId));
  await db
    .update(activities)
    .set({ forumTitle: title })
    .where(and(mine, eq(activities.forumId, postId)));
  await db
    .update(activities)
    .set({ entityTitle: title })
    .where(and(mine, eq(activities.entityId, postId), eq(activities.isComment, true)));
}

export type ActivityRow = Awaited<ReturnType<typeof pageActivities>>[number];

/** Whether the user already has an activity with this action (e.g. their "joined" entry). */
export async function hasActivity(db: Db, appId: number, userId: number, action: string): Promise<boolean> {
  const [found] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.appId, appId), eq(activities.userId, userId), eq(activities.action, action)))
    .limit(1);
  return Boolean(found);
}
