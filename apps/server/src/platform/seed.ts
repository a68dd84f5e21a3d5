import type { Db } from '../db/client.ts';
import type { SeedContext, ServerModule } from './module.ts';
import { demoSeeds } from './platform.table.ts';

/**
 * Runs each module's demo seeder that this database has not run yet, in list order, each in its
 * own transaction together with its `demo_seeds` row: an existing data folder gets a new module's
 * content at the next start, nothing is seeded twice (two nodes starting at once wait on the row),
 * and a failing seeder leaves nothing half-written. Returns the names that ran.
 */
export async function runSeeders(db: Db, modules: readonly ServerModule[], opts: Omit<SeedContext, 'db'>): Promise<string[]> {
  const ran: string[] = [];
  for (const m of modules) {
    const seeder = m.seed;
    if (!seeder) continue;
    const done = await db.transaction(async (tx) => {
      const claimed = await tx.insert(demoSeeds).values({ name: m.name }).onConflictDoNothing().returning({ name: demoSeeds.name });
      if (claimed.length === 0) return false;
      await seeder.run({ ...opts, db: tx });
      return true;
    });
    if (done) ran.push(m.name);
  }
  return ran;
}
