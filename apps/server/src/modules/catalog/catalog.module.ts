import { defineModule, erase } from '../../platform/module.ts';
import { catalogBench, catalogBenchSetup } from './catalog.bench.ts';
import { catalogReports } from './catalog.reports.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { catalogSeed } from './catalog.seed.ts';
import { catalogBuyRequests, catalogFlags } from './catalog.table.ts';

/** Catalog (spec 2): searchable items, details, reports and want-to-buy mails to the item's contact. */
export const catalogModule = defineModule({
  name: 'catalog',
  reports: catalogReports,
  routes: catalogRoutes,
  seed: catalogSeed,
  memberData: [erase(catalogFlags.userId), erase(catalogBuyRequests.userId)],
  bench: catalogBench,
  benchSetup: catalogBenchSetup,
});
