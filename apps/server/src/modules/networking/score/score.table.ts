import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, userIdColumn } from '../../../platform/columns.ts';

/**
 * When a member first earned each badge (the rating details show it); `networking_members.badges`
 * holds the same keys for the cards. One row per member and badge, never removed (badges are kept).
 */
export const networkingAchievements = pgTable(
  'networking_achievements',
  {
    userId: userIdColumn(),
    appId: appIdColumn(),
    badge: text('badge').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] }), index('networking_achievements_app_idx').on(t.appId)],
);
