import { defineModule } from '../../../platform/module.ts';

/** The QR badge: my badge, scan, the scanned badge (spec 3 §2, spec 1 camera texts). */
export const networkingBadgeModule = defineModule({ name: 'networking-badge' });
