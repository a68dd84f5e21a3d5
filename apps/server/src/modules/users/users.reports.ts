import { and, eq, inArray, isNull } from 'drizzle-orm';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { userFlags } from './profiles.table.ts';
import { users } from './users.table.ts';

/** Members' profiles as the moderation queue reports them: dismiss, or block the member. */
export const usersReports: ReportSource[] = [
  {
    kind: 'profile',
    reports: (appId) =>
      reportRows(
        { table: userFlags, target: userFlags.subjectId, reporter: userFlags.reporterId, at: userFlags.createdAt, app: userFlags.appId },
        appId,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              jobTitle: users.jobTitle,
              company: users.company,
            })
            .from(users)
            .where(and(eq(users.appId, appId), inArray(users.id, ids), isNull(users.deletedAt)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => {
          const name = `${r.firstName} ${r.lastName}`.trim();
          return [
            r.id,
            {
              title: excerpt(name, 140),
              excerpt: excerpt([r.jobTitle, r.company].filter(Boolean).join(' · '), 400),
              author: { id: r.id, name },
              link: `/user/${r.id}`,
              moduleId: null,
              hidden: false,
            },
          ];
        }),
      );
    },
  },
];
