import type { AddressInfo } from 'node:net';
import type { AgendaGrid, ConsoleSessionDetail } from '@app/contract/schemas/console-agenda';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, fieldsOf } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { agendaSessions } from '../../agenda/agenda.table.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';
import { findConflicts } from './console-agenda.conflicts.ts';

let t: TestApp;
let cast: Cast;
let base: string;
let mod: ModuleRow;
let otherMod: ModuleRow;
let secondMod: ModuleRow;
let newsMod: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['agenda', 'news'] });
  mod = cast.tenant.modules.find((m) => m.type === 'agenda') as ModuleRow;
  newsMod = cast.tenant.modules.find((m) => m.type === 'news') as ModuleRow;
  otherMod = cast.other.modules.find((m) => m.type === 'agenda') as ModuleRow;
  secondMod = await makeModule(t, cast.tenant, 'agenda');
  t.app.ctx.apps.invalidate();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

const url = (m: ModuleRow, rest: string, appId = m.appId) => `/apps/${appId}/agenda/${m.id}${rest}`;
const OK = { anon: 401, member: 403, moderator: 403, stranger: 404, owner: 200, operator: 200 };

async function ok<T>(who: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const r = await consoleCall(t, who, method, path, body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as T;
}

const at = (h: number, m = 0) => new Date(Date.UTC(2031, 4, 1, h, m)).toISOString();

async function programme(m: ModuleRow) {
  const track = await ok<{ id: number }>(cast.owner, 'POST', url(m, '/tracks'), { name: 'Web', color: '#2456D3' });
  const roomA = await ok<{ id: number }>(cast.owner, 'POST', url(m, '/rooms'), { name: 'Hall A', capacity: 200 });
  const roomB = await ok<{ id: number }>(cast.owner, 'POST', url(m, '/rooms'), { name: 'Hall B', capacity: null });
  const speaker = await ok<{ id: number }>(cast.owner, 'POST', url(m, '/speakers'), {
    name: 'Ada Lovelace',
    bio: '<p>First <script>alert(1)</script>programmer</p>',
    links: [{ label: 'Site', url: 'https://ada.example' }],
  });
  return { track, roomA, roomB, speaker };
}

describe('console agenda', () => {
  it('lets owners and operators only, and another app or module is a 404', async () => {
    expect(await statusesFor(t, cast, 'GET', url(mod, '/grid'))).toEqual(OK);
    expect(await statusesFor(t, cast, 'GET', url(mod, '/speakers'))).toEqual(OK);
    expect(await statusesFor(t, cast, 'POST', url(mod, '/tracks'), (w: string) => ({ name: `Track ${w}`, color: '#000000' }))).toEqual(OK);
    // The other app's module under this app's id, a module that is no agenda, an unknown module.
    expect((await consoleCall(t, cast.owner, 'GET', url(otherMod, '/grid', cast.tenant.app.id))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', url(newsMod, '/grid'))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'GET', url(otherMod, '/grid'))).statusCode).toBe(404);
  });

  it('builds a programme, refuses bad input with field errors, and keeps drafts from attendees', async () => {
    const p = await programme(mod);
    const good = {
      title: 'Opening',
      description: '<p>Hello <b>all</b><img src="x" onerror="alert(1)"></p>',
      starts_at: at(9),
      ends_at: at(10),
      track_id: p.track.id,
      room_id: p.roomA.id,
      speaker_ids: [p.speaker.id],
      capacity: 100,
    };
    const s = await ok<ConsoleSessionDetail>(cast.owner, 'POST', url(mod, '/sessions'), good);
    expect(s.draft).toBe(true);
    expect(s.description).not.toContain('onerror');
    const [row] = await t.app.ctx.db.select().from(agendaSessions).where(eq(agendaSessions.id, s.id));
    expect(row?.location).toBe('Hall A');

    // 422s: end before start, capacity below 0, another module's or app's track, room and speaker.
    const other = await programme(secondMod);
    const bad = async (over: Record<string, unknown>) => {
      const r = await consoleCall(t, cast.owner, 'POST', url(mod, '/sessions'), { ...good, ...over });
      expect(r.statusCode, r.body).toBe(422);
      return fieldsOf(r);
    };
    expect(await bad({ ends_at: at(8) })).toEqual(['ends_at']);
    const said = await consoleCall(t, cast.owner, 'POST', url(mod, '/sessions'), { ...good, ends_at: at(8) });
    expect(fieldErrorsOf(said)[0]?.message).toBe('The end must come after the start.');
    expect(await bad({ ends_at: at(9) })).toEqual(['ends_at']);
    expect(await bad({ capacity: -1 })).toEqual(['capacity']);
    expect(await bad({ track_id: other.track.id })).toEqual(['track_id']);
    expect(await bad({ room_id: other.roomA.id })).toEqual(['room_id']);
    expect(await bad({ speaker_ids: [p.speaker.id, other.speaker.id] })).toEqual(['speaker_ids']);
    expect(await bad({ starts_at: 'tomorrow' })).toEqual(['starts_at']);
    expect(await bad({ title: ' ' })).toEqual(['title']);
    const badTrack = await consoleCall(t, cast.owner, 'POST', url(mod, '/tracks'), { name: 'X', color: 'blue' });
    expect(fieldsOf(badTrack)).toEqual(['color']);
    const badRoom = await consoleCall(t, cast.owner, 'POST', url(mod, '/rooms'), { name: 'X', capacity: -5 });
    expect(fieldsOf(badRoom)).toEqual(['capacity']);
    const badSpeaker = await consoleCall(t, cast.owner, 'POST', url(mod, '/speakers'), {
      name: 'X',
      user_id: cast.stranger.id,
      links: [{ label: 'x', url: 'javascript:alert(1)' }],
    });
    expect(fieldsOf(badSpeaker)).toEqual(['links.0.url']);
    const strangerLink = await consoleCall(t, cast.owner, 'POST', url(mod, '/speakers'), { name: 'X', user_id: cast.stranger.id });
    expect(fieldsOf(strangerLink)).toEqual(['user_id']);
    // Another app's or module's session: 404.
    expect((await consoleCall(t, cast.owner, 'GET', url(secondMod, `/sessions/${s.id}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.stranger, 'PUT', url(mod, `/sessions/${s.id}`), good)).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'DELETE', url(secondMod, `/tracks/${p.track.id}`))).statusCode).toBe(404);

    // The draft: not in the attendee's list nor on its page.
    const list = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/agenda/${mod.id}/sessions`, headers: { 'access-token': cast.member.token } })
      ).json() as Array<{
        id: number;
      }>;
    expect((await list()).map((x) => x.id)).not.toContain(s.id);
    const page = await t.app.inject({
      method: 'GET',
      url: `/agenda/${mod.id}/sessions/${s.id}`,
      headers: { 'access-token': cast.member.token },
    });
    expect(page.statusCode).toBe(404);

    // Publishing: every draft at once, attendees see them.
    const grid = await ok<AgendaGrid>(cast.owner, 'GET', url(mod, '/grid'));
    expect(grid.drafts_count).toBe(1);
    expect(await ok(cast.operator, 'POST', url(mod, '/publish'))).toEqual({ published: 1 });
    expect((await list()).map((x) => x.id)).toContain(s.id);
    expect((await ok<AgendaGrid>(cast.owner, 'GET', url(mod, '/grid'))).drafts_count).toBe(0);
    const audited = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.appId, cast.tenant.app.id), eq(consoleAudit.action, 'agenda.publish')));
    expect(audited.length).toBe(1);
  });

  it('moves a session in the grid live to attendees, and shows room and speaker conflicts', async () => {
    const p = await programme(mod);
    const mk = (title: string, from: number, to: number, room: number, speakers: number[] = []) =>
      ok<ConsoleSessionDetail>(cast.owner, 'POST', url(mod, '/sessions'), {
        title,
        starts_at: at(from),
        ends_at: at(to),
        room_id: room,
        speaker_ids: speakers,
        draft: false,
      });
    const a = await mk('A', 13, 14, p.roomA.id, [p.speaker.id]);
    const b = await mk('B', 14, 15, p.roomA.id);
    const c = await mk('C', 13, 14, p.roomB.id);
    let grid = await ok<AgendaGrid>(cast.owner, 'GET', url(mod, '/grid'));
    const mine = (g: AgendaGrid) => g.conflicts.filter((x) => [a.id, b.id, c.id].some((id) => x.session_ids.includes(id)));
    expect(mine(grid)).toEqual([]);

    const watcher = socketClient(base, cast.member.token);
    const got: Array<{ id: number; location: string; starts_at: string }> = [];
    watcher.on('agendaSession', (e: { session: { id: number; location: string; starts_at: string } }) => got.push(e.session));
    await connected(watcher);
    try {
      // B moves into A's hour (room booked twice), C takes A's speaker at that hour too.
      const moved = await ok<{ version: number; room_id: number }>(cast.owner, 'PATCH', url(mod, `/sessions/${b.id}`), {
        starts_at: at(13, 30),
        ends_at: at(14, 30),
      });
      await until(() => got.some((s) => s.id === b.id && s.starts_at === at(13, 30)));
      expect(moved.version).toBe(1);
      await ok(cast.owner, 'PATCH', url(mod, `/sessions/${c.id}`), { starts_at: at(13), ends_at: at(14), room_id: p.roomA.id });
      await until(() => got.some((s) => s.id === c.id && s.location === 'Hall A'));
      await ok(cast.owner, 'PUT', url(mod, `/sessions/${c.id}`), {
        title: 'C',
        starts_at: at(13),
        ends_at: at(14),
        room_id: p.roomB.id,
        speaker_ids: [p.speaker.id],
        draft: false,
      });
      grid = await ok<AgendaGrid>(cast.owner, 'GET', url(mod, '/grid'));
      const sorted = (ids: [number, number]) => [...ids].sort((x, y) => x - y);
      expect(mine(grid)).toEqual(
        expect.arrayContaining([
          { kind: 'room', ref_id: p.roomA.id, session_ids: sorted([a.id, b.id]) },
          { kind: 'speaker', ref_id: p.speaker.id, session_ids: sorted([a.id, c.id]) },
        ]),
      );
      expect(mine(grid)).toHaveLength(2);
      // A room of another module is refused; a draft's move reaches nobody.
      const other = await programme(secondMod);
      const r = await consoleCall(t, cast.owner, 'PATCH', url(mod, `/sessions/${b.id}`), {
        starts_at: at(13),
        ends_at: at(14),
        room_id: other.roomA.id,
      });
      expect(fieldsOf(r)).toEqual(['room_id']);
      const d = await ok<ConsoleSessionDetail>(cast.owner, 'POST', url(mod, '/sessions'), {
        title: 'Secret',
        starts_at: at(16),
        ends_at: at(17),
      });
      await ok(cast.owner, 'PATCH', url(mod, `/sessions/${d.id}`), { starts_at: at(18), ends_at: at(19) });
      // Renaming a room moves its sessions' place for attendees.
      await ok(cast.owner, 'PUT', url(mod, `/rooms/${p.roomA.id}`), { name: 'Main hall', capacity: 300 });
      await until(() => got.some((s) => s.id === a.id && s.location === 'Main hall'));
      expect(got.some((s) => s.id === d.id)).toBe(false);
    } finally {
      watcher.close();
    }
  });

  it('edits and deletes tracks, rooms, speakers and sessions', async () => {
    const p = await programme(mod);
    const s = await ok<ConsoleSessionDetail>(cast.owner, 'POST', url(mod, '/sessions'), {
      title: 'Temp',
      starts_at: at(20),
      ends_at: at(21),
      track_id: p.track.id,
      room_id: p.roomB.id,
      speaker_ids: [p.speaker.id],
    });
    const edited = await ok<{ color: string }>(cast.owner, 'PUT', url(mod, `/tracks/${p.track.id}`), { name: 'Web 2', color: '#AABBCC' });
    expect(edited.color).toBe('#aabbcc');
    const sp = await ok<{ bio: string; links: unknown[] }>(cast.owner, 'PUT', url(mod, `/speakers/${p.speaker.id}`), {
      name: 'Ada',
      bio: '<p>Bio</p>',
      user_id: cast.member.id,
    });
    expect(sp.bio).toBe('<p>Bio</p>');
    const speakers = await ok<Array<{ id: number; user_name: string | null }>>(cast.owner, 'GET', url(mod, '/speakers'));
    expect(speakers.find((x) => x.id === p.speaker.id)?.user_name).toBe('Mel Member');
    await ok(cast.owner, 'DELETE', url(mod, `/tracks/${p.track.id}`));
    await ok(cast.owner, 'DELETE', url(mod, `/rooms/${p.roomB.id}`));
    await ok(cast.owner, 'DELETE', url(mod, `/speakers/${p.speaker.id}`));
    const after = await ok<ConsoleSessionDetail>(cast.owner, 'GET', url(mod, `/sessions/${s.id}`));
    expect(after).toMatchObject({ track_id: null, room_id: null, speaker_ids: [] });
    await ok(cast.owner, 'DELETE', url(mod, `/sessions/${s.id}`));
    expect((await consoleCall(t, cast.owner, 'GET', url(mod, `/sessions/${s.id}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.moderator, 'DELETE', url(mod, `/rooms/${p.roomA.id}`))).statusCode).toBe(403);
  });
});

describe('findConflicts', () => {
  const s = (id: number, from: number, to: number, room: number | null, speakers: number[] = [], cancelled = false) => ({
    id,
    title: '',
    starts_at: at(from),
    ends_at: at(to),
    track_id: null,
    room_id: room,
    speaker_ids: speakers,
    capacity: null,
    qa_enabled: true,
    rating_enabled: true,
    draft: false,
    cancelled,
    version: 0,
  });
  it('pairs overlapping sessions of a room or a speaker, not touching or cancelled ones', () => {
    const r = findConflicts([s(1, 9, 10, 1, [7]), s(2, 10, 11, 1, [7]), s(3, 9, 12, 1), s(4, 9, 10, 2, [7]), s(5, 9, 10, 1, [], true)], 10);
    expect(r.conflicts).toEqual([
      { kind: 'room', ref_id: 1, session_ids: [1, 3] },
      { kind: 'room', ref_id: 1, session_ids: [2, 3] },
      { kind: 'speaker', ref_id: 7, session_ids: [1, 4] },
    ]);
    expect(findConflicts([s(1, 9, 10, 1), s(2, 9, 10, 1), s(3, 9, 10, 1)], 1)).toEqual({
      conflicts: [{ kind: 'room', ref_id: 1, session_ids: [1, 2] }],
      count: 3,
    });
  });
});
