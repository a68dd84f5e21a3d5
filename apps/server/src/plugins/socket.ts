import { toLocale } from '@app/contract/constants';
import { type ClientToServerEvents, SOCKET_PATH } from '@app/contract/realtime';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Server } from 'socket.io';
import type { Io } from '../context.ts';
import { translate } from '../lib/i18n.ts';
import { ConnectionCounter, coalesce, DEFAULT_EMIT_LIMIT, type EmitLimit, limitEmits } from '../lib/socket-limits.ts';
import { markSeen } from '../modules/console/dashboard/dashboard.last-seen.ts';
import { MODULES } from '../modules/index.ts';
import type { AckFailure, SocketEvent } from '../platform/module.ts';
import { takeBudget } from '../platform/route.ts';

/** Open connections of one user on one node (tabs, devices); more is a script. */
const MAX_SOCKETS_PER_USER = 30;

/**
 * Socket.IO on the HTTP server. The handshake carries the access token
 * (`auth.token` or `access-token` query); sockets join `user:{id}` and `app:{id}`.
 */
/** Rooms the platform manages (`app:…`, `user:…`, `token:…`). */
const PLATFORM_ROOM = /^(app|user|token):/;

export const socketPlugin = fp(async (app: FastifyInstance, opts: { emitLimit?: EmitLimit }) => {
  const emitLimit = opts.emitLimit ?? DEFAULT_EMIT_LIMIT;
  const connections = new ConnectionCounter(MAX_SOCKETS_PER_USER);
  const io: Io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  app.ctx.io = io;
  // An app locked or unpublished while its members are connected: this node closes their sockets
  // (the reconnection is refused at the handshake, and HTTP answers 423/451).
  const closeUnavailable = coalesce(
    async () => {
      const ids = [...io.of('/').adapter.rooms.keys()].flatMap((r) => /^app:(\d+)$/.exec(r)?.[1] ?? []).map(Number);
      for (const id of ids) {
        const tenant = await app.ctx.apps.get(id);
        if (!tenant || tenant.isLocked || !tenant.isPublished) io.local.in(`app:${id}`).disconnectSockets(true);
      }
    },
    (err) => app.log.warn({ err }, 'closing sockets of unavailable apps failed'),
  );
  app.ctx.bus.on((e) => {
    if (e.t === 'apps' || e.t === 'all') closeUnavailable();
  });
  // Several nodes on one PostgreSQL: broadcasts reach every node's sockets.
  const pool = app.ctx.database.pool;
  // After an outage the adapter listens again only 1–3 s after the database is back: what the other
  // nodes broadcast until then never reached this node's sockets, and nothing else would tell them.
  // They are told to reconnect (after a random delay of their own), and a reconnection catches up.
  const missedBroadcasts = () => {
    app.log.warn('socket adapter listens again after losing the database: clients told to reconnect and catch up');
    io.local.emit('serverRestart');
  };
  if (pool) io.adapter(createAdapter(listenerReleasingPool(pool, missedBroadcasts), { tableName: 'socket_io_attachments' }));

  io.use(async (socket, next) => {
    const raw = socket.handshake.auth?.token ?? socket.handshake.query['access-token'];
    const token = typeof raw === 'string' ? raw : undefined;
    const found = token && token.length <= 200 ? await app.ctx.tokens.resolve(token).catch(() => undefined) : undefined;
    if (!found) return next(new Error('unauthorized'));
    // As on HTTP: an unpublished or locked app has no live updates either.
    const tenant = await app.ctx.apps.get(found.appId).catch(() => undefined);
    if (!tenant || tenant.isLocked || !tenant.isPublished) return next(new Error('unavailable'));
    const key = `${found.appId}:${found.userId}`;
    if (!connections.take(key)) return next(new Error('too many connections'));
    socket.once('disconnect', () => connections.release(key));
    socket.data.userId = found.userId;
    socket.data.appId = found.appId;
    markSeen(app.ctx.db, found.userId, (err) => app.log.warn({ err }, 'console: last seen not stored'));
    socket.data.tokenHash = found.tokenHash;
    socket.data.locale = toLocale(typeof socket.handshake.auth?.locale === 'string' ? socket.handshake.auth.locale : undefined);
    next();
  });

  io.on('connection', (socket) => {
    const { userId, appId, tokenHash, locale } = socket.data as { userId: number; appId: number; tokenHash: string; locale: string };
    // Per-language app rooms: live activity arrives translated for each reader.
    void socket.join([`user:${userId}`, `app:${appId}`, `app:${appId}:${locale}`, `token:${tokenHash}`]);
    limitEmits(socket, emitLimit, () => app.log.warn({ userId, appId }, 'socket closed: event flood'));
    // Each module's client events, validated against their schema: a malformed one is dropped.
    const scope = {
      appId,
      userId,
      locale,
      emit: socket.emit.bind(socket) as Io['emit'],
      // A module's own rooms only: the platform's (app, user, token) are joined above and never by a module.
      join: (room: string) => {
        if (PLATFORM_ROOM.test(room)) throw new Error(`socket: a module may not join ${room}`);
        void socket.join(room);
      },
      leave: (room: string) => {
        if (!PLATFORM_ROOM.test(room)) void socket.leave(room);
      },
    };
    const seen = new Set<string>();
    for (const m of MODULES) {
      if (!m.socket) continue;
      for (const [event, def] of Object.entries(m.socket(app, scope)) as Array<[string, SocketEvent]>) {
        if (seen.has(event)) throw new Error(`socket event ${event} is handled by two modules`);
        seen.add(event);
        socket.on(event as keyof ClientToServerEvents, (payload?: unknown, callback?: unknown) => {
          // Answered once at most, and only when the client asked (a callback as last argument).
          let answered = false;
          const ack =
            typeof callback === 'function'
              ? (answer: unknown) => {
                  if (answered) return;
                  answered = true;
                  (callback as (a: unknown) => void)(answer);
                }
              : undefined;
          const parsed = def.schema.safeParse(payload);
          const counted = app.ctx.metrics.socketEvents;
          if (!parsed.success) {
            counted.inc({ outcome: 'invalid' });
            ack?.({ ok: false, status: 422, message: translate(toLocale(locale), 'common.errors.invalid') } satisfies AckFailure);
            return;
          }
          // A write draws on the member's allowance, the one its HTTP twin draws on, whatever the socket.
          if (def.budget) {
            try {
              takeBudget(app.ctx, { appId, userId }, def.budget);
            } catch {
              counted.inc({ outcome: 'limited' });
              ack?.({ ok: false, status: 429, message: translate(toLocale(locale), 'common.errors.tooMany') } satisfies AckFailure);
              return;
            }
          }
          Promise.resolve()
            .then(() => def.handle(parsed.data, ack))
            .then(() => counted.inc({ outcome: 'ok' }))
            .catch((err: unknown) => {
              counted.inc({ outcome: 'failed' });
              app.log.warn({ err, event }, 'socket event failed');
              ack?.({ ok: false, status: 500, message: translate(toLocale(locale), 'common.errors.generic') } satisfies AckFailure);
            });
        });
      }
    }
  });

  app.addHook('preClose', async () => {
    // Tell clients to reconnect (to this node after restart, or another one).
    // Only this node's sockets: `local` also skips the cluster adapter's publish round trip,
    // which would otherwise deliver the message after the sockets are gone.
    io.local.emit('serverRestart');
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
  });
});

/**
 * The pool as the PostgreSQL adapter sees it. The adapter holds one client for its LISTEN; when the
 * database drops it (restart, failover) the adapter takes a new one but never releases the dead one,
 * so every outage kept one of the pool's ten connections checked out for good, and closing the pool
 * waited for it forever. Here a client that ends goes back to the pool, destroyed. When a listener
 * after the first has its LISTEN in place, `listensAgain` runs (broadcasts were missed meanwhile).
 */
function listenerReleasingPool(pool: pg.Pool, listensAgain: () => void): pg.Pool {
  let listened = false;
  return {
    query: pool.query.bind(pool),
    connect: async () => {
      const client = await pool.connect();
      const again = listened;
      let told = false;
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const answer = query(...args);
        if (typeof args[0] === 'string' && args[0].startsWith('LISTEN') && answer instanceof Promise)
          answer.then(
            () => {
              listened = true;
              if (again && !told) {
                told = true;
                listensAgain();
              }
            },
            () => {},
          );
        return answer;
      };
      let released = false;
      const release = client.release.bind(client);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        release(err);
      };
      client.once('end', () => client.release(true));
      return client;
    },
  } as unknown as pg.Pool;
}
