import { SOCKET_PATH } from '@app/contract/realtime';
import { io as connect, type Socket } from 'socket.io-client';
import { sleep } from './helpers.ts';

/** A real Socket.IO client of a listening test server (not connected yet: `connected()`). */
export function socketClient(base: string, token: string, opts: { reconnection?: boolean } = {}): Socket {
  return connect(base, {
    path: SOCKET_PATH,
    auth: { token },
    transports: ['websocket'],
    autoConnect: false,
    reconnection: opts.reconnection ?? false,
  });
}

/** Connects the socket; rejects on a refused handshake. */
export function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
}

/** Waits until `check` holds (polling), failing after `ms`. */
export async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}
