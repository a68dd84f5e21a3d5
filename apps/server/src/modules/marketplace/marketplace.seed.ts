import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import type { DemoSeeder, SeedFiles } from '../../platform/module.ts';
import { uploads } from '../content/content.table.ts';
import { users } from '../users/users.table.ts';
import { COMMUNITY_LISTINGS, CONFERENCE_LISTINGS, listingPictureSvg, type PictureKind } from './marketplace.demo-data.ts';
import { insertListings } from './marketplace.queries.ts';
import { descriptionHtml } from './marketplace.service.ts';
import { type ListingPhoto, marketplaceItems } from './marketplace.table.ts';

/** A demo picture as a listing's photo: drawn, stored as JPEG in the files folder, its upload row held by the listing. */
async function demoPhoto(
  db: Db,
  files: SeedFiles,
  at: { appId: number; userId: number },
  kind: PictureKind,
  variant: number,
): Promise<ListingPhoto> {
  const { data, info } = await sharp(Buffer.from(listingPictureSvg(kind, variant)))
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const stored = `content/${randomUUID()}.jpg`;
  files.write(`files/${stored}`, data);
  const [row] = await db
    .insert(uploads)
    .values({
      ...at,
      path: stored,
      name: `${kind}.jpg`,
      mime: 'image/jpeg',
      size: data.length,
      width: info.width,
      height: info.height,
      held: true,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('insert uploads returned nothing');
  return { id: row.id, width: info.width, height: info.height };
}

/**
 * The demo marketplaces: twenty listings of conference attendees in the light app (tickets, a
 * standing desk, camera gear, a sublet, books…), five of community members in the dark one, by
 * Anna, Ben and the other demo members, spread over the last days, each with drawn photos (none
 * without a files folder: tests).
 */
export const marketplaceSeed: DemoSeeder = {
  async run({ db, files }) {
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('marketplace');
      if (!mod) continue;
      const [seeded] = await db
        .select({ id: marketplaceItems.id })
        .from(marketplaceItems)
        .where(eq(marketplaceItems.appModuleId, mod.id))
        .limit(1);
      if (seeded) continue;
      const people = await db
        .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.appId, demo.app.id))
        .orderBy(asc(users.id));
      const anna = people.find((p) => p.email === 'anna@demo.test');
      const ben = people.find((p) => p.email === 'ben@demo.test');
      const others = people.filter((p) => p.id !== anna?.id && p.id !== ben?.id && !p.isAdmin);
      const cast = [anna, ben, ...others].filter((p) => p !== undefined).map((p) => p.id);
      if (cast.length === 0) continue;
      const list = demo.index === 1 ? CONFERENCE_LISTINGS : COMMUNITY_LISTINGS;
      const values = [];
      for (const item of list) {
        const userId = cast[item.seller % cast.length] as number;
        const photos: ListingPhoto[] = [];
        if (files) {
          for (const [i, kind] of item.pictures.entries()) photos.push(await demoPhoto(db, files, { appId: demo.app.id, userId }, kind, i));
        }
        const body = descriptionHtml(item.text);
        const at = new Date(now - item.hoursAgo * 3_600_000);
        values.push({
          appId: demo.app.id,
          appModuleId: mod.id,
          userId,
          title: item.title,
          priceCents: item.price === null ? null : Math.round(item.price * 100),
          descriptionHtml: body.html,
          descriptionText: body.text,
          photos,
          createdAt: at,
          updatedAt: at,
        });
      }
      await insertListings(db, values);
    }
  },
};
