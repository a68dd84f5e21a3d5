import path from 'node:path';
import { MODULES } from '../modules/index.ts';
import { runSeeders } from '../platform/seed.ts';
import type { Db } from './client.ts';

export { DEMO_LOGINS, DEMO_PASSWORD } from '../platform/demo.ts';

interface SeedOptions {
  dataDir?: string | undefined;
  /** Generated attendees per demo app besides the three demo logins. */
  users?: number;
}

/**
 * Gives the database every module's demo content it has not had yet (each module seeds
 * itself, once: see platform/seed.ts). Returns true when anything was seeded.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const ran = await runSeeders(db, MODULES, {
    uploadsDir: opts.dataDir ? path.join(opts.dataDir, 'uploads') : undefined,
    filesDir: opts.dataDir ? path.join(opts.dataDir, 'files') : undefined,
    users: opts.users ?? 300,
  });
  return ran.length > 0;
}
