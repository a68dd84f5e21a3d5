import { and, eq, inArray, sql } from 'drizzle-orm';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';
import { appReports, contactMails } from './settings.table.ts';

/**
 * "Report Application" (the target is the app itself) and "Contact App Owner" messages (the target
 * is the message; the console answers it by mail) as the moderation queue shows them.
 */
export const settingsReports: ReportSource[] = [
  {
    kind: 'app',
    reports: (appId) =>
      reportRows(
        { table: appReports, target: appReports.appId, reporter: appReports.userId, at: appReports.createdAt, app: appReports.appId },
        appId,
      ),
    async describe(db, appId, ids) {
      if (!ids.includes(appId)) return new Map();
      const [app] = await db.select({ name: apps.name }).from(apps).where(eq(apps.id, appId));
      return new Map<number, ReportedTarget>(
        app ? [[appId, { title: excerpt(app.name, 140), excerpt: '', author: null, link: '/', moduleId: null, hidden: false }]] : [],
      );
    },
  },
  {
    kind: 'contact',
    // Each message is its own target, reported once by its sender.
    reports: (appId) =>
      reportRows(
        {
          table: contactMails,
          target: contactMails.id,
          reporter: contactMails.userId,
          at: contactMails.createdAt,
          app: contactMails.appId,
        },
        appId,
        sql`${contactMails.recipient} = 'owner' and ${contactMails.message} is not null`,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: contactMails.id,
              message: contactMails.message,
              author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
            })
            .from(contactMails)
            .innerJoin(users, eq(users.id, contactMails.userId))
            .where(and(eq(contactMails.appId, appId), inArray(contactMails.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => {
          const name = `${r.author.firstName} ${r.author.lastName}`.trim();
          return [
            r.id,
            {
              title: excerpt(name, 140),
              excerpt: excerpt(r.message ?? '', 2000),
              author: { id: r.author.id, name },
              link: null,
              moduleId: null,
              hidden: false,
            },
          ];
        }),
      );
    },
  },
];
