// Limits on what one socket connection may ask of the server. Socket events bypass the HTTP rate
// limiter, so each connection gets a token bucket, and a client that keeps sending into an empty
// bucket is disconnected (a flood, not a busy user).
import type { Socket } from 'socket.io';

export interface EmitLimit {
  /** Events accepted at once after a quiet spell. */
  burst: number;
  /** Events accepted per second after that. */
  perSecond: number;
  /** Events dropped in a row before the connection is closed. */
  maxDropped: number;
}

export const DEFAULT_EMIT_LIMIT: EmitLimit = { burst: 20, perSecond: 5, maxDropped: 100 };

/** Drops a socket's incoming events above the limit; closes the connection of a persistent flooder. */
export function limitEmits(socket: Socket, limit: EmitLimit, onFlood: () => void): void {
  let tokens = limit.burst;
  let last = Date.now();
  let dropped = 0;
  socket.use((_packet, next) => {
    const now = Date.now();
    tokens = Math.min(limit.burst, tokens + ((now - last) / 1000) * limit.perSecond);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      dropped = 0;
      next();
      return;
    }
    // Not calling next() drops the event without an answer.
    dropped += 1;
    if (dropped === limit.maxDropped) {
      onFlood();
      socket.disconnect(true);
    }
  });
}

/**
 * Runs `task` at most once at a time per caller: a request that arrives while one runs is folded
 * into a single rerun afterwards, so a thousand asks cost at most two runs.
 */
export function coalesce(task: () => Promise<void>, onError: (err: unknown) => void): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    task()
      .catch(onError)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}

/** Counts a user's open connections on this node, refusing more than `max`. */
export class ConnectionCounter {
  private readonly counts = new Map<string, number>();
  constructor(private readonly max: number) {}

  /** Takes a slot; false when the key already has `max` connections. */
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.max) return false;
    this.counts.set(key, n + 1);
    return true;
  }

  release(key: string): void {
    const n = (this.counts.get(key) ?? 1) - 1;
    if (n <= 0) this.counts.delete(key);
    else this.counts.set(key, n);
  }
}
