import { defineModule } from '../../../platform/module.ts';

/** Topics to discuss: create, like, comment, join (spec 3 §2, §9). */
export const networkingTopicsModule = defineModule({ name: 'networking-topics' });
