import { MODULES } from '../modules/index.ts';
import { runSeeders } from '../platform/seed.ts';
import type { Storage } from '../platform/storage/storage.ts';
import type { Db } from './client.ts';

export { DEMO_LOGINS, DEMO_PASSWORD } from '../platform/demo.ts';

interface SeedOptions {
  /** Where the demo pictures and files go; none are written without it. */
  storage?: Storage | undefined;
  /** Generated attendees per demo app besides the three demo logins. */
  users?: number;
}

/**
 * Gives the database every module's demo content it has not had yet (each module seeds
 * itself, once: see platform/seed.ts). Returns true when anything was seeded.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const ran = await runSeeders(db, MODULES, {
    storage: opts.storage,
    users: opts.users ?? 300,
  });
  return ran.length > 0;
}
