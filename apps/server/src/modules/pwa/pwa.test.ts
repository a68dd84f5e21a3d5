import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { urlPreviewAnswer } from '@app/contract/schemas/pwa';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, errorOf, fieldsOf, userByEmail } from '../../../test/helpers.ts';
import { parseHead } from './pwa.service.ts';
import { pwaAudits } from './pwa.table.ts';

const PAGE = `<!doctype html><html><head>
<title>Fallback title</title>
<meta property="og:title" content="Fish &amp; Chips Summit">
<meta name="description" content="plain description">
<meta property="og:description" content="Talks about &quot;food&quot; &#38; more">
<meta property="og:image" content="/img/cover.png">
</head><body>hello</body></html>`;

let t: TestApp;
let anna: string;
let annaDark: string;
/** The page server the tests allow (previewAllow). */
let site: http.Server;
let sitePort: number;
/** A server nobody may reach through the preview: every hit is a failure. */
let trap: http.Server;
/** Paths the allowed site was asked for. */
const siteHits: string[] = [];
let trapPort: number;
const trapHits: string[] = [];
const openSockets = new Set<import('node:net').Socket>();

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const url = req.url ?? '/';
    siteHits.push(url);
    if (url === '/page') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (url === '/title-only') return res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Just &lt;a&gt; title</title>');
    if (url === '/data.json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"no"}');
    if (url === '/redirect-ok') return res.writeHead(302, { location: '/page' }).end();
    if (url === '/redirect-trap') return res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/stolen` }).end();
    if (url === '/redirect-localhost') return res.writeHead(301, { location: `http://localhost:${sitePort}/page` }).end();
    if (url === '/redirect-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url === '/missing') return res.writeHead(404, { 'content-type': 'text/html' }).end('<title>404</title>');
    if (url === '/endless') {
      // An endless page: the preview must cut it, not buffer it.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><meta property="og:title" content="Endless page"></head><body>');
      const chunk = `<p>${'x'.repeat(64 * 1024)}</p>`;
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return;
    }
    if (url === '/drip') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Drip</title>');
      const timer = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (url === '/hostile') {
      // Hundreds of thousands of unterminated meta tags: quadratic for a regex, linear for a tokenizer.
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><head>${'<meta '.repeat((500 * 1024) / 6)}`);
    }
    if (url === '/hang') return; // never answers
    res.writeHead(404).end();
  });
  site.on('connection', (s) => {
    openSockets.add(s);
    s.on('close', () => openSockets.delete(s));
  });
  trap = http.createServer((req, res) => {
    trapHits.push(`${req.headers.host}${req.url}`);
    res.writeHead(200, { 'content-type': 'text/html' }).end('<meta property="og:title" content="SECRET">');
  });
  sitePort = await listen(site, '127.0.0.1');
  // Dual stack when the machine has IPv6, so [::1] would reach the trap too.
  trapPort = await listen(trap, '::').catch(() => listen(trap, '127.0.0.1'));

  t = await createTestApp({ previewAllow: [`127.0.0.1:${sitePort}`] });
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
});
afterAll(async () => {
  for (const s of openSockets) s.destroy();
  await Promise.all([new Promise((r) => site.close(r)), new Promise((r) => trap.close(r))]);
  await t.close();
});

const preview = (url: unknown, token = anna) =>
  t.app.inject({ method: 'POST', url: '/pwa/get-url-preview', headers: { 'access-token': token }, payload: { url } });

describe('POST /pwa/audit', () => {
  const body = { pwaAppMode: 'standalone', isPreviewFrame: false, deviceType: 'mobile' };
  const latest = async () => {
    const [row] = await t.app.ctx.db.select().from(pwaAudits).orderBy(desc(pwaAudits.id)).limit(1);
    return row;
  };

  it('records a public audit for the app of the app-key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pwa/audit', headers: { 'app-key': 'demo-dark' }, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const dark = await appByKey(t, 'demo-dark');
    expect(await latest()).toMatchObject({
      appId: dark.id,
      userId: null,
      pwaAppMode: 'standalone',
      isPreviewFrame: false,
      deviceType: 'mobile',
    });
  });

  it('records an authenticated audit for the user and the token app', async () => {
    const payload = { pwaAppMode: 'browser', isPreviewFrame: true, deviceType: 'desktop' };
    // The token decides the app, whatever app-key is sent.
    const res = await t.app.inject({
      method: 'POST',
      url: '/pwa/audit',
      headers: { 'access-token': anna, 'app-key': 'demo-dark' },
      payload,
    });
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(t, 'demo', 'anna@demo.test');
    expect(await latest()).toMatchObject({ appId: user.appId, userId: user.id, pwaAppMode: 'browser', isPreviewFrame: true });
  });

  it('refuses a bad token, an unknown app and a bad body', async () => {
    const before = await latest();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/pwa/audit',
      headers: { 'access-token': 'nope', 'app-key': 'demo' },
      payload: body,
    });
    expect(bad.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/pwa/audit', headers: { 'app-key': 'nope' }, payload: body })).statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/pwa/audit',
      headers: { 'app-key': 'demo' },
      payload: { pwaAppMode: 'tv', isPreviewFrame: 'yes', deviceType: 'mobile', extra: 1 },
    });
    expect(fieldsOf(invalid)).toEqual(['extra', 'isPreviewFrame', 'pwaAppMode']);
    expect((await latest())?.id).toBe(before?.id);
  });
});

describe('POST /pwa/get-url-preview', () => {
  it('reads og tags of an allowed page', async () => {
    const res = await preview(`http://127.0.0.1:${sitePort}/page`);
    expect(res.statusCode).toBe(200);
    expect(urlPreviewAnswer.parse(res.json())).toEqual({
      success: 1,
      link: `http://127.0.0.1:${sitePort}/page`,
      meta: {
        title: 'Fish & Chips Summit',
        description: 'Talks about "food" & more',
        site_name: '127.0.0.1',
        image: { url: `http://127.0.0.1:${sitePort}/img/cover.png` },
      },
    });
  });

  it('falls back to <title>, follows redirects on the allowed host and ignores non-HTML', async () => {
    const title = urlPreviewAnswer.parse((await preview(`http://127.0.0.1:${sitePort}/title-only`)).json());
    expect(title.meta).toEqual({ title: 'Just <a> title', description: '', site_name: '127.0.0.1', image: null });
    const redirected = urlPreviewAnswer.parse((await preview(`http://127.0.0.1:${sitePort}/redirect-ok`)).json());
    expect(redirected.link).toBe(`http://127.0.0.1:${sitePort}/page`);
    expect(redirected.meta?.title).toBe('Fish & Chips Summit');
    const json = urlPreviewAnswer.parse((await preview(`http://127.0.0.1:${sitePort}/data.json`)).json());
    expect(json.meta?.title).toBe('');
  });

  it('gives no preview of private, loopback and metadata addresses, without connecting', async () => {
    const urls = [
      `http://127.0.0.1:${trapPort}/`,
      `http://localhost:${trapPort}/`,
      `http://[::1]:${trapPort}/`,
      `http://[::ffff:127.0.0.1]:${trapPort}/`,
      `http://0.0.0.0:${trapPort}/`,
      `http://127.1:${trapPort}/`,
      `http://2130706433:${trapPort}/`,
      `http://0x7f000001:${trapPort}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://192.168.1.1/',
    ];
    for (const url of urls) {
      const res = await preview(url);
      expect(res.json(), url).toEqual({ success: 0, link: url, meta: null });
    }
    expect(trapHits).toEqual([]);
  });

  it('refuses non-http schemes and junk with 422 url', async () => {
    for (const url of [
      'ftp://example.com/file',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<title>x</title>',
      'not a url',
    ]) {
      expect(fieldsOf(await preview(url)), url).toEqual(['url']);
    }
    expect(fieldsOf(await preview(42))).toEqual(['url']);
    expect(fieldsOf(await preview(`http://example.com/${'a'.repeat(3000)}`))).toEqual(['url']);
    // Credentials in the url are refused even on the allowed host.
    expect(fieldsOf(await preview(`http://user:pw@127.0.0.1:${sitePort}/page`))).toEqual(['url']);
  });

  it('refuses redirects that leave the allowed host, loops and error pages', async () => {
    for (const path of ['/redirect-trap', '/redirect-localhost', '/redirect-file', '/loop', '/missing']) {
      const res = await preview(`http://127.0.0.1:${sitePort}${path}`);
      expect(res.json(), path).toMatchObject({ success: 0, meta: null });
    }
    expect(trapHits).toEqual([]);
  });

  it('remembers a failed preview for a while: asked again, the page is not fetched again', async () => {
    const path = '/gone-for-good';
    // The other demo app's member: the demo app's allowance of previews is for the other tests.
    const first = await preview(`http://127.0.0.1:${sitePort}${path}`, annaDark);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: 0, meta: null });
    const again = await preview(`http://127.0.0.1:${sitePort}${path}`, annaDark);
    expect(again.json()).toMatchObject({ success: 0, meta: null });
    expect(siteHits.filter((h) => h === path)).toHaveLength(1);
  });

  it('cuts an endless page instead of buffering it', async () => {
    const start = Date.now();
    const res = await preview(`http://127.0.0.1:${sitePort}/endless`, annaDark);
    expect(Date.now() - start).toBeLessThan(3000);
    expect(res.statusCode).toBe(200);
    expect(urlPreviewAnswer.parse(res.json()).meta?.title).toBe('Endless page');
  });

  it('gives up on a slow server within the deadline', async () => {
    const start = Date.now();
    const [hang, drip] = await Promise.all([
      preview(`http://127.0.0.1:${sitePort}/hang`, annaDark),
      preview(`http://127.0.0.1:${sitePort}/drip`, annaDark),
    ]);
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThan(4000);
    expect(elapsed).toBeLessThan(6500);
    expect(hang.json()).toMatchObject({ success: 0, meta: null });
    // A page that never ends within the deadline is not a preview either.
    expect(drip.json()).toMatchObject({ success: 0, meta: null });
  }, 15_000);

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/pwa/get-url-preview',
      headers: { 'app-key': 'demo' },
      payload: { url: `http://127.0.0.1:${sitePort}/page` },
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).status).toBe(401);
  });
});

describe('URL preview on a hostile page', () => {
  it('answers within a second and the event loop stays free (no regex over the page)', async () => {
    // The longest pause of the event loop while the page is read: a regex frozen on the hostile page
    // would hold it for the whole read. Ticks every 20 ms; a loaded CI machine delays them, not this much.
    let last = Date.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = Date.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 20);
    const t0 = Date.now();
    const res = await preview(`http://127.0.0.1:${sitePort}/hostile`);
    const ms = Date.now() - t0;
    clearInterval(ticker);
    longest = Math.max(longest, Date.now() - last);
    expect(res.statusCode).toBe(200);
    expect(ms).toBeLessThan(1_000);
    expect(longest).toBeLessThan(700);
  });

  it('parseHead reads 512 KB of unterminated tags in linear time, and entities are decoded', () => {
    const t0 = performance.now();
    parseHead('<meta '.repeat((512 * 1024) / 6));
    parseHead(`<meta content="${'x'.repeat(512 * 1024)}`);
    parseHead('<title>'.repeat((512 * 1024) / 7));
    expect(performance.now() - t0).toBeLessThan(1_000);
    const head = parseHead(
      '<head><title>A &amp; B</title><meta property="og:title" content="T &lt;1&gt;"><META NAME="Description" CONTENT="d"></head><body><meta property="og:image" content="late">',
    );
    expect(head.title).toBe('A & B');
    expect(head.metas.get('og:title')).toBe('T <1>');
    expect(head.metas.get('description')).toBe('d');
    // Tags after the head are not read.
    expect(head.metas.has('og:image')).toBe(false);
  });
});

describe('POST /pwa/audit limits', () => {
  it('answers 429 past 30 audits a minute from one address', async () => {
    const body = { pwaAppMode: 'browser', isPreviewFrame: false, deviceType: 'mobile' };
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/pwa/audit',
        headers: { 'app-key': 'demo' },
        payload: body,
        remoteAddress: '10.3.3.3',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});
