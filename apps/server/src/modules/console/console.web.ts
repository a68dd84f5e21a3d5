import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { PERMISSIONS_POLICY } from '../../plugins/security-headers.ts';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Console</title></head><body><main><h1>The console is not built</h1><p>Run <code>npm run build</code>, then reload.</p></main></body></html>`;

const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The console page's policy: scripts and styles of this origin only (inline styles for React style
 * props), API and sockets on this origin, frames of this origin only (the live preview frames the
 * attendee app at `/?app=<key>`), and no one may frame the console itself (clickjacking of
 * organiser actions).
 */
export function consoleContentSecurityPolicy(opts: { host: string | undefined; https: boolean }): string {
  const host = opts.host && SAFE_HOST.test(opts.host) ? opts.host : undefined;
  const sockets = host ? ` ws://${host} wss://${host}` : '';
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${sockets}`,
    "frame-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (opts.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Paths under /console that are files of the build, never the page. */
const ASSET = /^\/console\/(js|css|assets)\/|\.[a-z0-9]+$/i;

/**
 * Serves the organiser console (apps/console/dist) under /console: the hashed assets with a year's
 * cache (precompressed .br/.gz by Accept-Encoding), and its index.html (no-cache) for every browser
 * navigation under /console except /console/api/*, which stays the console API's. Register it at
 * the root (no prefix): `await app.register(consoleWeb)`.
 */
export async function consoleWeb(app: FastifyInstance) {
  const { consoleDist, publicUrl } = app.ctx.config;
  const https = Boolean(publicUrl?.startsWith('https://'));
  const indexFile = path.join(consoleDist, 'index.html');
  let template: string | undefined;
  const page = () => {
    if (template === undefined && fs.existsSync(indexFile)) template = fs.readFileSync(indexFile, 'utf8');
    return template;
  };

  if (fs.existsSync(consoleDist)) {
    // One route per built file (wildcard: false), so that the page's catch-all below answers the rest.
    await app.register(fastifyStatic, {
      root: consoleDist,
      prefix: '/console/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      globIgnore: ['**/index.html', '**/*.br', '**/*.gz'],
      setHeaders(res, file) {
        if (/[/\\](js|css|assets)[/\\]/.test(file)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  const serve = async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0] ?? '';
    if (url.startsWith('/console/api/') || url === '/console/api') throw notFound();
    if (ASSET.test(url) || !String(req.headers.accept ?? '').includes('text/html')) throw notFound();
    const html = page();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', consoleContentSecurityPolicy({ host: req.headers.host, https }))
      .header('permissions-policy', PERMISSIONS_POLICY)
      .header('cross-origin-opener-policy', 'same-origin')
      .status(html ? 200 : 503)
      .send(html ?? NOT_BUILT);
  };
  app.get('/console', { schema: { hide: true } }, serve);
  app.get('/console/*', { schema: { hide: true } }, serve);
}
