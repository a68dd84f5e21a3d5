import type { NotificationCategory } from '@app/contract/schemas/settings';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';
import { appReports, contactMails, notificationPreferences } from './settings.table.ts';

/** A member's rows (at most one per category: the primary key). */
export const findPreferences = (db: Db, appId: number, userId: number) =>
  db
    .select({ category: notificationPreferences.category, inapp: notificationPreferences.inapp, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.appId, appId), eq(notificationPreferences.userId, userId)));

/** Turns one channel of one category on or off; the other channel keeps its value (on for a new row). */
export async function upsertPreference(
  db: Db,
  appId: number,
  userId: number,
  category: NotificationCategory,
  channel: 'inapp' | 'push',
  enabled: boolean,
) {
  await db
    .insert(notificationPreferences)
    .values({ appId, userId, category, [channel]: enabled })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { [channel]: enabled },
    });
}

/**
 * Members of the app who allow in-app notices of a category (every member with no row saying off),
 * but `except`; only among `among` when given; each with the language its notices are written in. One index scan of users by app, an anti-join on the
 * preferences' primary key.
 */
export async function membersAllowingInApp(
  db: Db,
  appId: number,
  category: NotificationCategory,
  except: number,
  among?: readonly number[],
) {
  if (among?.length === 0) return [];
  return db
    .select({ id: users.id, locale: sql<string>`coalesce(${users.locale}, ${apps.locale})` })
    .from(users)
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(
      and(
        eq(users.appId, appId),
        sql`${users.id} <> ${except}`,
        among ? inArray(users.id, [...among]) : undefined,
        sql`${users.emailConfirmedAt} is not null`,
        sql`not exists (select 1 from ${notificationPreferences} p where p.user_id = ${users.id} and p.category = ${category} and not p.inapp)`,
      ),
    );
}

export async function countMembers(db: Db, appId: number, except: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.appId, appId), sql`${users.id} <> ${except}`, sql`${users.emailConfirmedAt} is not null`));
  return r?.n ?? 0;
}

export async function hasReported(db: Db, appId: number, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ u: appReports.userId })
    .from(appReports)
    .where(and(eq(appReports.appId, appId), eq(appReports.userId, userId)));
  return Boolean(r);
}

export async function insertReport(db: Db, appId: number, userId: number) {
  await db.insert(appReports).values({ appId, userId }).onConflictDoNothing();
}

/**
 * Claims one of the member's daily contact mails: under the member's row lock, counts the last 24
 * hours and inserts a row (with the message to the owner: the console's moderation queue shows it).
 * Returns the member (for the Reply-To) or 'cap' / 'none'.
 */
export async function claimContactMail(
  db: Db,
  appId: number,
  userId: number,
  recipient: 'owner' | 'developers',
  perDay: number,
  message: string | null = null,
) {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)))
      .for('update');
    if (!member) return 'none' as const;
    const [sent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(contactMails)
      .where(and(eq(contactMails.userId, userId), gt(contactMails.createdAt, sql`now() - interval '1 day'`)));
    if ((sent?.n ?? 0) >= perDay) return 'cap' as const;
    const [row] = await tx.insert(contactMails).values({ appId, userId, recipient, message }).returning({ id: contactMails.id });
    return { member, claimId: row?.id ?? 0 };
  });
}

/** A mail that failed gives its claim back. */
export async function releaseContactMail(db: Db, id: number) {
  await db.delete(contactMails).where(eq(contactMails.id, id));
}

/** Whether the member's account has a password (deletion asks for it; without, it is confirmed by mail). */
export async function hasPassword(db: Db, appId: number, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ yes: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  return r?.yes ?? false;
}
