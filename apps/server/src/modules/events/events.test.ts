import type { AddressInfo } from 'node:net';
import {
  type EventRegistrationsEvent,
  eventCard,
  eventDetail,
  eventSpeakerDetail,
  eventsOverview,
  registrationAnswer,
} from '@app/contract/schemas/events';
import { relatedList } from '@app/contract/schemas/users';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeModule, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, pageHeaders } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { caller, type Member } from '../content/content.test-kit.ts';
import { eventAgendaItems, eventFlags, eventRegistrations, eventSections, eventSpeakers, events } from './events.table.ts';

let t: TestApp;
let base: string;
let tenant: Tenant;
let mod: ModuleRow;
let anna: Member;
let ben: Member;
let cleo: Member;
let stranger: Member;
let strangerMod: ModuleRow;
const ids = { meetup: 0, late: 0, past: 0, webinar: 0, external: 0, strangerEvent: 0, speaker: 0, section: 0 };
const HOUR = 3_600_000;

async function addEvent(
  values: Partial<typeof events.$inferInsert> & { title: string; startsAt: Date },
  m: ModuleRow = mod,
  appId?: number,
) {
  const [row] = await t.app.ctx.db
    .insert(events)
    .values({
      appId: appId ?? tenant.app.id,
      appModuleId: m.id,
      descriptionHtml: `<p>About ${values.title}</p>`,
      descriptionText: `About ${values.title}`,
      location: 'Hall A',
      endsAt: new Date(values.startsAt.getTime() + 2 * HOUR),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no event');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['events'] });
  mod = tenant.modules[0] as ModuleRow;
  anna = await makeUser(t, tenant, { firstName: 'Anna', lastName: 'Able' });
  ben = await makeUser(t, tenant, { firstName: 'Ben', lastName: 'Baker' });
  cleo = await makeUser(t, tenant, { firstName: 'Cleo', lastName: 'Cole' });
  const other = await makeTenant(t, { modules: ['events'] });
  strangerMod = other.modules[0] as ModuleRow;
  stranger = await makeUser(t, other);
  // 2030-03-10 (UTC): a meetup at 10:00 and one at 23:30 (already the 11th in Vilnius).
  ids.meetup = await addEvent({ title: 'Lighthouse meetup', startsAt: new Date('2030-03-10T10:00:00Z'), capacity: 2 });
  ids.late = await addEvent({ title: 'Late talk', startsAt: new Date('2030-03-10T23:30:00Z'), location: '' });
  ids.past = await addEvent({ title: 'Past dinner', startsAt: new Date(Date.now() - 5 * HOUR), endsAt: new Date(Date.now() - 3 * HOUR) });
  ids.webinar = await addEvent({
    title: 'Webinar',
    startsAt: new Date('2030-03-12T16:00:00Z'),
    location: '',
    onlineLocation: 'Zoom',
    onlineUrl: 'https://zoom.us/j/123',
    joinLinkTemplate: 'Join here: {link}',
  });
  ids.external = await addEvent({
    title: 'Dinner',
    startsAt: new Date('2030-03-13T19:00:00Z'),
    externalRegistrationUrl: 'https://tickets.example/d',
  });
  ids.strangerEvent = await addEvent({ title: 'Theirs', startsAt: new Date('2030-03-10T10:00:00Z') }, strangerMod, other.app.id);
  const db = t.app.ctx.db;
  const [speaker] = await db
    .insert(eventSpeakers)
    .values({ appId: tenant.app.id, eventId: ids.meetup, userId: ben.user.id, name: 'Ben Baker', bioHtml: '<p>Ben talks.</p>' })
    .returning();
  const [section] = await db
    .insert(eventSections)
    .values({ appId: tenant.app.id, eventId: ids.meetup, title: 'What to bring', bodyHtml: '<p>A laptop</p>' })
    .returning();
  await db.insert(eventAgendaItems).values([
    { appId: tenant.app.id, eventId: ids.meetup, title: 'Talks', startsAt: new Date('2030-03-10T10:30:00Z') },
    { appId: tenant.app.id, eventId: ids.meetup, title: 'Doors', startsAt: new Date('2030-03-10T10:00:00Z') },
  ]);
  if (!speaker || !section) throw new Error('setup');
  ids.speaker = speaker.id;
  ids.section = section.id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const call = caller(() => t);
const url = (rest = '', m: ModuleRow = mod) => `/events/${m.id}${rest}`;

async function ok<T>(res: Awaited<ReturnType<typeof call>>, schema: { parse: (v: unknown) => T }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return schema.parse(res.json());
}
const register = (m: Member, id: number, body: object = {}) => call(m.token, 'POST', url(`/events/${id}/registration`), body);
const unregister = (m: Member, id: number) => call(m.token, 'DELETE', url(`/events/${id}/registration`));

describe('events: list and details', () => {
  it('answers the days in the time zone asked for', async () => {
    const utc = await ok(await call(anna.token, 'GET', url('/overview?tz=UTC')), eventsOverview);
    expect(utc.dates).toContain('2030-03-10');
    expect(utc.dates).not.toContain('2030-03-11');
    const vilnius = await ok(await call(anna.token, 'GET', url('/overview?tz=Europe/Vilnius')), eventsOverview);
    expect(vilnius.dates).toContain('2030-03-11');
    const bad = await ok(await call(anna.token, 'GET', url('/overview?tz=Mars/Olympus')), eventsOverview);
    expect(bad.dates).toEqual(utc.dates);
  });

  it('answers how many events start at each instant, so a calendar day can say "2 events"', async () => {
    const twin = await addEvent({ title: 'Twin of the meetup', startsAt: new Date('2030-03-10T10:00:00Z') });
    try {
      const o = await ok(await call(anna.token, 'GET', url('/overview')), eventsOverview);
      expect(o.start_counts).toHaveLength(o.starts.length);
      expect(o.start_counts[o.starts.indexOf(Date.parse('2030-03-10T10:00:00Z'))]).toBe(2);
      expect(o.start_counts.reduce((a, b) => a + b, 0)).toBe(o.events_count);
    } finally {
      await t.app.ctx.db.delete(events).where(eq(events.id, twin));
    }
  });

  it('lists a day by time, upcoming from a time on, and searches any word prefix', async () => {
    const day = await ok(
      await call(anna.token, 'GET', url('/events?from=2030-03-10T00:00:00Z&to=2030-03-11T00:00:00Z')),
      z.array(eventCard),
    );
    expect(day.map((e) => e.title)).toEqual(['Lighthouse meetup', 'Late talk']);
    expect(day[0]).toMatchObject({ capacity: 2, places_left: 2, registrations_count: 0, registered: false, location: 'Hall A' });
    const upcoming = await ok(await call(anna.token, 'GET', url('/events?from=2030-03-11T00:00:00Z')), z.array(eventCard));
    // The late talk (23:30 to 01:30) is still running at midnight: it is upcoming too.
    expect(upcoming.map((e) => e.id)).toEqual([ids.late, ids.webinar, ids.external]);
    const found = await ok(await call(anna.token, 'GET', url('/events?search=LIGHTHO')), z.array(eventCard));
    expect(found.map((e) => e.id)).toEqual([ids.meetup]);
    expect((await call(anna.token, 'GET', url('/events?from=yesterday'))).statusCode).toBe(422);
  });

  it('lists as upcoming the events not over yet: a running one is in, one that ended earlier today is not', async () => {
    const now = Date.now();
    const ended = await addEvent({ title: 'Morning coffee', startsAt: new Date(now - 2 * HOUR), endsAt: new Date(now - HOUR) });
    const running = await addEvent({ title: 'All-day fair', startsAt: new Date(now - HOUR), endsAt: new Date(now + HOUR) });
    // Rows written behind the service's back: its cached list of the module goes.
    t.app.ctx.bus.publish({ t: 'cache', name: 'events-rows', prefix: '' });
    try {
      // The list's "Upcoming events" asks from the current minute on.
      const upcoming = await ok(await call(anna.token, 'GET', url(`/events?from=${new Date(now).toISOString()}`)), z.array(eventCard));
      const titles = upcoming.map((e) => e.title);
      expect(titles).toContain('All-day fair');
      expect(titles).not.toContain('Morning coffee');
      expect(titles).not.toContain('Past dinner');
      expect(titles).toContain('Lighthouse meetup');
    } finally {
      await t.app.ctx.db.delete(events).where(eq(events.id, ended));
      await t.app.ctx.db.delete(events).where(eq(events.id, running));
      t.app.ctx.bus.publish({ t: 'cache', name: 'events-rows', prefix: '' });
    }
  });

  it('shows details with speakers, sections and the agenda by time', async () => {
    const d = await ok(await call(anna.token, 'GET', url(`/events/${ids.meetup}`)), eventDetail);
    expect(d.description).toContain('About Lighthouse');
    expect(d.speakers).toEqual([expect.objectContaining({ name: 'Ben Baker', user_id: ben.user.id })]);
    expect(d.sections.map((s) => s.title)).toEqual(['What to bring']);
    expect(d.agenda.map((a) => a.title)).toEqual(['Doors', 'Talks']);
    expect(d.join_link).toBeNull();
    const s = await ok(await call(anna.token, 'GET', url(`/events/${ids.meetup}/speakers/${ids.speaker}`)), eventSpeakerDetail);
    expect(s).toMatchObject({ name: 'Ben Baker', bio: '<p>Ben talks.</p>', event: { id: ids.meetup } });
    expect((await call(anna.token, 'GET', url(`/events/${ids.late}/speakers/${ids.speaker}`))).statusCode).toBe(404);
  });
});

describe('events: registration', () => {
  it('registers and unregisters; twice counts once', async () => {
    const first = await ok(await register(anna, ids.meetup), registrationAnswer);
    const again = await ok(await register(anna, ids.meetup), registrationAnswer);
    expect(first).toMatchObject({ registered: true, registrations_count: 1, places_left: 1 });
    expect(again).toMatchObject({ registered: true, registrations_count: 1, places_left: 1 });
    const list = await ok(await call(anna.token, 'GET', url('/events?search=lighthouse')), z.array(eventCard));
    expect(list[0]).toMatchObject({ registered: true, registrations_count: 1 });
    const off = await ok(await unregister(anna, ids.meetup), registrationAnswer);
    const offAgain = await ok(await unregister(anna, ids.meetup), registrationAnswer);
    expect(off).toMatchObject({ registered: false, registrations_count: 0, places_left: 2 });
    expect(offAgain.registrations_count).toBe(0);
  });

  it('refuses a full event and a past one with a translated message', async () => {
    await ok(await register(anna, ids.meetup), registrationAnswer);
    await ok(await register(ben, ids.meetup), registrationAnswer);
    const full = await register(cleo, ids.meetup, {});
    expect(full.statusCode).toBe(422);
    expect(fieldErrorsOf(full)[0]?.message).toMatch(/full/i);
    const de = await call(cleo.token, 'POST', url(`/events/${ids.meetup}/registration`), {}, { cookie: 'locale=de_DE' });
    expect(de.statusCode).toBe(422);
    expect(fieldErrorsOf(de)[0]?.message).not.toMatch(/full/i);
    const past = await register(cleo, ids.past);
    expect(past.statusCode).toBe(422);
    expect(fieldErrorsOf(past)[0]?.message).toMatch(/over/i);
    await unregister(anna, ids.meetup);
    await unregister(ben, ids.meetup);
  });

  it('gives the last place to one of two members asking at once', async () => {
    const id = await addEvent({ title: 'Tiny workshop', startsAt: new Date('2030-04-01T10:00:00Z'), capacity: 1 });
    const both = await Promise.all([register(ben, id), register(cleo, id)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, id));
    expect(row?.registrationsCount).toBe(1);
  });

  it('records an external registration only when the member confirms it', async () => {
    const plain = await register(anna, ids.external);
    expect(plain.statusCode).toBe(422);
    const confirmed = await ok(await register(anna, ids.external, { external: true }), registrationAnswer);
    expect(confirmed).toMatchObject({ registered: true, registrations_count: 1 });
    const d = await ok(await call(anna.token, 'GET', url(`/events/${ids.external}`)), eventDetail);
    expect(d).toMatchObject({ registered: true, external_registration_url: 'https://tickets.example/d' });
  });

  it('shows the join link to registered members only', async () => {
    const before = await ok(await call(ben.token, 'GET', url(`/events/${ids.webinar}`)), eventDetail);
    expect(before).toMatchObject({ online_location: 'Zoom', join_link: null, join_url: null });
    expect(JSON.stringify(before)).not.toContain('zoom.us');
    const r = await ok(await register(ben, ids.webinar), registrationAnswer);
    expect(r.join_link).toBe('Join here: https://zoom.us/j/123');
    const after = await ok(await call(ben.token, 'GET', url(`/events/${ids.webinar}`)), eventDetail);
    expect(after).toMatchObject({ join_link: 'Join here: https://zoom.us/j/123', join_url: 'https://zoom.us/j/123' });
    const other = await ok(await call(cleo.token, 'GET', url(`/events/${ids.webinar}`)), eventDetail);
    expect(other.join_link).toBeNull();
  });

  it('lists the attendees through /user/related-list?entity=event', async () => {
    const res = await call(cleo.token, 'GET', `/user/related-list?entity=event&id=${ids.webinar}`);
    const people = await ok(res, relatedList);
    expect(people.map((p) => p.id)).toEqual([ben.user.id]);
    expect(pageHeaders(res).totalCount).toBe(1);
    const cross = await call(stranger.token, 'GET', `/user/related-list?entity=event&id=${ids.webinar}`);
    expect(cross.statusCode).toBe(404);
  });

  it('sends the new count and the member to everyone in the app, not to another app', async () => {
    const listener = socketClient(base, cleo.token);
    const elsewhere = socketClient(base, stranger.token);
    await Promise.all([connected(listener), connected(elsewhere)]);
    const got: EventRegistrationsEvent[] = [];
    const leaked: unknown[] = [];
    listener.on('eventRegistrations', (p: EventRegistrationsEvent) => got.push(p));
    elsewhere.on('eventRegistrations', (p: unknown) => leaked.push(p));
    await ok(await register(anna, ids.late), registrationAnswer);
    await until(() => got.some((e) => e.event_id === ids.late && e.registered && e.registrations_count === 1));
    expect(got[0]?.user).toMatchObject({ id: anna.user.id, fullname: 'Anna Able' });
    await ok(await unregister(anna, ids.late), registrationAnswer);
    await until(() => got.some((e) => e.event_id === ids.late && !e.registered && e.registrations_count === 0));
    // Twice counts once: nothing is sent for a registration that changed nothing.
    const n = got.length;
    await ok(await unregister(anna, ids.late), registrationAnswer);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.length).toBe(n);
    expect(leaked).toEqual([]);
    listener.close();
    elsewhere.close();
  });

  it('tells others only the count of a member not listed in the directory; their own devices hear who', async () => {
    const hidden = await makeUser(t, tenant, { firstName: 'Hid', lastName: 'Den' });
    expect((await call(hidden.token, 'PUT', '/user/profile/preferences', { listed_in_directory: false })).statusCode).toBe(200);
    const listener = socketClient(base, cleo.token);
    const own = socketClient(base, hidden.token);
    await Promise.all([connected(listener), connected(own)]);
    const got: EventRegistrationsEvent[] = [];
    const mine: EventRegistrationsEvent[] = [];
    listener.on('eventRegistrations', (p: EventRegistrationsEvent) => got.push(p));
    own.on('eventRegistrations', (p: EventRegistrationsEvent) => mine.push(p));
    await ok(await register(hidden, ids.webinar), registrationAnswer);
    await until(() => got.some((e) => e.event_id === ids.webinar) && mine.some((e) => e.user !== null));
    expect(got.filter((e) => e.event_id === ids.webinar).map((e) => [e.user, e.user_id])).toEqual([[null, null]]);
    expect(JSON.stringify(got)).not.toContain('Den');
    expect(mine.find((e) => e.user !== null)).toMatchObject({ user_id: hidden.user.id, registered: true });
    await ok(await unregister(hidden, ids.webinar), registrationAnswer);
    listener.close();
    own.close();
  });
});

describe('events: account deletion', () => {
  it('frees a deleted account’s places: its registrations go, the counts drop and the app hears of it', async () => {
    const settings = await makeModule(t, tenant, 'settings');
    const leaver = await makeUser(t, tenant, { firstName: 'Lea', lastName: 'Ver', password: 'secret-123' });
    const full = await addEvent({ title: 'Last seat', startsAt: new Date('2030-05-01T10:00:00Z'), capacity: 2 });
    await ok(await register(cleo, full), registrationAnswer);
    expect(await ok(await register(leaver, full), registrationAnswer)).toMatchObject({ registrations_count: 2, places_left: 0 });
    await ok(await register(leaver, ids.webinar), registrationAnswer);
    const before = await ok(await call(cleo.token, 'GET', url(`/events/${ids.webinar}`)), eventDetail);
    // The event is full: nobody else gets in.
    expect((await register(ben, full)).statusCode).toBe(422);
    const listener = socketClient(base, cleo.token);
    await connected(listener);
    const got: EventRegistrationsEvent[] = [];
    listener.on('eventRegistrations', (p: EventRegistrationsEvent) => got.push(p));

    const erased = await call(leaver.token, 'POST', `/settings/${settings.id}/delete-account`, { password: 'secret-123' });
    expect(erased.statusCode, erased.body).toBe(200);

    const rows = await t.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.userId, leaver.user.id));
    expect(rows).toEqual([]);
    const after = await ok(await call(cleo.token, 'GET', url(`/events/${full}`)), eventDetail);
    expect(after).toMatchObject({ registrations_count: 1, places_left: 1 });
    const webinar = await ok(await call(cleo.token, 'GET', url(`/events/${ids.webinar}`)), eventDetail);
    expect(webinar.registrations_count).toBe(before.registrations_count - 1);
    // The list (cached per module) shows the freed place too.
    const listed = await ok(await call(cleo.token, 'GET', url('/events?search=seat')), z.array(eventCard));
    expect(listed[0]).toMatchObject({ registrations_count: 1, places_left: 1 });
    await until(() =>
      got.some((e) => e.event_id === full && !e.registered && e.user_id === leaver.user.id && e.user === null && e.places_left === 1),
    );
    // The place is free for the next member.
    expect(await ok(await register(ben, full), registrationAnswer)).toMatchObject({ registrations_count: 2, places_left: 0 });
    const attendees = await ok(await call(cleo.token, 'GET', `/user/related-list?entity=event&id=${full}`), relatedList);
    expect(attendees.map((p) => p.id).sort()).toEqual([ben.user.id, cleo.user.id].sort());
    listener.close();
  });
});

describe('events: flags', () => {
  it('reports an event, a speaker and a section once per member', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await call(cleo.token, 'POST', url(`/events/${ids.meetup}/flag`))).statusCode).toBe(200);
      expect((await call(cleo.token, 'POST', url(`/events/${ids.meetup}/speakers/${ids.speaker}/flag`))).statusCode).toBe(200);
      expect((await call(cleo.token, 'POST', url(`/events/${ids.meetup}/sections/${ids.section}/flag`))).statusCode).toBe(200);
    }
    const rows = await t.app.ctx.db
      .select()
      .from(eventFlags)
      .where(and(eq(eventFlags.eventId, ids.meetup), eq(eventFlags.userId, cleo.user.id)));
    expect(rows.map((r) => r.targetType).sort()).toEqual(['event', 'section', 'speaker']);
    const d = await ok(await call(cleo.token, 'GET', url(`/events/${ids.meetup}`)), eventDetail);
    expect(d).toMatchObject({ reported: true, reported_speakers: [ids.speaker] });
    expect(d.sections[0]?.reported).toBe(true);
    const mine = await ok(await call(anna.token, 'GET', url(`/events/${ids.meetup}`)), eventDetail);
    expect(mine.reported).toBe(false);
    // A section of another event is not found through this one.
    expect((await call(cleo.token, 'POST', url(`/events/${ids.late}/sections/${ids.section}/flag`))).statusCode).toBe(404);
  });
});

describe('events: tenancy', () => {
  it('answers 404 to another app’s member for everything, and 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', url('/overview')],
      ['GET', url('/events')],
      ['GET', url(`/events/${ids.meetup}`)],
      ['POST', url(`/events/${ids.meetup}/registration`)],
      ['DELETE', url(`/events/${ids.meetup}/registration`)],
      ['POST', url(`/events/${ids.meetup}/flag`)],
      ['GET', url(`/events/${ids.meetup}/speakers/${ids.speaker}`)],
      ['POST', url(`/events/${ids.meetup}/sections/${ids.section}/flag`)],
    ] as const) {
      const res = await call(stranger.token, method, path, method === 'POST' && path.endsWith('registration') ? {} : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    // Their own module with this app's event id, and this app's module with theirs: 404 too.
    expect((await call(stranger.token, 'GET', url(`/events/${ids.meetup}`, strangerMod))).statusCode).toBe(404);
    expect((await call(anna.token, 'GET', url(`/events/${ids.strangerEvent}`))).statusCode).toBe(404);
    expect((await register(anna, ids.strangerEvent)).statusCode).toBe(404);
    expect(errorOf(await t.app.inject({ method: 'GET', url: url('/events') })).status).toBe(401);
  });
});
