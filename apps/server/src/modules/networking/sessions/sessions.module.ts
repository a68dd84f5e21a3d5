import { defineModule } from '../../../platform/module.ts';

/** Speed and group networking sessions (spec 3 §2, §4). */
export const networkingSessionsModule = defineModule({ name: 'networking-sessions' });
