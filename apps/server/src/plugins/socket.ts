import { toLocale } from '@app/contract/constants';
import { SOCKET_PATH } from '@app/contract/realtime';
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { Io } from '../context.ts';
import { findBubbles } from '../modules/users/users.queries.ts';

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
export const socketPlugin = fp(async (app: FastifyInstance) => {
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
    // The client asks on connect and when its tab becomes visible again.
    socket.on('getBubbles', () => {
      emitBubbles(app, socket, appId, userId).catch((err: unknown) => app.log.warn({ err }, 'bubbles failed'));
    });
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
