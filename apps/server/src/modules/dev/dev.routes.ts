import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.ts';
import { escAttr as esc } from '../../lib/text.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Host names of this machine: a page of another site (DNS rebinding) arrives with its own name. */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;
const PROXY_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'forwarded', 'via'];

/**
 * Mail holds sign-in links, so the outbox answers only a browser on this machine: a loopback
 * socket (not the address a proxy header claims), no proxy header at all, and a loopback Host.
 */
export function isLocalRequest(req: Pick<FastifyRequest, 'headers' | 'socket'>): boolean {
  if (PROXY_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  return LOOPBACK_HOST.test(String(req.headers.host ?? ''));
}

function assertLocal(req: FastifyRequest) {
  if (!isLocalRequest(req)) throw notFound();
}

/** The local outbox, to open confirmation and reset links without SMTP (this machine only). */
export async function devRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (req) => assertLocal(req));
  app.get('/dev/outbox.json', { schema: { hide: true } }, async () => app.ctx.mailer.outbox());
  app.get('/dev/outbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = app.ctx.mailer
      .outbox()
      .map(
        (m) =>
          `<article><h2>${esc(m.subject)}</h2><p><b>To:</b> ${esc(m.to)} · <time>${esc(m.date)}</time></p><p><a href="${esc(m.link)}">${esc(m.link)}</a></p><pre>${esc(m.text)}</pre></article>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Outbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}a{color:#0645ad}</style></head><body><main><h1>Local outbox</h1><p>Mail the server sent while no SMTP_URL is set, newest first.</p>${rows || '<p>No mail yet.</p>'}</main></body></html>`,
      );
  });
}
