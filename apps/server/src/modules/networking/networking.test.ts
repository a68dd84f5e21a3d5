import https from 'node:https';
import { MEET } from '@app/contract/schemas/networking';
import { and, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, sleep, userByEmail } from '../../../test/helpers.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { pushSender } from '../push/push.sender.ts';
import { decryptPush, deviceKeys, type StandIn, startStandIn, TLS_CERT } from '../push/push.stand-in.ts';
import { pushSubscriptions } from '../push/push.table.ts';
import { bubbles, users } from '../users/users.table.ts';
import { networkingMeetings } from './networking.table.ts';

let t: TestApp;
let anna: string;
let ben: string;
let carl: string;
let darkAnna: string;
let ids: { anna: number; ben: number; carl: number; darkBen: number };
let standIn: StandIn;
const savedCa = https.globalAgent.options.ca;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

/** A slot `days` ahead at a fixed hour (UTC), epoch seconds: far from the demo meetings. */
const slot = (days: number, hour = 9, minute = 0) => {
  const d = new Date();
  d.setUTCHours(hour, minute, 0, 0);
  return Math.floor(d.getTime() / 1000) + days * 86_400;
};

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

async function request(token: string, body: Json) {
  const res = await call('POST', '/meet', token, {
    duration: 30,
    location: 'Booth 4',
    title: 'Hello',
    timezone_name: 'Europe/Berlin',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; status: string; version: number; time_start: number; time_end: number };
}

/**
 * Declines every request waiting between anna, ben and carl (the demo's and earlier tests'): one
 * request at a time may wait between two members, and the tests below ask again and again.
 */
async function clearWaiting() {
  const trio = [ids.anna, ids.ben, ids.carl];
  await t.app.ctx.db
    .update(networkingMeetings)
    .set({ status: 'rejected' })
    .where(
      and(
        eq(networkingMeetings.status, 'pending'),
        or(inArray(networkingMeetings.initiatorId, trio), inArray(networkingMeetings.inviteeId, trio)),
      ),
    );
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben, darkAnna] = await Promise.all([
    login(t.app, 'anna@demo.test'),
    login(t.app, 'ben@demo.test'),
    login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark'),
  ]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
  const darkBen = await userByEmail(t, 'demo-dark', 'ben@demo.test');
  // A third member of the demo app, signed in with a password of the demo's.
  const [third] = await t.app.ctx.db
    .select()
    .from(users)
    .where(and(eq(users.appId, annaRow.appId), eq(users.isAdmin, false)))
    .limit(10)
    .then((rows) => rows.filter((r) => r.id !== annaRow.id && r.id !== benRow.id && r.emailConfirmedAt && r.passwordHash));
  if (!third) throw new Error('no third member');
  carl = await login(t.app, third.email);
  ids = { anna: annaRow.id, ben: benRow.id, carl: third.id, darkBen: darkBen.id };
  standIn = await startStandIn();
  t.app.ctx.config.previewAllow.push(new URL(standIn.origin).host);
  https.globalAgent.options.ca = TLS_CERT;
});
afterAll(async () => {
  https.globalAgent.options.ca = savedCa;
  await standIn?.close();
  await t.close();
});

describe('1:1 meetings', () => {
  it('answers 401 without a token, and lists the demo meetings of each party only', async () => {
    expect((await t.app.inject({ url: '/meet' })).statusCode).toBe(401);
    const mine = (await call('GET', '/meet', anna)).json() as Array<{ status: string; initiator: { id: number }; invitee: { id: number } }>;
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.map((m) => m.status))).toEqual(new Set(['pending', 'accepted', 'rejected']));
    for (const m of mine) expect([m.initiator.id, m.invitee.id]).toContain(ids.anna);
  });

  it('runs request → edit → accept → cancel with the right party only, and 404 for everyone else', async () => {
    await clearWaiting();
    const m = await request(ben, { user_id: ids.anna, time_start: slot(20) });
    expect(m).toMatchObject({ status: 'pending', version: 0 });
    expect(m.time_end - m.time_start).toBe(30 * 60);
    // The invitee's bubble of requests to answer.
    const bubble = await t.app.ctx.db
      .select()
      .from(bubbles)
      .where(and(eq(bubbles.userId, ids.anna), eq(bubbles.itemId, m.id)));
    expect(bubble).toHaveLength(1);

    // Neither party: a third member and another app's member do not see it.
    for (const token of [carl, darkAnna]) {
      expect((await call('GET', `/meet/${m.id}`, token)).statusCode).toBe(404);
      expect((await call('PUT', `/meet/${m.id}`, token, { time_start: slot(21) })).statusCode).toBe(404);
      for (const action of ['accept', 'reject', 'cancel'])
        expect((await call('POST', `/meet/${m.id}/${action}`, token)).statusCode).toBe(404);
      expect((await call('GET', `/meet/${m.id}/ics`, token)).statusCode).toBe(404);
    }
    // Only the initiator edits; only the invitee answers.
    expect((await call('PUT', `/meet/${m.id}`, anna, { time_start: slot(21) })).statusCode).toBe(403);
    expect((await call('POST', `/meet/${m.id}/accept`, ben)).statusCode).toBe(403);
    expect((await call('POST', `/meet/${m.id}/reject`, ben)).statusCode).toBe(403);
    // The invitee cannot cancel a waiting request (she declines it).
    expect((await call('POST', `/meet/${m.id}/cancel`, anna)).statusCode).toBe(403);

    const edited = await call('PUT', `/meet/${m.id}`, ben, { time_start: slot(21, 10), duration: 45, location: 'Lounge', title: 'Moved' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'pending', duration: 45, location: 'Lounge', title: 'Moved', version: 1 });

    const accepted = await call('POST', `/meet/${m.id}/accept`, anna);
    expect(accepted.json()).toMatchObject({ status: 'accepted', version: 2 });
    expect(
      await t.app.ctx.db
        .select()
        .from(bubbles)
        .where(and(eq(bubbles.userId, ids.anna), eq(bubbles.itemId, m.id))),
    ).toHaveLength(0);
    // Answered: not again.
    expect((await call('POST', `/meet/${m.id}/reject`, anna)).statusCode).toBe(403);

    // The one meeting's calendar file.
    const ics = await call('GET', `/meet/${m.id}/ics`, anna);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain(`UID:networking-meeting-${m.id}@demo`);
    expect(ics.body).toContain('SEQUENCE:2');

    // Either party cancels an accepted meeting.
    const cancelled = await call('POST', `/meet/${m.id}/cancel`, anna);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelled_by: ids.anna });
    expect((await call('POST', `/meet/${m.id}/cancel`, ben)).statusCode).toBe(403);
    expect((await call('PUT', `/meet/${m.id}`, ben, { time_start: slot(22) })).statusCode).toBe(403);

    // A declined request.
    const d = await request(carl, { user_id: ids.ben, time_start: slot(23) });
    expect((await call('POST', `/meet/${d.id}/reject`, ben)).json()).toMatchObject({ status: 'rejected' });
  });

  it('refuses members of another app, deleted accounts and bad input with field messages', async () => {
    await clearWaiting();
    // Another app's member is no one to meet here.
    expect((await call('POST', '/meet', anna, { user_id: ids.darkBen, time_start: slot(30) })).statusCode).toBe(404);
    expect((await call('POST', '/meet', darkAnna, { user_id: ids.ben, time_start: slot(30) })).statusCode).toBe(404);
    expect((await call('POST', '/meet', anna, { user_id: 2_000_000_000, time_start: slot(30) })).statusCode).toBe(404);
    // A deleted account (anonymised, deleted_at set) is no one to meet either; its past meetings
    // show it as "Deleted user".
    const [gone] = await t.app.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.appId, (await userByEmail(t, 'demo', 'anna@demo.test')).appId), eq(users.isAdmin, false)))
      .then((rows) => rows.filter((r) => ![ids.anna, ids.ben, ids.carl].includes(r.id)));
    if (!gone) throw new Error('no member to delete');
    const before = await request(anna, { user_id: gone.id, time_start: slot(31) });
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await call('POST', '/meet', anna, { user_id: gone.id, time_start: slot(32) })).statusCode).toBe(404);
    expect((await call('GET', `/meet/${before.id}`, anna)).json()).toMatchObject({ invitee: { fullname: 'Deleted user' } });

    const bad = async (body: Json) => fieldsOf(await call('POST', '/meet', anna, { user_id: ids.ben, time_start: slot(30), ...body }));
    expect(await bad({ time_start: slot(-1) })).toEqual(['time_start']);
    expect(await bad({ time_start: undefined })).toEqual(['time_start']);
    expect(await bad({ duration: 20 })).toEqual(['duration']);
    expect(await bad({ location: 'x'.repeat(201) })).toEqual(['location']);
    expect(await bad({ title: 'x'.repeat(501) })).toEqual(['title']);
    expect(await bad({ timezone_name: 'Mars/Olympus' })).toEqual(['timezone_name']);
    expect(await bad({ user_id: undefined })).toEqual(['user_id']);
    expect(await bad({ user_id: ids.anna })).toEqual(['user_id']);
    // Messages in the member's language.
    const past = await call('POST', '/meet', anna, { user_id: ids.ben, time_start: slot(-1) });
    expect(fieldErrorsOf(past)[0]?.message).toBe('This time has already passed. Choose a later slot.');
    const de = await t.app.inject({
      method: 'POST',
      url: '/meet',
      headers: { 'access-token': anna, cookie: 'locale=de_DE' },
      payload: { user_id: ids.ben, time_start: slot(30), location: 'x'.repeat(201) },
    });
    expect(fieldErrorsOf(de)[0]?.message).toBe('Der Ort darf höchstens 200 Zeichen lang sein.');
    // Back to English (the language a member sends is kept for their notices).
    await t.app.inject({ url: '/meet', headers: { 'access-token': anna, cookie: 'locale=en_US' } });
  });

  it('refuses a slot that overlaps an accepted meeting of either party', async () => {
    await clearWaiting();
    const m = await request(ben, { user_id: ids.anna, time_start: slot(40, 14) });
    expect((await call('POST', `/meet/${m.id}/accept`, anna)).statusCode).toBe(200);
    // Carl asks Anna for 14:15: she is taken.
    const theirs = await call('POST', '/meet', carl, { user_id: ids.anna, time_start: slot(40, 14, 15), duration: 15 });
    expect(fieldErrorsOf(theirs)).toEqual([
      { field: 'time_start', message: 'This member already has a 1:1 at this time. Choose another slot.' },
    ]);
    // Anna asks Carl for 14:00: she is taken herself.
    const mine = await call('POST', '/meet', anna, { user_id: ids.carl, time_start: slot(40, 14), duration: 15 });
    expect(fieldErrorsOf(mine)).toEqual([{ field: 'time_start', message: 'You already have a 1:1 at this time. Choose another slot.' }]);
    // Right after it is free; a waiting request blocks nothing.
    const after = await request(carl, { user_id: ids.anna, time_start: slot(40, 14, 30), duration: 15 });
    // (One request at a time waits between two members: anna declines this one before carl asks again.)
    expect((await call('POST', `/meet/${after.id}/reject`, anna)).statusCode).toBe(200);
    // Two requests for one slot: accepting the second once the first is accepted is refused.
    const clash = await request(carl, { user_id: ids.anna, time_start: slot(41, 9), duration: 15 });
    const other = await request(ben, { user_id: ids.anna, time_start: slot(41, 9), duration: 15 });
    expect((await call('POST', `/meet/${clash.id}/accept`, anna)).statusCode).toBe(200);
    const refused = await call('POST', `/meet/${other.id}/accept`, anna);
    expect(fieldsOf(refused)).toEqual(['_popup']);
    expect(after.status).toBe('pending');
  });

  it('pushes a request to the invitee (category Events) unless she turned Events push off', async () => {
    await clearWaiting();
    await t.app.ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, ids.anna));
    const keys = deviceKeys();
    await t.app.ctx.db.insert(pushSubscriptions).values({
      userId: ids.anna,
      endpoint: `${standIn.origin}/push/anna-meet`,
      publicKey: keys.publicKey,
      authToken: keys.authToken,
      encoding: 'aes128gcm',
    });
    const pushes = async () => {
      await pushSender(t.app.ctx).idle();
      return standIn.received.filter((r) => r.url === '/push/anna-meet');
    };
    const first = await request(ben, { user_id: ids.anna, time_start: slot(50) });
    for (let i = 0; i < 100 && (await pushes()).length < 1; i++) await sleep(20);
    const got = await pushes();
    expect(got).toHaveLength(1);
    const msg = JSON.parse(decryptPush(got[0]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret)) as Json;
    expect(msg).toMatchObject({ category: 'events', click_url: '/networking/meets/index' });
    expect(String(msg.title)).toMatch(/1:1/);
    // A new cover message is no news to push (retyped twice: still one push); a new place is.
    const same = { time_start: slot(50), duration: 30, location: 'Booth 4', timezone_name: 'Europe/Berlin' };
    for (const title of ['Hello again', 'Hello, really'])
      expect((await call('PUT', `/meet/${first.id}`, ben, { ...same, title })).statusCode).toBe(200);
    await sleep(200);
    expect(await pushes()).toHaveLength(1);
    expect((await call('PUT', `/meet/${first.id}`, ben, { ...same, title: 'Hello', location: 'Lounge' })).statusCode).toBe(200);
    for (let i = 0; i < 100 && (await pushes()).length < 2; i++) await sleep(20);
    expect(await pushes()).toHaveLength(2);

    const settings = await menuModule(anna, 'settings');
    expect(
      (await call('PUT', `/settings/${settings}/notifications`, anna, { channel: 'push', category: 'events', enabled: false })).statusCode,
    ).toBe(200);
    // Ben withdraws the first (one request waits at a time) and asks again: Events push is off now.
    expect((await call('POST', `/meet/${first.id}/cancel`, ben)).statusCode).toBe(200);
    await request(ben, { user_id: ids.anna, time_start: slot(51) });
    await sleep(200);
    expect(await pushes()).toHaveLength(2);
    await call('PUT', `/settings/${settings}/notifications`, anna, { channel: 'push', category: 'events', enabled: true });
  });

  it('puts accepted meetings in the agenda calendar feed, and keeps them there cancelled', async () => {
    await clearWaiting();
    const agenda = await menuModule(anna, 'agenda');
    const feed = await call('POST', `/agenda/${agenda}/calendar-feed`, anna);
    expect(feed.statusCode, feed.body).toBe(200);
    const path = new URL((feed.json() as { url: string }).url).pathname + new URL((feed.json() as { url: string }).url).search;
    const m = await request(ben, { user_id: ids.anna, time_start: slot(60, 11), location: 'Hall B; row 3' });
    const read = async () => (await t.app.inject({ url: path, headers: { 'app-key': 'demo' } })).body;
    expect(await read()).not.toContain(`networking-meeting-${m.id}@`);
    await call('POST', `/meet/${m.id}/accept`, anna);
    let body = await read();
    expect(body).toContain(`UID:networking-meeting-${m.id}@demo`);
    expect(body).toContain('LOCATION:Hall B\\; row 3');
    const eventOf = (text: string) => {
      const from = text.slice(text.indexOf(`UID:networking-meeting-${m.id}@`));
      return from.slice(0, from.indexOf('END:VEVENT'));
    };
    expect(eventOf(body)).toMatch(/SEQUENCE:1[\s\S]*STATUS:CONFIRMED/);
    const bubbleOf = () =>
      t.app.ctx.db
        .select()
        .from(bubbles)
        .where(and(eq(bubbles.userId, ids.anna), eq(bubbles.itemId, m.id)));
    // Ben moves the accepted meeting: it waits for anna's answer again (her requests, her bubble), and
    // her calendar no longer shows it on.
    const moved = await call('PUT', `/meet/${m.id}`, ben, { time_start: slot(60, 12), location: 'Hall B; row 3' });
    expect(moved.json()).toMatchObject({ status: 'pending', version: 2, moved: true });
    expect(await bubbleOf()).toHaveLength(1);
    expect(eventOf(await read())).toMatch(/SEQUENCE:2[\s\S]*STATUS:CANCELLED/);
    expect((await call('GET', `/meet/${m.id}/ics`, anna)).body).toContain('STATUS:CANCELLED');
    // She accepts the new time: on again. A new message alone keeps it accepted; so does the same place.
    expect((await call('POST', `/meet/${m.id}/accept`, anna)).json()).toMatchObject({ status: 'accepted', version: 3 });
    expect(eventOf(await read())).toMatch(/SEQUENCE:3[\s\S]*STATUS:CONFIRMED/);
    const reworded = await call('PUT', `/meet/${m.id}`, ben, { time_start: slot(60, 12), location: 'Hall B; row 3', title: 'See you' });
    expect(reworded.json()).toMatchObject({ status: 'accepted', version: 4 });
    // Another place is a move too.
    const elsewhere = await call('PUT', `/meet/${m.id}`, ben, { time_start: slot(60, 12), location: 'Hall C', title: 'See you' });
    expect(elsewhere.json()).toMatchObject({ status: 'pending', version: 5 });
    await call('POST', `/meet/${m.id}/cancel`, ben);
    body = await read();
    expect(eventOf(body)).toMatch(/SEQUENCE:6[\s\S]*STATUS:CANCELLED/);
  });

  it('lets one request wait between two members, whoever asked, even when sent at once; a daily budget per member', async () => {
    await clearWaiting();
    const first = await request(ben, { user_id: ids.carl, time_start: slot(80) });
    const again = await call('POST', '/meet', ben, { user_id: ids.carl, time_start: slot(81), timezone_name: 'Europe/Berlin' });
    expect(fieldErrorsOf(again)).toEqual([{ field: 'user_id', message: 'A request between you two is already waiting for an answer.' }]);
    const back = await t.app.inject({
      method: 'POST',
      url: '/meet',
      headers: { 'access-token': carl, cookie: 'locale=de_DE' },
      payload: { user_id: ids.ben, time_start: slot(82), timezone_name: 'Europe/Berlin' },
    });
    expect(fieldErrorsOf(back)).toEqual([{ field: 'user_id', message: 'Zwischen Ihnen beiden wartet bereits eine Anfrage auf Antwort.' }]);
    await t.app.inject({ url: '/meet', headers: { 'access-token': carl, cookie: 'locale=en_US' } });
    // Answered: asking again is fine.
    expect((await call('POST', `/meet/${first.id}/reject`, carl)).statusCode).toBe(200);
    await request(ben, { user_id: ids.carl, time_start: slot(83) });

    // Two requests sent at the same moment: one waits, the other is refused on the field.
    const both = await Promise.all(
      [84, 85].map((d) => call('POST', '/meet', anna, { user_id: ids.carl, time_start: slot(d), timezone_name: 'Europe/Berlin' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const loser = both.find((r) => r.statusCode === 422);
    if (!loser) throw new Error('no refused request');
    expect(fieldsOf(loser)).toEqual(['user_id']);

    // The budget: requests sent in the last 24 hours, withdrawn or answered ones included.
    const { appId } = await userByEmail(t, 'demo', 'anna@demo.test');
    const since = await t.app.ctx.db
      .insert(networkingMeetings)
      .values(
        Array.from({ length: MEET.requestsPerDay }, (_, i) => ({
          appId,
          initiatorId: ids.ben,
          inviteeId: ids.carl,
          status: 'cancelled' as const,
          timeStart: new Date((slot(90) + i * 3600) * 1000),
          duration: 15,
          timezoneName: 'Europe/Berlin',
        })),
      )
      .returning({ id: networkingMeetings.id });
    const over = await call('POST', '/meet', ben, { user_id: ids.anna, time_start: slot(95), timezone_name: 'Europe/Berlin' });
    expect(fieldErrorsOf(over)).toEqual([
      {
        field: '_popup',
        message: `You sent ${MEET.requestsPerDay} requests in the last 24 hours. Wait for answers before you ask more people.`,
      },
    ]);
    await t.app.ctx.db.delete(networkingMeetings).where(
      inArray(
        networkingMeetings.id,
        since.map((r) => r.id),
      ),
    );
    await request(ben, { user_id: ids.anna, time_start: slot(95) });
  });

  it('cancels the meetings still to come of an account that is deleted, and tells the other party', async () => {
    await clearWaiting();
    const [leaver] = await t.app.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.appId, (await userByEmail(t, 'demo', 'anna@demo.test')).appId), eq(users.isAdmin, false)))
      .then((rows) => rows.filter((r) => ![ids.anna, ids.ben, ids.carl].includes(r.id) && !r.deletedAt && r.emailConfirmedAt));
    if (!leaver) throw new Error('no member to delete');
    await t.app.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('secret-123') })
      .where(eq(users.id, leaver.id));
    const token = await login(t.app, leaver.email, 'secret-123');
    const agreed = await request(anna, { user_id: leaver.id, time_start: slot(71) });
    expect((await call('POST', `/meet/${agreed.id}/accept`, token)).statusCode).toBe(200);
    const asked = await request(token, { user_id: ids.anna, time_start: slot(70) });
    const waiting = () =>
      t.app.ctx.db
        .select()
        .from(bubbles)
        .where(and(eq(bubbles.userId, ids.anna), eq(bubbles.itemId, asked.id)));
    expect(await waiting()).toHaveLength(1);

    const settings = await menuModule(token, 'settings');
    expect((await call('POST', `/settings/${settings}/delete-account`, token, { password: 'secret-123' })).statusCode).toBe(200);
    for (const id of [asked.id, agreed.id]) {
      expect((await call('GET', `/meet/${id}`, anna)).json()).toMatchObject({ status: 'cancelled', cancelled_by: leaver.id });
    }
    // The request no longer waits for anna's answer.
    expect(await waiting()).toHaveLength(0);
  });
});
