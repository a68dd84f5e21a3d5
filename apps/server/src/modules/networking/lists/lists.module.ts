import { defineModule } from '../../../platform/module.ts';

/** The hub's six networker lists and the suggestions of New (spec 3 §2, §4). */
export const networkingListsModule = defineModule({ name: 'networking-lists' });
