import { postUrl } from '@app/contract/content-paths';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { appModules } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';
import { eraseComment } from './content.comments.ts';
import { announce, erasePost } from './content.service.ts';
import { contentComments, contentFlags, contentPosts } from './content.table.ts';

type PostType = 'blogs' | 'news' | 'forums';
const asPostType = (t: string): PostType => (t === 'news' || t === 'forums' ? t : 'blogs');
const nameOf = (u: { id: number; firstName: string; lastName: string }) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() });

const flagsOf = (type: 'post' | 'comment') => (appId: number) =>
  reportRows(
    {
      table: contentFlags,
      target: contentFlags.targetId,
      reporter: contentFlags.userId,
      at: contentFlags.createdAt,
      app: contentFlags.appId,
    },
    appId,
    sql`${contentFlags.targetType} = ${type}`,
  );

async function findPostRow(db: Db, appId: number, id: number) {
  const [row] = await db
    .select({ id: contentPosts.id, moduleId: contentPosts.appModuleId })
    .from(contentPosts)
    .where(and(eq(contentPosts.appId, appId), eq(contentPosts.id, id)));
  if (!row) throw notFound();
  return row;
}

async function findCommentRow(db: Db, appId: number, id: number) {
  const [row] = await db
    .select({ id: contentComments.id, path: contentComments.path, postId: contentComments.postId, moduleId: contentPosts.appModuleId })
    .from(contentComments)
    .innerJoin(contentPosts, eq(contentPosts.id, contentComments.postId))
    .where(and(eq(contentComments.appId, appId), eq(contentComments.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Posts and comments as the moderation queue reports them (hidden: only their author and the owners see them). */
export const contentReports: ReportSource[] = [
  {
    kind: 'post',
    reports: flagsOf('post'),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: contentPosts.id,
              title: contentPosts.title,
              text: contentPosts.bodyText,
              hiddenAt: contentPosts.hiddenAt,
              moduleId: contentPosts.appModuleId,
              type: appModules.type,
              author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
            })
            .from(contentPosts)
            .innerJoin(users, eq(users.id, contentPosts.userId))
            .innerJoin(appModules, eq(appModules.id, contentPosts.appModuleId))
            .where(and(eq(contentPosts.appId, appId), inArray(contentPosts.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.title ?? '', 140),
            excerpt: excerpt(r.text, 400),
            author: nameOf(r.author),
            link: postUrl(asPostType(r.type), r.moduleId, { id: r.id, title: r.title }),
            moduleId: r.moduleId,
            hidden: Boolean(r.hiddenAt),
          },
        ]),
      );
    },
    async remove(ctx, appId, id) {
      const row = await findPostRow(ctx.db, appId, id);
      await erasePost(ctx, appId, row.moduleId, id);
    },
    async hide(ctx, appId, id) {
      const row = await findPostRow(ctx.db, appId, id);
      await setHidden(ctx, contentPosts, appId, id, true);
      announce(ctx, appId, row.moduleId, id, 'post');
    },
  },
  {
    kind: 'comment',
    reports: flagsOf('comment'),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: contentComments.id,
              text: contentComments.body,
              hiddenAt: contentComments.hiddenAt,
              postId: contentPosts.id,
              postTitle: contentPosts.title,
              moduleId: contentPosts.appModuleId,
              type: appModules.type,
              author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
            })
            .from(contentComments)
            .innerJoin(contentPosts, eq(contentPosts.id, contentComments.postId))
            .innerJoin(users, eq(users.id, contentComments.userId))
            .innerJoin(appModules, eq(appModules.id, contentPosts.appModuleId))
            .where(and(eq(contentComments.appId, appId), inArray(contentComments.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.postTitle ?? '', 140),
            excerpt: excerpt(r.text, 400),
            author: nameOf(r.author),
            link: postUrl(asPostType(r.type), r.moduleId, { id: r.postId, title: r.postTitle }),
            moduleId: r.moduleId,
            hidden: Boolean(r.hiddenAt),
          },
        ]),
      );
    },
    async remove(ctx, appId, id) {
      const row = await findCommentRow(ctx.db, appId, id);
      await eraseComment(ctx, appId, row.moduleId, row.postId, row);
    },
    async hide(ctx, appId, id) {
      const row = await findCommentRow(ctx.db, appId, id);
      await setHidden(ctx, contentComments, appId, id, true);
      announce(ctx, appId, row.moduleId, row.postId, 'comment');
    },
  },
];

async function setHidden(ctx: Ctx, table: typeof contentPosts | typeof contentComments, appId: number, id: number, hidden: boolean) {
  await ctx.db
    .update(table)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(and(eq(table.appId, appId), eq(table.id, id)));
}
