import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { excerpt } from '../../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../../platform/module.ts';
import { fullName } from '../../users/users.names.ts';
import { users } from '../../users/users.table.ts';
import { eraseComment, eraseTopic } from './topics.service.ts';
import { networkingTopicCommentFlags, networkingTopicComments, networkingTopicFlags, networkingTopics } from './topics.table.ts';

const authorOf = (u: { id: number; firstName: string; lastName: string; deletedAt: Date | null }) => ({ id: u.id, name: fullName(u) });
const authorCols = { id: users.id, firstName: users.firstName, lastName: users.lastName, deletedAt: users.deletedAt };

async function topicRow(db: Db, appId: number, id: number) {
  const [row] = await db
    .select({ moduleId: networkingTopics.appModuleId })
    .from(networkingTopics)
    .where(and(eq(networkingTopics.appId, appId), eq(networkingTopics.id, id)));
  if (!row) throw notFound();
  return row;
}

async function commentRow(db: Db, appId: number, id: number) {
  const [row] = await db
    .select({ topicId: networkingTopicComments.topicId, moduleId: networkingTopics.appModuleId })
    .from(networkingTopicComments)
    .innerJoin(networkingTopics, eq(networkingTopics.id, networkingTopicComments.topicId))
    .where(and(eq(networkingTopicComments.appId, appId), eq(networkingTopicComments.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Topics and their comments as the moderation queue reports them (no hiding: a moderator deletes). */
export const topicsReports: ReportSource[] = [
  {
    kind: 'topic',
    reports: (appId) =>
      reportRows(
        {
          table: networkingTopicFlags,
          target: networkingTopicFlags.topicId,
          reporter: networkingTopicFlags.userId,
          at: networkingTopicFlags.createdAt,
          app: networkingTopicFlags.appId,
        },
        appId,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: networkingTopics.id,
              title: networkingTopics.title,
              text: networkingTopics.description,
              moduleId: networkingTopics.appModuleId,
              author: authorCols,
            })
            .from(networkingTopics)
            .innerJoin(users, eq(users.id, networkingTopics.userId))
            .where(and(eq(networkingTopics.appId, appId), inArray(networkingTopics.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.title, 140),
            excerpt: excerpt(r.text, 400),
            author: authorOf(r.author),
            link: `/networking/${r.moduleId}/topics/${r.id}`,
            moduleId: r.moduleId,
            hidden: false,
          },
        ]),
      );
    },
    async remove(ctx, appId, id) {
      await eraseTopic(ctx, appId, (await topicRow(ctx.db, appId, id)).moduleId, id);
    },
  },
  {
    kind: 'topicComment',
    reports: (appId) =>
      reportRows(
        {
          table: networkingTopicCommentFlags,
          target: networkingTopicCommentFlags.commentId,
          reporter: networkingTopicCommentFlags.userId,
          at: networkingTopicCommentFlags.createdAt,
          app: networkingTopicCommentFlags.appId,
        },
        appId,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: networkingTopicComments.id,
              body: networkingTopicComments.body,
              topicId: networkingTopics.id,
              title: networkingTopics.title,
              moduleId: networkingTopics.appModuleId,
              author: authorCols,
            })
            .from(networkingTopicComments)
            .innerJoin(networkingTopics, eq(networkingTopics.id, networkingTopicComments.topicId))
            .innerJoin(users, eq(users.id, networkingTopicComments.userId))
            .where(and(eq(networkingTopicComments.appId, appId), inArray(networkingTopicComments.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.title, 140),
            excerpt: excerpt(r.body, 400),
            author: authorOf(r.author),
            link: `/networking/${r.moduleId}/topics/${r.topicId}`,
            moduleId: r.moduleId,
            hidden: false,
          },
        ]),
      );
    },
    async remove(ctx, appId, id) {
      const row = await commentRow(ctx.db, appId, id);
      await eraseComment(ctx, appId, row.moduleId, row.topicId, id);
    },
  },
];
