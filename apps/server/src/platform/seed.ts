import type { Db } from '../db/client.ts';
import type { ServerModule } from './module.ts';
import { demoSeeds } from './platform.table.ts';
import type { Storage } from './storage/storage.ts';

/** Demo files written at once: a bucket takes many small objects faster side by side. */
const FILE_CONCURRENCY = 8;

async function putAll(storage: Storage, files: Array<[string, string | Buffer]>): Promise<void> {
  const queue = [...files];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) await storage.put(f[0], Buffer.from(f[1]));
  };
  await Promise.all(Array.from({ length: FILE_CONCURRENCY }, worker));
}

/**
 * Runs each module's demo seeder that this database has not run yet, in list order, each in its
 * own transaction together with its `demo_seeds` row: an existing data folder gets a new module's
 * content at the next start, nothing is seeded twice (two nodes starting at once wait on the row),
 * and a failing seeder leaves no rows half-written. Its demo files go to `storage` (disk or bucket)
 * when given. Returns the names that ran.
 */
export async function runSeeders(
  db: Db,
  modules: readonly ServerModule[],
  opts: { storage: Storage | undefined; users: number },
): Promise<string[]> {
  const ran: string[] = [];
  for (const m of modules) {
    const seeder = m.seed;
    if (!seeder) continue;
    const done = await db.transaction(async (tx) => {
      const claimed = await tx.insert(demoSeeds).values({ name: m.name }).onConflictDoNothing().returning({ name: demoSeeds.name });
      if (claimed.length === 0) return false;
      const files: Array<[string, string | Buffer]> = [];
      await seeder.run({
        db: tx,
        users: opts.users,
        files: opts.storage ? { write: (key, data) => void files.push([key, data]) } : undefined,
      });
      // Stored before the commit: a store that fails leaves the seeder to run again at the next start.
      if (opts.storage) await putAll(opts.storage, files);
      return true;
    });
    if (done) ran.push(m.name);
  }
  return ran;
}
