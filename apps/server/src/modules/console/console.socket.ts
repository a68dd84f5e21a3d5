import { toLocale } from '@app/contract/constants';
import { CONSOLE_SOCKET_NAMESPACE, consoleWatchPayload } from '@app/contract/schemas/console-moderation';
import type { FastifyInstance } from 'fastify';
import { translate } from '../../lib/i18n.ts';
import { type ConsoleActor, loadActor, requireConsoleApp, roleOf } from './console.policy.ts';
import { openCount, watchRoom } from './moderation/moderation.service.ts';

/** Apps one console socket may watch at once (an operator switching between apps). */
const MAX_WATCHED = 20;

/**
 * The console's live channel: Socket.IO namespace `/console` on the attendee app's socket path. The
 * handshake's token must be a console account's (as `/console/api` checks it); `watch {app_id}`
 * joins the app's room after the same role check as the queue's calls (moderator), answering the
 * open count. Sockets join `user:<id>` too, so blocking or signing out closes them.
 */
export function consoleSocket(app: FastifyInstance): void {
  const io = app.ctx.io;
  if (!io) return;
  const nsp = io.of(CONSOLE_SOCKET_NAMESPACE);
  /** The handshake's token, from the `auth` payload only (a query string ends up in proxies' logs). */
  const tokenOf = (socket: { handshake: { auth?: Record<string, unknown> } }) => {
    const raw = socket.handshake.auth?.token;
    return typeof raw === 'string' ? raw : undefined;
  };
  nsp.use((socket, next) => {
    loadActor(app.ctx, tokenOf(socket)).then(
      (actor) => {
        if (!actor || !roleOf(actor)) return next(new Error('unauthorized'));
        socket.data.actor = actor;
        next();
      },
      () => next(new Error('unauthorized')),
    );
  });
  nsp.on('connection', (socket) => {
    const actor = socket.data.actor as ConsoleActor;
    const locale = toLocale(typeof socket.handshake.auth?.locale === 'string' ? socket.handshake.auth.locale : undefined);
    void socket.join([`user:${actor.userId}`, `token:${actor.tokenHash}`]);
    const watched = new Set<number>();
    // Not in ClientToServerEvents (the attendee namespace's): the payload is checked here.
    (socket as unknown as { on: (ev: string, fn: (p: unknown, cb?: unknown) => void) => void }).on('watch', (payload, cb) => {
      const ack = typeof cb === 'function' ? (cb as (a: unknown) => void) : () => {};
      const parsed = consoleWatchPayload.safeParse(payload);
      if (!parsed.success) return ack({ ok: false, status: 422, message: translate(locale, 'common.errors.invalid') });
      const appId = parsed.data.app_id;
      if (!watched.has(appId) && watched.size >= MAX_WATCHED) return ack({ ok: false, status: 429 });
      // The account's roles as they are now (a moderator demoted since the handshake is refused).
      loadActor(app.ctx, tokenOf(socket))
        .then(async (now) => {
          if (!now) throw Object.assign(new Error('unauthorized'), { statusCode: 401 });
          await requireConsoleApp(app.ctx, now, appId, 'moderator');
          watched.add(appId);
          await socket.join(watchRoom(appId));
          ack({ ok: true, open: await openCount(app.ctx, appId) });
        })
        .catch((err: { statusCode?: number }) => ack({ ok: false, status: err.statusCode ?? 500 }));
    });
  });
}
