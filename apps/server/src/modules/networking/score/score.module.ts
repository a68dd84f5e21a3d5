import { defineModule } from '../../../platform/module.ts';

/** Points, levels, badges, the leaderboard and the rating details (spec 3 §3, §9). */
export const networkingScoreModule = defineModule({ name: 'networking-score' });
