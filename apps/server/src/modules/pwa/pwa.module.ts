import { defineModule, voidColumn } from '../../platform/module.ts';
import { pwaRoutes } from './pwa.routes.ts';
import { pwaAudits } from './pwa.table.ts';

export const pwaModule = defineModule({
  name: 'pwa',
  routes: pwaRoutes,
  // The usage counts stay, no one's.
  memberData: [voidColumn(pwaAudits.userId)],
});
