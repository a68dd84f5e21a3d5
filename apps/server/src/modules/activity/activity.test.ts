import type { AddressInfo } from 'node:net';
import { postUrl, slugOf } from '@app/contract/content-paths';
import type { ServerToClientEvents } from '@app/contract/realtime';
import { SOCKET_PATH } from '@app/contract/realtime';
import { type ActivityItem, activityItem, activityList } from '@app/contract/schemas/activity';
import { type AppMenu, appMenu } from '@app/contract/schemas/app';
import { and, asc, count, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveBubbles, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, login, migratedPglite, type TestApp } from '../../../test/harness.ts';
import { appByKey, fieldErrorsOf, pageHeaders, sleep, userByEmail } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { DEMO_APP_KEYS } from '../../platform/demo.ts';
import { DEMO_GUEST_NAMES, DEMO_PEOPLE } from '../../platform/demo-story.ts';
import { runSeeders } from '../../platform/seed.ts';
import { appModules, apps } from '../apps/apps.table.ts';
import { DEMO_MODERATOR } from '../console/console.seed.ts';
import { contentComments, contentPosts } from '../content/content.table.ts';
import { MODULES } from '../index.ts';
import { users } from '../users/users.table.ts';
import { recordActivity, recordComment } from './activity.service.ts';
import { activities } from './activity.table.ts';

let t: TestApp;
let anna: string;
let annaDark: string;
let base: string;
const sockets: Socket[] = [];
/** A tenant of its own with FEED items, newest first in `feedIds`, and a member's token. */
const FEED = 45;
let feed: Tenant;
let reader: string;
let feedIds: number[];

/** Adds `n` items to a tenant's feed, ten minutes apart (every fifth pair at the same time), and returns their ids newest first. */
async function addItems(tenant: Tenant, userId: number, n: number): Promise<number[]> {
  const now = Date.now();
  const rows = await t.app.ctx.db
    .insert(activities)
    .values(
      Array.from({ length: n }, (_, i) => ({
        appId: tenant.app.id,
        userId,
        appModuleId: tenant.modules[0]?.id ?? null,
        action: i % 2 ? 'activity.joinedCommunity' : `free text ${i}`,
        createdAt: new Date(now - Math.floor(i / 2) * 2 * 600_000 - (i % 5 === 0 ? 0 : (i % 2) * 600_000)),
      })),
    )
    .returning({ id: activities.id, createdAt: activities.createdAt });
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  [anna, annaDark] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  feed = await makeTenant(t, { modules: ['activity'] });
  const member = await makeUser(t, feed, { jobTitle: 'Host', isVerified: true });
  reader = member.token;
  feedIds = await addItems(feed, member.user.id, FEED);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const list = (token: string, query = '') => t.app.inject({ url: `/user/activity${query}`, headers: { 'access-token': token } });

async function items(token: string, query = ''): Promise<ActivityItem[]> {
  const res = await list(token, query);
  expect(res.statusCode).toBe(200);
  return activityList.parse(res.json());
}

async function menuOf(token: string): Promise<AppMenu> {
  return appMenu.parse((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } })).json());
}

describe('GET /user/activity', () => {
  it('pages the items of the app with the x-pagination headers', async () => {
    const res = await list(reader);
    expect(res.statusCode).toBe(200);
    expect(activityList.parse(res.json())).toHaveLength(20);
    expect(pageHeaders(res)).toEqual({ pageCount: 3, totalCount: FEED, currentPage: 1, perPage: 20 });

    const seven = await list(reader, '?page=7&per-page=7');
    expect(pageHeaders(seven)).toEqual({ pageCount: 7, totalCount: FEED, currentPage: 7, perPage: 7 });
    expect(activityList.parse(seven.json()).map((a) => a.id)).toEqual(feedIds.slice(42));

    const max = await list(reader, '?per-page=100');
    expect(activityList.parse(max.json())).toHaveLength(FEED);
    expect(pageHeaders(max)).toEqual({ pageCount: 1, totalCount: FEED, currentPage: 1, perPage: 100 });
  });

  it('lists newest first across pages without gaps or repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => items(reader, `?page=${p}`)));
    const all = pages.flat();
    expect(all.map((a) => a.id)).toEqual(feedIds);
    for (let i = 1; i < all.length; i++) {
      const [prev, cur] = [all[i - 1], all[i]];
      if (!prev || !cur) throw new Error('missing item');
      expect(prev.timestamp).toBeGreaterThanOrEqual(cur.timestamp);
    }
    // The items spread over hours: the first is clearly newer than the last.
    expect((all[0]?.timestamp ?? 0) - (all[FEED - 1]?.timestamp ?? 0)).toBeGreaterThan(3600);
    // Stored i18n keys are answered translated, free text as it is.
    const joined = all.filter((a) => !a.action.startsWith('free text '));
    expect(joined.length).toBeGreaterThan(0);
    for (const a of joined) expect(a.action).not.toMatch(/^activity\./);
    expect(all[0]?.user.profile).toEqual([
      { name: 'avatar', value: null },
      { name: 'job_title', value: 'Host' },
    ]);

    // The demo feed is ordered the same way.
    const demo = await items(anna, '?per-page=100');
    expect(demo.length).toBeGreaterThan(1);
    for (let i = 1; i < demo.length; i++) expect(demo[i - 1]?.timestamp).toBeGreaterThanOrEqual(demo[i]?.timestamp ?? 0);
  });

  it('answers an empty page with correct headers beyond the end', async () => {
    const res = await list(reader, '?page=4');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(pageHeaders(res)).toEqual({ pageCount: 3, totalCount: FEED, currentPage: 4, perPage: 20 });
    const far = await list(reader, '?page=100000&per-page=100');
    expect(far.json()).toEqual([]);
    expect(pageHeaders(far)).toEqual({ pageCount: 1, totalCount: FEED, currentPage: 100000, perPage: 100 });
  });

  it('refuses out-of-bounds paging with field names', async () => {
    const cases: Array<[string, string[]]> = [
      ['?page=0', ['page']],
      ['?page=-1', ['page']],
      ['?page=abc', ['page']],
      ['?page=1.5', ['page']],
      ['?page=100001', ['page']],
      ['?per-page=1000', ['per-page']],
      ['?per-page=0', ['per-page']],
      ['?page=0&per-page=-3', ['page', 'per-page']],
      ['?pagee=2', ['pagee']],
    ];
    for (const [query, fields] of cases) {
      const errors = fieldErrorsOf(await list(anna, query));
      expect([...new Set(errors.map((e) => e.field))].sort(), query).toEqual(fields);
      for (const e of errors) expect(e.message.length).toBeGreaterThan(3);
    }
  });

  it('never shows another app its items (tenant isolation)', async () => {
    const demo = (await items(anna, '?per-page=100')).map((a) => a.id);
    const dark = await items(annaDark, '?per-page=100');
    const darkApp = await appByKey(t, 'demo-dark');
    const [stored] = await t.app.ctx.db.select({ n: count() }).from(activities).where(eq(activities.appId, darkApp.id));
    expect(dark.length).toBe(Math.min(stored?.n ?? 0, 100));
    expect(dark.length).toBeGreaterThan(0);
    const demoIds = new Set(demo);
    expect(dark.some((a) => demoIds.has(a.id))).toBe(false);

    const darkModules = new Set((await menuOf(annaDark)).menu.map((m) => m.app_module_id));
    for (const a of dark) {
      if (a.module) expect(darkModules.has(a.module.app_module_id)).toBe(true);
    }
    const annaDarkRow = await userByEmail(t, 'demo-dark', 'anna@demo.test');
    expect(annaDarkRow.appId).toBe(darkApp.id);

    // A tenant of its own sees exactly its items, and nobody else sees them.
    const other = await makeTenant(t, { modules: ['activity'] });
    const member = await makeUser(t, other);
    const otherIds = await addItems(other, member.user.id, 3);
    expect((await items(member.token)).map((a) => a.id)).toEqual(otherIds);
    expect((await items(reader, '?per-page=100')).map((a) => a.id)).toEqual(feedIds);
    expect((await items(anna, '?per-page=100')).some((a) => otherIds.includes(a.id))).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/user/activity', headers: { 'app-key': 'demo' } })).statusCode).toBe(401);
  });

  it("shows a member's “joined” line only while they are listed in the directory", async () => {
    const own = await makeTenant(t, { modules: ['activity'] });
    const [shy, open] = [await makeUser(t, own), await makeUser(t, own)];
    for (const m of [shy, open])
      await recordActivity(t.app.ctx, {
        appId: own.app.id,
        userId: m.user.id,
        action: 'activity.joinedCommunity',
        clickUrl: `/user/${m.user.id}`,
      });
    // Something shy did stays in the feed: an act on content, not a list of people.
    await recordActivity(t.app.ctx, { appId: own.app.id, userId: shy.user.id, action: 'activity.posted', clickUrl: '/blogs/1' });
    const lines = async () => {
      const res = await t.app.inject({ url: '/user/activity', headers: { 'access-token': open.token } });
      return { total: pageHeaders(res).totalCount, items: activityList.parse(res.json()).map((a) => [a.user?.id, a.action]) };
    };
    expect((await lines()).total).toBe(3);
    const pref = await t.app.inject({
      method: 'PUT',
      url: '/user/profile/preferences',
      headers: { 'access-token': shy.token },
      payload: { listed_in_directory: false },
    });
    expect(pref.statusCode).toBe(200);
    const after = await lines();
    expect(after.total).toBe(2);
    // Shy keeps the post line only; Open keeps the joined line.
    expect(after.items.map(([id]) => id).sort()).toEqual([shy.user.id, open.user.id].sort());
    expect(after.items.find(([id]) => id === shy.user.id)?.[1]).not.toMatch(/joined/i);
  });
});

describe('comment lines', () => {
  const call = (token: string, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { 'access-token': token }, payload: payload as Record<string, unknown> });
  const commentOn = async (token: string, moduleId: number, postId: number, text: string, parentId?: number) => {
    const res = await call(token, `/content/${moduleId}/posts/${postId}/comments`, { text, ...(parentId ? { parent_id: parentId } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }).id;
  };

  it('fold the comments on a post in a day into one line: the newest commenter and how many others, race-safe', async () => {
    const tenant = await makeTenant(t, { modules: ['blogs', 'forums', 'activity'] });
    const [blogs, forums] = tenant.modules;
    if (!blogs || !forums) throw new Error('no modules');
    const [olga, max, tom, ada] = await Promise.all(
      ['Olga', 'Max', 'Tom', 'Ada'].map((firstName) => makeUser(t, tenant, { firstName, lastName: 'Tester', jobTitle: 'Host' })),
    );
    if (!olga || !max || !tom || !ada) throw new Error('no members');
    const created = await call(olga.token, `/content/${blogs.id}/posts`, { title: 'Keynote notes', text: '<p>Notes</p>' });
    expect(created.statusCode, created.body).toBe(200);
    const postId = (created.json() as { id: number }).id;
    const lines = async (locale = 'en_US') => {
      const res = await t.app.inject({
        url: '/user/activity?per-page=100',
        headers: { 'access-token': olga.token, cookie: `locale=${locale}` },
      });
      return activityList.parse(res.json()).filter((a) => a.is_comment);
    };

    // One member commenting twice is one line, "commented on" the post.
    await commentOn(max.token, blogs.id, postId, 'First');
    await commentOn(max.token, blogs.id, postId, 'Second');
    let feed = await lines();
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({
      user: { id: max.user.id },
      action: 'commented on “Keynote notes”',
      entity_id: postId,
      click_url: `/blogs/${blogs.id}/post/${postId}?goTo=comments`,
    });

    // Three members at once (the same statement's batch or racing ones): still one line, every one counted.
    await Promise.all([tom, ada, olga].map((m) => commentOn(m.token, blogs.id, postId, `At once ${m.user.id}`)));
    feed = await lines();
    expect(feed).toHaveLength(1);
    expect(feed[0]?.action).toBe('and 3 others commented on “Keynote notes”');
    expect([tom.user.id, ada.user.id, olga.user.id]).toContain(feed[0]?.user.id);
    // Max again: he is the newest, the others are three.
    await commentOn(max.token, blogs.id, postId, 'Third');
    feed = await lines();
    expect(feed).toHaveLength(1);
    expect(feed[0]?.user.id).toBe(max.user.id);
    expect(feed[0]?.action).toBe('and 3 others commented on “Keynote notes”');
    const [german] = await lines('de_DE');
    expect(german?.action).toBe('und 3 weitere Personen haben „Keynote notes“ kommentiert');
    const [czech] = await lines('cs_CZ');
    expect(czech?.action).toBe('a 3 další lidé přidávají komentáře k „Keynote notes“');

    // Another post has its own line; a reply in a discussion links to the reply.
    const discussion = await call(olga.token, `/content/${forums.id}/posts`, { title: 'Where to eat?', text: '<p>?</p>' });
    const discussionId = (discussion.json() as { id: number }).id;
    const first = await commentOn(tom.token, forums.id, discussionId, 'The food court');
    const reply = await commentOn(ada.token, forums.id, discussionId, 'Agreed', first);
    feed = await lines();
    expect(feed).toHaveLength(2);
    expect(feed[0]).toMatchObject({
      user: { id: ada.user.id },
      action: 'and 1 other commented on “Where to eat?”',
      is_reply: true,
      click_url: `/forums/${forums.id}/where-to-eat/${discussionId}/item/${reply}`,
    });

    // Comments of another day are that day's line; an older comment written late only adds its member.
    const yesterday = new Date(Date.now() - 86_400_000);
    const post = { id: postId, title: 'Keynote notes' };
    const ref = { appId: tenant.app.id, module: { id: blogs.id, type: 'blogs' as const }, post, isReply: false };
    await recordComment(t.app.ctx, { ...ref, userId: tom.user.id, commentId: 1, at: yesterday });
    await recordComment(t.app.ctx, { ...ref, userId: ada.user.id, commentId: 2, at: new Date(yesterday.getTime() - 60_000) });
    feed = await lines();
    expect(feed).toHaveLength(3);
    expect(feed[2]).toMatchObject({ user: { id: tom.user.id }, action: 'and 1 other commented on “Keynote notes”' });
    expect(feed[2]?.timestamp).toBe(Math.floor(yesterday.getTime() / 1000));

    // Renaming the post renames its lines.
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/content/${blogs.id}/posts/${postId}`,
      headers: { 'access-token': olga.token },
      payload: { title: 'Keynote, my notes', text: '<p>Notes</p>' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    feed = await lines();
    expect(feed.filter((a) => a.entity_id === postId).map((a) => a.action)).toEqual([
      'and 3 others commented on “Keynote, my notes”',
      'and 1 other commented on “Keynote, my notes”',
    ]);
  });
});

/** Where a demo line's click_url leads, checked against the database: the module, post, comment or member must exist. */
async function linkedItemExists(db: Db, appId: number, a: typeof activities.$inferSelect): Promise<string | null> {
  const url = a.clickUrl ?? '';
  const member = /^\/user\/(\d+)$/.exec(url);
  if (member) {
    const [u] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, Number(member[1])), eq(users.appId, appId)));
    return u && u.id === a.userId && a.action === 'activity.joinedCommunity' ? null : `no member behind ${url}`;
  }
  const post =
    /^\/(blogs|news)\/(\d+)\/post\/(\d+)(\?goTo=comments)?$/.exec(url) ?? /^\/(forums)\/(\d+)\/([^/]+)\/(\d+)(?:\/item\/(\d+))?$/.exec(url);
  if (!post) return `unknown link ${url}`;
  const [type, moduleId] = [post[1] as 'blogs' | 'news' | 'forums', Number(post[2])];
  const postId = Number(type === 'forums' ? post[4] : post[3]);
  const [mod] = await db
    .select()
    .from(appModules)
    .where(and(eq(appModules.id, moduleId), eq(appModules.appId, appId)));
  const [p] = await db
    .select()
    .from(contentPosts)
    .where(and(eq(contentPosts.id, postId), eq(contentPosts.appModuleId, moduleId)));
  if (!mod || mod.type !== type || !p || a.appModuleId !== moduleId || a.entityId !== postId) return `no post behind ${url}`;
  if (type === 'forums' && post[3] !== encodeURIComponent(slugOf(p.title))) return `wrong discussion name in ${url}`;
  if (!a.isComment) {
    const action = type === 'forums' ? 'activity.startedDiscussion' : 'activity.posted';
    return p.userId === a.userId && a.action === action && url === postUrl(type, moduleId, p) ? null : `not the post's line: ${url}`;
  }
  // A comment line: every member it names commented on the post that day, the shown one last.
  const comments = await db
    .select()
    .from(contentComments)
    .where(eq(contentComments.postId, postId))
    .orderBy(asc(contentComments.createdAt));
  const day = a.createdAt.toISOString().slice(0, 10);
  const ofDay = comments.filter((c) => c.createdAt.toISOString().slice(0, 10) === day);
  if (a.action !== 'activity.commented' || a.groupKey !== `comments:${postId}:${day}`) return `not a comment line: ${url}`;
  if (ofDay.at(-1)?.userId !== a.userId || ofDay.at(-1)?.createdAt.getTime() !== a.createdAt.getTime())
    return `not the newest comment: ${url}`;
  if ([...new Set(ofDay.map((c) => c.userId))].sort().join() !== [...a.actorIds].sort().join()) return `other commenters in ${url}`;
  const item = post[5];
  if (item && !ofDay.some((c) => c.id === Number(item) && c.userId === a.userId)) return `no comment behind ${url}`;
  return null;
}

describe('the demo', () => {
  it('names every member once, and every line of its feed is about an item that exists', { timeout: 180_000 }, async () => {
    const database = await migratedPglite(t.dataDir);
    try {
      const { db } = database;
      await runSeeders(db, MODULES, { storage: undefined, users: 300 });
      for (const key of DEMO_APP_KEYS) {
        const [app] = await db.select().from(apps).where(eq(apps.key, key));
        if (!app) throw new Error(`no demo app ${key}`);
        const members = await db.select().from(users).where(eq(users.appId, app.id));
        // 300 attendees and the three demo logins (and the console's demo moderator in `demo`).
        expect(members.filter((m) => m.email !== DEMO_MODERATOR.email)).toHaveLength(303);
        const names = members.map((m) => `${m.firstName} ${m.lastName}`);
        expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
        // The logins have their names; nobody else has a login's or a guest speaker's.
        for (const p of Object.values(DEMO_PEOPLE)) {
          expect(members.find((m) => m.email === p.email)).toMatchObject({ firstName: p.firstName, lastName: p.lastName });
        }
        for (const guest of DEMO_GUEST_NAMES) expect(names).not.toContain(guest);

        const lines = await db.select().from(activities).where(eq(activities.appId, app.id));
        const problems: string[] = [];
        for (const a of lines) {
          const problem = await linkedItemExists(db, app.id, a);
          if (problem) problems.push(problem);
        }
        expect(problems).toEqual([]);
        // What a member's writes record: joins, posts, discussions and comments (nothing the demo made up).
        const actions = new Set(lines.map((a) => a.action));
        expect(actions.has('activity.joinedCommunity')).toBe(true);
        expect(actions.has('activity.commented')).toBe(true);
        expect(actions.has('activity.posted')).toBe(true);
        if (key === 'demo') expect(actions.has('activity.startedDiscussion')).toBe(true);
        // Every post and every day of comments has its line.
        const posts = await db.select({ id: contentPosts.id }).from(contentPosts).where(eq(contentPosts.appId, app.id));
        expect(lines.filter((a) => !a.isComment && a.entityId !== null).length).toBe(posts.length);
        expect(lines.some((a) => a.actorIds.length > 1)).toBe(true);
        expect(lines.every((a) => a.createdAt.getTime() <= Date.now())).toBe(true);
      }
    } finally {
      await database.close();
    }
  });
});

/** A socket.io client of the test server; collects every event it receives. */
function client(token: string, locale = 'en_US') {
  const received: Array<{ event: keyof ServerToClientEvents; payload: unknown }> = [];
  const socket = connect(base, {
    path: SOCKET_PATH,
    auth: { token, locale },
    transports: ['websocket'],
    autoConnect: false,
    reconnection: false,
  });
  socket.onAny((event: keyof ServerToClientEvents, payload: unknown) => {
    received.push({ event, payload });
  });
  sockets.push(socket);
  return { socket, received, of: (event: keyof ServerToClientEvents) => received.filter((r) => r.event === event).map((r) => r.payload) };
}

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
    socket.connect();
  });
}

describe('Socket.IO', () => {
  it('answers getBubbles with one showBubble per module, each time it is asked', async () => {
    const tenant = await makeTenant(t, { modules: ['news', 'chats', 'networking', 'activity'] });
    const member = await makeUser(t, tenant);
    await giveBubbles(t, tenant, member.user.id, { chats: 3, networking: 2, activity: 1 });
    const c = client(member.token);
    await connected(c.socket);
    const modules = (await menuOf(member.token)).menu;
    expect(modules).toHaveLength(4);
    await sleep(100);
    expect(c.of('showBubble')).toEqual([]);
    c.socket.emit('getBubbles');
    await until(() => c.of('showBubble').length === modules.length);
    const bubbles = c.of('showBubble') as Array<{ module: { type: string; app_module_id: number }; items: number[] }>;
    const byType = new Map(bubbles.map((b) => [b.module.type, b]));
    expect(byType.get('chats')?.items.slice().sort()).toEqual([1, 2, 3]);
    expect(byType.get('networking')?.items.slice().sort()).toEqual([1, 2]);
    expect(byType.get('activity')?.items).toEqual([1]);
    expect(byType.get('news')?.items).toEqual([]);
    expect(new Set(bubbles.map((b) => b.module.app_module_id))).toEqual(new Set(modules.map((m) => m.app_module_id)));

    c.socket.emit('getBubbles');
    await until(() => c.of('showBubble').length === modules.length * 2);
    await sleep(100);
    expect(c.of('showBubble')).toHaveLength(modules.length * 2);
    c.socket.disconnect();
  });

  it('pushes refreshActivity to the clients of the same app only', async () => {
    const demo = client(anna);
    const german = client(anna, 'de_DE');
    const dark = client(annaDark);
    await Promise.all([connected(demo.socket), connected(german.socket), connected(dark.socket)]);
    const app = await appByKey(t, 'demo');
    const user = await userByEmail(t, 'demo', 'anna@demo.test');
    const forums = (await menuOf(anna)).menu.find((m) => m.type === 'forums');
    if (!forums) throw new Error('no forums module');

    const id = await recordActivity(t.app.ctx, {
      appId: app.id,
      userId: user.id,
      appModuleId: forums.app_module_id,
      action: 'activity.posted',
      entityId: 42,
      forumId: 7,
      forumTitle: 'Hallway',
      isReply: true,
      clickUrl: `/forums/${forums.app_module_id}`,
    });
    await until(() => demo.of('refreshActivity').length === 1);
    const payload = demo.of('refreshActivity')[0] as { activity: unknown };
    const activity = activityItem.parse(payload.activity);
    expect(activity).toMatchObject({
      id,
      user: { id: user.id, fullname: 'Anna Novak', is_verified: true },
      module: { type: 'forums', name: 'Forums', app_module_id: forums.app_module_id, forums: { id: 7, title: 'Hallway' } },
      entity_id: 42,
      is_reply: true,
      is_comment: false,
      is_like: false,
      click_url: `/forums/${forums.app_module_id}`,
    });
    expect(activity.action).toBe('published a new post in Forums');
    // Each reader gets the item in their own language.
    await until(() => german.of('refreshActivity').length === 1);
    const inGerman = activityItem.parse((german.of('refreshActivity')[0] as { activity: unknown }).activity);
    expect(inGerman.action).toBe('hat einen neuen Beitrag in Forums veröffentlicht');
    expect(inGerman.id).toBe(id);
    expect(Math.abs(activity.timestamp - Date.now() / 1000)).toBeLessThan(60);

    await sleep(300);
    expect(dark.of('refreshActivity')).toEqual([]);
    expect(demo.of('refreshActivity')).toHaveLength(1);

    // The new item leads the feed of its app only.
    expect((await items(anna))[0]?.id).toBe(id);
    expect((await items(annaDark)).some((a) => a.id === id)).toBe(false);
    demo.socket.disconnect();
    dark.socket.disconnect();
  });

  it('refuses a bad token at the handshake', async () => {
    for (const token of ['not-a-token', '', 'x'.repeat(300)]) {
      const c = client(token);
      await expect(connected(c.socket)).rejects.toThrow('unauthorized');
      expect(c.socket.connected).toBe(false);
      expect(c.received).toEqual([]);
    }
  });

  it('refuses a revoked token at the handshake', async () => {
    const token = await login(t.app, 'ben@demo.test');
    const ok = client(token);
    await connected(ok.socket);
    ok.socket.disconnect();
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { 'access-token': token } });
    await expect(connected(client(token).socket)).rejects.toThrow('unauthorized');
  });
});
