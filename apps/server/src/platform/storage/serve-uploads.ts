// `/uploads/…` when the files are in a bucket: each picture is streamed through the server (not a
// redirect to the bucket), so clients see the same address, type, nosniff and cache headers as from
// the disk (docs/decisions.md "Object storage"), and the bucket stays private.
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { type Storage, typeOfKey, validKey } from './storage.ts';

/** What @fastify/static sends for the disk's uploads (`maxAge: '1d'`). */
export const UPLOADS_CACHE = 'public, max-age=86400';

/** Serves `GET /uploads/<key>` from `storage`: 404 for a missing file or a key the server never writes, 304 on a matching ETag. */
export function serveUploadsFromStorage(app: FastifyInstance, storage: Storage): void {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const rest = (req.params as Record<string, string | undefined>)['*'] ?? '';
    const key = `uploads/${rest}`;
    if (!validKey(key)) throw notFound();
    const file = await storage.get(key);
    if (!file) throw notFound();
    reply
      .header('content-type', typeOfKey(key))
      .header('cache-control', UPLOADS_CACHE)
      .header('last-modified', file.modified.toUTCString());
    if (file.etag) reply.header('etag', file.etag);
    const since = req.headers['if-modified-since'];
    const fresh = file.etag
      ? req.headers['if-none-match'] === file.etag
      : since !== undefined && Date.parse(since) >= Math.floor(file.modified.getTime() / 1000) * 1000;
    if (fresh) {
      file.body.destroy();
      return reply.status(304).send();
    }
    return reply.header('content-length', file.size).send(file.body);
  });
}
