import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BootData } from '@app/contract/boot-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { matchPage, readKey, readsFor, tokenCookie } from './web.first-screen.ts';
import { inlineStylesheets } from './web.service.ts';

describe('first-screen reads', () => {
  it('matches page patterns segment by segment, ids and slugs only', () => {
    expect(matchPage('/news/:app_module_id', '/news/1')).toEqual({ app_module_id: '1' });
    expect(matchPage('/news/:app_module_id', '/news/1/post/2')).toBeUndefined();
    expect(matchPage('/chats/:m/:chat_type/:id', '/chats/4/group/1')).toEqual({ m: '4', chat_type: 'group', id: '1' });
    expect(matchPage('/news/:app_module_id', '/news/..%2F')).toBeUndefined();
    expect(matchPage('/news/:app_module_id', `/news/${'1'.repeat(400)}`)).toBeUndefined();
    expect(matchPage('*', '/anything')).toEqual({});
  });

  it('keys a read by its path and sorted query, whatever the order', () => {
    expect(readKey('/a?per-page=10&page=1')).toBe(readKey('/a?page=1&per-page=10'));
    expect(readKey('/a')).toBe('/a');
  });

  it('fills the page params into the declared reads, each once', () => {
    const declared = [
      { page: '*', reads: ['/user/app-menu'] },
      { page: '/news/:app_module_id', reads: ['/content/:app_module_id/posts?page=1&per-page=10', '/user/app-menu'] },
    ];
    expect(readsFor('/news/7', declared)).toEqual(['/user/app-menu', '/content/7/posts?page=1&per-page=10']);
    expect(readsFor('/login', declared)).toEqual(['/user/app-menu']);
  });
});

describe('a signed-in page carries its first screen', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-dist-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const bootOf = (html: string): BootData | null =>
    JSON.parse(/<script id="boot-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as BootData | null;
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it('answers each read as the API answers it, personal and never cached', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });
    const newsId = (menu.json() as { menu: Array<{ type: string; app_module_id: number }> }).menu.find(
      (m) => m.type === 'news',
    )?.app_module_id;
    expect(newsId).toBeDefined();

    const res = await page(`/news/${newsId}`, `locale=de_DE; ${tokenCookie('demo')}=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const boot = bootOf(res.body);
    expect(boot?.reads['/user/app-menu']?.body).toEqual(menu.json());
    const postsKey = readKey(`/content/${newsId}/posts?page=1&per-page=10`);
    const posts = await t.app.inject({ url: postsKey, headers: { 'access-token': token, cookie: 'locale=de_DE' } });
    expect(boot?.reads[postsKey]?.body).toEqual(posts.json());
    expect(boot?.reads[postsKey]?.headers['x-pagination-page-count']).toBe(posts.headers['x-pagination-page-count']);
    // What the member reads is inside a <script>: no `<` of the data can close it.
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script/g)?.length);
  });

  it('carries nothing without the cookie, with a refused token, or with another app`s token', async () => {
    const plain = await page('/news/1');
    expect(bootOf(plain.body)).toBeNull();
    expect(plain.headers['cache-control']).toBe('no-cache');

    const forged = await page('/news/1', `${tokenCookie('demo')}=not-a-token`);
    expect(forged.statusCode).toBe(200);
    expect(bootOf(forged.body)).toBeNull();

    const other = await makeTenant(t, { modules: ['news'] });
    const stranger = await makeUser(t, other);
    const crossed = await page('/news/1', `${tokenCookie('demo')}=${stranger.token}`);
    expect(bootOf(crossed.body)).toBeNull();
    // The same token under its own app's cookie name does carry its menu.
    const own = await page(`/news/1?app=${other.app.key}`, `${tokenCookie(other.app.key)}=${stranger.token}`);
    expect(Object.keys(bootOf(own.body)?.reads ?? {})).toContain('/user/app-menu');
  });

  it('leaves out a read the member may not make (another app`s module) and keeps the rest', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const other = await makeTenant(t, { modules: ['news'] });
    const foreign = other.modules[0]?.id;
    const res = await page(`/news/${foreign}`, `${tokenCookie('demo')}=${token}`);
    const reads = bootOf(res.body)?.reads ?? {};
    expect(Object.keys(reads)).toContain('/user/app-menu');
    expect(Object.keys(reads).some((k) => k.startsWith(`/content/${foreign}/`))).toBe(false);
  });
});

describe('the page carries its own stylesheet', () => {
  const template = '<head><link rel="stylesheet" crossorigin href="/css/index-a.css"><link rel="stylesheet" href="/css/big.css"></head>';
  it('puts the entry stylesheet inside the page and leaves what it cannot read or may not inline', () => {
    const files: Record<string, string> = { '/css/index-a.css': 'body{margin:0}', '/css/big.css': 'x'.repeat(40_000) };
    const out = inlineStylesheets(template, (href) => files[href]);
    expect(out).toContain('<style>body{margin:0}</style>');
    expect(out).toContain('<link rel="stylesheet" href="/css/big.css">');
    expect(inlineStylesheets(template, () => undefined)).toBe(template);
    // A stylesheet that could close the element stays a link.
    expect(inlineStylesheets(template, () => 'a{}</style><script>')).toBe(template);
  });
  it('leaves a template of unclosed links as it is (one pass, no backtracking)', () => {
    const hostile = '<link rel="stylesheet"'.repeat(20_000);
    expect(inlineStylesheets(hostile, () => 'a{}')).toBe(hostile);
  });
});
