import { defineModule } from '../../../platform/module.ts';
import { listsBench, listsBenchSetup, listsLoadTest } from './lists.bench.ts';
import { listsRoutes } from './lists.routes.ts';
import { listsSeed } from './lists.seed.ts';

/**
 * The hub's six networker lists and the suggestions of New (spec 3 §2, §4). No tables of its own:
 * the lists read the hub's marks and contacts (networking.hub.table.ts) and the profiles.
 */
export const networkingListsModule = defineModule({
  name: 'networking-lists',
  routes: listsRoutes,
  seed: listsSeed,
  bench: listsBench,
  benchSetup: listsBenchSetup,
  loadTest: listsLoadTest,
});
