import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { fromAllowed } from '../../platform/metrics.ts';
import { backup } from './backup.ts';

/** A backup's folder name: its UTC time, to the second. */
export const backupName = (at = new Date()) => `backup-${at.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;

/**
 * `POST /ops/backup`: a backup taken by the running server (PGlite cannot be opened by a second
 * process while it runs), into `DATA_DIR/backups/`, for the addresses of METRICS_ALLOW only; 404
 * for the others. One at a time.
 */
export function backupRoute(app: FastifyInstance, ctx: Ctx): void {
  const allowed = fromAllowed(ctx.config.metricsAllow);
  let running = false;
  app.post('/ops/backup', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req)) return reply.status(404).send({ message: 'Not Found' });
    if (running) return reply.status(409).send({ message: 'A backup is running' });
    running = true;
    try {
      const dir = path.join(ctx.config.dataDir, 'backups', backupName());
      return await backup(ctx.db, ctx.storage, dir);
    } finally {
      running = false;
    }
  });
}
