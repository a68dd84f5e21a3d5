import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listedMember } from './profiles.queries.ts';
import { bubbles, users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Whether a member is their app's owner (admin): the moderation rights of every module. */
export async function isAppAdmin(db: Db, appId: number, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return r?.isAdmin ?? false;
}

export async function findUserByEmail(db: Db, appId: number, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row;
}

export async function findUser(db: Db, appId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, id)));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert users returned nothing');
  return row;
}

export async function updateUser(db: Db, appId: number, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.appId, appId), eq(users.id, id)))
    .returning();
  return row;
}

/**
 * The user's menu flags and their unread item ids per module in one query (hot path of the menu call).
 * Only the columns the menu needs: PGlite pays per returned cell, so `select *` costs about a third more.
 */
export async function findUserWithBubbles(db: Db, appId: number, id: number) {
  const [row] = await db
    .select({
      user: { id: users.id, isAdmin: users.isAdmin, firstName: users.firstName, lastName: users.lastName, jobTitle: users.jobTitle },
      bubbles: sql<Array<{ m: number; i: number }> | null>`(
        select json_agg(json_build_object('m', b.app_module_id, 'i', b.item_id) order by b.created_at desc)
        from ${bubbles} b where b.user_id = ${users.id})`,
    })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, id)));
  return row;
}

export async function findBubbles(db: Db, userId: number) {
  return db
    .select({ moduleId: bubbles.appModuleId, itemId: bubbles.itemId })
    .from(bubbles)
    .where(eq(bubbles.userId, userId))
    .orderBy(sql`${bubbles.createdAt} desc`);
}

/** The app's members a list of people may show (`listedMember`), by name. */
export async function pageAppUsers(db: Db, appId: number, limit: number, offset: number) {
  const where = and(eq(users.appId, appId), listedMember());
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
