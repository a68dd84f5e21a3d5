import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { socialFeed } from '@app/contract/schemas/twitter';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fieldsOf } from '../../../test/helpers.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { refreshFeed } from './twitter.fetch.ts';
import { MAX_POSTS, parseFeed } from './twitter.parse.ts';
import { socialFeeds } from './twitter.table.ts';

// Social feed (the twitter module): the owner names an RSS/Atom URL; the server fetches it through
// safe fetch, parses it with an XML parser, sanitises it and caches it; members read the cache.
// Fixtures come from a local HTTP server (allowed through previewAllow), hostile ones included.

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Mastodon</title><link>https://mastodon.social/@Mastodon</link>
<image><url>https://files.example.test/avatar.png</url></image>
<item><guid isPermaLink="true">https://mastodon.social/@Mastodon/1</guid><link>https://mastodon.social/@Mastodon/1</link>
<pubDate>Tue, 24 Nov 2026 10:00:00 +0000</pubDate>
<description>&lt;p&gt;Hello &lt;a href="javascript:alert(1)"&gt;click&lt;/a&gt; &lt;script&gt;alert(2)&lt;/script&gt;&lt;b onclick="x()"&gt;bold&lt;/b&gt;&lt;/p&gt;</description>
<media:content url="https://files.example.test/a.jpg" type="image/jpeg" medium="image"><media:description type="plain">A cat</media:description></media:content>
<media:content url="http://files.example.test/insecure.jpg" type="image/jpeg" medium="image"/>
<media:content url="https://files.example.test/v.mp4" type="video/mp4" medium="video"/>
</item>
<item><guid>2</guid><link>javascript:alert(3)</link><pubDate>not a date</pubDate><description><![CDATA[<p>Second <img src="javascript:alert(4)"></p>]]></description>
<enclosure url="https://files.example.test/b.png" type="image/png" length="1"/></item>
</channel></rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>A blog</title><icon>https://blog.example.test/icon.png</icon>
<entry><title>First &amp; best</title><id>urn:1</id><link rel="alternate" href="/posts/1"/><link rel="enclosure" type="image/png" href="https://blog.example.test/p.png"/>
<published>2026-11-20T08:00:00Z</published><author><name>Ada</name><uri>https://ada.example.test</uri></author>
<content type="html">&lt;p&gt;Atom &lt;em&gt;body&lt;/em&gt;&lt;/p&gt;</content></entry>
<entry><title>Plain</title><id>urn:2</id><updated>2026-11-19T08:00:00Z</updated><summary>1 &lt; 2 &lt;script&gt;</summary></entry>
</feed>`;

// Atom with xhtml content, as the W3C's and many static-site feeds write it (RFC 4287 §3.1.1.3): markup
// inside the feed in one wrapping div; the second entry is hostile and uses a namespace prefix.
const XHTML = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>W3C News</title><id>https://www.w3.org/news/</id>
<entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">CSS <em>Anchor</em> draft</div></title><id>urn:w3c:1</id>
<link href="https://www.w3.org/news/2026/css-anchor/"/><updated>2026-11-21T09:00:00Z</updated><author><name>W3C</name></author>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>The <a href="https://www.w3.org/TR/css-anchor-position-1/">CSS Anchor Positioning</a> draft &amp; its tests &lt;ship&gt;.</p>
<p><img src="https://www.w3.org/assets/logos/w3c.png" alt="W3C logo"/></p></div></content></entry>
<entry><title>Hostile</title><id>urn:w3c:2</id><updated>2026-11-20T09:00:00Z</updated>
<summary type="xhtml"><x:div xmlns:x="http://www.w3.org/1999/xhtml"><x:p onclick="alert(1)">Hi <x:script>alert(2)</x:script><x:a href="javascript:alert(3)" onmouseover="steal()">there</x:a><x:img src="https://files.example.test/c.png" onerror="alert(4)"/><x:iframe src="https://evil.example.test/"/><x:style>p{}</x:style></x:p></x:div></summary></entry>
</feed>`;

const LAUGHS = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<rss><channel><title>&lol3;</title><item><guid>x</guid><description>&lol3;</description></item></channel></rss>`;

const NESTED = `<rss><channel><item><guid>deep</guid><description>${'&lt;div&gt;'.repeat(500)}deep text${'&lt;/div&gt;'.repeat(500)}</description>${'<x>'.repeat(5000)}inside${'</x>'.repeat(5000)}</item></channel></rss>`;

const MANY = `<rss><channel><title>Many</title>${Array.from({ length: 80 }, (_, i) => `<item><guid>${i}</guid><description>Post ${i}</description></item>`).join('')}</channel></rss>`;

let etagHits = 0;
const routes: Record<string, (req: http.IncomingMessage, res: http.ServerResponse) => void> = {
  '/rss': (_q, r) => r.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS),
  '/atom': (_q, r) => r.writeHead(200, { 'content-type': 'application/atom+xml' }).end(ATOM),
  '/xhtml': (_q, r) => r.writeHead(200, { 'content-type': 'application/atom+xml' }).end(XHTML),
  '/laughs': (_q, r) => r.writeHead(200).end(LAUGHS),
  '/nested': (_q, r) => r.writeHead(200).end(NESTED),
  '/many': (_q, r) => r.writeHead(200).end(MANY),
  '/html': (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body><p>Not a feed</p></body></html>'),
  '/json': (_q, r) => r.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}'),
  '/huge': (_q, r) => {
    r.writeHead(200, { 'content-type': 'application/rss+xml' });
    r.write('<rss><channel>');
    const chunk = `<item><description>${'x'.repeat(64 * 1024)}</description></item>`;
    for (let i = 0; i < 40; i++) r.write(chunk);
    r.end('</channel></rss>');
  },
  '/gone': (_q, r) => r.writeHead(500).end('oops'),
  '/redirect': (_q, r) => r.writeHead(302, { location: '/rss' }).end(),
  '/loop': (_q, r) => r.writeHead(302, { location: '/loop' }).end(),
  '/etag': (q, r) => {
    etagHits++;
    if (q.headers['if-none-match'] === '"v1"') return r.writeHead(304).end();
    r.writeHead(200, { etag: '"v1"' }).end(RSS);
  },
};

let site: http.Server;
let origin = '';
let t: TestApp;
let mod: ModuleRow;
let owner: Member;
let member: Member;
let stranger: Member;
let strangerMod: ModuleRow;

beforeAll(async () => {
  site = http.createServer((req, res) => (routes[req.url ?? ''] ?? ((_q, r) => r.writeHead(404).end()))(req, res));
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await createTestApp({ previewAllow: [new URL(origin).host] }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['twitter'] });
  mod = tenant.modules[0] as ModuleRow;
  owner = await makeUser(t, tenant, { isAdmin: true });
  member = await makeUser(t, tenant);
  const other = await makeTenant(t, { modules: ['twitter'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other, { isAdmin: true });
});
afterAll(async () => {
  await t.close();
  site.close();
});

const call = caller(() => t);
const feedUrl = (m: ModuleRow = mod) => `/twitter/${m.id}/feed`;

/** Points the module at a fixture and fetches it now (not in the background): answers what members read. */
async function use(path: string) {
  const res = await call(owner.token, 'PUT', `${feedUrl()}/url`, { url: `${origin}${path}` });
  expect(res.statusCode, res.body).toBe(200);
  // The background fetch the change started may hold the lease: wait for it, then fetch once more.
  for (let i = 0; i < 100 && (await refreshFeed(t.app.ctx, mod.id)) === 'busy'; i++) await new Promise((r) => setTimeout(r, 20));
  return socialFeed.parse((await call(member.token, 'GET', feedUrl())).json());
}

async function dueNow() {
  await t.app.ctx.db
    .update(socialFeeds)
    .set({ nextFetchAt: new Date(0), leaseUntil: null })
    .where(eq(socialFeeds.appModuleId, mod.id));
}

describe('the feed URL', () => {
  it('is the app owner’s to set: 403 for a member, 422 for anything but http(s), 404 for another app', async () => {
    expect((await call(member.token, 'PUT', `${feedUrl()}/url`, { url: 'https://example.test/feed' })).statusCode).toBe(403);
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.test/feed',
      'not a url',
      '',
      'https://user:pw@example.test/',
      'x'.repeat(2001),
    ]) {
      const res = await call(owner.token, 'PUT', `${feedUrl()}/url`, { url });
      expect(res.statusCode, url).toBe(422);
      expect(fieldsOf(res), url).toEqual(['url']);
    }
    expect(fieldsOf(await call(owner.token, 'PUT', `${feedUrl()}/url`, {}))).toEqual(['url']);
    expect((await call(stranger.token, 'PUT', `${feedUrl()}/url`, { url: 'https://example.test/feed' })).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', feedUrl())).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', feedUrl(strangerMod))).statusCode).toBe(404);
    expect((await t.app.inject({ url: feedUrl() })).statusCode).toBe(401);
  });

  it('answers an empty wall before any address is set', async () => {
    const feed = socialFeed.parse((await call(member.token, 'GET', feedUrl())).json());
    expect(feed).toMatchObject({ posts: [], source: null, url: null, can_edit: false, updated_at: null });
  });
});

describe('fetching and parsing', () => {
  it('stores RSS posts sanitised, with https images only and safe links; members do not see the address', async () => {
    const feed = await use('/rss');
    expect(feed).toMatchObject({ title: 'Mastodon', url: null, can_edit: false, error: null, source: new URL(origin).host });
    expect(feed.updated_at).not.toBeNull();
    const [first, second] = feed.posts;
    // Pictures are our copies, fetched with the feed (docs/decisions.md "Rich text"); these hosts do
    // not exist, so none is shown: a reader's browser never asks another site.
    expect(first?.author).toEqual({ name: 'Mastodon', avatar: null });
    expect(first?.url).toBe('https://mastodon.social/@Mastodon/1');
    expect(first?.published_at).toBe('2026-11-24T10:00:00.000Z');
    expect(first?.html).not.toMatch(/script|javascript|onclick/i);
    expect(first?.html).toContain('<b>bold</b>');
    expect(first?.media).toEqual([]);
    expect(second?.url).toBeNull();
    expect(second?.published_at).toBeNull();
    expect(second?.html).not.toMatch(/javascript/i);
    expect(second?.media).toEqual([]);
    expect(JSON.stringify(feed.posts)).not.toContain('files.example.test');
    // What the feed names, as parsed: https pictures only, with their descriptions.
    const parsed = parseFeed(RSS, `${origin}/rss`);
    expect(parsed?.avatar).toBe('https://files.example.test/avatar.png');
    expect(parsed?.posts[0]?.media).toEqual([{ url: 'https://files.example.test/a.jpg', alt: 'A cat' }]);
    expect(parsed?.posts[1]?.media).toEqual([{ url: 'https://files.example.test/b.png', alt: '' }]);
    const asOwner = socialFeed.parse((await call(owner.token, 'GET', feedUrl())).json());
    expect(asOwner).toMatchObject({ url: `${origin}/rss`, can_edit: true });
  });

  it('reads Atom: alternate links resolved, authors, html and text content', async () => {
    const feed = await use('/atom');
    expect(feed.title).toBe('A blog');
    expect(feed.posts).toHaveLength(2);
    expect(feed.posts[0]).toMatchObject({
      title: 'First & best',
      url: `${origin}/posts/1`,
      author: { name: 'Ada', avatar: null },
      published_at: '2026-11-20T08:00:00.000Z',
      html: '<p>Atom <em>body</em></p>',
      media: [],
    });
    expect(feed.posts[1]?.html).toBe('<p>1 &lt; 2 &lt;script&gt;</p>');
  });

  it('serialises Atom xhtml content back to HTML, sanitised and capped', async () => {
    const feed = await use('/xhtml');
    expect(feed.posts).toHaveLength(2);
    const [good, hostile] = feed.posts;
    expect(good?.title).toBe('CSS Anchor draft');
    expect(good?.html).toContain(
      '<a href="https://www.w3.org/TR/css-anchor-position-1/" target="_blank" rel="noopener noreferrer nofollow ugc">CSS Anchor Positioning</a> draft &amp; its tests &lt;ship&gt;.</p>',
    );
    expect(good?.html).not.toContain('<img');
    expect(good?.html).not.toMatch(/xmlns|<div/);
    expect(hostile?.html).toContain('Hi ');
    expect(hostile?.html).toContain('there');
    expect(hostile?.html).not.toContain('<img');
    expect(hostile?.html).not.toMatch(/script|alert|onclick|onmouseover|onerror|steal|iframe|style|javascript/i);
    // Bounded: a huge xhtml body is cut while collected and ends as escaped text or nothing, never a throw.
    const big = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>b</id><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">${'<p>word <b>bold</b></p>'.repeat(20_000)}</div></content></entry></feed>`;
    const parsed = parseFeed(big, 'https://x.test/');
    expect(parsed?.posts).toHaveLength(1);
    expect(parsed?.posts[0]?.html.length).toBeLessThanOrEqual(110_000);
    expect(parsed?.posts[0]?.html).toContain('bold');
  });

  it('never expands entities, survives deep nesting and caps the posts', async () => {
    const laughs = await use('/laughs');
    expect(laughs.posts).toHaveLength(1);
    expect(laughs.posts[0]?.html.length).toBeLessThan(200);
    expect(JSON.stringify(laughs).length).toBeLessThan(5_000);
    const nested = await use('/nested');
    expect(nested.posts[0]?.html).toContain('deep text');
    expect(nested.posts[0]?.html).not.toContain('<div>');
    const many = await use('/many');
    expect(many.posts).toHaveLength(MAX_POSTS);
    expect(parseFeed(`<rss>${'<a>'.repeat(100_000)}`, 'https://x.test/')).toEqual({ kind: 'rss', title: null, avatar: null, posts: [] });
  });

  it('records failures for the owner and keeps the last good posts', async () => {
    await use('/rss');
    for (const [path, code] of [
      ['/html', 'notAFeed'],
      ['/json', 'notAFeed'],
      ['/huge', 'tooLarge'],
      ['/gone', 'status'],
      ['/loop', 'status'],
    ] as const) {
      // The address changes, so the posts start over: a failure of the first fetch leaves none.
      const feed = await use(path);
      expect(feed.posts, path).toEqual([]);
      const seen = socialFeed.parse((await call(owner.token, 'GET', feedUrl())).json());
      expect(seen.error?.code, path).toBe(code);
      expect(feed.error, 'members are not told').toBeNull();
    }
    // Same address, the source breaks later: the last good posts stay.
    const good = await use('/etag');
    expect(good.posts).toHaveLength(2);
    routes['/etag-broken'] = routes['/gone'] as (typeof routes)[string];
    await t.app.ctx.db
      .update(socialFeeds)
      .set({ url: `${origin}/etag` })
      .where(eq(socialFeeds.appModuleId, mod.id));
    const saved = routes['/etag'];
    routes['/etag'] = routes['/gone'] as (typeof routes)[string];
    await dueNow();
    expect(await refreshFeed(t.app.ctx, mod.id)).toBe('failed');
    routes['/etag'] = saved as (typeof routes)[string];
    const kept = socialFeed.parse((await call(owner.token, 'GET', feedUrl())).json());
    expect(kept.posts).toHaveLength(2);
    expect(kept.error?.code).toBe('status');
  });

  it('follows redirects, sends a conditional GET, and lets one fetch run at a time', async () => {
    expect((await use('/redirect')).posts).toHaveLength(2);
    await use('/etag');
    const before = etagHits;
    await dueNow();
    const result = await refreshFeed(t.app.ctx, mod.id);
    const [after] = await t.app.ctx.db.select().from(socialFeeds).where(eq(socialFeeds.appModuleId, mod.id));
    expect(result, JSON.stringify({ etag: after?.etag, error: after?.error, n: after?.posts.length })).toBe('unchanged');
    expect(etagHits).toBe(before + 1);
    const [row] = await t.app.ctx.db.select().from(socialFeeds).where(eq(socialFeeds.appModuleId, mod.id));
    expect(row?.etag).toBe('"v1"');
    expect(row?.error).toBeNull();
    await dueNow();
    const results = await Promise.all([refreshFeed(t.app.ctx, mod.id), refreshFeed(t.app.ctx, mod.id), refreshFeed(t.app.ctx, mod.id)]);
    expect(results.filter((r) => r !== 'busy')).toHaveLength(1);
  });

  it('refuses private addresses that are not allowed', async () => {
    const res = await call(owner.token, 'PUT', `${feedUrl()}/url`, { url: 'http://127.0.0.2:9/feed' });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && (await refreshFeed(t.app.ctx, mod.id)) === 'busy'; i++) await new Promise((r) => setTimeout(r, 20));
    await dueNow();
    await refreshFeed(t.app.ctx, mod.id);
    const seen = socialFeed.parse((await call(owner.token, 'GET', feedUrl())).json());
    expect(seen.error?.code).toBe('blocked');
  });
});
