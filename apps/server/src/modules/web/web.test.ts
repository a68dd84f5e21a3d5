import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { shortName } from './web.service.ts';

/** A small built web app: an entry chunk with its precompressed copies, as the Vite build writes them. */
function fakeBuild(dir: string) {
  fs.mkdirSync(path.join(dir, 'js'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  const js = `export const x = ${JSON.stringify('chunk '.repeat(2000))};`;
  fs.writeFileSync(path.join(dir, 'js/index-abc.js'), js);
  fs.writeFileSync(path.join(dir, 'js/index-abc.js.br'), brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'js/index-abc.js.gz'), gzipSync(js));
  return js;
}

describe('compressed delivery', () => {
  let t: TestApp;
  let js: string;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-dist-'));
    js = fakeBuild(dist);
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the precompressed asset by content negotiation, with Vary and a long cache', async () => {
    const br = await t.app.inject({ url: '/js/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await t.app.inject({ url: '/js/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ url: '/js/index-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);
  });

  it('compresses API answers above 1 KB, not small ones', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token, 'accept-encoding': 'br' } });
    expect(menu.statusCode).toBe(200);
    expect(menu.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(menu.rawPayload).toString()).menu.length).toBeGreaterThan(0);

    const config = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo', 'accept-encoding': 'br' } });
    expect(config.rawPayload.length).toBeLessThan(1024);
    expect(config.headers['content-encoding']).toBeUndefined();
  });

  it('refuses a compressed request body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/check-email',
      headers: { 'app-key': 'demo', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'anna@demo.test' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('manifest short_name', () => {
  it('keeps whole words within 12 characters', () => {
    expect(shortName('Nightline Collective')).toBe('Nightline');
    expect(shortName('Open Summit 2026')).toBe('Open Summit');
    expect(shortName('Demo')).toBe('Demo');
    expect(shortName('  Spaced   Out  Name ')).toBe('Spaced Out');
    expect(shortName('Supercalifragilistic Expo')).toBe('Supercalifra');
  });

  it('is what the served manifest carries', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/manifest.webmanifest?app=demo' });
      const body = res.json() as { name: string; short_name: string };
      expect(body.short_name).toBe(shortName(body.name));
      expect(body.short_name.length).toBeLessThanOrEqual(12);
      expect(body.short_name).toBe(body.short_name.trim());
    } finally {
      await t.close();
    }
  });
});

describe('the page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-dist-'));
    fakeBuild(dist);
    t = await createTestApp({ webDist: dist });
    return () => fs.rmSync(dist, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  const metaOf = (html: string) => JSON.parse(/<script id="app-meta" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null');

  it('carries the app-config answer, so the first screen needs no round trip, and a branded splash', async () => {
    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    const config = await t.app.inject({ url: '/user/app-config', headers: { 'app-key': 'demo' } });
    expect(metaOf(page.body).app_config).toEqual(config.json());
    expect(page.body).toMatch(/<div id="root"><div class="boot-splash" role="status">.*Open Summit 2026.*<\/div><\/div>/s);
    expect(page.body).toContain('<meta name="description"');
  });

  it('leaves the configuration out for a locked app (its app-config answers 423)', async () => {
    await t.app.ctx.db.execute(sql`update apps set is_locked = true where key = 'demo'`);
    t.app.ctx.apps.invalidate();
    const page = await t.app.inject({ url: '/login', headers: { accept: 'text/html' } });
    expect(metaOf(page.body).app_config).toBeUndefined();
    await t.app.ctx.db.execute(sql`update apps set is_locked = false where key = 'demo'`);
    t.app.ctx.apps.invalidate();
  });
});
