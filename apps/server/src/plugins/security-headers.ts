import { EMBED_ORIGINS } from '@app/contract/rich-text-urls';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { ENTRY_LOADER_CSP } from '../lib/entry-gate.ts';

/** A Host header we are willing to write into the policy (socket origin); anything else is left out. */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The Content-Security-Policy of every page. Scripts come from our origin only (no inline but the
 * one entry loader, allowed by its hash: lib/entry-gate.ts; no eval); styles may be inline (the server-rendered background, React style props); images and
 * media from our origin only (pictures from other sites in posts are our copies: outside-images.ts;
 * `data:` and `blob:` for pictures the browser makes), frames from our origin and the players the
 * editor embeds (YouTube, Vimeo, Spotify); the page may be framed by itself and the configured admin
 * origins only (the admin preview).
 */
export function contentSecurityPolicy(opts: { host: string | undefined; adminOrigins: readonly string[]; https: boolean }): string {
  const host = opts.host && SAFE_HOST.test(opts.host) ? opts.host : undefined;
  const sockets = host ? ` ws://${host} wss://${host}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${ENTRY_LOADER_CSP}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${sockets}`,
    `frame-src 'self' ${EMBED_ORIGINS.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors 'self'${opts.adminOrigins.map((o) => ` ${o}`).join('')}`,
  ];
  if (opts.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Camera for our own origin (the QR scanner); nothing else a page could ask for. */
export const PERMISSIONS_POLICY =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

const isDocument = (reply: FastifyReply) => {
  const type = String(reply.getHeader('content-type') ?? '');
  return type.startsWith('text/html') || type.startsWith('image/svg+xml');
};

/**
 * Security headers on every answer; the page policies (CSP, Permissions-Policy) only on documents
 * (HTML, SVG), where they mean something. HSTS when the public address is https.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { publicUrl, adminOrigins } = app.ctx.config;
  const https = Boolean(publicUrl?.startsWith('https://'));
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (isDocument(reply) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', contentSecurityPolicy({ host: req.headers.host, adminOrigins, https }));
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
    }
    done(null, payload);
  });
});
