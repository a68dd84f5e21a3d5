// What a member may upload (docs/decisions.md "Uploads", docs/operations.md "Limits worth knowing"):
// every upload route takes from two budgets of files and bytes per window, the member's and the
// app's, before it reads the body; the content kit's uploads also respect the member's quota of
// uploads not yet attached (content.uploads.ts).
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context.ts';
import { RetryLater } from '../lib/errors.ts';
import { FixedWindows } from '../lib/member-budget.ts';
import { defineCache } from './caches.ts';
import type { Scope } from './scope.ts';

/**
 * Files and bytes taken per key in fixed windows, on this node (as the rate limits are; bounded as
 * the write budgets are, `FixedWindows`); plus the uploads each member has in flight (read, not yet
 * stored), which the unattached quota counts.
 */
export class UploadWindows {
  private readonly windows = new FixedWindows(() => ({ files: 0, bytes: 0 }));
  private readonly flying = new Map<string, { files: number; bytes: number }>();

  /**
   * Milliseconds until `key` may take one more file of `bytes`, 0 when it may now. The first file
   * of a window always fits by its bytes (a budget below the app's file size must not lock out).
   */
  wait(key: string, limit: { files: number; bytes: number }, bytes: number, windowMs: number, now = Date.now()): number {
    const w = this.windows.current(key, windowMs, now);
    const { files, bytes: taken } = w.value;
    const full = files + 1 > limit.files || (taken > 0 && taken + bytes > limit.bytes);
    return full ? Math.max(1000, w.start + windowMs - now) : 0;
  }

  add(key: string, files: number, bytes: number, windowMs: number, now = Date.now()): void {
    const w = this.windows.current(key, windowMs, now).value;
    w.files += files;
    w.bytes = Math.max(0, w.bytes + bytes);
  }

  /** A member's uploads in flight (counted by the unattached quota until their row exists). */
  inFlight(member: string): { files: number; bytes: number } {
    return this.flying.get(member) ?? { files: 0, bytes: 0 };
  }

  fly(member: string, files: number, bytes: number): void {
    const f = this.inFlight(member);
    const next = { files: f.files + files, bytes: f.bytes + bytes };
    if (next.files <= 0) this.flying.delete(member);
    else this.flying.set(member, next);
  }

  deletePrefix(prefix: string): void {
    this.windows.deletePrefix(prefix);
  }

  /** Empties the windows (a cache reset); uploads in flight stay counted until they end. */
  clear(): void {
    this.windows.clear();
  }
}

export const uploadWindows = defineCache('upload-budget', () => new UploadWindows());

/** The key of a member's budget and of the app's. */
export const memberKey = (scope: Pick<Scope, 'tenant' | 'user'>) => `${scope.tenant.id}:${scope.user.id}`;
const appKey = (scope: Pick<Scope, 'tenant'>) => `${scope.tenant.id}:`;

/**
 * Takes one file from the member's and the app's upload budgets before the body is read, reserving
 * the request's declared length (at most `maxBytes`, the route's file limit; all of it when no
 * length is declared). 429 with Retry-After, translated, when either budget is spent. Answers the
 * settlement: called with the bytes actually received, it gives back what was reserved beyond them.
 */
export function chargeUpload(
  ctx: Pick<Ctx, 'config' | 'caches'>,
  scope: Pick<Scope, 'tenant' | 'user'>,
  req: Pick<FastifyRequest, 'headers'>,
  maxBytes: number,
): (received: number) => void {
  const q = ctx.config.uploadQuota;
  const windows = ctx.caches.get(uploadWindows);
  const declared = Number(req.headers['content-length']);
  const reserve = Number.isFinite(declared) && declared > 0 ? Math.min(declared, maxBytes) : maxBytes;
  const member = memberKey(scope);
  const app = appKey(scope);
  const now = Date.now();
  const memberWait = windows.wait(member, { files: q.memberFiles, bytes: q.memberBytes }, reserve, q.windowMs, now);
  if (memberWait) throw new RetryLater(memberWait, 'common.errors.uploadsMember');
  const appWait = windows.wait(app, { files: q.appFiles, bytes: q.appBytes }, reserve, q.windowMs, now);
  if (appWait) throw new RetryLater(appWait, 'common.errors.uploadsApp');
  windows.add(member, 1, reserve, q.windowMs, now);
  windows.add(app, 1, reserve, q.windowMs, now);
  let settled = false;
  return (received) => {
    if (settled) return;
    settled = true;
    const back = reserve - Math.min(received, reserve);
    if (back === 0) return;
    windows.add(member, 0, -back, q.windowMs);
    windows.add(app, 0, -back, q.windowMs);
  };
}
