import { SOCKET_PATH } from '@app/contract/realtime';

/** Helpers of `npm run bench`'s socket load runs (chats, agenda Q&A). */

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] as number);

/**
 * A lean Socket.IO client for the load run: the Socket.IO v4 protocol over one WebSocket, reading
 * only the two numbers it needs from each message instead of parsing it. Thousands of
 * socket.io-client instances in one process used a whole core of this 2-core machine and delayed
 * the receipts they measure; the server sees the same frames either way.
 */
export class LeanSocket {
  private acks = new Map<number, (answer: string | undefined) => void>();
  private nextAck = 0;
  onEvent: (raw: string) => void = () => {};

  private constructor(private readonly ws: WebSocket) {}

  static async open(base: string, token: string): Promise<LeanSocket> {
    const { default: WebSocketClient } = await import('ws');
    const ws = new WebSocketClient(`${base.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`) as unknown as WebSocket;
    const socket = new LeanSocket(ws);
    return new Promise((resolve, reject) => {
      ws.onerror = () => reject(new Error('websocket error'));
      ws.onmessage = (m) => {
        const frame = String(m.data);
        if (frame === '2') ws.send('3');
        else if (frame.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
        else if (frame.startsWith('40')) resolve(socket);
        else if (frame.startsWith('44')) reject(new Error(frame));
        else if (frame.startsWith('43')) socket.answer(frame);
        else if (frame.startsWith('42')) socket.onEvent(frame);
      };
    });
  }

  /** `43<id>[answer]`: hands the answer's JSON text to the waiting callback. */
  private answer(frame: string) {
    const open = frame.indexOf('[');
    const id = Number(frame.slice(2, open));
    const done = this.acks.get(id);
    this.acks.delete(id);
    done?.(frame.slice(open + 1, -1));
  }

  emitWithAck(event: string, payload: unknown, timeoutMs: number, done: (answer: string | undefined) => void) {
    const id = this.nextAck++;
    const timer = setTimeout(() => {
      this.acks.delete(id);
      done(undefined);
    }, timeoutMs);
    this.acks.set(id, (answer) => {
      clearTimeout(timer);
      done(answer);
    });
    this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
  }

  emit(event: string, payload: unknown) {
    this.ws.send(`42${JSON.stringify([event, payload])}`);
  }

  close() {
    this.ws.close();
  }
}

/** The number after `"<key>":` from `from` on, or NaN. */
export function numberAfter(text: string, key: string, from = 0): number {
  const at = text.indexOf(`"${key}":`, from);
  if (at < 0) return Number.NaN;
  const start = at + key.length + 3;
  let end = start;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return Number(text.slice(start, end));
}

/** The string after `"<key>":"` (our client ids hold no quotes; a key's quotes are never escaped). */
export function stringAfter(text: string, key: string): string {
  const at = text.indexOf(`"${key}":"`);
  if (at < 0) return '';
  const start = at + key.length + 4;
  return text.slice(start, text.indexOf('"', start));
}
