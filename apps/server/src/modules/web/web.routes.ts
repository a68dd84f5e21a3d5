import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/errors.ts';
import { requestLocale } from '../../lib/i18n.ts';
import { serveUploadsFromStorage } from '../../platform/storage/serve-uploads.ts';
import { appBaseUrl, resolvePublicApp } from '../../plugins/tenant.ts';
import { bootData } from './web.first-screen.ts';
import { appIcon, inlineStylesheets, manifest, pageMeta, renderIndex } from './web.service.ts';
import { ServerRenderer } from './web.ssr.ts';
import { apiRead, chunkStyles, firstScreenHtml } from './web.ssr-page.ts';

const FALLBACK = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><!--app-head--></head><body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, then reload.</p></main></body></html>`;

/** Paths that are never the SPA even when a browser asks for HTML (the console answers its own: console.web.ts). */
const NOT_SPA =
  /^\/(api|console|dev\/outbox|auth\/oauth|uploads|files|healthz|metrics|ops|socket\.io|js|css|assets|icons)(\/|$)|\.[a-z0-9]+$/i;

function isNavigation(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.headers['app-key'] || req.headers['access-token']) return false;
  if (!String(req.headers.accept ?? '').includes('text/html')) return false;
  return !NOT_SPA.test(req.url.split('?')[0] ?? '');
}

/**
 * Browser navigations (GET, Accept: text/html, no API headers) get the SPA's
 * index.html with the app's page metadata, whatever route they match: the
 * SPA's paths (/login, /user/5) share the URL space with the API.
 */
export const spaNavigation = fp(async (app: FastifyInstance) => {
  const { webDist, dev } = app.ctx.config;
  const indexFile = path.join(webDist, 'index.html');
  let template: string | undefined;
  const getTemplate = () => {
    if (template === undefined && fs.existsSync(indexFile)) {
      template = inlineStylesheets(fs.readFileSync(indexFile, 'utf8'), (href) => {
        const file = path.join(webDist, href);
        return file.startsWith(path.join(webDist, 'css')) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
      });
    }
    return template ?? FALLBACK;
  };

  // A signed-in phone's first screen rendered into the page (web.ssr.ts), when the web app's server build is there.
  const renderer = app.ctx.config.webSsr
    ? new ServerRenderer({
        bundle: app.ctx.config.webSsr,
        read: apiRead(app),
        onError: (message) => app.log.warn(message),
        onMissing: (page, reads) => app.log.debug({ page, reads }, 'first screen not rendered: reads that failed'),
      })
    : undefined;
  renderer?.warm();
  app.addHook('onClose', async () => renderer?.close());
  let stylesOf: ((sources: readonly string[]) => string) | undefined;

  const serveIndex = async (req: FastifyRequest, reply: FastifyReply) => {
    const tenant = await resolvePublicApp(app, req);
    if (!tenant) throw notFound();
    const url = await appBaseUrl(app, req, tenant);
    const queryApp = (req.query as Record<string, unknown>).app;
    if (typeof queryApp === 'string' && queryApp === tenant.key) {
      reply.header('set-cookie', `app_key=${encodeURIComponent(tenant.key)}; Path=/; SameSite=Lax; Max-Age=31536000`);
    }
    const locale = requestLocale(req.headers.cookie, tenant.locale);
    // A signed-in member's page carries its first screen's data: personal, so never stored by a cache.
    const boot = tenant.isLocked ? undefined : await bootData(app, req, tenant);
    const meta = { ...pageMeta(tenant, url, app.ctx.config.coreVersion, dev, app.ctx.config.adminOrigins), locale };
    const firstScreen =
      boot && renderer ? await firstScreenHtml(renderer, req, { meta, boot, appKey: tenant.key, origin: url }) : undefined;
    if (firstScreen) stylesOf ??= chunkStyles(webDist, fs.readFileSync(indexFile, 'utf8'));
    const html = renderIndex(getTemplate(), meta, locale.slice(0, 2), {
      icons: tenant.icons,
      splashIcon: appIcon(tenant, false),
      boot,
      ...(firstScreen && stylesOf ? { firstScreen: { ...firstScreen, styles: stylesOf(firstScreen.sources) } } : {}),
    });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', boot ? 'private, no-store' : 'no-cache')
      .header('vary', 'cookie')
      .send(html);
  };
  // A callback hook: API calls (nearly every request) pass with one synchronous check.
  app.addHook('onRequest', (req, reply, done) => {
    if (!isNavigation(req)) {
      done();
      return;
    }
    // The page is the answer: done() is called only when it could not be sent.
    serveIndex(req, reply).catch((err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
  });
});

/** Serves the built PWA with the page metadata of the app the request resolves to. */
export async function webRoutes(app: FastifyInstance) {
  const { webDist } = app.ctx.config;

  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) => {
    const tenant = await resolvePublicApp(app, req);
    if (!tenant) throw notFound();
    return reply.type('application/manifest+json').send(JSON.stringify(manifest(tenant)));
  });

  // Browsers ask for /favicon.ico on pages without an icon link (JSON answers, the docs).
  app.get('/favicon.ico', { schema: { hide: true } }, async (req, reply) => {
    const tenant = await resolvePublicApp(app, req);
    return reply.redirect(`/app-icon.svg?app=${encodeURIComponent(tenant?.key ?? '')}`, 302);
  });

  app.get('/app-icon.svg', { schema: { hide: true } }, async (req, reply) => {
    const tenant = await resolvePublicApp(app, req);
    if (!tenant) throw notFound();
    const maskable = (req.query as Record<string, unknown>).maskable === '1';
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(appIcon(tenant, maskable));
  });

  const { storage } = app.ctx;
  if (storage.root) {
    // Files on disk: served straight from it, as fast as a static file server.
    const uploads = path.join(storage.root, 'uploads');
    fs.mkdirSync(uploads, { recursive: true });
    await app.register(fastifyStatic, { root: uploads, prefix: '/uploads/', decorateReply: false, index: false, maxAge: '1d' });
  } else serveUploadsFromStorage(app, storage);

  if (fs.existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset: served by Accept-Encoding, with Vary.
      preCompressed: true,
      // The build's manifest is the server's own reading (web.ssr-page.ts), not the public's.
      allowedPath: (pathName: string) => !pathName.startsWith('/.vite'),
      setHeaders(res, file) {
        const base = path.basename(file);
        if (base === 'sw.js' || base === 'index.html') res.header('cache-control', 'no-cache');
        else if (/\/(js|css|assets)\//.test(file)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
}
