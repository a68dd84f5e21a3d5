import { and, eq, inArray } from 'drizzle-orm';
import { excerpt } from '../../lib/text.ts';
import { type ReportedTarget, type ReportSource, reportRows } from '../../platform/module.ts';
import { catalogFlags, catalogItems } from './catalog.table.ts';

/** Catalog items (written by the organisers: dismiss, or edit them in the menu's module) as the moderation queue reports them. */
export const catalogReports: ReportSource[] = [
  {
    kind: 'catalog',
    reports: (appId) =>
      reportRows(
        {
          table: catalogFlags,
          target: catalogFlags.itemId,
          reporter: catalogFlags.userId,
          at: catalogFlags.createdAt,
          app: catalogFlags.appId,
        },
        appId,
      ),
    async describe(db, appId, ids) {
      const rows = ids.length
        ? await db
            .select({
              id: catalogItems.id,
              name: catalogItems.name,
              text: catalogItems.descriptionText,
              moduleId: catalogItems.appModuleId,
            })
            .from(catalogItems)
            .where(and(eq(catalogItems.appId, appId), inArray(catalogItems.id, ids)))
        : [];
      return new Map<number, ReportedTarget>(
        rows.map((r) => [
          r.id,
          {
            title: excerpt(r.name, 140),
            excerpt: excerpt(r.text, 400),
            author: null,
            link: `/catalog/${r.moduleId}/${r.id}`,
            moduleId: r.moduleId,
            hidden: false,
          },
        ]),
      );
    },
  },
];
