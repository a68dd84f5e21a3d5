import { and, eq, inArray } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { users } from '../users/users.table.ts';
import { eraseListing, setListingHidden } from './marketplace.service.ts';
import { marketplaceFlags, marketplaceItems } from './marketplace.table.ts';

async function moduleOf(db: Parameters<ReportSource['describe']>[0], appId: number, id: number) {
  const [row] = await db
    .select({ moduleId: marketplaceItems.appModuleId })
    .from(marketplaceItems)
    .where(and(eq(marketplaceItems.appId, appId), eq(marketplaceItems.id, id)));
  if (!row) throw notFound();
  return row.moduleId;
}

/** Marketplace listings as the moderation queue reports them (hidden: only the seller and the owners see them). */
export const marketplaceReports: ReportSource[] = [
  {
    kind: 'listing',
    reports: (appId) =>
      reportRows(
        {
          table: marketplaceFlags,
          target: marketplaceFlags.itemId,
          reporter: marketplaceFlags.userId,
          at: marketplaceFlags.createdAt,
          app: marketplaceFlags.appId,
        },
        appId,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: marketplaceItems.id,
              title: marketplaceItems.title,
              text: marketplaceItems.descriptionText,
              hiddenAt: marketplaceItems.hiddenAt,
              moduleId: marketplaceItems.appModuleId,
              author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
            })
            .from(marketplaceItems)
            .innerJoin(users, eq(users.id, marketplaceItems.userId))
            .where(and(eq(marketplaceItems.appId, appId), inArray(marketplaceItems.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.title, 140),
            excerpt: excerpt(r.text, 400),
            author: { id: r.author.id, name: `${r.author.firstName} ${r.author.lastName}`.trim() },
            link: `/marketplace/${r.moduleId}/${r.id}`,
            moduleId: r.moduleId,
            hidden: Boolean(r.hiddenAt),
          },
        ]),
      );
    },
    async remove(ctx, appId, id) {
      await eraseListing(ctx, appId, await moduleOf(ctx.db, appId, id), id);
    },
    async hide(ctx, appId, id) {
      await setListingHidden(ctx, appId, await moduleOf(ctx.db, appId, id), id, true);
    },
  },
];
