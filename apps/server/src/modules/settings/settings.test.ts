import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, fieldsOf, sleep, userByEmail } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { agendaSchedule, agendaSessions } from '../agenda/agenda.table.ts';
import { apps } from '../apps/apps.table.ts';
import { accessTokens, mailTokens } from '../auth/auth.table.ts';
import { contentComments, contentPosts } from '../content/content.table.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { pushSender } from '../push/push.sender.ts';
import { decryptPush, deviceKeys, type StandIn, startStandIn, TLS_CERT } from '../push/push.stand-in.ts';
import { pushSubscriptions } from '../push/push.table.ts';
import { userFavorites, userNotes, userProfiles } from '../users/profiles.table.ts';
import { users } from '../users/users.table.ts';
import { notifyEventChange } from './settings.notify.ts';
import { notificationPreferences } from './settings.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let admin: string;
let darkAnna: string;
let mod: number;
let darkMod: number;
let standIn: StandIn;
const savedCa = https.globalAgent.options.ca;

async function menuModule(token: string, type: string) {
  const menu = (await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } })).json() as {
    menu: Array<{ type: string; app_module_id: number }>;
  };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

beforeAll(async () => {
  // Writes' allowance raised: the tests send more admin messages and contact mails than a minute allows.
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben, admin, darkAnna] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'admin@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  mod = await menuModule(anna, 'settings');
  darkMod = await menuModule(darkAnna, 'settings');
  standIn = await startStandIn();
  t.app.ctx.config.previewAllow.push(new URL(standIn.origin).host);
  https.globalAgent.options.ca = TLS_CERT;
});
afterAll(async () => {
  https.globalAgent.options.ca = savedCa;
  await standIn.close();
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

/** A device of the stand-in push service for a user (their only one), with the keys to read its pushes. */
async function device(userId: number, name: string) {
  await t.app.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  const keys = deviceKeys();
  await t.app.ctx.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `${standIn.origin}/push/${name}`,
    publicKey: keys.publicKey,
    authToken: keys.authToken,
    encoding: 'aes128gcm',
  });
  return keys;
}

/** Waits for the background sender, then answers what reached a device. */
async function pushesTo(name: string) {
  await pushSender(t.app.ctx).idle();
  return standIn.received.filter((r) => r.url === `/push/${name}`);
}

describe('permissions', () => {
  it('answers 401 without a token and 404 for another app’s module or an unknown one', async () => {
    expect((await t.app.inject({ url: `/settings/${mod}/notifications` })).statusCode).toBe(401);
    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['GET', '/notifications', undefined],
      ['PUT', '/notifications', { channel: 'push', category: 'news', enabled: false }],
      ['POST', '/contact', { to: 'owner', message: 'Hi' }],
      ['POST', '/report', undefined],
      ['POST', '/admin-message', { message: 'Hi' }],
      ['GET', '/export', undefined],
      ['POST', '/delete-account', { password: 'demo1234!' }],
    ] as const) {
      const res = await call(method, `/settings/${mod}${path}`, darkAnna, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect((await call(method, `/settings/999999${path}`, anna, body)).statusCode).toBe(404);
    }
    // The dark app's own module answers its members.
    expect((await call('GET', `/settings/${darkMod}`, darkAnna)).statusCode).toBe(200);
    // Another module type's id is not a settings module.
    const chats = await menuModule(anna, 'chats');
    expect((await call('GET', `/settings/${chats}`, anna)).statusCode).toBe(404);
  });

  it('tells the app owner from a member', async () => {
    expect((await call('GET', `/settings/${mod}`, anna)).json()).toEqual({
      is_app_owner: false,
      can_contact_owner: true,
      reported: false,
      has_password: true,
    });
    expect((await call('GET', `/settings/${mod}`, admin)).json()).toMatchObject({ is_app_owner: true });
  });
});

describe('notification preferences', () => {
  it('starts all on, saves one toggle at a time and validates', async () => {
    const all = { chats: true, discussions: true, news: true, events: true, admin: true, blog: true };
    expect((await call('GET', `/settings/${mod}/notifications`, ben)).json()).toEqual({ inapp: all, push: all });
    const res = await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'news', enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ inapp: all, push: { ...all, news: false } });
    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'inapp', category: 'chats', enabled: false });
    const after = { inapp: { ...all, chats: false }, push: { ...all, news: false } };
    expect((await call('GET', `/settings/${mod}/notifications`, ben)).json()).toEqual(after);
    expect((await call('GET', '/user/notification-preferences', ben)).json()).toEqual(after);
    // Another member's choices are their own.
    expect((await call('GET', `/settings/${mod}/notifications`, anna)).json()).toEqual({ inapp: all, push: all });
    expect(fieldsOf(await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'sms', category: 'news', enabled: true }))).toEqual(
      ['channel'],
    );
    expect(fieldsOf(await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'x', enabled: true }))).toEqual([
      'category',
    ]);
    expect(fieldsOf(await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'news' }))).toEqual(['enabled']);
    // Back on for the tests below.
    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'news', enabled: true });
    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'inapp', category: 'chats', enabled: true });
  });
});

describe('pushes by category', () => {
  it('sends nothing for a category turned off; on, the decrypted payload carries its click_url', async () => {
    const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
    const keys = await device(benRow.id, 'ben-admin');
    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'admin', enabled: false });
    const off = await call('POST', `/settings/${mod}/admin-message`, admin, { message: 'Doors open at 9' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ success: true });
    expect(await pushesTo('ben-admin')).toHaveLength(0);

    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'admin', enabled: true });
    const on = await call('POST', `/settings/${mod}/admin-message`, admin, { message: 'Lunch is served' });
    expect(on.json().recipients).toBeGreaterThan(1);
    const got = await pushesTo('ben-admin');
    expect(got).toHaveLength(1);
    const payload = JSON.parse(decryptPush(got[0]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Record<string, unknown>;
    expect(payload).toMatchObject({ title: 'Open Summit 2026', body: 'Lunch is served', click_url: `/settings/${mod}`, category: 'admin' });
    expect(payload.pushAnalyticsId).toEqual(expect.any(Number));
  });

  it('lets only the app owner message everyone, and validates the message', async () => {
    expect((await call('POST', `/settings/${mod}/admin-message`, anna, { message: 'Hi all' })).statusCode).toBe(403);
    expect(fieldErrorsOf(await call('POST', `/settings/${mod}/admin-message`, admin, { message: '  ' }))).toEqual([
      { field: 'message', message: 'Value cannot be blank' },
    ]);
    expect(fieldsOf(await call('POST', `/settings/${mod}/admin-message`, admin, { message: 'x'.repeat(501) }))).toEqual(['message']);
  });

  it('delivers the admin message in-app only to members whose toggle is on', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const benSocket = socketClient(base, ben);
    const annaSocket = socketClient(base, anna);
    await Promise.all([connected(benSocket), connected(annaSocket)]);
    const benGot: unknown[] = [];
    const annaGot: unknown[] = [];
    benSocket.on('adminMessage', (e: unknown) => benGot.push(e));
    annaSocket.on('adminMessage', (e: unknown) => annaGot.push(e));
    await call('PUT', `/settings/${mod}/notifications`, anna, { channel: 'inapp', category: 'admin', enabled: false });
    await call('POST', `/settings/${mod}/admin-message`, admin, { message: 'Keynote moved to hall B' });
    await until(() => benGot.length === 1);
    await sleep(300);
    expect(benGot[0]).toEqual({ message: 'Keynote moved to hall B', app_name: 'Open Summit 2026' });
    expect(annaGot).toHaveLength(0);
    benSocket.disconnect();
    annaSocket.disconnect();
  });

  it('sends the other modules’ in-app notices only to members whose toggle of the category is on', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const benSocket = socketClient(base, ben);
    const annaSocket = socketClient(base, anna);
    await Promise.all([connected(benSocket), connected(annaSocket)]);
    const benGot: Array<Record<string, unknown>> = [];
    const annaGot: unknown[] = [];
    benSocket.on('appNotice', (e: Record<string, unknown>) => benGot.push(e));
    annaSocket.on('appNotice', (e: unknown) => annaGot.push(e));
    await call('PUT', `/settings/${mod}/notifications`, anna, { channel: 'inapp', category: 'news', enabled: false });
    const news = await menuModule(anna, 'news');
    // News is the app owner's to post.
    expect((await call('POST', `/content/${news}/posts`, admin, { text: '<p>Lunch is served</p>' })).statusCode).toBe(200);
    await until(() => benGot.length === 1);
    await sleep(300);
    expect(benGot[0]).toMatchObject({ category: 'news', body: 'Lunch is served' });
    expect(String(benGot[0]?.url)).toContain(`/news/${news}`);
    expect(annaGot).toHaveLength(0);
    await call('PUT', `/settings/${mod}/notifications`, anna, { channel: 'inapp', category: 'news', enabled: true });
    benSocket.disconnect();
    annaSocket.disconnect();
  });

  it('pushes a news post to members who allow News Feed, a forum reply to followers, an event change to registered members', async () => {
    const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
    const keys = await device(benRow.id, 'ben-content');
    const news = await menuModule(anna, 'news');
    const post = (text: string) => call('POST', `/content/${news}/posts`, admin, { text: `<p>${text}</p>` });
    expect((await post('Registration desk opens at 8')).statusCode).toBe(200);
    let got = await pushesTo('ben-content');
    expect(got).toHaveLength(1);
    const payload = JSON.parse(decryptPush(got[0]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Record<string, unknown>;
    expect(payload).toMatchObject({ category: 'news', body: 'Registration desk opens at 8' });
    expect(String(payload.click_url)).toContain(`/${news}`);

    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'news', enabled: false });
    expect((await post('Coffee in the lobby')).statusCode).toBe(200);
    expect(await pushesTo('ben-content')).toHaveLength(1);

    // A forum discussion ben started (he follows it): anna's reply reaches him.
    const forum = await menuModule(anna, 'forums');
    const topic = (await call('POST', `/content/${forum}/posts`, ben, { title: 'Best talks?', text: '<p>Which ones?</p>' })).json() as {
      id: number;
    };
    expect((await call('POST', `/content/${forum}/posts/${topic.id}/comments`, anna, { text: 'The keynote' })).statusCode).toBe(200);
    got = await pushesTo('ben-content');
    expect(got).toHaveLength(2);
    const reply = JSON.parse(decryptPush(got[1]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Record<string, unknown>;
    expect(reply).toMatchObject({ category: 'discussions', title: 'New reply in “Best talks?”' });
    expect(String(reply.body)).toMatch(/The keynote$/);

    // An event ben registered for changes.
    const [event] = await t.app.ctx.db.select().from(events).where(eq(events.appId, benRow.appId)).limit(1);
    if (!event) throw new Error('no event');
    await t.app.ctx.db
      .insert(eventRegistrations)
      .values({ eventId: event.id, userId: benRow.id, appId: benRow.appId })
      .onConflictDoNothing();
    expect(await notifyEventChange(t.app.ctx, benRow.appId, event.id, 'cancelled')).toBeGreaterThan(0);
    got = await pushesTo('ben-content');
    expect(got).toHaveLength(3);
    const changed = JSON.parse(decryptPush(got[2]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Record<string, unknown>;
    expect(changed).toMatchObject({ category: 'events', title: `Event cancelled: ${event.title}` });
    // Another app's event is not found from this app.
    const darkRow = await userByEmail(t, 'demo-dark', 'anna@demo.test');
    expect(await notifyEventChange(t.app.ctx, darkRow.appId, event.id, 'changed')).toBe(0);

    // A session in ben's agenda is cancelled by the app owner.
    const [session] = await t.app.ctx.db.select().from(agendaSessions).where(eq(agendaSessions.appId, benRow.appId)).limit(1);
    if (!session) throw new Error('no session');
    await t.app.ctx.db
      .insert(agendaSchedule)
      .values({ sessionId: session.id, userId: benRow.id, appId: benRow.appId })
      .onConflictDoNothing();
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/agenda/${session.appModuleId}/sessions/${session.id}`,
      headers: { 'access-token': admin },
      payload: { cancelled: true },
    });
    expect(cancel.statusCode).toBe(200);
    // The notice is queued after the answer (its audience is read first): wait for it, bounded.
    for (let i = 0; i < 100 && (await pushesTo('ben-content')).length < 4; i++) await sleep(30);
    got = await pushesTo('ben-content');
    expect(got).toHaveLength(4);
    const moved = JSON.parse(decryptPush(got[3]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Record<string, unknown>;
    expect(moved).toMatchObject({ category: 'events', title: `Event cancelled: ${session.title}` });
    expect(String(moved.click_url)).toContain(`/agenda/${session.appModuleId}/${session.id}`);
    await call('PUT', `/settings/${mod}/notifications`, ben, { channel: 'push', category: 'news', enabled: true });
  });

  it('removes a subscription the push service says is gone', async () => {
    const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
    await device(annaRow.id, 'anna-gone');
    standIn.answerFor.set('/push/anna-gone', 410);
    await call('POST', `/settings/${mod}/admin-message`, admin, { message: 'Last call' });
    expect(await pushesTo('anna-gone')).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, annaRow.id))).toHaveLength(0);
  });

  it('writes each member’s push and in-app notice in the language their client last sent', async () => {
    // The app owner posts the news; Ben reads German, Anna English.
    const [benRow, annaRow] = await Promise.all([userByEmail(t, 'demo', 'ben@demo.test'), userByEmail(t, 'demo', 'anna@demo.test')]);
    // The language comes with any call (the locale cookie) and is stored once, not per call.
    const withLocale = (token: string, locale: string) =>
      t.app.inject({ url: `/settings/${mod}`, headers: { 'access-token': token, cookie: `locale=${locale}` } });
    await Promise.all([withLocale(ben, 'de_DE'), withLocale(anna, 'en_US')]);
    const stored = async (id: number) => (await t.app.ctx.db.select({ l: users.locale }).from(users).where(eq(users.id, id)))[0]?.l;
    for (let i = 0; i < 100 && ((await stored(benRow.id)) !== 'de_DE' || (await stored(annaRow.id)) !== 'en_US'); i++) await sleep(20);
    expect([await stored(benRow.id), await stored(annaRow.id)]).toEqual(['de_DE', 'en_US']);
    const [benKeys, annaKeys] = [await device(benRow.id, 'ben-de'), await device(annaRow.id, 'anna-en')];

    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const benSocket = socketClient(base, ben);
    await connected(benSocket);
    const notices: Array<Record<string, unknown>> = [];
    benSocket.on('appNotice', (e: Record<string, unknown>) => notices.push(e));

    const news = await menuModule(anna, 'news');
    expect((await call('POST', `/content/${news}/posts`, admin, { text: '<p>Doors open at 9</p>' })).statusCode).toBe(200);
    const [de] = await pushesTo('ben-de');
    const [en] = await pushesTo('anna-en');
    const read = (r: typeof de, k: typeof benKeys) =>
      JSON.parse(decryptPush(r?.body ?? Buffer.alloc(0), k.ua, k.authSecret)) as Record<string, unknown>;
    expect(String(read(de, benKeys).title)).toMatch(/: neuer Beitrag$/);
    expect(String(read(en, annaKeys).title)).toMatch(/: new post$/);
    expect(read(de, benKeys).body).toBe('Doors open at 9');
    await until(() => notices.length === 1);
    expect(String(notices[0]?.title)).toMatch(/: neuer Beitrag$/);
    benSocket.disconnect();
    await withLocale(ben, 'en_US');
  });
});

describe('contact and report', () => {
  it('mails the owner or the developers with the member as Reply-To, never answering an address, five a day', async () => {
    const before = t.mailer.outbox().length;
    const res = await call('POST', `/settings/${mod}/contact`, ben, { to: 'owner', message: 'Is there parking?' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('admin@demo.test');
    const [mail] = t.mailer.outbox();
    expect(mail).toMatchObject({ to: 'admin@demo.test', replyTo: 'ben@demo.test' });
    expect(mail?.text).toContain('Is there parking?');
    expect((await call('POST', `/settings/${mod}/contact`, ben, { to: 'developers', message: 'Found a bug' })).statusCode).toBe(200);
    expect(t.mailer.outbox()[0]).toMatchObject({ to: t.app.ctx.config.developersEmail, replyTo: 'ben@demo.test' });
    for (let i = 0; i < 3; i++) await call('POST', `/settings/${mod}/contact`, ben, { to: 'owner', message: `More ${i}` });
    const capped = await call('POST', `/settings/${mod}/contact`, ben, { to: 'owner', message: 'One more' });
    expect(fieldsOf(capped)).toEqual(['_popup']);
    expect(t.mailer.outbox().length - before).toBe(5);
    expect(fieldsOf(await call('POST', `/settings/${mod}/contact`, anna, { to: 'owner', message: '' }))).toEqual(['message']);
    expect(fieldsOf(await call('POST', `/settings/${mod}/contact`, anna, { to: 'someone', message: 'x' }))).toEqual(['to']);
  });

  it('reports the app once per member', async () => {
    expect((await call('POST', `/settings/${mod}/report`, anna)).json()).toEqual({ success: true });
    expect((await call('POST', `/settings/${mod}/report`, anna)).json()).toEqual({ success: true });
    expect((await call('GET', `/settings/${mod}`, anna)).json()).toMatchObject({ reported: true });
  });
});

describe('account deletion', () => {
  it('exports the member’s data, refuses a wrong password, erases the account and lets the address sign up again', async () => {
    const email = `leaver-${Date.now()}@demo.test`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'app-key': 'demo' },
      payload: { email, first_name: 'Lea', last_name: 'Ver', password: 'secret-123', consent: true },
    });
    expect(reg.statusCode).toBe(201);
    await t.app.ctx.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.email, email));
    const token = await login(t.app, email, 'secret-123');
    const me = await userByEmail(t, 'demo', email);
    const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
    // Some personal data and some content.
    // A member writes in the blog (news is the app owner's).
    const news = await menuModule(token, 'blogs');
    const post = (await call('POST', `/content/${news}/posts`, token, { text: '<p>My first post</p>' })).json() as { id: number };
    await call('POST', `/content/${news}/posts/${post.id}/comments`, token, { text: 'And a comment' });
    await t.app.ctx.db.insert(userProfiles).values({ userId: me.id, appId: me.appId, pitch: 'I like events' });
    await t.app.ctx.db.insert(userFavorites).values({ userId: me.id, favoriteId: benRow.id, appId: me.appId });
    await t.app.ctx.db.insert(userNotes).values({ authorId: benRow.id, subjectId: me.id, appId: me.appId, text: 'Met at the booth' });
    await call('PUT', `/settings/${mod}/notifications`, token, { channel: 'push', category: 'blog', enabled: false });
    await device(me.id, 'leaver');

    const exp = await call('GET', `/settings/${mod}/export`, token);
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['cache-control']).toBe('no-store');
    const data = exp.json();
    expect(data.account).toMatchObject({ email, first_name: 'Lea', last_name: 'Ver' });
    expect(data.profile).toMatchObject({ pitch: 'I like events' });
    expect(data.posts).toEqual([expect.objectContaining({ id: post.id, text: 'My first post' })]);
    expect(data.comments).toEqual([expect.objectContaining({ post_id: post.id, text: 'And a comment' })]);
    expect(data.favorites).toEqual([expect.objectContaining({ user_id: benRow.id })]);
    expect(data.notification_preferences.push.blog).toBe(false);
    // Notes others wrote about the member are theirs: not in the export.
    expect(data.notes).toEqual([]);
    expect(JSON.stringify(data)).not.toContain('password');

    const wrong = await call('POST', `/settings/${mod}/delete-account`, token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrorsOf(wrong)).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    const wrongDe = await t.app.inject({
      method: 'POST',
      url: `/settings/${mod}/delete-account`,
      headers: { 'access-token': token, cookie: 'locale=de_DE' },
      payload: { password: 'not-it' },
    });
    expect(fieldErrorsOf(wrongDe)[0]?.message).not.toBe('Password is incorrect');
    expect(fieldsOf(await call('POST', `/settings/${mod}/delete-account`, token, {}))).toEqual(['password']);

    const ok = await call('POST', `/settings/${mod}/delete-account`, token, { password: 'secret-123' });
    expect(ok.statusCode).toBe(200);
    // The session is over.
    expect((await call('GET', `/settings/${mod}`, token)).statusCode).toBe(401);
    const [gone] = await t.app.ctx.db.select().from(users).where(eq(users.id, me.id));
    // No name is stored, only the marker: readers see "Deleted user" in their own language.
    expect(gone).toMatchObject({ firstName: '', lastName: '', passwordHash: null, avatarUrl: null, jobTitle: '', locale: null });
    expect(gone?.deletedAt).toBeInstanceOf(Date);
    expect(gone?.email).toMatch(/@deleted\.invalid$/);
    expect(await t.app.ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, me.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(userFavorites).where(eq(userFavorites.userId, me.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(userNotes).where(eq(userNotes.subjectId, me.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toHaveLength(0);
    expect(await t.app.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, me.id))).toHaveLength(0);
    const live = await t.app.ctx.db.select().from(accessTokens).where(eq(accessTokens.userId, me.id));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    // The content stays, under the anonymised name.
    expect(await t.app.ctx.db.select().from(contentPosts).where(eq(contentPosts.id, post.id))).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(contentComments).where(eq(contentComments.userId, me.id))).toHaveLength(1);
    const feed = (await call('GET', `/content/${news}/posts/${post.id}`, anna)).json() as { user: { fullname: string } };
    expect(feed.user.fullname).toBe('Deleted user');
    const inGerman = await t.app.inject({
      url: `/content/${news}/posts/${post.id}/comments`,
      headers: { 'access-token': anna, cookie: 'locale=de_DE' },
    });
    expect((inGerman.json() as Array<{ user: { fullname: string } }>)[0]?.user.fullname).toBe('Gelöschter Nutzer');

    // The address may sign up again: a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/register',
      headers: { 'app-key': 'demo' },
      payload: { email, first_name: 'Lea', last_name: 'Again', password: 'secret-456', consent: true },
    });
    expect(again.statusCode).toBe(201);
    expect((await userByEmail(t, 'demo', email)).id).not.toBe(me.id);
    expect(errorOf(await call('GET', `/settings/${mod}`, token)).status).toBe(401);
  });
});

describe('account deletion without a password (social sign-in)', () => {
  /** A confirmed account with no password, signed in (as the OAuth callback leaves it). */
  async function socialAccount(appKey = 'demo') {
    const [app] = await t.app.ctx.db.select({ id: apps.id }).from(apps).where(eq(apps.key, appKey));
    if (!app) throw new Error('no app');
    const email = `social-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@demo.test`;
    const [u] = await t.app.ctx.db
      .insert(users)
      .values({ appId: app.id, email, firstName: 'So', lastName: 'Cial', emailConfirmedAt: new Date() })
      .returning();
    if (!u) throw new Error('no user');
    const token = newToken();
    await t.app.ctx.db
      .insert(accessTokens)
      .values({ userId: u.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
    return { user: u, token, email };
  }
  const mailTo = (email: string) => t.mailer.outbox().filter((m) => m.to === email);
  const linkToken = (link: string | undefined) => new URL(link ?? 'http://x/').searchParams.get('delete_token') ?? '';
  const confirm = (token: string, appKey = 'demo', locale = 'en_US') =>
    t.app.inject({
      method: 'POST',
      url: '/settings/delete-account/confirm',
      headers: { 'app-key': appKey, cookie: `locale=${locale}` },
      payload: { token },
    });

  it('mails a one-time link; following it erases the account; a used, expired or other app’s link is refused', async () => {
    const { user, token, email } = await socialAccount();
    expect((await call('GET', `/settings/${mod}`, token)).json()).toMatchObject({ has_password: false });
    expect((await call('GET', `/settings/${mod}`, anna)).json()).toMatchObject({ has_password: true });
    // No password matches an account without one; an account with one keeps the password flow.
    expect((await call('POST', `/settings/${mod}/delete-account`, token, { password: 'anything' })).statusCode).toBe(422);
    expect(fieldsOf(await call('POST', `/settings/${mod}/delete-account/mail`, anna))).toEqual(['_popup']);

    const sent = await call('POST', `/settings/${mod}/delete-account/mail`, token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ success: true, email });
    const [mail] = mailTo(email);
    expect(mail?.subject).toContain('Open Summit 2026');
    expect(mail?.link).toContain(`/settings/${mod}?delete_token=`);
    const link = linkToken(mail?.link);
    // Only the hash is stored.
    const stored = await t.app.ctx.db.select().from(mailTokens).where(eq(mailTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(hashToken(link));
    expect(JSON.stringify(stored)).not.toContain(link);

    // Another app does not know it; nothing happened.
    expect((await confirm(link, 'demo-dark')).statusCode).toBe(404);
    expect((await confirm('not-a-token')).statusCode).toBe(404);
    expect((await call('GET', `/settings/${mod}`, token)).statusCode).toBe(200);

    const ok = await confirm(link);
    expect(ok.statusCode).toBe(200);
    const [gone] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(gone).toMatchObject({ firstName: '', lastName: '' });
    expect(gone?.deletedAt).toBeInstanceOf(Date);
    expect(gone?.email).toMatch(/@deleted\.invalid$/);
    expect((await call('GET', `/settings/${mod}`, token)).statusCode).toBe(401);

    const again = await confirm(link, 'demo', 'de_DE');
    expect(again.statusCode).toBe(410);
    expect(errorOf(again).message).not.toBe('This link was already used.');
    expect(errorOf(await confirm(link))).toMatchObject({ status: 410, message: 'This link was already used.' });

    // A second account: an older link dies with a newer one, an expired one is refused, three an hour.
    const other = await socialAccount();
    await call('POST', `/settings/${mod}/delete-account/mail`, other.token);
    await call('POST', `/settings/${mod}/delete-account/mail`, other.token);
    // The outbox holds the newest first.
    const [second, first] = mailTo(other.email).map((m) => linkToken(m.link));
    expect(errorOf(await confirm(first ?? '')).status).toBe(410);
    await t.app.ctx.db
      .update(mailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mailTokens.tokenHash, hashToken(second ?? '')));
    expect(errorOf(await confirm(second ?? ''))).toMatchObject({
      status: 410,
      message: 'This link has expired. Ask for a new one under Delete Account.',
    });
    // The hour counts links by their expiry (the one expired by hand no longer counts): two more, then refused.
    for (let i = 0; i < 2; i++) expect((await call('POST', `/settings/${mod}/delete-account/mail`, other.token)).statusCode).toBe(200);
    const refused = await call('POST', `/settings/${mod}/delete-account/mail`, other.token);
    expect(fieldErrorsOf(refused)[0]).toMatchObject({ field: '_popup', message: expect.stringContaining('several links') });
    expect(mailTo(other.email)).toHaveLength(4);
    // Another app's member asking with this app's module: 404.
    expect((await call('POST', `/settings/${mod}/delete-account/mail`, darkAnna)).statusCode).toBe(404);
    expect((await call('GET', `/settings/${mod}`, other.token)).statusCode).toBe(200);
  });
});
