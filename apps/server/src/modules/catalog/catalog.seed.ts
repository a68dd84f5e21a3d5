import path from 'node:path';
import { eq } from 'drizzle-orm';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { demoApps } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { type DemoItem, EXHIBITORS, logoSvg, PARTNERS } from './catalog.demo-data.ts';
import { insertItems } from './catalog.queries.ts';
import { catalogItems } from './catalog.table.ts';

/**
 * The demo catalogs: sixteen exhibitors in the light app, twelve partners in the dark one, each with
 * a logo drawn into the uploads folder, a category, a booth, a description, a website and a contact
 * on the demo domain (where want-to-buy mails go: the local outbox in development).
 */
export const catalogSeed: DemoSeeder = {
  async run({ db, files }) {
    const dir = files ? 'uploads/catalog' : undefined;
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('catalog');
      if (!mod) continue;
      const [seeded] = await db.select({ id: catalogItems.id }).from(catalogItems).where(eq(catalogItems.appModuleId, mod.id)).limit(1);
      if (seeded) continue;
      const list: DemoItem[] = demo.index === 1 ? EXHIBITORS : PARTNERS;
      if (dir) for (const item of list) files?.write(path.posix.join(dir, `${item.slug}.svg`), logoSvg(item));
      await insertItems(
        db,
        list.map((item) => {
          const body = sanitizeRichText(item.html, { field: 'description' });
          return {
            appId: demo.app.id,
            appModuleId: mod.id,
            name: item.name,
            category: item.category,
            location: item.location,
            logoUrl: dir ? `/uploads/catalog/${item.slug}.svg` : null,
            website: `https://www.${item.slug}.example/`,
            contactEmail: `sales.${item.slug}@demo.test`,
            descriptionHtml: body.html,
            descriptionText: body.text,
          };
        }),
      );
    }
  },
};
