import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Which module's demo content this database has received (each seeds once, see platform/seed.ts). */
export const demoSeeds = pgTable('demo_seeds', {
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
