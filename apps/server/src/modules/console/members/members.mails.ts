import { toLocale } from '@app/contract/constants';
import type { Ctx } from '../../../context.ts';
import { sendInvitation } from '../../auth/auth.service.ts';
import { findUser } from '../../users/users.queries.ts';
import { claimInviteMails, deleteInviteMails } from './members.queries.ts';

/** Mails claimed per round, sent this many at once; a mail failing this often is given up. */
const BATCH = 50;
const CONCURRENCY = 8;
const MAX_ATTEMPTS = 5;

interface Runner {
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
}
const runners = new WeakMap<Ctx, Runner>();

function runnerOf(ctx: Ctx): Runner {
  let r = runners.get(ctx);
  if (!r) {
    r = { running: null, again: false, stopped: false };
    runners.set(ctx, r);
  }
  return r;
}

/**
 * Starts sending the queued invitation mails of CSV imports (console_invite_mails), in the
 * background: the import answers at once, the mails follow. One drain per server; a call while it
 * runs makes it look again when done. Rows are claimed in the database, so several nodes share the work.
 */
export function kickInviteMailer(ctx: Ctx): void {
  const r = runnerOf(ctx);
  if (r.stopped) return;
  if (r.running) {
    r.again = true;
    return;
  }
  r.running = drain(ctx, r)
    .catch((err: unknown) => ctx.log.warn({ err }, 'console: invitation mails stopped'))
    .finally(() => {
      r.running = null;
      if (r.again && !r.stopped) {
        r.again = false;
        kickInviteMailer(ctx);
      }
    });
}

/** Resolves when no drain runs (tests, shutdown). */
export async function inviteMailerIdle(ctx: Ctx): Promise<void> {
  const r = runnerOf(ctx);
  while (r.running) await r.running;
}

export function stopInviteMailer(ctx: Ctx): Promise<void> {
  runnerOf(ctx).stopped = true;
  return inviteMailerIdle(ctx);
}

async function drain(ctx: Ctx, r: Runner) {
  while (!r.stopped) {
    const batch = await claimInviteMails(ctx.db, BATCH);
    if (!batch.length) return;
    const done: number[] = [];
    for (let i = 0; i < batch.length; i += CONCURRENCY) {
      await Promise.all(
        batch.slice(i, i + CONCURRENCY).map(async (job) => {
          try {
            const [tenant, user] = await Promise.all([ctx.apps.get(job.appId), findUser(ctx.db, job.appId, job.userId)]);
            // Only an invitation still pending gets its mail (revoked, blocked or already joined: nothing).
            if (tenant && user && !user.deletedAt && !user.blockedAt && !user.passwordHash && !user.emailConfirmedAt) {
              await sendInvitation(ctx, tenant, user, { locale: toLocale(job.locale), baseUrl: job.baseUrl });
            }
            done.push(job.id);
          } catch (err) {
            ctx.log.warn({ err, user: job.userId }, 'console: an invitation mail failed');
            // Left claimed, it is tried again once its claim is stale; given up after a few tries.
            if (job.attempts >= MAX_ATTEMPTS) done.push(job.id);
          }
        }),
      );
    }
    await deleteInviteMails(ctx.db, done);
    // A batch where every mail failed: wait for the claims to go stale rather than spin.
    if (!done.length) return;
  }
}
