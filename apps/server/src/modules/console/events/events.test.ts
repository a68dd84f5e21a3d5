import { consoleEvent, registrationsImportPreview } from '@app/contract/schemas/console-events';
import { eventDetail } from '@app/contract/schemas/events';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule, makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf, pageHeaders } from '../../../../test/helpers.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { eventRegistrations, eventSections, eventSpeakers, events } from '../../events/events.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let cast: Cast;
let mod: ModuleRow;
let otherMod: ModuleRow;
let agendaMod: ModuleRow;
const members: Array<{ id: number; email: string; token: string }> = [];

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['events', 'agenda'] });
  mod = cast.tenant.modules.find((m) => m.type === 'events') as ModuleRow;
  agendaMod = cast.tenant.modules.find((m) => m.type === 'agenda') as ModuleRow;
  otherMod = cast.other.modules.find((m) => m.type === 'events') as ModuleRow;
  for (const [i, email] of ['ada@reg.test', 'bob@reg.test', '=cmd@reg.test', 'dan@reg.test'].entries()) {
    const u = await makeUser(t, cast.tenant, { email, firstName: i === 2 ? '=HYPERLINK("x")' : `N${i}`, lastName: '+1' });
    members.push({ id: u.user.id, email, token: u.token });
  }
});
afterAll(async () => {
  await t.close();
});

const url = (appId: number, rest = '') => `/apps/${appId}/events${rest}`;
const input = (over: Record<string, unknown> = {}) => ({
  title: 'Summer meetup',
  description: '<p>Hello <script>alert(1)</script><strong>all</strong></p>',
  time_zone: 'Europe/Berlin',
  starts_at: '2030-07-01T18:00',
  ends_at: '2030-07-01T21:00',
  location: 'Hall A',
  map_url: 'https://maps.example.org/hall-a',
  capacity: 50,
  sections: [
    { title: 'What to bring', body: '<p>Water</p>' },
    { title: 'Access', body: '<p>Step-free</p>' },
  ],
  speakers: [{ name: 'Grace', job_title: 'Admiral', company: 'Navy', bio: '<p>COBOL</p>' }],
  ...over,
});

async function create(who: Caller = cast.owner, over: Record<string, unknown> = {}) {
  const r = await consoleCall(t, who, 'POST', url(cast.tenant.app.id), { app_module_id: mod.id, ...input(over) });
  expect(r.statusCode, r.body).toBe(200);
  return consoleEvent.parse(r.json());
}

const attendee = (token: string, method: 'GET' | 'POST', path: string) =>
  t.app.inject({
    method,
    url: `/events/${mod.id}${path}`,
    headers: { 'access-token': token },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

describe('console events: roles and tenants', () => {
  it('lets owners and operators in, refuses the rest, and answers 404 for another app', async () => {
    const ev = await create();
    const app = cast.tenant.app.id;
    expect(await statusesFor(t, cast, 'GET', url(app, `?module_id=${mod.id}`))).toEqual({
      anon: 401,
      member: 403,
      stranger: 404,
      moderator: 403,
      owner: 200,
      operator: 200,
    });
    expect(await statusesFor(t, cast, 'GET', url(app, `/${ev.id}`))).toMatchObject({
      moderator: 403,
      stranger: 404,
      owner: 200,
      operator: 200,
    });
    expect(await statusesFor(t, cast, 'POST', url(app, `/${ev.id}/duplicate`))).toMatchObject({
      member: 403,
      moderator: 403,
      stranger: 404,
      owner: 200,
      operator: 200,
    });
    expect(await statusesFor(t, cast, 'GET', url(app, `/${ev.id}/registrations`))).toMatchObject({ moderator: 403, owner: 200 });
    expect(await statusesFor(t, cast, 'GET', url(app, `/${ev.id}/registrations.csv`))).toMatchObject({
      moderator: 403,
      stranger: 404,
      owner: 200,
    });
  });

  it('answers 404 for an event or module of another app, and for a module of another type', async () => {
    const mine = await create();
    const theirs = await consoleCall(t, cast.stranger, 'POST', url(cast.other.app.id), { app_module_id: otherMod.id, ...input() });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json().id as number;
    const app = cast.tenant.app.id;
    expect((await consoleCall(t, cast.owner, 'GET', url(app, `/${theirId}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'PUT', url(app, `/${theirId}`), input())).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'DELETE', url(app, `/${theirId}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'PATCH', url(app, `/${theirId}/state`), { cancelled: true })).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', url(app, `?module_id=${otherMod.id}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', url(app, `?module_id=${agendaMod.id}`))).statusCode).toBe(404);
    const wrongModule = await consoleCall(t, cast.owner, 'POST', url(app), { app_module_id: otherMod.id, ...input() });
    expect(wrongModule.statusCode).toBe(404);
    // The other app's event is untouched; ours is still there.
    const [still] = await t.app.ctx.db.select().from(events).where(eq(events.id, theirId));
    expect(still?.cancelledAt).toBeNull();
    expect((await consoleCall(t, cast.owner, 'GET', url(app, `/${mine.id}`))).statusCode).toBe(200);
  });
});

describe('console events: writing', () => {
  it('creates an event with wall times in its zone, sanitised text, ordered sections and speakers, and an audit entry', async () => {
    const ev = await create();
    expect(ev.starts_at).toBe('2030-07-01T18:00');
    expect(ev.starts_at_utc).toBe('2030-07-01T16:00:00.000Z');
    expect(ev.description).not.toContain('script');
    expect(ev.description).toContain('<strong>all</strong>');
    expect(ev.sections.map((s) => s.title)).toEqual(['What to bring', 'Access']);
    expect(ev.speakers[0]).toMatchObject({ name: 'Grace', company: 'Navy', user_id: null });
    const [log] = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'event.create'), eq(consoleAudit.targetId, String(ev.id))));
    expect(log?.actorId).toBe(cast.owner.id);
    const list = await consoleCall(t, cast.owner, 'GET', url(cast.tenant.app.id, `?module_id=${mod.id}&per-page=2`));
    expect(list.statusCode).toBe(200);
    expect(pageHeaders(list).totalCount).toBeGreaterThan(0);
  });

  it('refuses bad input with field errors (422)', async () => {
    const app = cast.tenant.app.id;
    const post = (over: Record<string, unknown>) => consoleCall(t, cast.owner, 'POST', url(app), { app_module_id: mod.id, ...input(over) });
    const endBefore = await post({ ends_at: '2030-07-01T17:00' });
    expect(endBefore.statusCode).toBe(422);
    expect(fieldErrorsOf(endBefore)).toContainEqual(expect.objectContaining({ field: 'ends_at' }));
    const zone = await post({ time_zone: 'Mars/Olympus_Mons' });
    expect(zone.statusCode).toBe(422);
    expect(fieldsOf(zone)).toContain('time_zone');
    const urls = await post({ map_url: 'javascript:alert(1)', external_registration_url: 'ftp://x.test', image_url: '//evil.test/x.png' });
    expect(urls.statusCode).toBe(422);
    expect(fieldsOf(urls)).toEqual(expect.arrayContaining(['map_url', 'external_registration_url', 'image_url']));
    const time = await post({ starts_at: 'tomorrow' });
    expect(time.statusCode).toBe(422);
    const windowBad = await post({ registration_opens_at: '2030-06-10T10:00', registration_closes_at: '2030-06-01T10:00' });
    expect(fieldsOf(windowBad)).toContain('registration_closes_at');
    const speaker = await post({ speakers: [{ name: 'Eve', user_id: cast.stranger.id }] });
    expect(speaker.statusCode).toBe(422);
    expect(fieldsOf(speaker)).toContain('speakers.0.user_id');
    // The message is in the caller's language.
    const de = await t.app.inject({
      method: 'POST',
      url: `/console/api${url(app)}`,
      headers: { 'access-token': cast.owner.token, cookie: 'locale=de_DE' },
      payload: { app_module_id: mod.id, ...input({ ends_at: '2030-07-01T17:00' }) },
    });
    expect(de.statusCode).toBe(422);
    const en = fieldErrorsOf(endBefore).find((e) => e.field === 'ends_at')?.message;
    expect(fieldErrorsOf(de).find((e) => e.field === 'ends_at')?.message).not.toBe(en);
  });

  it('refuses a capacity below the registered count, edits and links a speaker to a member', async () => {
    const ev = await create(cast.owner, { capacity: 10 });
    for (const m of members.slice(0, 3)) expect((await attendee(m.token, 'POST', `/events/${ev.id}/registration`)).statusCode).toBe(200);
    const app = cast.tenant.app.id;
    const low = await consoleCall(t, cast.owner, 'PUT', url(app, `/${ev.id}`), input({ capacity: 2 }));
    expect(low.statusCode).toBe(422);
    expect(fieldsOf(low)).toEqual(['capacity']);
    const ok = await consoleCall(
      t,
      cast.owner,
      'PUT',
      url(app, `/${ev.id}`),
      input({
        capacity: 3,
        title: 'Renamed',
        // A picture of this site, as the demo's events have.
        image_url: '/uploads/events/demo-1.svg',
        sections: [],
        speakers: [{ name: 'Ada', user_id: members[0]?.id, photo_url: 'https://img.example.org/ada.png' }],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const after = consoleEvent.parse(ok.json());
    expect(after).toMatchObject({
      title: 'Renamed',
      capacity: 3,
      registrations_count: 3,
      sections: [],
      image_url: '/uploads/events/demo-1.svg',
    });
    expect(after.speakers).toEqual([expect.objectContaining({ name: 'Ada', user_id: members[0]?.id })]);
  });

  it('keeps the ids of the sections and speakers sent back, in their new order, and drops the others', async () => {
    const ev = await create();
    const [what, access] = ev.sections;
    const [grace] = ev.speakers;
    if (!what || !access || !grace) throw new Error('no parts');
    const r = await consoleCall(
      t,
      cast.owner,
      'PUT',
      url(cast.tenant.app.id, `/${ev.id}`),
      input({
        sections: [
          { id: access.id, title: 'Access (step-free)', body: '<p>Lift</p>' },
          { title: 'New', body: '' },
        ],
        speakers: [{ id: grace.id, name: 'Grace Hopper' }],
      }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const after = consoleEvent.parse(r.json());
    expect(after.sections.map((s) => [s.id === access.id, s.title])).toEqual([
      [true, 'Access (step-free)'],
      [false, 'New'],
    ]);
    expect(after.sections.some((s) => s.id === what.id)).toBe(false);
    expect(after.speakers).toEqual([expect.objectContaining({ id: grace.id, name: 'Grace Hopper' })]);
    // An id of another event's section is a new section here, never a change of the other one.
    const other = await create();
    const foreign = other.sections[0];
    if (!foreign) throw new Error('no section');
    const r2 = await consoleCall(
      t,
      cast.owner,
      'PUT',
      url(cast.tenant.app.id, `/${ev.id}`),
      input({ sections: [{ id: foreign.id, title: 'Hijack' }] }),
    );
    expect(r2.statusCode).toBe(200);
    expect(consoleEvent.parse(r2.json()).sections[0]?.id).not.toBe(foreign.id);
    const [still] = await t.app.ctx.db.select().from(eventSections).where(eq(eventSections.id, foreign.id));
    expect(still?.title).toBe('What to bring');
  });

  it('duplicates without registrations, cancels and un-cancels, deletes with its parts', async () => {
    const app = cast.tenant.app.id;
    const ev = await create();
    expect((await attendee(members[0]?.token ?? '', 'POST', `/events/${ev.id}/registration`)).statusCode).toBe(200);
    const dup = consoleEvent.parse((await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/duplicate`))).json());
    expect(dup.id).not.toBe(ev.id);
    expect(dup).toMatchObject({ title: ev.title, registrations_count: 0, cancelled_at: null, starts_at: ev.starts_at });
    expect(dup.sections.map((s) => s.title)).toEqual(ev.sections.map((s) => s.title));
    const cancelled = await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), { cancelled: true });
    expect(cancelled.json().cancelled_at).not.toBeNull();
    const back = await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), { cancelled: false });
    expect(back.json().cancelled_at).toBeNull();
    expect((await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), {})).statusCode).toBe(422);
    expect((await consoleCall(t, cast.owner, 'DELETE', url(app, `/${ev.id}`))).statusCode).toBe(200);
    expect((await consoleCall(t, cast.owner, 'GET', url(app, `/${ev.id}`))).statusCode).toBe(404);
    expect(await t.app.ctx.db.select().from(eventSections).where(eq(eventSections.eventId, ev.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(eventSpeakers).where(eq(eventSpeakers.eventId, ev.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, ev.id))).toEqual([]);
  });
});

describe('attendees: the organiser’s state', () => {
  it('refuses registering when cancelled, closed or outside the window, in the member’s language; shows the state', async () => {
    const app = cast.tenant.app.id;
    const ev = await create();
    const m = members[1];
    if (!m) throw new Error('no member');
    await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), { registration_closed: true });
    const closed = await attendee(m.token, 'POST', `/events/${ev.id}/registration`);
    expect(closed.statusCode).toBe(422);
    expect(fieldErrorsOf(closed)[0]?.message).toMatch(/closed/i);
    const detail = eventDetail.parse((await attendee(m.token, 'GET', `/events/${ev.id}`)).json());
    expect(detail).toMatchObject({ registration_closed: true, cancelled: false, map_url: 'https://maps.example.org/hall-a' });
    await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), { registration_closed: false, cancelled: true });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/events/${mod.id}/events/${ev.id}/registration`,
      headers: { 'access-token': m.token, cookie: 'locale=fr_FR' },
      payload: {},
    });
    expect(cancelled.statusCode).toBe(422);
    expect(fieldErrorsOf(cancelled)[0]?.message).toMatch(/annulé/);
    await consoleCall(t, cast.owner, 'PATCH', url(app, `/${ev.id}/state`), { cancelled: false });
    expect((await attendee(m.token, 'POST', `/events/${ev.id}/registration`)).statusCode).toBe(200);

    const later = await create(cast.owner, { registration_opens_at: '2030-06-01T09:00' });
    expect((await attendee(m.token, 'POST', `/events/${later.id}/registration`)).statusCode).toBe(422);
    const gone = await create(cast.owner, { registration_closes_at: '2020-01-01T09:00', registration_opens_at: null });
    expect((await attendee(m.token, 'POST', `/events/${gone.id}/registration`)).statusCode).toBe(422);
  });
});

describe('registrations: list, export, import', () => {
  it('lists with names and addresses, exports a CSV with formulas written safely', async () => {
    const app = cast.tenant.app.id;
    const ev = await create();
    const m = members[2];
    if (!m) throw new Error('no member');
    expect((await attendee(m.token, 'POST', `/events/${ev.id}/registration`)).statusCode).toBe(200);
    const list = await consoleCall(t, cast.owner, 'GET', url(app, `/${ev.id}/registrations`));
    expect(list.json()).toEqual([expect.objectContaining({ user_id: m.id, email: m.email })]);
    const csv = await consoleCall(t, cast.owner, 'GET', url(app, `/${ev.id}/registrations.csv`));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const body = csv.body;
    expect(body).toContain(`'=cmd@reg.test`);
    expect(body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(body).toContain(`'+1`);
    for (const line of body.replace('\uFEFF', '').split('\r\n').filter(Boolean))
      for (const cell of line.split(',')) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('previews without writing, imports in one go, again changes nothing, and respects the capacity', async () => {
    const app = cast.tenant.app.id;
    const ev = await create(cast.owner, { capacity: 3 });
    const [a, b, , d] = members;
    if (!a || !b || !d) throw new Error('no members');
    expect((await attendee(a.token, 'POST', `/events/${ev.id}/registration`)).statusCode).toBe(200);
    const csv = `name;email\nAda;${a.email.toUpperCase()}\nBob;${b.email}\nNobody;nobody@reg.test\nBroken;not-an-address\nDan;${d.email}\n`;
    const preview = await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/registrations/import/preview`), { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = registrationsImportPreview.parse(preview.json());
    expect(p.to_register).toEqual([
      { line: 3, email: b.email },
      { line: 6, email: d.email },
    ]);
    expect(p.already_registered).toEqual([{ line: 2, email: a.email }]);
    expect(p.unknown).toEqual([{ line: 4, email: 'nobody@reg.test' }]);
    expect(p.invalid).toEqual([{ line: 5, email: 'not-an-address' }]);
    expect(p.places_left_after).toBe(0);
    const count = async () => (await t.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, ev.id))).length;
    expect(await count()).toBe(1);

    const done = await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/registrations/import`), { csv });
    expect(done.json()).toEqual({ registered: 2, already_registered: 1 });
    expect(await count()).toBe(3);
    const again = await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/registrations/import`), { csv });
    expect(again.json()).toEqual({ registered: 0, already_registered: 3 });
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, ev.id));
    expect(row?.registrationsCount).toBe(3);

    // Over the capacity: refused whole.
    const small = await create(cast.owner, { capacity: 1 });
    const over = await consoleCall(t, cast.owner, 'POST', url(app, `/${small.id}/registrations/import`), { csv });
    expect(over.statusCode).toBe(422);
    expect(fieldsOf(over)).toEqual(['csv']);
    expect((await t.app.ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, small.id))).length).toBe(0);

    const noEmail = await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/registrations/import/preview`), { csv: 'name\nAda\n' });
    expect(noEmail.statusCode).toBe(422);
    const broken = await consoleCall(t, cast.owner, 'POST', url(app, `/${ev.id}/registrations/import/preview`), {
      csv: 'email\n"unclosed',
    });
    expect(broken.statusCode).toBe(422);
  });

  it('a module of another app cannot be used to import', async () => {
    const mod2 = await makeModule(t, cast.other, 'events');
    const r = await consoleCall(t, cast.owner, 'GET', url(cast.tenant.app.id, `?module_id=${mod2.id}`));
    expect(r.statusCode).toBe(404);
  });
});
