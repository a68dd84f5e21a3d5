import { toLocale } from '@app/contract/constants';
import { SOCKET_PATH } from '@app/contract/realtime';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { Io } from '../context.ts';
import { ConnectionCounter, coalesce, DEFAULT_EMIT_LIMIT, type EmitLimit, limitEmits } from '../lib/socket-limits.ts';
import { findBubbles } from '../modules/users/users.queries.ts';

/** Open connections of one user on one node (tabs, devices); more is a script. */
const MAX_SOCKETS_PER_USER = 30;

/** Emits one showBubble per menu module to a user's sockets (spec 1 §7 getBubbles). */
export async function emitBubbles(app: FastifyInstance, target: { emit: Io['emit'] }, appId: number, userId: number) {
  const [modules, rows] = await Promise.all([app.ctx.apps.menu(appId), findBubbles(app.ctx.db, userId)]);
  for (const m of modules) {
    const items = rows.filter((b) => b.moduleId === m.id).map((b) => b.itemId);
    target.emit('showBubble', { module: { type: m.type, app_module_id: m.id }, items });
  }
}

/**
 * Socket.IO on the HTTP server. The handshake carries the access token
 * (`auth.token` or `access-token` query); sockets join `user:{id}` and `app:{id}`.
 */
export const socketPlugin = fp(async (app: FastifyInstance, opts: { emitLimit?: EmitLimit }) => {
  const emitLimit = opts.emitLimit ?? DEFAULT_EMIT_LIMIT;
  const connections = new ConnectionCounter(MAX_SOCKETS_PER_USER);
  const io: Io = new Server(app.server, { path: SOCKET_PATH, serveClient: false, cors: { origin: false } });
  app.ctx.io = io;
  // Several nodes on one PostgreSQL: broadcasts reach every node's sockets.
  const pool = app.ctx.database.pool;
  if (pool) io.adapter(createAdapter(pool, { tableName: 'socket_io_attachments' }));

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
    socket.data.tokenHash = found.tokenHash;
    socket.data.locale = toLocale(typeof socket.handshake.auth?.locale === 'string' ? socket.handshake.auth.locale : undefined);
    next();
  });

  io.on('connection', (socket) => {
    const { userId, appId, tokenHash, locale } = socket.data as { userId: number; appId: number; tokenHash: string; locale: string };
    // Per-language app rooms: live activity arrives translated for each reader.
    void socket.join([`user:${userId}`, `app:${appId}`, `app:${appId}:${locale}`, `token:${tokenHash}`]);
    limitEmits(socket, emitLimit, () => app.log.warn({ userId, appId }, 'socket closed: event flood'));
    // The client asks on connect and when its tab becomes visible again; asks during a run fold into one rerun.
    const bubbles = coalesce(
      () => emitBubbles(app, socket, appId, userId),
      (err) => app.log.warn({ err }, 'bubbles failed'),
    );
    socket.on('getBubbles', bubbles);
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
