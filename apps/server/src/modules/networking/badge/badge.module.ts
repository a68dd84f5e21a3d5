import { defineModule, erase } from '../../../platform/module.ts';
import { badgeRoutes } from './badge.routes.ts';
import { badgeSeed } from './badge.seed.ts';
import { networkingBadges, networkingScans } from './badge.table.ts';

/** The QR badge: my badge, scan, the scanned badge (spec 3 §2, spec 1 camera texts). */
export const networkingBadgeModule = defineModule({
  name: 'networking-badge',
  routes: badgeRoutes,
  seed: badgeSeed,
  memberData: [erase(networkingBadges.userId), erase(networkingScans.scannerId), erase(networkingScans.scannedId)],
});
