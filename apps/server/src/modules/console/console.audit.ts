import type { Db } from '../../db/client.ts';
import type { ConsoleActor } from './console.policy.ts';
import { consoleAudit } from './console.table.ts';

export interface AuditEntry {
  /** The app acted on; null for a platform action. */
  appId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Secrets never reach the log: keys named like these are written as "•••". */
const SECRET = /password|secret|token|hash/i;

function scrub(v: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!v) return null;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) out[k] = SECRET.test(k) ? '•••' : val;
  return out;
}

/**
 * Records one console action. Call it with the transaction of the change itself, so an action is
 * logged exactly when it happened (a rolled-back change leaves no entry).
 */
export async function audit(db: Db, actor: ConsoleActor, e: AuditEntry): Promise<void> {
  await db.insert(consoleAudit).values({
    appId: e.appId,
    actorId: actor.userId,
    actorName: actor.name,
    action: e.action,
    targetType: e.targetType ?? '',
    targetId: e.targetId === undefined ? '' : String(e.targetId),
    before: scrub(e.before),
    after: scrub(e.after),
  });
}

/** The keys whose values differ between two snapshots: what an update's entry keeps. */
export function changedOnly(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}
