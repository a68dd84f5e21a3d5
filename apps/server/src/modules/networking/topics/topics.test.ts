import { NETWORKING_POINTS } from '@app/contract/schemas/networking-hub';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, pageHeaders, userByEmail } from '../../../../test/helpers.ts';
import { queryRows } from '../../../db/client.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingMembers, networkingPoints } from '../networking.hub.table.ts';
import { topicsReports } from './topics.reports.ts';

let t: TestApp;
let anna: string;
let ben: string;
let admin: string;
let carl: string;
let darkAnna: string;
let ids: { anna: number; ben: number; carl: number };
let hub: number;
let darkHub: number;

type Json = Record<string, unknown>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: Json,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { 'access-token': token, ...headers }, ...(payload ? { payload } : {}) });

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

const pointsOf = async (userId: number) =>
  (await t.app.ctx.db.select({ p: networkingMembers.points }).from(networkingMembers).where(eq(networkingMembers.userId, userId)))[0]?.p ??
  0;
const ledger = async (userId: number, action: string, ref: string) =>
  t.app.ctx.db
    .select()
    .from(networkingPoints)
    .where(and(eq(networkingPoints.userId, userId), eq(networkingPoints.action, action), eq(networkingPoints.ref, ref)));

const url = (path = '') => `/networking/${hub}/topics${path}`;

async function newTopic(token: string, title = 'Coffee and code') {
  const res = await call('POST', url(), token, { title, description: 'Let us talk.' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; members_count: number; joined: boolean; mine: boolean; can_delete: boolean };
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben, admin, darkAnna] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'admin@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
  const [c] = await t.app.ctx.db
    .insert(users)
    .values({
      appId: annaRow.appId,
      email: 'carl-topics@demo.test',
      firstName: 'Carl',
      lastName: 'Hidden',
      emailConfirmedAt: new Date(),
      passwordHash: await hashPassword('demo1234!'),
    })
    .returning({ id: users.id });
  if (!c) throw new Error('no carl');
  carl = await login(t.app, 'carl-topics@demo.test');
  ids = { anna: annaRow.id, ben: benRow.id, carl: c.id };
  hub = await menuModule(anna, 'networking');
  darkHub = await menuModule(darkAnna, 'networking');
});
afterAll(async () => {
  await t.close();
});

describe('topics: create, read, edit, delete', () => {
  it('401 signed out, 404 for another app’s module or topic', async () => {
    expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(), payload: { title: 'x' } })).statusCode).toBe(401);
    const mine = await newTopic(anna, 'Tenant test');
    expect((await call('GET', `/networking/${darkHub}/topics`, anna)).statusCode).toBe(404);
    expect((await call('GET', url(`/${mine.id}`), darkAnna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${darkHub}/topics/${mine.id}`, darkAnna)).statusCode).toBe(404);
    for (const path of ['/like', '/join', '/comments', '/flag'])
      expect(
        (await call('POST', `/networking/${darkHub}/topics/${mine.id}${path}`, darkAnna, path === '/comments' ? { body: 'hi' } : undefined))
          .statusCode,
      ).toBe(404);
    expect((await call('DELETE', `/networking/${darkHub}/topics/${mine.id}`, darkAnna)).statusCode).toBe(404);
    expect((await call('GET', url('/2147483000'), anna)).statusCode).toBe(404);
  });

  it('a member creates a topic: the author joins it and gets 400 points once', async () => {
    const before = await pointsOf(ids.ben);
    const topic = await newTopic(ben, 'Hybrid events');
    expect(topic).toMatchObject({ members_count: 1, joined: true, mine: true, can_delete: true });
    expect(await pointsOf(ids.ben)).toBe(before + NETWORKING_POINTS.topicCreate);
    expect(await ledger(ids.ben, 'topicCreate', String(topic.id))).toHaveLength(1);
    const seen = (await call('GET', url(`/${topic.id}`), anna)).json();
    expect(seen).toMatchObject({ title: 'Hybrid events', mine: false, can_delete: false, author: { id: ids.ben } });
    const leave = await call('DELETE', url(`/${topic.id}/join`), ben);
    expect(leave.statusCode).toBe(422);
    expect(fieldsOf(leave)).toEqual(['_popup']);
  });

  it('422 with translated messages: a title too long, an empty title, a description too long', async () => {
    const long = await call('POST', url(), anna, { title: 'x'.repeat(121) });
    expect(long.statusCode).toBe(422);
    expect(fieldErrorsOf(long)).toEqual([{ field: 'title', message: 'The title can have at most 120 characters.' }]);
    const de = await call('POST', url(), anna, { title: 'x'.repeat(121) }, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(de)).toEqual([{ field: 'title', message: 'Der Titel darf höchstens 120 Zeichen haben.' }]);
    const empty = await call('POST', url(), anna, { title: '   ' });
    expect(fieldsOf(empty)).toEqual(['title']);
    const desc = await call('POST', url(), anna, { title: 'ok', description: 'y'.repeat(2001) });
    expect(fieldsOf(desc)).toEqual(['description']);
    const exact = await call('POST', url(), anna, { title: 'x'.repeat(120), description: 'y'.repeat(2000) });
    expect(exact.statusCode).toBe(200);
  });

  it('only the author edits; the author or the app owner deletes; others get 403', async () => {
    const topic = await newTopic(anna, 'Edit me');
    expect((await call('PUT', url(`/${topic.id}`), ben, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await call('PUT', url(`/${topic.id}`), admin, { title: 'Owner' })).statusCode).toBe(403);
    const edited = await call('PUT', url(`/${topic.id}`), anna, { title: 'Edited', description: 'New text' });
    expect(edited.json()).toMatchObject({ title: 'Edited', description: 'New text' });
    expect((await call('DELETE', url(`/${topic.id}`), ben)).statusCode).toBe(403);
    expect((await call('DELETE', url(`/${topic.id}`), anna)).json()).toEqual({ success: true });
    expect((await call('GET', url(`/${topic.id}`), anna)).statusCode).toBe(404);
    const other = await newTopic(ben, 'Owner removes');
    expect((await call('GET', url(`/${other.id}`), admin)).json()).toMatchObject({ can_delete: true, mine: false });
    expect((await call('DELETE', url(`/${other.id}`), admin)).statusCode).toBe(200);
    expect((await call('DELETE', url(`/${other.id}`), admin)).statusCode).toBe(404);
  });
});

describe('likes, joins, comments and their points', () => {
  it('liking twice is a 422 in two languages; unlike and like again gives no more points', async () => {
    const topic = await newTopic(anna, 'Like me');
    const [annaBefore, benBefore] = [await pointsOf(ids.anna), await pointsOf(ids.ben)];
    const liked = await call('POST', url(`/${topic.id}/like`), ben);
    expect(liked.json()).toMatchObject({ liked: true, likes_count: 1 });
    const twice = await call('POST', url(`/${topic.id}/like`), ben);
    expect(twice.statusCode).toBe(422);
    expect(fieldErrorsOf(twice)).toEqual([{ field: '_popup', message: 'You already like this topic.' }]);
    const twiceDe = await call('POST', url(`/${topic.id}/like`), ben, undefined, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(twiceDe)).toEqual([{ field: '_popup', message: 'Dieses Thema gefällt dir bereits.' }]);
    expect((await call('DELETE', url(`/${topic.id}/like`), ben)).json()).toMatchObject({ liked: false, likes_count: 0 });
    expect((await call('DELETE', url(`/${topic.id}/like`), ben)).statusCode).toBe(200);
    expect((await call('POST', url(`/${topic.id}/like`), ben)).statusCode).toBe(200);
    expect(await pointsOf(ids.ben)).toBe(benBefore + NETWORKING_POINTS.topicLike);
    expect(await pointsOf(ids.anna)).toBe(annaBefore + NETWORKING_POINTS.topicLiked);
    expect(await ledger(ids.anna, 'topicLiked', `${topic.id}:${ids.ben}`)).toHaveLength(1);
    // Her own like counts, and earns her nothing.
    const own = await call('POST', url(`/${topic.id}/like`), anna);
    expect(own.json()).toMatchObject({ liked: true, likes_count: 2 });
    expect(await pointsOf(ids.anna)).toBe(annaBefore + NETWORKING_POINTS.topicLiked);
  });

  it('20 concurrent likes by one member: one like, 50 points once, the rest 422', async () => {
    const topic = await newTopic(anna, 'Race me');
    const before = await pointsOf(ids.carl);
    const answers = await Promise.all(Array.from({ length: 20 }, () => call('POST', url(`/${topic.id}/like`), carl)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(19);
    expect(await pointsOf(ids.carl)).toBe(before + NETWORKING_POINTS.topicLike);
    expect((await call('GET', url(`/${topic.id}`), anna)).json()).toMatchObject({ likes_count: 1 });
  });

  it('join and leave; members are networker cards without opted-out members (except to themselves)', async () => {
    const topic = await newTopic(anna, 'Join me');
    expect((await call('POST', url(`/${topic.id}/join`), ben)).json()).toMatchObject({ joined: true, members_count: 2 });
    expect((await call('POST', url(`/${topic.id}/join`), ben)).json()).toMatchObject({ joined: true, members_count: 2 });
    await call('POST', url(`/${topic.id}/join`), carl);
    await t.app.ctx.db
      .insert(userProfiles)
      .values({ userId: ids.carl, appId: (await userByEmail(t, 'demo', 'anna@demo.test')).appId, listedInDirectory: false })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { listedInDirectory: false } });
    const members = await call('GET', url(`/${topic.id}/members`), anna);
    expect(members.statusCode).toBe(200);
    expect((members.json() as Array<{ id: number }>).map((m) => m.id)).toEqual([ids.anna, ids.ben]);
    expect(pageHeaders(members).totalCount).toBe(2);
    const toCarl = (await call('GET', url(`/${topic.id}/members`), carl)).json() as Array<{ id: number; level: number }>;
    expect(toCarl.map((m) => m.id)).toEqual([ids.anna, ids.ben, ids.carl]);
    expect((await call('DELETE', url(`/${topic.id}/join`), ben)).json()).toMatchObject({ joined: false, members_count: 2 });
    const joinedOnly = (await call('GET', `${url()}?joined=true`, ben)).json() as Array<{ id: number }>;
    expect(joinedOnly.map((x) => x.id)).not.toContain(topic.id);
    expect((await call('GET', `${url()}?joined=maybe`, ben)).statusCode).toBe(422);
  });

  it('comments: empty is 422 in two languages, too long 422; points once for the first comment on another’s topic and the unique commenter', async () => {
    const topic = await newTopic(anna, 'Comment me');
    const empty = await call('POST', url(`/${topic.id}/comments`), ben, { body: '  ' });
    expect(fieldErrorsOf(empty)).toEqual([{ field: 'body', message: 'Please write a comment.' }]);
    const emptyDe = await call('POST', url(`/${topic.id}/comments`), ben, { body: '' }, { cookie: 'locale=de_DE' });
    expect(fieldErrorsOf(emptyDe)).toEqual([{ field: 'body', message: 'Bitte schreib einen Kommentar.' }]);
    expect(fieldsOf(await call('POST', url(`/${topic.id}/comments`), ben, { body: 'z'.repeat(1001) }))).toEqual(['body']);
    const [annaBefore, benBefore] = [await pointsOf(ids.anna), await pointsOf(ids.ben)];
    const first = await call('POST', url(`/${topic.id}/comments`), ben, { body: 'First!' });
    expect(first.json()).toMatchObject({ body: 'First!', mine: true, can_delete: true, author: { id: ids.ben } });
    await call('POST', url(`/${topic.id}/comments`), ben, { body: 'Second' });
    await call('POST', url(`/${topic.id}/comments`), anna, { body: 'Own topic: no points' });
    expect(await pointsOf(ids.ben)).toBe(benBefore + NETWORKING_POINTS.topicComment);
    expect(await pointsOf(ids.anna)).toBe(annaBefore + NETWORKING_POINTS.topicCommenter);
    const list = await call('GET', url(`/${topic.id}/comments`), anna);
    expect((list.json() as Array<{ body: string; can_delete: boolean }>).map((c) => c.body)).toEqual([
      'First!',
      'Second',
      'Own topic: no points',
    ]);
    expect(pageHeaders(list).totalCount).toBe(3);
    const firstId = (first.json() as { id: number }).id;
    expect((await call('DELETE', url(`/${topic.id}/comments/${firstId}`), anna)).statusCode).toBe(403);
    expect((await call('POST', url(`/${topic.id}/comments/${firstId}/flag`), anna)).statusCode).toBe(200);
    expect((await call('DELETE', url(`/${topic.id}/comments/${firstId}`), darkAnna)).statusCode).toBe(404);
    expect((await call('DELETE', url(`/${topic.id}/comments/${firstId}`), ben)).statusCode).toBe(200);
    // Ben comments again after deleting: the points stay as they were.
    await call('POST', url(`/${topic.id}/comments`), ben, { body: 'Back again' });
    expect(await pointsOf(ids.ben)).toBe(benBefore + NETWORKING_POINTS.topicComment);
    const t2 = (await call('GET', url(`/${topic.id}`), anna)).json();
    expect(t2).toMatchObject({ comments_count: 3 });
  });

  it('lists newest or most active first, searches titles (wildcards literal), pages', async () => {
    const quiet = await newTopic(ben, 'Quiet 100% topic');
    const busy = await newTopic(ben, 'Busy topic');
    await call('POST', url(`/${busy.id}/like`), anna);
    await call('POST', url(`/${busy.id}/comments`), anna, { body: 'hello' });
    const newest = (await call('GET', `${url()}?per-page=2`, anna)).json() as Array<{ id: number }>;
    expect(newest.map((x) => x.id)).toEqual([busy.id, quiet.id]);
    const active = (await call('GET', `${url()}?sort=active`, anna)).json() as Array<{ id: number }>;
    expect(active.findIndex((x) => x.id === busy.id)).toBeLessThan(active.findIndex((x) => x.id === quiet.id));
    const found = (await call('GET', `${url()}?search=${encodeURIComponent('100%')}`, anna)).json() as Array<{ id: number }>;
    expect(found.map((x) => x.id)).toEqual([quiet.id]);
    expect((await call('GET', `${url()}?sort=loudest`, anna)).statusCode).toBe(422);
    const page = await call('GET', `${url()}?per-page=1&page=2`, anna);
    expect(pageHeaders(page)).toMatchObject({ currentPage: 2, perPage: 1 });
  });

  it('a deleted author shows as "Deleted user" on topics and comments', async () => {
    const [d] = await t.app.ctx.db
      .insert(users)
      .values({
        appId: (await userByEmail(t, 'demo', 'anna@demo.test')).appId,
        email: 'gone-topics@demo.test',
        firstName: 'Gone',
        lastName: 'Soon',
        emailConfirmedAt: new Date(),
        passwordHash: await hashPassword('demo1234!'),
      })
      .returning({ id: users.id });
    if (!d) throw new Error('no user');
    const gone = await login(t.app, 'gone-topics@demo.test');
    const topic = await newTopic(gone, 'Soon orphaned');
    await call('POST', url(`/${topic.id}/comments`), gone, { body: 'A comment' });
    await t.app.ctx.db.update(users).set({ deletedAt: new Date(), firstName: '', lastName: '' }).where(eq(users.id, d.id));
    expect((await call('GET', url(`/${topic.id}`), anna)).json()).toMatchObject({ author: { fullname: 'Deleted user', avatar: null } });
    const de = await call('GET', url(`/${topic.id}/comments`), anna, undefined, { cookie: 'locale=de_DE' });
    expect((de.json() as Array<{ author: { fullname: string } }>)[0]?.author.fullname).not.toBe('Gone Soon');
    expect(((await call('GET', url(`/${topic.id}/members`), anna)).json() as unknown[]).length).toBe(0);
    // Liking it still works and gives the deleted author nothing.
    expect((await call('POST', url(`/${topic.id}/like`), ben)).statusCode).toBe(200);
    expect(await ledger(d.id, 'topicLiked', `${topic.id}:${ids.ben}`)).toHaveLength(0);
  });
});

describe('reports', () => {
  it('a reported topic and comment reach the moderation sources, once per member; a moderator’s delete removes them', async () => {
    const appId = (await userByEmail(t, 'demo', 'anna@demo.test')).appId;
    const topic = await newTopic(anna, 'Report me');
    const c = (await call('POST', url(`/${topic.id}/comments`), anna, { body: 'Spam spam' })).json() as { id: number };
    for (let i = 0; i < 2; i++) {
      expect((await call('POST', url(`/${topic.id}/flag`), ben)).statusCode).toBe(200);
      expect((await call('POST', url(`/${topic.id}/comments/${c.id}/flag`), ben)).statusCode).toBe(200);
    }
    expect((await call('GET', url(`/${topic.id}`), ben)).json()).toMatchObject({ reported: true });
    const [topicSource, commentSource] = topicsReports;
    if (!topicSource || !commentSource) throw new Error('no sources');
    const reported = await queryRows<{ target_id: number }>(t.app.ctx.db, topicSource.reports(appId));
    expect(reported.filter((r) => r.target_id === topic.id)).toHaveLength(1);
    const described = await commentSource.describe(t.app.ctx.db, appId, [c.id]);
    expect(described.get(c.id)).toMatchObject({
      excerpt: 'Spam spam',
      author: { id: ids.anna },
      link: `/networking/${hub}/topics/${topic.id}`,
    });
    await commentSource.remove?.(t.app.ctx, appId, c.id);
    expect((await call('GET', url(`/${topic.id}`), anna)).json()).toMatchObject({ comments_count: 0 });
    await topicSource.remove?.(t.app.ctx, appId, topic.id);
    expect((await call('GET', url(`/${topic.id}`), anna)).statusCode).toBe(404);
  });
});
