import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, sleep } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { agendaSchedule, agendaSessions } from '../../agenda/agenda.table.ts';
import { eventRegistrations, events } from '../../events/events.table.ts';
import { pushSender } from '../../push/push.sender.ts';
import { decryptPush, deviceKeys, type StandIn, startStandIn, TLS_CERT } from '../../push/push.stand-in.ts';
import { pushSubscriptions } from '../../push/push.table.ts';
import { notificationPreferences } from '../../settings/settings.table.ts';
import { users } from '../../users/users.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';
import { announcementsIdle, stopAnnouncementSchedule, sweepAnnouncements, textFor } from './announcements.sender.ts';
import { announcements } from './announcements.table.ts';

let t: TestApp;
let cast: Cast;
let base: string;
let standIn: StandIn;
const savedCa = https.globalAgent.options.ca;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  // The tests sweep by hand: no timer of this server claims a row before them.
  stopAnnouncementSchedule(t.app.ctx);
  cast = await makeCast(t, { modules: ['events', 'agenda', 'settings'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  standIn = await startStandIn();
  t.app.ctx.config.previewAllow.push(new URL(standIn.origin).host);
  https.globalAgent.options.ca = TLS_CERT;
});
afterAll(async () => {
  https.globalAgent.options.ca = savedCa;
  await standIn.close();
  await t.close();
});

const url = (appId: number, rest = '') => `/apps/${appId}/announcements${rest}`;
const hello = { en_US: { title: 'Welcome', body: 'Doors open at nine' } };
const draft = (over: Record<string, unknown> = {}) => ({ bodies: hello, segment: { kind: 'all' }, ...over });
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

async function create(who: Caller, appId: number, body: Record<string, unknown> = draft()) {
  const r = await consoleCall(t, who, 'POST', url(appId), body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; status: string; recipients: number };
}

async function rowOf(id: number) {
  const [r] = await t.app.ctx.db.select().from(announcements).where(eq(announcements.id, id));
  if (!r) throw new Error('no announcement');
  return r;
}

/** Waits for the fan-outs and the push sender, then answers what reached a device of the stand-in. */
async function settle() {
  await announcementsIdle(t.app.ctx);
  await pushSender(t.app.ctx).idle();
}

/** A device of the stand-in push service for a member, with the keys to read its pushes. */
async function device(userId: number, name: string) {
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
const pushesTo = (name: string) => standIn.received.filter((r) => r.url === `/push/${name}`);

/** A connected socket of a member, collecting the admin messages it receives. */
async function listener(token: string): Promise<{ socket: Socket; got: Array<Record<string, unknown>> }> {
  const socket = socketClient(base, token);
  await connected(socket);
  const got: Array<Record<string, unknown>> = [];
  socket.on('adminMessage', (e: Record<string, unknown>) => got.push(e));
  return { socket, got };
}

/** A fresh app with its own members, so counts are exact. */
async function freshApp(modules: readonly string[] = ['events', 'agenda']) {
  const tenant = await makeTenant(t, { modules });
  const owner = await makeUser(t, tenant, { isAdmin: true });
  return { tenant, owner: { token: owner.token, id: owner.user.id } };
}

async function makeEvent(tenant: Tenant) {
  const mod = tenant.modules.find((m) => m.type === 'events');
  if (!mod) throw new Error('no events module');
  const [ev] = await t.app.ctx.db
    .insert(events)
    .values({
      appId: tenant.app.id,
      appModuleId: mod.id,
      title: 'Workshop',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 90_000_000),
    })
    .returning();
  if (!ev) throw new Error('no event');
  return ev;
}

async function makeSession(tenant: Tenant) {
  const mod = tenant.modules.find((m) => m.type === 'agenda');
  if (!mod) throw new Error('no agenda module');
  const [s] = await t.app.ctx.db
    .insert(agendaSessions)
    .values({
      appId: tenant.app.id,
      appModuleId: mod.id,
      title: 'Keynote',
      startsAt: new Date(Date.now() + 86_400_000),
      endsAt: new Date(Date.now() + 90_000_000),
    })
    .returning();
  if (!s) throw new Error('no session');
  return s;
}

const OWNER_ONLY = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };

describe('roles', () => {
  it('lets only the app’s owners and operators list, read, write, count and pick segments', async () => {
    const appId = cast.tenant.app.id;
    expect(await statusesFor(t, cast, 'GET', url(appId))).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'POST', url(appId), draft())).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'GET', url(appId, '/segments'))).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'POST', url(appId, '/preview-count'), { segment: { kind: 'all' } })).toEqual(OWNER_ONLY);
    const one = await create(cast.owner, appId);
    expect(await statusesFor(t, cast, 'GET', url(appId, `/${one.id}`))).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'PUT', url(appId, `/${one.id}`), draft())).toEqual(OWNER_ONLY);

    // Cancel and send change the row: one fresh row per caller.
    for (const action of ['DELETE', 'POST'] as const) {
      const out: Record<string, number> = {};
      for (const [name, who] of [
        ['anon', undefined],
        ['member', cast.member],
        ['stranger', cast.stranger],
        ['moderator', cast.moderator],
        ['owner', cast.owner],
        ['operator', cast.operator],
      ] as const) {
        const row = await create(cast.owner, appId);
        const path = action === 'DELETE' ? url(appId, `/${row.id}`) : url(appId, `/${row.id}/send`);
        out[name] = (await consoleCall(t, who, action, path)).statusCode;
        if (out[name] !== 200) expect((await rowOf(row.id)).status).toBe('draft');
      }
      expect(out, action).toEqual(OWNER_ONLY);
    }
    await settle();
  });

  it('answers 404 for an announcement of another app, even through the right app’s id', async () => {
    const other = await create(cast.stranger, cast.other.app.id);
    for (const [method, path, body] of [
      ['GET', `/${other.id}`, undefined],
      ['PUT', `/${other.id}`, draft()],
      ['DELETE', `/${other.id}`, undefined],
      ['POST', `/${other.id}/send`, undefined],
    ] as const) {
      expect((await consoleCall(t, cast.owner, method, url(cast.tenant.app.id, path), body)).statusCode, `${method} ${path}`).toBe(404);
      expect((await consoleCall(t, cast.owner, method, url(cast.other.app.id, path), body)).statusCode).toBe(404);
    }
    expect((await rowOf(other.id)).status).toBe('draft');
  });
});

describe('bad input', () => {
  it('answers 422 with field messages', async () => {
    const appId = cast.tenant.app.id;
    const post = (body: unknown) => consoleCall(t, cast.owner, 'POST', url(appId), body);
    expect(fieldErrorsOf(await post(draft({ bodies: {} })))).toEqual([
      { field: 'bodies', message: 'Write the announcement in at least one language' },
    ]);
    expect(fieldErrorsOf(await post(draft({ bodies: { en_US: { title: ' ', body: 'x' } } })))).toEqual([
      { field: 'bodies.en_US.title', message: 'Enter a title' },
    ]);
    expect(fieldsOf(await post(draft({ bodies: { en_US: { title: 'x'.repeat(141), body: 'y'.repeat(2001) } } })))).toEqual([
      'bodies.en_US.body',
      'bodies.en_US.title',
    ]);
    expect((await post(draft({ bodies: { en_US: { title: 'x'.repeat(140), body: 'y'.repeat(2000) } } }))).statusCode).toBe(200);
    expect((await post(draft({ bodies: { xx_XX: { title: 'a', body: 'b' } } }))).statusCode).toBe(422);
    expect(fieldErrorsOf(await post(draft({ send_at: new Date(Date.now() - 1000).toISOString() })))).toEqual([
      { field: 'send_at', message: 'Choose a time in the future' },
    ]);
    expect(fieldsOf(await post(draft({ send_at: 'tomorrow' })))).toEqual(['send_at']);
    expect((await post(draft({ segment: { kind: 'everyone' } }))).statusCode).toBe(422);
    expect((await post(draft({ segment: { kind: 'role', role: 'admins' } }))).statusCode).toBe(422);
    // German for a German organiser.
    const de = await t.app.inject({
      method: 'POST',
      url: `/console/api${url(appId)}`,
      headers: { 'access-token': cast.owner.token, cookie: 'locale=de_DE' },
      payload: draft({ bodies: {} }),
    });
    expect(fieldErrorsOf(de)).toEqual([{ field: 'bodies', message: 'Schreiben Sie die Ankündigung in mindestens einer Sprache' }]);
  });

  it('refuses an event or session of another app, in a write and in the count, and sends nothing', async () => {
    const theirEvent = await makeEvent(cast.other);
    const theirSession = await makeSession(cast.other);
    const appId = cast.tenant.app.id;
    for (const [segment, field] of [
      [{ kind: 'event', event_id: theirEvent.id }, 'segment.event_id'],
      [{ kind: 'session', session_id: theirSession.id }, 'segment.session_id'],
      [{ kind: 'event', event_id: 999_999 }, 'segment.event_id'],
    ] as const) {
      expect(fieldsOf(await consoleCall(t, cast.owner, 'POST', url(appId), draft({ segment })))).toEqual([field]);
      expect(fieldsOf(await consoleCall(t, cast.owner, 'POST', url(appId, '/preview-count'), { segment }))).toEqual([field]);
    }
    const mine = await create(cast.owner, appId);
    expect(
      fieldsOf(
        await consoleCall(t, cast.owner, 'PUT', url(appId, `/${mine.id}`), draft({ segment: { kind: 'event', event_id: theirEvent.id } })),
      ),
    ).toEqual(['segment.event_id']);
    expect((await rowOf(mine.id)).segment).toEqual({ kind: 'all' });
    expect(
      (await t.app.ctx.db.select().from(announcements).where(eq(announcements.appId, appId))).every((r) => r.segment.kind === 'all'),
    ).toBe(true);
  });

  it('edits and cancels only while a draft or scheduled', async () => {
    const appId = cast.tenant.app.id;
    const one = await create(cast.owner, appId, draft({ send_at: inAMinute() }));
    expect(one.status).toBe('scheduled');
    const edited = await consoleCall(
      t,
      cast.owner,
      'PUT',
      url(appId, `/${one.id}`),
      draft({ bodies: { de_DE: { title: 'Hallo', body: 'Los geht’s' } } }),
    );
    expect(edited.json()).toMatchObject({ status: 'draft', title: 'Hallo', bodies: { de_DE: { title: 'Hallo', body: 'Los geht’s' } } });
    expect((await consoleCall(t, cast.owner, 'DELETE', url(appId, `/${one.id}`))).json()).toMatchObject({ status: 'cancelled' });
    for (const [method, path, body] of [
      ['PUT', `/${one.id}`, draft()],
      ['DELETE', `/${one.id}`, undefined],
      ['POST', `/${one.id}/send`, undefined],
    ] as const) {
      const r = await consoleCall(t, cast.owner, method, url(appId, path), body);
      expect(r.statusCode, `${method} ${path}`).toBe(422);
      expect(fieldsOf(r)).toEqual(['_popup']);
    }
    const log = await t.app.ctx.db
      .select({ action: consoleAudit.action, before: consoleAudit.before, after: consoleAudit.after })
      .from(consoleAudit)
      .where(and(eq(consoleAudit.targetType, 'announcement'), eq(consoleAudit.targetId, String(one.id))))
      .orderBy(consoleAudit.id);
    expect(log.map((l) => l.action)).toEqual(['announcement.create', 'announcement.update', 'announcement.cancel']);
    expect(log[1]?.after).toMatchObject({ title: 'Hallo', status: 'draft' });
    expect(log[2]).toMatchObject({ before: { status: 'draft' }, after: { status: 'cancelled' } });
  });
});

describe('segments', () => {
  it('reaches only the members registered for the event, holding the session, or of the role', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const [a, b, c] = await Promise.all([makeUser(t, tenant), makeUser(t, tenant), makeUser(t, tenant)]);
    const mod = await makeUser(t, tenant, { isModerator: true });
    // Neither an unconfirmed nor a blocked nor a deleted account gets anything.
    await makeUser(t, tenant, { emailConfirmedAt: null });
    await makeUser(t, tenant, { blockedAt: new Date() });
    await makeUser(t, tenant, { deletedAt: new Date() });
    if (!a || !b || !c) throw new Error('users');
    const ev = await makeEvent(tenant);
    const session = await makeSession(tenant);
    await t.app.ctx.db.insert(eventRegistrations).values([
      { eventId: ev.id, userId: a.user.id, appId },
      { eventId: ev.id, userId: b.user.id, appId },
    ]);
    await t.app.ctx.db.insert(agendaSchedule).values([{ userId: c.user.id, sessionId: session.id, appId }]);

    const count = async (segment: unknown) =>
      (await consoleCall(t, owner, 'POST', url(appId, '/preview-count'), { segment })).json().count as number;
    expect(await count({ kind: 'all' })).toBe(5);
    expect(await count({ kind: 'event', event_id: ev.id })).toBe(2);
    expect(await count({ kind: 'session', session_id: session.id })).toBe(1);
    expect(await count({ kind: 'role', role: 'owners' })).toBe(1);
    expect(await count({ kind: 'role', role: 'moderators' })).toBe(1);
    expect(await count({ kind: 'role', role: 'members' })).toBe(3);

    const choices = (await consoleCall(t, owner, 'GET', url(appId, '/segments'))).json();
    expect(choices.events.map((e: { id: number }) => e.id)).toEqual([ev.id]);
    expect(choices.sessions).toEqual([expect.objectContaining({ id: session.id, title: 'Keynote', module_name: 'agenda' })]);

    const sockets = await Promise.all([a, b, c, mod].map((u) => listener(u.token)));
    for (const [i, u] of [a, b, c, mod].entries()) await device(u.user.id, `seg-${i}`);
    const one = await create(owner, appId, draft({ segment: { kind: 'event', event_id: ev.id } }));
    const sent = await consoleCall(t, owner, 'POST', url(appId, `/${one.id}/send`));
    expect(sent.json()).toMatchObject({ status: 'sending' });
    await settle();
    await until(() => (sockets[0]?.got.length ?? 0) === 1 && (sockets[1]?.got.length ?? 0) === 1);
    await sleep(200);
    expect(sockets.map((s) => s.got.length)).toEqual([1, 1, 0, 0]);
    expect([0, 1, 2, 3].map((i) => pushesTo(`seg-${i}`).length)).toEqual([1, 1, 0, 0]);
    expect(await rowOf(one.id)).toMatchObject({ status: 'sent', recipients: 2 });
    expect((await rowOf(one.id)).sentAt).toBeInstanceOf(Date);

    const toSession = await create(owner, appId, draft({ segment: { kind: 'session', session_id: session.id } }));
    await consoleCall(t, owner, 'POST', url(appId, `/${toSession.id}/send`));
    await settle();
    await until(() => (sockets[2]?.got.length ?? 0) === 1);
    await sleep(200);
    expect(sockets.map((s) => s.got.length)).toEqual([1, 1, 1, 0]);
    for (const s of sockets) s.socket.disconnect();
  });
});

describe('sending', () => {
  it('writes each member’s language, else the app’s default language, else the first written', () => {
    const both = { en_US: { title: 'Hi', body: 'EN' }, de_DE: { title: 'Hallo', body: 'DE' } };
    expect(textFor(both, 'de_DE', 'en_US').body).toBe('DE');
    expect(textFor(both, 'fr_FR', 'en_US').body).toBe('EN');
    expect(textFor(both, 'fr_FR', 'de_DE').body).toBe('DE');
    expect(textFor({ it_IT: { title: 'Ciao', body: 'IT' } }, 'fr_FR', 'en_US').body).toBe('IT');
  });

  it('delivers in-app and push in the members’ languages, obeying their toggles', async () => {
    const { tenant, owner } = await freshApp(['settings']);
    const appId = tenant.app.id;
    const de = await makeUser(t, tenant, { locale: 'de_DE' });
    const fr = await makeUser(t, tenant, { locale: 'fr_FR' });
    const quiet = await makeUser(t, tenant);
    const noPush = await makeUser(t, tenant);
    await t.app.ctx.db.insert(notificationPreferences).values([
      { appId, userId: quiet.user.id, category: 'admin', inapp: false, push: true },
      { appId, userId: noPush.user.id, category: 'admin', inapp: true, push: false },
    ]);
    const keys = await device(de.user.id, 'lang-de');
    await device(fr.user.id, 'lang-fr');
    await device(quiet.user.id, 'lang-quiet');
    await device(noPush.user.id, 'lang-nopush');
    const [sDe, sFr, sQuiet, sNoPush] = await Promise.all([de, fr, quiet, noPush].map((u) => listener(u.token)));
    const one = await create(
      owner,
      appId,
      draft({
        bodies: { en_US: { title: 'Welcome', body: 'Doors open at nine' }, de_DE: { title: 'Willkommen', body: 'Einlass ab neun' } },
      }),
    );
    expect((await consoleCall(t, owner, 'POST', url(appId, `/${one.id}/send`))).statusCode).toBe(200);
    await settle();
    await until(() => sDe?.got.length === 1 && sFr?.got.length === 1 && sNoPush?.got.length === 1);
    await sleep(200);
    expect(sDe?.got[0]).toEqual({ title: 'Willkommen', message: 'Einlass ab neun', app_name: tenant.app.name });
    expect(sFr?.got[0]).toMatchObject({ title: 'Welcome', message: 'Doors open at nine' });
    expect(sQuiet?.got).toEqual([]);
    expect(pushesTo('lang-de')).toHaveLength(1);
    expect(pushesTo('lang-fr')).toHaveLength(1);
    expect(pushesTo('lang-quiet')).toHaveLength(1);
    expect(pushesTo('lang-nopush')).toHaveLength(0);
    const payload = JSON.parse(decryptPush(pushesTo('lang-de')[0]?.body ?? Buffer.alloc(0), keys.ua, keys.authSecret));
    expect(payload).toMatchObject({ title: 'Willkommen', body: 'Einlass ab neun', category: 'admin' });
    // Everyone of the segment counts as reached (the owner too), whatever their toggles.
    expect(await rowOf(one.id)).toMatchObject({ status: 'sent', recipients: 5 });
    for (const s of [sDe, sFr, sQuiet, sNoPush]) s?.socket.disconnect();
  });

  it('answers the send at once and sends once, however often it is asked', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const one = await create(owner, appId);
    const answers = await Promise.all([1, 2, 3].map(() => consoleCall(t, owner, 'POST', url(appId, `/${one.id}/send`))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    await settle();
    expect(await rowOf(one.id)).toMatchObject({ status: 'sent', recipients: 1, claim: 1 });
    const sends = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'announcement.send'), eq(consoleAudit.targetId, String(one.id))));
    expect(sends).toHaveLength(1);
  });
});

describe('the schedule', () => {
  it('sends a scheduled announcement once when its time comes, even with two sweeps racing', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const member = await makeUser(t, tenant);
    await device(member.user.id, 'sched');
    const one = await create(owner, appId, draft({ send_at: inAMinute() }));
    expect(await sweepAnnouncements(t.app.ctx)).not.toContain(one.id);
    await t.app.ctx.db
      .update(announcements)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, one.id));
    const [x, y] = await Promise.all([sweepAnnouncements(t.app.ctx), sweepAnnouncements(t.app.ctx)]);
    expect([...(x ?? []), ...(y ?? [])].filter((id) => id === one.id)).toHaveLength(1);
    await settle();
    expect(await sweepAnnouncements(t.app.ctx)).not.toContain(one.id);
    await settle();
    expect(pushesTo('sched')).toHaveLength(1);
    expect(await rowOf(one.id)).toMatchObject({ status: 'sent', recipients: 2 });
  });

  it('never sends a cancelled one', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const member = await makeUser(t, tenant);
    await device(member.user.id, 'cancelled');
    const one = await create(owner, appId, draft({ send_at: inAMinute() }));
    await consoleCall(t, owner, 'DELETE', url(appId, `/${one.id}`));
    await t.app.ctx.db
      .update(announcements)
      .set({ sendAt: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, one.id));
    expect(await sweepAnnouncements(t.app.ctx)).not.toContain(one.id);
    await settle();
    expect(pushesTo('cancelled')).toHaveLength(0);
    expect(await rowOf(one.id)).toMatchObject({ status: 'cancelled', recipients: 0 });
  });

  it('resumes after the cursor a send whose node went away (its lease ran out), and leaves a live one alone', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const first = await makeUser(t, tenant);
    const second = await makeUser(t, tenant);
    await device(first.user.id, 'resume-1');
    await device(second.user.id, 'resume-2');
    const one = await create(owner, appId);
    // A node claimed it, handed the owner and the first member over, and died.
    await t.app.ctx.db
      .update(announcements)
      .set({ status: 'sending', claim: 1, cursor: first.user.id, recipients: 2, leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(announcements.id, one.id));
    expect(await sweepAnnouncements(t.app.ctx)).not.toContain(one.id);
    await t.app.ctx.db
      .update(announcements)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(announcements.id, one.id));
    expect(await sweepAnnouncements(t.app.ctx)).toContain(one.id);
    await settle();
    expect(pushesTo('resume-1')).toHaveLength(0);
    expect(pushesTo('resume-2')).toHaveLength(1);
    expect(await rowOf(one.id)).toMatchObject({ status: 'sent', recipients: 3, claim: 2 });
  });

  it('lists the announcements newest first with pages, and filters by status', async () => {
    const { tenant, owner } = await freshApp();
    const appId = tenant.app.id;
    const a = await create(owner, appId);
    const b = await create(owner, appId, draft({ send_at: inAMinute() }));
    const all = await consoleCall(t, owner, 'GET', `${url(appId)}?per-page=1`);
    expect(all.json().map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect(all.headers['x-pagination-total-count']).toBe('2');
    const scheduled = await consoleCall(t, owner, 'GET', `${url(appId)}?status=scheduled`);
    expect(scheduled.json()).toEqual([expect.objectContaining({ id: b.id, status: 'scheduled', author_name: expect.any(String) })]);
    expect(a.status).toBe('draft');
  });
});

describe('account deletion', () => {
  it('forgets the author of a deleted account and keeps the announcement', async () => {
    const { tenant, owner } = await freshApp();
    const one = await create(owner, tenant.app.id);
    await t.app.ctx.db.delete(users).where(eq(users.id, owner.id));
    expect((await rowOf(one.id)).authorId).toBeNull();
  });
});
