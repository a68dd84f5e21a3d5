import { defineModule } from '../../platform/module.ts';
import { marketplaceBench } from './marketplace.bench.ts';
import { marketplaceRoutes } from './marketplace.routes.ts';
import { marketplaceSeed } from './marketplace.seed.ts';

/** Marketplace (spec 3): members offer items with photos and a price; search, details, report, contact the seller. */
export const marketplaceModule = defineModule({
  name: 'marketplace',
  routes: marketplaceRoutes,
  seed: marketplaceSeed,
  bench: marketplaceBench,
});
