import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportPreview, ImportResult } from '@app/contract/schemas/console-agenda-import';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule, makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, multipart } from '../../../../test/helpers.ts';
import { agendaQuestions, agendaRatings, agendaSessions, agendaSpeakers, agendaTracks } from '../../agenda/agenda.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let cast: Cast;
let appId: number;
let moduleId: number;

const fixtures = path.resolve(import.meta.dirname, '../../agenda/interchange/fixtures');
const pretalx = readFileSync(path.join(fixtures, 'pretalx.xml'));

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 5000, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['agenda', 'events'] });
  appId = cast.tenant.app.id;
  moduleId = cast.tenant.modules.find((m) => m.type === 'agenda')?.id ?? 0;
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const base = (app = appId, mod = moduleId) => `/apps/${app}/agenda-import/${mod}`;

function upload(who: Caller | undefined, url: string, data: Buffer | string, name = 'agenda.csv') {
  const body = multipart('file', name, Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'));
  return t.app.inject({
    method: 'POST',
    url: `/console/api${url}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { 'access-token': who.token } : {}) },
  });
}

async function preview(data: Buffer | string, name = 'agenda.csv', mod = moduleId, who: Caller = cast.owner): Promise<ImportPreview> {
  const r = await upload(who, `${base(appId, mod)}/schedule/preview?time_zone=Europe/Berlin`, data, name);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as ImportPreview;
}

async function confirm(token: string | null, mod = moduleId, who: Caller = cast.owner): Promise<ImportResult> {
  const r = await consoleCall(t, who, 'POST', `${base(appId, mod)}/confirm`, { token });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as ImportResult;
}

async function importFile(data: Buffer | string, name = 'agenda.csv', mod = moduleId) {
  const p = await preview(data, name, mod);
  expect(p.errors).toEqual([]);
  return confirm(p.token, mod);
}

const sessionsOf = (mod: number) =>
  db().select().from(agendaSessions).where(eq(agendaSessions.appModuleId, mod)).orderBy(agendaSessions.startsAt, agendaSessions.id);

async function download(kind: string, mod = moduleId, who: Caller = cast.owner) {
  const r = await consoleCall(t, who, 'GET', `${base(appId, mod)}/export/${kind}?time_zone=Europe/Berlin`);
  expect(r.statusCode, r.body).toBe(200);
  return r;
}

const csv = (rows: string[]) => `id,title,date,start,end,track,room,speakers,speaker_ids\n${rows.join('\n')}\n`;
const row = (id: string, title: string, start = '09:00', end = '10:00', room = 'Hall A') =>
  `${id},${title},2030-05-14,${start},${end},Main,${room},Ada Lovelace,P1`;

describe('who may import and export', () => {
  it('owners of the app and operators; moderators and members 403, another app 404, nobody 401', async () => {
    const expected = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };
    expect(await statusesFor(t, cast, 'GET', `/apps/${appId}/agenda-import/template.csv`)).toEqual(expected);
    expect(await statusesFor(t, cast, 'GET', `${base()}/export/agenda.csv`)).toEqual(expected);
    const who: Array<[string, Caller | undefined]> = [
      ['anon', undefined],
      ['member', cast.member],
      ['stranger', cast.stranger],
      ['moderator', cast.moderator],
      ['owner', cast.owner],
      ['operator', cast.operator],
    ];
    const got: Record<string, number> = {};
    for (const [name, c] of who) got[name] = (await upload(c, `${base()}/schedule/preview`, csv([row('R1', 'Roles')]))).statusCode;
    expect(got).toEqual(expected);
  });

  it('a module of another app, of another type or that does not exist answers 404', async () => {
    const otherAgenda = cast.other.modules.find((m) => m.type === 'agenda')?.id ?? 0;
    const events = cast.tenant.modules.find((m) => m.type === 'events')?.id ?? 0;
    for (const mod of [otherAgenda, events, 2_000_000_000]) {
      expect((await upload(cast.owner, `${base(appId, mod)}/schedule/preview`, csv([row('X', 'X')]))).statusCode).toBe(404);
      expect((await consoleCall(t, cast.owner, 'POST', `${base(appId, mod)}/confirm`, { token: 'x' })).statusCode).toBe(404);
      expect((await consoleCall(t, cast.owner, 'GET', `${base(appId, mod)}/export/agenda.xml`)).statusCode).toBe(404);
    }
    // The other app's owner with their own module but our app id: 404 as well.
    expect((await consoleCall(t, cast.stranger, 'GET', `${base(appId, otherAgenda)}/export/ratings.csv`)).statusCode).toBe(404);
  });
});

describe('preview and confirm', () => {
  it('a preview writes nothing; the confirm writes it all in one go, audited, once', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    const file = csv([row('S1', 'Opening'), row('S2', 'Second', '10:00', '11:00', 'Room 2'), row('S3', 'Third', '11:00', '12:00')]);
    const p = await preview(file, 'agenda.csv', mod);
    expect(p.format).toBe('csv');
    expect(p.sessions).toMatchObject({ created: 3, changed: 0, removed: 0 });
    expect(p.rooms).toMatchObject({ created: 2 });
    expect(p.tracks).toMatchObject({ created: 1 });
    expect(p.speakers).toMatchObject({ created: 1 });
    expect(p.sessions.items.map((i) => i.key)).toEqual(['S1', 'S2', 'S3']);
    expect(await sessionsOf(mod)).toHaveLength(0);

    const done = await confirm(p.token, mod);
    expect(done.sessions).toMatchObject({ created: 3 });
    const rows = await sessionsOf(mod);
    expect(rows.map((r) => [r.externalId, r.title, r.location, r.startsAt.toISOString()])).toEqual([
      ['S1', 'Opening', 'Hall A', '2030-05-14T07:00:00.000Z'],
      ['S2', 'Second', 'Room 2', '2030-05-14T08:00:00.000Z'],
      ['S3', 'Third', 'Hall A', '2030-05-14T09:00:00.000Z'],
    ]);
    const [log] = await db()
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'agenda.import'), eq(consoleAudit.targetId, String(mod))));
    expect(log?.after).toMatchObject({ format: 'csv' });

    // The token works once.
    const again = await consoleCall(t, cast.owner, 'POST', `${base(appId, mod)}/confirm`, { token: p.token });
    expect(again.statusCode).toBe(422);
    expect(fieldErrorsOf(again).map((f) => f.field)).toEqual(['token']);
  });

  it('a re-import of the same file changes nothing; a changed file changes, cancels what is gone', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    await importFile(csv([row('A', 'Alpha'), row('B', 'Beta', '10:00', '11:00')]), 'agenda.csv', mod);
    const before = await sessionsOf(mod);
    const same = await preview(csv([row('A', 'Alpha'), row('B', 'Beta', '10:00', '11:00')]), 'agenda.csv', mod);
    for (const part of [same.sessions, same.tracks, same.rooms, same.speakers])
      expect(part).toMatchObject({ created: 0, changed: 0, removed: 0 });
    expect(same.sessions.unchanged).toBe(2);
    await confirm(same.token, mod);
    const after = await sessionsOf(mod);
    expect(after.map((r) => [r.id, r.version, r.updatedAt.getTime()])).toEqual(before.map((r) => [r.id, r.version, r.updatedAt.getTime()]));

    // A moves to 09:30, B is gone, C is new.
    const next = await preview(csv([row('A', 'Alpha', '09:30', '10:30'), row('C', 'Gamma', '12:00', '13:00')]), 'agenda.csv', mod);
    expect(next.sessions).toMatchObject({ created: 1, changed: 1, removed: 1 });
    expect(next.sessions.items.find((i) => i.key === 'A')?.fields).toEqual(['start', 'end']);
    await confirm(next.token, mod);
    const rows = await sessionsOf(mod);
    const a = rows.find((r) => r.externalId === 'A');
    const b = rows.find((r) => r.externalId === 'B');
    expect(a?.version).toBe((before.find((r) => r.externalId === 'A')?.version ?? 0) + 1);
    expect(b?.cancelledAt).not.toBeNull();
    expect(rows.filter((r) => r.cancelledAt === null).map((r) => r.externalId)).toEqual(['A', 'C']);
  });

  it('a file with errors has no token and lists them by line and column, in the caller’s language', async () => {
    const r = await upload(cast.owner, `${base()}/schedule/preview`, 'id,title,date,start,end\nS1,,2030-05-14,10:00,09:00\n');
    expect(r.statusCode).toBe(200);
    const p = r.json() as ImportPreview;
    expect(p.token).toBeNull();
    expect(p.errors).toEqual([{ line: 2, column: 'title', message: 'Required' }]);
    const de = await t.app.inject({
      method: 'POST',
      url: `/console/api${base()}/schedule/preview`,
      ...(() => {
        const b = multipart('file', 'agenda.csv', Buffer.from('id,title,date,start,end\nS1,,2030-05-14,10:00,11:00\n'));
        return { payload: b.payload, headers: { ...b.headers, 'access-token': cast.owner.token, cookie: 'locale=de_DE' } };
      })(),
    });
    expect((de.json() as ImportPreview).errors[0]?.message).not.toBe('Required');
  });

  it('a preview is bound to its member, app and module', async () => {
    const p = await preview(csv([row('T1', 'Token')]));
    const other = (await makeModule(t, cast.tenant, 'agenda')).id;
    for (const [who, mod] of [
      [cast.operator, moduleId],
      [cast.owner, other],
    ] as const) {
      const r = await consoleCall(t, who, 'POST', `${base(appId, mod)}/confirm`, { token: p.token });
      expect(r.statusCode).toBe(422);
    }
    expect((await consoleCall(t, cast.owner, 'POST', `${base()}/confirm`, { token: 'nope' })).statusCode).toBe(422);
    // A newer preview of the same member and module replaces the older one.
    const newer = await preview(csv([row('T2', 'Newer')]));
    expect((await consoleCall(t, cast.owner, 'POST', `${base()}/confirm`, { token: p.token })).statusCode).toBe(422);
    await confirm(newer.token);
  });
});

describe('files that are not what they say', () => {
  it('refuses XML with a DOCTYPE (no entities, no XXE)', async () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE schedule [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<schedule><conference><title>&x;</title></conference></schedule>`;
    const r = await upload(cast.owner, `${base()}/schedule/preview`, xxe, 'schedule.xml');
    expect(r.statusCode).toBe(422);
    expect(JSON.stringify(r.json())).toContain('DOCTYPE');
    expect(r.body).not.toContain('root:');
  });

  it('refuses a binary file, a file of no known format and an extension that lies', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect((await upload(cast.owner, `${base()}/schedule/preview`, png, 'agenda.csv')).statusCode).toBe(422);
    expect((await upload(cast.owner, `${base()}/schedule/preview`, 'hello world\nnothing here\n', 'notes.txt')).statusCode).toBe(422);
    const lie = await upload(cast.owner, `${base()}/schedule/preview`, csv([row('L', 'Lie')]), 'agenda.ics');
    expect(lie.statusCode).toBe(422);
    expect(fieldErrorsOf(lie).map((f) => f.field)).toEqual(['file']);
  });

  it('refuses a 50 MB upload with a clear message, before reading it', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const r = await upload(cast.owner, `${base()}/schedule/preview`, big, 'agenda.csv');
    expect(r.statusCode).toBe(413);
    expect(r.body).toContain('10 MB');
  });

  it('a file just over 10 MB whose size the header hides within its slack is cut at 10 MB and refused (422)', async () => {
    const over = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const r = await upload(cast.owner, `${base()}/schedule/preview`, over, 'agenda.csv');
    expect(r.statusCode).toBe(422);
    expect(fieldErrorsOf(r).map((f) => f.field)).toEqual(['file']);
  });

  it('refuses an unknown time zone and no file at all (422)', async () => {
    const r = await upload(cast.owner, `${base()}/schedule/preview?time_zone=Mars/Olympus`, csv([row('Z', 'Zone')]));
    expect(r.statusCode).toBe(422);
    const none = await consoleCall(t, cast.owner, 'POST', `${base()}/schedule/preview`, {});
    expect(none.statusCode).toBe(422);
  });
});

describe('round trip and exports', () => {
  it('pretalx XML in, Frab XML out, in again: nothing changes', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    const first = await importFile(pretalx, 'schedule.xml', mod);
    expect(first.sessions.created).toBeGreaterThan(0);
    const xml = (await download('agenda.xml', mod)).body;
    expect(xml).toContain('<schedule>');
    const again = await preview(xml, 'schedule.xml', mod);
    expect(again.errors).toEqual([]);
    for (const part of [again.sessions, again.tracks, again.rooms, again.speakers])
      expect({ ...part, items: part.items.map((i) => `${i.change} ${i.key} ${i.fields}`) }).toMatchObject({
        created: 0,
        changed: 0,
        removed: 0,
      });
    // And through CSV too.
    const csvOut = (await download('agenda.csv', mod)).body;
    const viaCsv = await preview(csvOut, 'agenda.csv', mod);
    expect(viaCsv.sessions).toMatchObject({ created: 0, changed: 0, removed: 0 });
    // iCalendar has no speakers: an import of it leaves them as they are.
    const ics = await download('agenda.ics', mod);
    expect(ics.headers['content-type']).toContain('text/calendar');
    const viaIcs = await preview(ics.body, 'agenda.ics', mod);
    expect(viaIcs.sessions).toMatchObject({ created: 0, changed: 0, removed: 0 });
    expect(viaIcs.speakers).toMatchObject({ removed: 0 });
  });

  it('sessions made in the console export with a key that imports back onto them', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    await db()
      .insert(agendaSessions)
      .values({
        appId,
        appModuleId: mod,
        title: 'Hand made',
        startsAt: new Date('2030-05-14T08:00:00Z'),
        endsAt: new Date('2030-05-14T09:00:00Z'),
      });
    const out = (await download('agenda.csv', mod)).body;
    expect(out).toMatch(/agenda-session-\d+/);
    const p = await preview(out, 'agenda.csv', mod);
    expect(p.sessions).toMatchObject({ created: 0, removed: 0 });
    await confirm(p.token, mod);
    expect((await sessionsOf(mod)).length).toBe(1);
  });

  it('writes cells starting with = + - @ safely in every CSV export', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    await importFile(csv([`F1,"=HYPERLINK(""http://evil"")",2030-05-14,09:00,10:00,+Track,@Room,-Speaker,P9`]), 'agenda.csv', mod);
    const out = (await download('agenda.csv', mod)).body;
    expect(out).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(out).toContain(`"'+Track"`);
    expect(out).toContain(`"'@Room"`);
    expect(out).not.toMatch(/(^|,)[=+\-@]/m);
    const [session] = await sessionsOf(mod);
    if (!session) throw new Error('no session');
    await db().insert(agendaRatings).values({ sessionId: session.id, userId: cast.member.id, appId, rating: 4, comment: '=1+2' });
    await db().insert(agendaQuestions).values({ appId, sessionId: session.id, userId: cast.member.id, text: '@SUM(A1)' });
    const ratings = (await download('ratings.csv', mod)).body;
    expect(ratings).toContain(`"'=1+2"`);
    expect(ratings).not.toContain('Mel');
    const questions = (await download('questions.csv', mod)).body;
    expect(questions).toContain(`"'@SUM(A1)"`);
    expect(questions).toContain('Mel Member');
  });

  it('descriptions are text: markup in them is escaped, never run', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    await importFile(
      `id,title,description,date,start,end\nH1,Hostile,"<script>alert(1)</script><img src=x onerror=alert(2)>",2030-05-14,09:00,10:00\n`,
      'agenda.csv',
      mod,
    );
    const [row] = await sessionsOf(mod);
    expect(row?.descriptionHtml).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;</p>');
    expect(row?.descriptionText).toBe('<script>alert(1)</script><img src=x onerror=alert(2)>');
  });

  it('the template imports as it is', async () => {
    const r = await consoleCall(t, cast.owner, 'GET', `/apps/${appId}/agenda-import/template.csv`);
    expect(r.headers['content-disposition']).toContain('agenda-template.csv');
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    const p = await preview(r.body, 'template.csv', mod);
    expect(p.errors).toEqual([]);
    expect(p.sessions.created).toBe(2);
  });
});

describe('speakers from CSV', () => {
  it('creates and updates speakers by id, links a member by e-mail, removes none', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    const member = await makeUser(t, cast.tenant, { email: `speaker-${mod}@example.test`, firstName: 'Sam', lastName: 'Speaker' });
    await db().insert(agendaSpeakers).values({ appId, appModuleId: mod, name: 'Kept', externalId: 'K1' });
    const file = `id,name,bio,links,email\nP1,Ada Lovelace,"First line\n\nSecond",https://example.org/ada,speaker-${mod}@example.test\nP2,Alan Turing,,,\n`;
    const up = await upload(cast.owner, `${base(appId, mod)}/speakers/preview`, file, 'speakers.csv');
    expect(up.statusCode, up.body).toBe(200);
    const p = up.json() as ImportPreview;
    expect(p.speakers).toMatchObject({ created: 2, changed: 0, removed: 0 });
    expect(await db().select().from(agendaSpeakers).where(eq(agendaSpeakers.appModuleId, mod))).toHaveLength(1);
    await confirm(p.token, mod);
    const rows = await db().select().from(agendaSpeakers).where(eq(agendaSpeakers.appModuleId, mod)).orderBy(agendaSpeakers.id);
    expect(rows.map((r) => r.externalId)).toEqual(['K1', 'P1', 'P2']);
    const ada = rows.find((r) => r.externalId === 'P1');
    expect(ada).toMatchObject({
      userId: member.user.id,
      bioHtml: '<p>First line</p><p>Second</p>',
      links: [{ label: 'example.org', url: 'https://example.org/ada' }],
    });
    // Again: nothing; a new name: one change.
    const same = (await upload(cast.owner, `${base(appId, mod)}/speakers/preview`, file, 'speakers.csv')).json() as ImportPreview;
    expect(same.speakers).toMatchObject({ created: 0, changed: 0, unchanged: 2 });
    const renamed = (
      await upload(cast.owner, `${base(appId, mod)}/speakers/preview`, 'id,name\nP2,Alan M. Turing\n', 'speakers.csv')
    ).json() as ImportPreview;
    expect(renamed.speakers.items).toEqual([{ change: 'changed', key: 'P2', name: 'Alan M. Turing', fields: ['name'] }]);
  });

  it('lists bad rows: no name, a link that is not http(s), a bad e-mail', async () => {
    const file = 'name,links,email\n,https://ok.example,\nBob,javascript:alert(1),\nEve,,not-an-address\n';
    const p = (await upload(cast.owner, `${base()}/speakers/preview`, file, 'speakers.csv')).json() as ImportPreview;
    expect(p.token).toBeNull();
    expect(p.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'name'],
      [3, 'links'],
      [4, 'email'],
    ]);
  });
});

describe('tracks and rooms', () => {
  it('tracks and rooms the source no longer has go; the ones made in the console stay', async () => {
    const mod = (await makeModule(t, cast.tenant, 'agenda')).id;
    await db().insert(agendaTracks).values({ appId, appModuleId: mod, name: 'Console track', color: '#000000' });
    await importFile(`id,title,date,start,end,track\nA,One,2030-05-14,09:00,10:00,Old\n`, 'agenda.csv', mod);
    const p = await preview(`id,title,date,start,end,track\nA,One,2030-05-14,09:00,10:00,New\n`, 'agenda.csv', mod);
    expect(p.tracks).toMatchObject({ created: 1, removed: 1 });
    await confirm(p.token, mod);
    const tracks = await db().select().from(agendaTracks).where(eq(agendaTracks.appModuleId, mod)).orderBy(agendaTracks.position);
    expect(tracks.map((x) => x.name)).toEqual(['Console track', 'New']);
    const live = await db()
      .select()
      .from(agendaSessions)
      .where(and(eq(agendaSessions.appModuleId, mod), isNull(agendaSessions.cancelledAt)));
    expect(live[0]?.trackId).toBe(tracks[1]?.id);
  });
});
