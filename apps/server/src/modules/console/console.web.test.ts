import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** A small console build as Vite writes it: index.html and a hashed chunk with precompressed copies. */
function fakeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'js'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Console</title></head><body><div id="root" data-console></div></body></html>',
  );
  const js = `export const x = ${JSON.stringify('console '.repeat(2000))};`;
  fs.writeFileSync(path.join(dir, 'js/index-abc.js'), js);
  fs.writeFileSync(path.join(dir, 'js/index-abc.js.br'), brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'js/index-abc.js.gz'), gzipSync(js));
}

describe('console page and assets', () => {
  let t: TestApp;
  let consoleDist: string;
  let webDist: string;
  beforeAll(async () => {
    consoleDist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-console-'));
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-web-'));
    fakeBuild(consoleDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body>attendee</body></html>');
    t = await createTestApp({ consoleDist, webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(consoleDist, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('answers every console navigation with the console page, not the attendee app, with its own policy', async () => {
    for (const url of ['/console', '/console/', '/console/login?return=%2Fconsole%2Fapps%2F1', '/console/apps/1/members']) {
      const res = await t.app.inject({ url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('data-console');
      expect(res.body).not.toContain('attendee');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
    // The attendee app still answers its own navigations.
    const attendee = await t.app.inject({ url: '/login', headers: HTML });
    expect(attendee.body).toContain('attendee');
  });

  it('serves hashed assets precompressed with a year of cache', async () => {
    const res = await t.app.inject({ url: '/console/js/index-abc.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    const plain = await t.app.inject({ url: '/console/js/index-abc.js' });
    expect(plain.body).toContain('console console');
  });

  it('leaves /console/api to the API and answers unknown files with 404', async () => {
    const api = await t.app.inject({ url: '/console/api/nothing-here', headers: HTML });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const me = await t.app.inject({ url: '/console/api/me', headers: HTML });
    expect(me.statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/console/js/missing-123.js', headers: HTML });
    expect(missing.statusCode).toBe(404);
    const json = await t.app.inject({ url: '/console/apps/1', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
  });
});

describe('console not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('says how to build it', async () => {
    const res = await t.app.inject({ url: '/console/apps', headers: HTML });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    expect(res.headers['content-type']).toContain('text/html');
  });
});
