import { sql } from 'drizzle-orm';
import { defineModule, erase, keep } from '../../platform/module.ts';
import { marketplaceBench } from './marketplace.bench.ts';
import { marketplaceReports } from './marketplace.reports.ts';
import { marketplaceRoutes } from './marketplace.routes.ts';
import { marketplaceSeed } from './marketplace.seed.ts';
import { marketplaceFlags, marketplaceItems } from './marketplace.table.ts';

/** Marketplace (spec 3): members offer items with photos and a price; search, details, report, contact the seller. */
export const marketplaceModule = defineModule({
  name: 'marketplace',
  firstScreen: [{ page: '/marketplace/:app_module_id', reads: ['/marketplace/:app_module_id/items?page=1&per-page=20'] }],
  reports: marketplaceReports,
  routes: marketplaceRoutes,
  seed: marketplaceSeed,
  memberData: [
    keep(marketplaceItems.userId, 'listings others read: the seller shown as "Deleted user" by the name mapper'),
    erase(marketplaceFlags.userId),
  ],
  // A listing holds its photos (`photos`: [{ id, width, height }]).
  holdsUploads: sql`select (p.photo->>'id')::int from ${marketplaceItems} cross join jsonb_array_elements(${marketplaceItems.photos}) as p(photo)`,
  bench: marketplaceBench,
});
