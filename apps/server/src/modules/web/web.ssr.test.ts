import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { tokenCookie } from './web.first-screen.ts';

// The web app's server build renders a signed-in phone's first screen into the page (web.ssr.ts).
// The build is made here when missing (the test command builds the apps after the server tests).
const webApp = path.resolve(import.meta.dirname, '../../../../web');
const bundle = path.join(webApp, 'dist-ssr', 'entry-server.js');
const PHONE = 'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  if (!fs.existsSync(bundle)) execFileSync('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx'], { cwd: webApp, stdio: 'ignore' });
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webDist: dist, webSsr: bundle });
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const rendered = (html: string) => html.includes('data-first-screen="server"');
const cacheOf = (html: string) => /<script id="first-screen-cache" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';

async function page(url: string, token: string, { ua = PHONE, zone = ZONE } = {}) {
  return t.app.inject({
    url,
    headers: { accept: 'text/html', 'user-agent': ua, cookie: `${tokenCookie('demo')}=${token}; tz=${zone}` },
  });
}

/** The first page after start waits for the worker to load the build (the page goes out without meanwhile). */
async function renderedPage(url: string, token: string) {
  for (let i = 0; i < 40; i++) {
    const res = await page(url, token);
    if (rendered(res.body)) return res;
    await sleep(250);
  }
  throw new Error(`${url} was never rendered on the server`);
}

async function moduleUrl(token: string, type: string): Promise<string> {
  const menu = await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } });
  const url = (menu.json() as { menu: Array<{ type: string; url: string }> }).menu.find((m) => m.type === type)?.url;
  if (!url) throw new Error(`no ${type} module`);
  return url;
}

describe('a signed-in phone gets its first screen rendered in the page', () => {
  it('shows the feed as HTML, with the query cache it came from, and stays personal', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const news = await moduleUrl(token, 'news');
    const res = await renderedPage(news, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const posts = await t.app.inject({
      url: `/content/${news.split('/')[2]}/posts?page=1&per-page=10`,
      headers: { 'access-token': token },
    });
    const first = (posts.json() as Array<{ title: string }>)[0]?.title ?? '';
    expect(first).not.toBe('');
    // The post's title is in the markup of #root, and the cache the browser hydrates from holds the same page.
    const root = res.body.slice(res.body.indexOf('<div id="root"'));
    expect(root).toContain(first.replaceAll('&', '&amp;'));
    expect(cacheOf(res.body)).toContain(JSON.stringify(first).slice(1, -1));
    expect(res.body.match(/<\/script>/g)?.length).toBe(res.body.match(/<script/g)?.length);
  });

  it('renders a screen whose reads the page does not carry (the agenda of the day) through the API', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const res = await renderedPage(await moduleUrl(token, 'agenda'), token);
    expect(res.body).toContain('class="shell');
  });

  it('a desktop, a clock in another time zone, or no token: the page starts as before', async () => {
    const token = await login(t.app, 'anna@demo.test');
    const news = await moduleUrl(token, 'news');
    await renderedPage(news, token);
    expect(rendered((await page(news, token, { ua: DESKTOP })).body)).toBe(false);
    expect(rendered((await page(news, token, { zone: ZONE === 'Pacific/Chatham' ? 'Asia/Kathmandu' : 'Pacific/Chatham' })).body)).toBe(
      false,
    );
    const plain = await t.app.inject({ url: news, headers: { accept: 'text/html', 'user-agent': PHONE, cookie: `tz=${ZONE}` } });
    expect(rendered(plain.body)).toBe(false);
  });

  it('nothing of one member`s page reaches the next member`s', async () => {
    const anna = await login(t.app, 'anna@demo.test');
    const ben = await login(t.app, 'ben@demo.test');
    const chats = await moduleUrl(anna, 'chats');
    const annas = await renderedPage(chats, anna);
    const bens = await renderedPage(chats, ben);
    // Each page's cache is its member's: the other's token (a query key of the menu) never appears.
    expect(cacheOf(annas.body)).toContain(anna);
    expect(bens.body).not.toContain(anna);
    expect(cacheOf(bens.body)).toContain(ben);
  });
});
