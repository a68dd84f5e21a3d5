import type { AddressInfo } from 'node:net';
import {
  agendaOverview,
  agendaSession,
  calendarFeed,
  type PublicQuestion,
  question,
  ratingAnswer,
  scheduleAnswer,
  sessionDetail,
  speakerDetail,
} from '@app/contract/schemas/agenda';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeModule, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { agendaRatings, agendaSchedule, agendaSessionSpeakers, agendaSessions, agendaSpeakers, agendaTracks } from './agenda.table.ts';

let t: TestApp;
let base: string;
let tenant: Tenant;
let mod: ModuleRow;
let anna: Member;
let ben: Member;
let admin: Member;
let speakerMember: Member;
let stranger: Member;
let strangerMod: ModuleRow;
const ids: Record<string, number> = {};
const HOUR = 3_600_000;

async function addSession(values: {
  title: string;
  startsAt: Date;
  minutes?: number;
  track?: number;
  speakers?: number[];
  location?: string;
}) {
  const [row] = await t.app.ctx.db
    .insert(agendaSessions)
    .values({
      appId: tenant.app.id,
      appModuleId: mod.id,
      trackId: values.track ?? null,
      title: values.title,
      descriptionHtml: `<p>About ${values.title}</p>`,
      descriptionText: `About ${values.title}`,
      location: values.location ?? 'Hall A',
      startsAt: values.startsAt,
      endsAt: new Date(values.startsAt.getTime() + (values.minutes ?? 45) * 60_000),
    })
    .returning();
  if (!row) throw new Error('no session');
  for (const [position, speakerId] of (values.speakers ?? []).entries())
    await t.app.ctx.db.insert(agendaSessionSpeakers).values({ sessionId: row.id, speakerId, position });
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['agenda'] });
  mod = tenant.modules[0] as ModuleRow;
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  admin = await makeUser(t, tenant, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  speakerMember = await makeUser(t, tenant, { firstName: 'Sam', lastName: 'Speaker' });
  const other = await makeTenant(t, { modules: ['agenda'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
  const db = t.app.ctx.db;
  const [track] = await db
    .insert(agendaTracks)
    .values({ appId: tenant.app.id, appModuleId: mod.id, name: 'Main', color: '#123456' })
    .returning();
  const [other2] = await db
    .insert(agendaTracks)
    .values({ appId: tenant.app.id, appModuleId: mod.id, name: 'Side', color: '#654321', position: 1 })
    .returning();
  const [sam] = await db
    .insert(agendaSpeakers)
    .values({ appId: tenant.app.id, appModuleId: mod.id, userId: speakerMember.user.id, name: 'Sam Speaker', bioHtml: '<p>Sam talks.</p>' })
    .returning();
  if (!track || !other2 || !sam) throw new Error('setup');
  ids.track = track.id;
  ids.side = other2.id;
  ids.speaker = sam.id;
  // Day 1 (2030-03-10, UTC): two overlapping sessions at 10:00 and one at 23:30 (the next day in Vilnius).
  ids.keynote = await addSession({
    title: 'Opening keynote lighthouse',
    startsAt: new Date('2030-03-10T10:00:00Z'),
    track: track.id,
    speakers: [sam.id],
  });
  ids.parallel = await addSession({ title: 'Parallel workshop', startsAt: new Date('2030-03-10T10:15:00Z'), track: other2.id });
  ids.late = await addSession({ title: 'Late night talk', startsAt: new Date('2030-03-10T23:30:00Z'), track: track.id });
  // Started an hour ago: it may be rated.
  ids.past = await addSession({ title: 'Yesterday retro', startsAt: new Date(Date.now() - HOUR), speakers: [sam.id] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/agenda/${m.id}${rest}`;

async function ok<T>(res: Awaited<ReturnType<typeof call>>, schema: { parse: (v: unknown) => T }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}

describe('agenda: days, sessions, filters', () => {
  it('answers the days in the time zone asked for, the tracks and counts', async () => {
    const utc = await ok(await call(anna.token, 'GET', url('/overview?tz=UTC')), agendaOverview);
    expect(utc.dates).toContain('2030-03-10');
    expect(utc.dates).not.toContain('2030-03-11');
    expect(utc.tracks.map((x) => x.name)).toEqual(['Main', 'Side']);
    const vilnius = await ok(await call(anna.token, 'GET', url('/overview?tz=Europe/Vilnius')), agendaOverview);
    expect(vilnius.dates).toContain('2030-03-11');
    // An unknown zone falls back to UTC rather than failing.
    const bad = await ok(await call(anna.token, 'GET', url('/overview?tz=Mars/Olympus')), agendaOverview);
    expect(bad.dates).toEqual(utc.dates);
    // How many start at each instant: the day picker names a day "3 sessions".
    expect(utc.start_counts).toHaveLength(utc.starts.length);
    expect(utc.start_counts.reduce((a, b) => a + b, 0)).toBe(utc.sessions_count);
    expect(utc.start_counts[utc.starts.indexOf(Date.parse('2030-03-10T10:00:00Z'))]).toBe(1);
  });

  it('lists a day by time, filters by track and searches any word', async () => {
    const day = await ok(
      await call(anna.token, 'GET', url('/sessions?from=2030-03-10T00:00:00Z&to=2030-03-11T00:00:00Z')),
      z.array(agendaSession),
    );
    expect(day.map((s) => s.title)).toEqual(['Opening keynote lighthouse', 'Parallel workshop', 'Late night talk']);
    expect(day[0]?.speakers[0]?.name).toBe('Sam Speaker');
    expect(day[0]?.track?.name).toBe('Main');
    const side = await ok(await call(anna.token, 'GET', url(`/sessions?track=${ids.side}`)), z.array(agendaSession));
    expect(side.map((s) => s.id)).toEqual([ids.parallel]);
    const found = await ok(await call(anna.token, 'GET', url('/sessions?search=LIGHTHOU')), z.array(agendaSession));
    expect(found.map((s) => s.id)).toEqual([ids.keynote]);
    const bad = await call(anna.token, 'GET', url('/sessions?track=1;drop'));
    expect(bad.statusCode).toBe(422);
    // Instants PostgreSQL cannot hold are a field error, not a 500.
    for (const from of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']) {
      const odd = await call(anna.token, 'GET', url(`/sessions?from=${encodeURIComponent(from)}`));
      expect(odd.statusCode, from).toBe(422);
    }
  });

  it('keeps a personal schedule: add twice counts once, remove, my=1 lists it', async () => {
    const first = await ok(await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/schedule`)), scheduleAnswer);
    const again = await ok(await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/schedule`)), scheduleAnswer);
    expect(first).toEqual({ in_schedule: true, attendees_count: 1 });
    expect(again.attendees_count).toBe(1);
    await ok(await call(anna.token, 'POST', url(`/sessions/${ids.parallel}/schedule`)), scheduleAnswer);
    const mine = await ok(await call(anna.token, 'GET', url('/sessions?my=1')), z.array(agendaSession));
    expect(mine.map((s) => s.id)).toEqual([ids.keynote, ids.parallel]);
    expect(mine.every((s) => s.in_schedule)).toBe(true);
    const bens = await ok(await call(ben.token, 'GET', url('/sessions?my=1')), z.array(agendaSession));
    expect(bens).toEqual([]);
    const removed = await ok(await call(anna.token, 'DELETE', url(`/sessions/${ids.parallel}/schedule`)), scheduleAnswer);
    expect(removed).toEqual({ in_schedule: false, attendees_count: 0 });
    const detail = await ok(await call(anna.token, 'GET', url(`/sessions/${ids.keynote}`)), sessionDetail);
    expect(detail).toMatchObject({ in_schedule: true, attendees_count: 1, can_edit: false, can_moderate: false });
    expect(detail.description).toContain('About Opening keynote');
  });

  it('shows a speaker with their sessions', async () => {
    const s = await ok(await call(ben.token, 'GET', url(`/speakers/${ids.speaker}`)), speakerDetail);
    expect(s.name).toBe('Sam Speaker');
    expect(s.sessions.map((x) => x.id).sort()).toEqual([ids.keynote, ids.past].sort());
  });
});

describe('agenda: ratings', () => {
  it('rates once per member, editable, with the range and start rules', async () => {
    const first = await ok(
      await call(anna.token, 'PUT', url(`/sessions/${ids.past}/rating`), { rating: 4, comment: 'Good' }),
      ratingAnswer,
    );
    expect(first).toMatchObject({ rating_average: 4, ratings_count: 1 });
    const edit = await ok(await call(anna.token, 'PUT', url(`/sessions/${ids.past}/rating`), { rating: 2 }), ratingAnswer);
    expect(edit).toMatchObject({ rating_average: 2, ratings_count: 1, my_rating: { rating: 2, comment: '' } });
    await ok(await call(ben.token, 'PUT', url(`/sessions/${ids.past}/rating`), { rating: 5 }), ratingAnswer);
    const detail = await ok(await call(anna.token, 'GET', url(`/sessions/${ids.past}`)), sessionDetail);
    expect(detail).toMatchObject({ rating_average: 3.5, ratings_count: 2, my_rating: { rating: 2 } });

    const range = await call(anna.token, 'PUT', url(`/sessions/${ids.past}/rating`), { rating: 6 }, { cookie: 'locale=de_DE' });
    expect(range.statusCode).toBe(422);
    expect(fieldErrorsOf(range)[0]).toMatchObject({ field: 'rating' });
    expect(fieldErrorsOf(range)[0]?.message).not.toMatch(/between 1 and 5/);
    const early = await call(anna.token, 'PUT', url(`/sessions/${ids.keynote}/rating`), { rating: 3 });
    expect(early.statusCode).toBe(422);
    const long = await call(anna.token, 'PUT', url(`/sessions/${ids.past}/rating`), { rating: 3, comment: 'x'.repeat(1001) });
    expect(fieldErrorsOf(long)[0]?.field).toBe('comment');
  });

  it('sends the new average live to the session’s watchers', async () => {
    const sessionId = await addSession({ title: 'Rated live', startsAt: new Date(Date.now() - HOUR) });
    const watcher = socketClient(base, ben.token);
    await connected(watcher);
    const got: Array<{ session_id: number; rating_average: number | null; ratings_count: number }> = [];
    watcher.on('agendaRating', (p: (typeof got)[number]) => got.push(p));
    watcher.emit('agendaWatch', { app_module_id: mod.id, session_id: sessionId, watch: true });
    await new Promise((r) => setTimeout(r, 200));
    await ok(await call(anna.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 4 }), ratingAnswer);
    await until(() => got.some((e) => e.session_id === sessionId && e.rating_average === 4 && e.ratings_count === 1));
    await ok(await call(admin.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 1 }), ratingAnswer);
    await until(() => got.some((e) => e.session_id === sessionId && e.rating_average === 2.5 && e.ratings_count === 2));
    watcher.disconnect();
  });

  it('counts two ratings sent at once by one member once', async () => {
    const sessionId = await addSession({ title: 'Race', startsAt: new Date(Date.now() - HOUR) });
    const both = await Promise.all([
      call(ben.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 5 }),
      call(ben.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 1 }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const d = await ok(await call(ben.token, 'GET', url(`/sessions/${sessionId}`)), sessionDetail);
    expect(d.ratings_count).toBe(1);
    expect([1, 5]).toContain(d.rating_average);
  });
});

describe('agenda: Q&A', () => {
  it('asks, upvotes once, and the speaker marks answered; others may not', async () => {
    const asked = await ok(
      await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/questions`), { text: '  Will slides be shared?  ' }),
      question,
    );
    expect(asked).toMatchObject({ text: 'Will slides be shared?', votes_count: 0, voted: false, answered: false });
    const qUrl = url(`/sessions/${ids.keynote}/questions/${asked.id}`);
    await Promise.all([call(ben.token, 'POST', `${qUrl}/vote`), call(ben.token, 'POST', `${qUrl}/vote`)]);
    const list = await ok(await call(ben.token, 'GET', url(`/sessions/${ids.keynote}/questions`)), z.array(question));
    expect(list.find((q) => q.id === asked.id)).toMatchObject({ votes_count: 1, voted: true });
    const forAnna = await ok(await call(anna.token, 'GET', url(`/sessions/${ids.keynote}/questions`)), z.array(question));
    expect(forAnna.find((q) => q.id === asked.id)?.voted).toBe(false);

    expect((await call(ben.token, 'PUT', `${qUrl}/answered`, { answered: true })).statusCode).toBe(403);
    const answered = await ok(await call(speakerMember.token, 'PUT', `${qUrl}/answered`, { answered: true }), question);
    expect(answered.answered).toBe(true);
    const detail = await ok(await call(speakerMember.token, 'GET', url(`/sessions/${ids.keynote}`)), sessionDetail);
    expect(detail.can_moderate).toBe(true);
    const unvoted = await ok(await call(ben.token, 'DELETE', `${qUrl}/vote`), question);
    expect(unvoted).toMatchObject({ votes_count: 0, voted: false });
    expect((await call(ben.token, 'DELETE', qUrl)).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', qUrl)).statusCode).toBe(200);
  });

  it('refuses empty and long questions with field messages', async () => {
    const empty = await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/questions`), { text: '   ' });
    expect(fieldErrorsOf(empty)).toEqual([{ field: 'text', message: expect.any(String) }]);
    const long = await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/questions`), { text: 'q'.repeat(501) });
    expect(fieldErrorsOf(long)[0]?.message).toContain('500');
  });

  it('sends questions and votes live to the session’s watchers only', async () => {
    const watcher = socketClient(base, ben.token);
    const elsewhere = socketClient(base, stranger.token);
    await Promise.all([connected(watcher), connected(elsewhere)]);
    const got: PublicQuestion[] = [];
    const leaked: unknown[] = [];
    watcher.on('agendaQuestion', (p: { question: PublicQuestion }) => got.push(p.question));
    elsewhere.on('agendaQuestion', (p: unknown) => leaked.push(p));
    watcher.emit('agendaWatch', { app_module_id: mod.id, session_id: ids.keynote, watch: true });
    // Another app's socket naming this session is not let in.
    elsewhere.emit('agendaWatch', { app_module_id: strangerMod.id, session_id: ids.keynote, watch: true });
    elsewhere.emit('agendaWatch', { app_module_id: mod.id, session_id: ids.keynote, watch: true });
    await new Promise((r) => setTimeout(r, 200));
    const asked = await ok(await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/questions`), { text: 'Live one?' }), question);
    await until(() => got.some((q) => q.id === asked.id));
    await call(admin.token, 'POST', url(`/sessions/${ids.keynote}/questions/${asked.id}/vote`));
    await until(() => got.some((q) => q.id === asked.id && q.votes_count === 1));
    expect(leaked).toEqual([]);
    watcher.emit('agendaWatch', { app_module_id: mod.id, session_id: ids.keynote, watch: false });
    await new Promise((r) => setTimeout(r, 200));
    const n = got.length;
    await call(anna.token, 'POST', url(`/sessions/${ids.keynote}/questions`), { text: 'Not seen?' });
    await new Promise((r) => setTimeout(r, 300));
    expect(got.length).toBe(n);
    watcher.disconnect();
    elsewhere.disconnect();
  });
});

describe('agenda: account deletion', () => {
  it('takes a deleted account out of attendee counts, averages and upvotes; its questions stay', async () => {
    const settings = await makeModule(t, tenant, 'settings');
    const leaver = await makeUser(t, tenant, { firstName: 'Lea', lastName: 'Ver', password: 'secret-123' });
    const sessionId = await addSession({ title: 'Leaving soon', startsAt: new Date(Date.now() - HOUR), minutes: 180 });
    await ok(await call(ben.token, 'POST', url(`/sessions/${sessionId}/schedule`)), scheduleAnswer);
    expect(await ok(await call(leaver.token, 'POST', url(`/sessions/${sessionId}/schedule`)), scheduleAnswer)).toMatchObject({
      attendees_count: 2,
    });
    await ok(await call(ben.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 2 }), ratingAnswer);
    await ok(await call(leaver.token, 'PUT', url(`/sessions/${sessionId}/rating`), { rating: 5, comment: 'Mine' }), ratingAnswer);
    const asked = await ok(await call(ben.token, 'POST', url(`/sessions/${sessionId}/questions`), { text: 'Slides?' }), question);
    const own = await ok(await call(leaver.token, 'POST', url(`/sessions/${sessionId}/questions`), { text: 'Recording?' }), question);
    await ok(await call(leaver.token, 'POST', url(`/sessions/${sessionId}/questions/${asked.id}/vote`)), question);
    const watcher = socketClient(base, ben.token);
    await connected(watcher);
    const counts: number[] = [];
    watcher.on('agendaAttendees', (p: { session_id: number; attendees_count: number }) => {
      if (p.session_id === sessionId) counts.push(p.attendees_count);
    });
    watcher.emit('agendaWatch', { app_module_id: mod.id, session_id: sessionId, watch: true });
    await new Promise((r) => setTimeout(r, 200));

    const erased = await call(leaver.token, 'POST', `/settings/${settings.id}/delete-account`, { password: 'secret-123' });
    expect(erased.statusCode, erased.body).toBe(200);

    const d = await ok(await call(ben.token, 'GET', url(`/sessions/${sessionId}`)), sessionDetail);
    expect(d).toMatchObject({ attendees_count: 1, ratings_count: 1, rating_average: 2 });
    const db = t.app.ctx.db;
    expect(await db.select().from(agendaSchedule).where(eq(agendaSchedule.userId, leaver.user.id))).toEqual([]);
    expect(await db.select().from(agendaRatings).where(eq(agendaRatings.userId, leaver.user.id))).toEqual([]);
    const qs = await ok(await call(ben.token, 'GET', url(`/sessions/${sessionId}/questions`)), z.array(question));
    expect(qs.find((q) => q.id === asked.id)?.votes_count).toBe(0);
    // What they asked stays, like a post, under the anonymised name.
    expect(qs.some((q) => q.id === own.id)).toBe(true);
    await until(() => counts.includes(1));
    watcher.disconnect();
  });
});

describe('agenda: changes and calendars', () => {
  it('lets only the app owner move or cancel a session; everyone gets it live and calendars follow', async () => {
    const listener = socketClient(base, ben.token);
    await connected(listener);
    const changes: Array<{ id: number; cancelled: boolean; version: number }> = [];
    listener.on('agendaSession', (p: { session: { id: number; cancelled: boolean; version: number } }) => changes.push(p.session));
    expect((await call(anna.token, 'PATCH', url(`/sessions/${ids.late}`), { location: 'Room 9' })).statusCode).toBe(403);
    const bad = await call(admin.token, 'PATCH', url(`/sessions/${ids.late}`), { ends_at: '2030-03-10T20:00:00Z' });
    expect(fieldErrorsOf(bad)[0]?.field).toBe('ends_at');
    const moved = await ok(
      await call(admin.token, 'PATCH', url(`/sessions/${ids.late}`), {
        starts_at: '2030-03-10T21:00:00Z',
        ends_at: '2030-03-10T22:00:00Z',
        location: 'Room 9',
      }),
      sessionDetail,
    );
    expect(moved).toMatchObject({ location: 'Room 9', starts_at: '2030-03-10T21:00:00.000Z', version: 1 });
    // The same again changes nothing and tells nobody; a year no calendar holds is a field error, not a 500.
    const again = await ok(await call(admin.token, 'PATCH', url(`/sessions/${ids.late}`), { location: ' Room 9 ' }), sessionDetail);
    expect(again.version).toBe(1);
    for (const starts_at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00']) {
      const odd = await call(admin.token, 'PATCH', url(`/sessions/${ids.late}`), { starts_at });
      expect(odd.statusCode, starts_at).toBe(422);
      expect(fieldErrorsOf(odd)[0]?.field).toBe('starts_at');
    }
    await until(() => changes.some((c) => c.id === ids.late && c.version === 1));
    listener.disconnect();
    // The day's list (cached) shows the move at once.
    const day = await ok(await call(anna.token, 'GET', url(`/sessions?track=${ids.track}`)), z.array(agendaSession));
    expect(day.find((s) => s.id === ids.late)?.location).toBe('Room 9');

    // Anna subscribes; the feed shows the session, then its cancellation with a higher SEQUENCE.
    await call(anna.token, 'POST', url(`/sessions/${ids.late}/schedule`));
    const feed = await ok(await call(anna.token, 'POST', url('/calendar-feed')), calendarFeed);
    expect(feed.url).toMatch(/\/agenda\/feed\.ics\?token=/);
    const path = new URL(feed.url as string).pathname + new URL(feed.url as string).search;
    const before = await t.app.inject({ method: 'GET', url: path });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toContain('text/calendar');
    expect(before.body).toContain(`UID:agenda-session-${ids.late}@`);
    expect(before.body).toContain('LOCATION:Room 9');
    expect(before.body).toMatch(/DTSTART:20300310T210000Z/);
    await call(admin.token, 'PATCH', url(`/sessions/${ids.late}`), { cancelled: true });
    const after = await t.app.inject({ method: 'GET', url: path });
    expect(after.body).toContain('STATUS:CANCELLED');
    expect(after.body).toContain('SEQUENCE:2');
    // Cancelled: it cannot be added to a schedule any more.
    expect((await call(ben.token, 'POST', url(`/sessions/${ids.late}/schedule`))).statusCode).toBe(422);

    // A new link revokes the old one; revoking stops it.
    const state = await ok(await call(anna.token, 'GET', url('/calendar-feed')), calendarFeed);
    expect(state).toMatchObject({ url: null, created_at: expect.any(String) });
    const renewed = await ok(await call(anna.token, 'POST', url('/calendar-feed')), calendarFeed);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = new URL(renewed.url as string).pathname + new URL(renewed.url as string).search;
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);
    await call(anna.token, 'DELETE', url('/calendar-feed'));
    expect((await t.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(404);
  });

  it('exports one session and the schedule as .ics with the access token only', async () => {
    const one = await call(anna.token, 'GET', url(`/sessions/${ids.keynote}/calendar.ics`));
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-disposition']).toContain('attachment');
    expect(one.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(one.body).toContain('SUMMARY:Opening keynote lighthouse');
    const all = await call(anna.token, 'GET', url('/schedule.ics'));
    expect(all.body.match(/BEGIN:VEVENT/g)?.length).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: url('/schedule.ics') })).statusCode).toBe(401);
    const cross = await call(stranger.token, 'GET', url(`/sessions/${ids.keynote}/calendar.ics`));
    expect(cross.statusCode).toBe(404);
  });
});

describe('agenda: tenancy', () => {
  it('answers 404 to another app’s member for everything, and 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', url('/overview')],
      ['GET', url('/sessions')],
      ['GET', url(`/sessions/${ids.keynote}`)],
      ['POST', url(`/sessions/${ids.keynote}/schedule`)],
      ['GET', url(`/sessions/${ids.keynote}/questions`)],
      ['GET', url(`/speakers/${ids.speaker}`)],
    ] as const) {
      const res = await call(stranger.token, method, path);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Their own module with this app's session id: 404 too.
    expect((await call(stranger.token, 'GET', url(`/sessions/${ids.keynote}`, strangerMod))).statusCode).toBe(404);
    expect(errorOf(await t.app.inject({ method: 'GET', url: url('/sessions') })).status).toBe(401);
  });
});
