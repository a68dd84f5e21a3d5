import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NETWORKING_POINTS } from '@app/contract/schemas/networking-hub';
import { SESSIONS, type SessionView, sessionView } from '@app/contract/schemas/networking-sessions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { fieldsOf } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { buildApp } from '../../../app.ts';
import { openDatabase } from '../../../db/client.ts';
import { networkingPoints } from '../networking.hub.table.ts';
import { advanceSessions } from './sessions.clock.ts';
import { networkingSessionSeats, networkingSessions } from './sessions.table.ts';

let t: TestApp;
let app: FastifyInstance;
let restarted: FastifyInstance | undefined;
let A: Tenant;
let B: Tenant;
let modA: number;
let modB: number;
let owner: string;
let ownerB: string;
let members: { id: number; token: string }[];
let darkAnna: string;

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: Json) =>
  app.inject({ method, url, headers: token ? { 'access-token': token } : {}, ...(payload ? { payload } : {}) });
const inHour = () => Math.floor(Date.now() / 1000) + 3600;
const body = (over: Json = {}) => ({
  title: 'Morning speed networking',
  starts_at: inHour(),
  rounds: 3,
  round_minutes: 2,
  mode: 'speed',
  topics: ['Why are you here?', 'Best idea of the week'],
  ...over,
});

async function view(token: string, mode = 'speed'): Promise<SessionView> {
  const res = await call('GET', `/networking/${modA}/sessions/${mode}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return sessionView.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  app = t.app;
  A = await makeTenant(t, { modules: ['networking'] });
  B = await makeTenant(t, { modules: ['networking'] });
  modA = A.modules[0]?.id as number;
  modB = B.modules[0]?.id as number;
  owner = (await makeUser(t, A, { isAdmin: true })).token;
  ownerB = (await makeUser(t, B, { isAdmin: true })).token;
  members = [];
  for (let i = 0; i < 20; i++) {
    const m = await makeUser(t, A, { firstName: 'Member', lastName: `No ${i}` });
    members.push({ id: m.user.id, token: m.token });
  }
  darkAnna = await login(app, 'anna@demo.test', 'demo1234!', 'demo-dark');
});
afterAll(async () => {
  if (restarted) await restarted.close();
  else await app.close();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

describe('planning a session (owners)', () => {
  it('owners plan, edit, start and cancel; members 403; another app 404; bad input 422 with field keys', async () => {
    const member = members[0]?.token as string;
    expect((await call('POST', `/networking/${modA}/sessions`, member, body())).statusCode).toBe(403);
    expect((await call('POST', `/networking/${modA}/sessions`, undefined, body())).statusCode).toBe(401);
    expect((await call('POST', `/networking/${modA}/sessions`, ownerB, body())).statusCode).toBe(404);
    expect((await call('POST', `/networking/${modA}/sessions`, darkAnna, body())).statusCode).toBe(404);

    const bad = await call('POST', `/networking/${modA}/sessions`, owner, {
      title: '',
      starts_at: inHour(),
      rounds: 0,
      round_minutes: 1,
      mode: 'group',
      group_size: 9,
      topics: Array.from({ length: 11 }, (_, i) => `Topic ${i}`),
    });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad)).toEqual(['group_size', 'round_minutes', 'rounds', 'title', 'topics']);
    expect(JSON.stringify(bad.json())).not.toContain('networking-sessions.errors');
    const past = await call('POST', `/networking/${modA}/sessions`, owner, body({ starts_at: Math.floor(Date.now() / 1000) - 3600 }));
    expect(past.statusCode).toBe(422);
    expect(fieldsOf(past)).toEqual(['starts_at']);
    const noGroup = await call('POST', `/networking/${modA}/sessions`, owner, body({ mode: 'group' }));
    expect(fieldsOf(noGroup)).toEqual(['group_size']);

    const made = await call('POST', `/networking/${modA}/sessions`, owner, body({ mode: 'group', group_size: 4, title: 'Groups' }));
    expect(made.statusCode, made.body).toBe(200);
    const s = made.json() as { id: number; state: string; group_size: number };
    expect(s).toMatchObject({ state: 'scheduled', group_size: 4, round: 0 });
    const edited = await call(
      'PUT',
      `/networking/${modA}/sessions/${s.id}`,
      owner,
      body({ mode: 'group', group_size: 5, title: 'Groups of five' }),
    );
    expect(edited.json()).toMatchObject({ title: 'Groups of five', group_size: 5 });
    expect((await call('PUT', `/networking/${modA}/sessions/${s.id}`, member, body())).statusCode).toBe(403);
    // Another app's owner, through their own module: the id is not theirs.
    expect((await call('PUT', `/networking/${modB}/sessions/${s.id}`, ownerB, body())).statusCode).toBe(404);
    expect((await call('POST', `/networking/${modB}/sessions/${s.id}/join`, ownerB)).statusCode).toBe(404);
    for (const a of ['cancel', 'start', 'join', 'leave', 'ready', 'not-ready'])
      expect((await call('POST', `/networking/${modB}/sessions/${s.id}/${a}`, ownerB)).statusCode, a).toBe(404);
    // Through this app's module id too (a token of the other app).
    expect((await call('POST', `/networking/${modA}/sessions/${s.id}/start`, ownerB)).statusCode).toBe(404);

    // A member sees it planned, with the rules' facts; joins and leaves.
    const v = await view(member, 'group');
    expect(v.session).toMatchObject({ id: s.id, state: 'scheduled', participants: 0, round_minutes: 2 });
    expect(v.is_owner).toBe(false);
    expect((await view(owner, 'group')).is_owner).toBe(true);
    const joined = await call('POST', `/networking/${modA}/sessions/${s.id}/join`, member);
    expect(joined.json()).toMatchObject({ me: { joined: true, active: true, seat: null }, session: { participants: 1 } });
    const left = await call('POST', `/networking/${modA}/sessions/${s.id}/leave`, member);
    expect(left.json()).toMatchObject({ me: { joined: true, active: false }, session: { participants: 0 } });
    // No round: ready and not-ready are refused.
    expect((await call('POST', `/networking/${modA}/sessions/${s.id}/ready`, member)).statusCode).toBe(422);

    const cancelled = await call('POST', `/networking/${modA}/sessions/${s.id}/cancel`, owner);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled' });
    expect((await call('POST', `/networking/${modA}/sessions/${s.id}/join`, member)).statusCode).toBe(422);
    expect((await call('PUT', `/networking/${modA}/sessions/${s.id}`, owner, body())).statusCode).toBe(422);
    expect((await call('GET', `/networking/sessions/live`, member)).json()).toMatchObject({ state: 'idle' });
  });
});

describe('a simulated speed networking session: 20 members over sockets', () => {
  it('three rounds with a partner not ready, a late joiner, an odd count and a server restart mid-round', async () => {
    const made = await call('POST', `/networking/${modA}/sessions`, owner, body());
    const id = (made.json() as { id: number }).id;
    // 19 join before it starts (odd: one group of three); the 20th comes late.
    const [late, ...early] = members as [{ id: number; token: string }, ...{ id: number; token: string }[]];
    for (const m of early) expect((await call('POST', `/networking/${modA}/sessions/${id}/join`, m.token)).statusCode).toBe(200);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const connectAll = async (base: string) => {
      const events: { state: string; round?: number }[][] = members.map(() => []);
      const sockets: Socket[] = members.map((m) => socketClient(base, m.token));
      for (const [i, s] of sockets.entries()) s.on('speedNetworking', (p: { state: string; round?: number }) => events[i]?.push(p));
      await Promise.all(sockets.map(connected));
      return { sockets, events };
    };
    let { sockets, events } = await connectAll(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);

    // Round 1 starts now (the owner's button).
    const started = await call('POST', `/networking/${modA}/sessions/${id}/start`, owner);
    expect(started.json()).toMatchObject({ state: 'running', round: 1, phase: 'talk', participants: 19 });
    await until(() => events.every((e) => e.some((p) => p.state === 'running' && p.round === 1)));
    expect((await call('GET', `/networking/sessions/live`, late.token)).json()).toMatchObject({
      state: 'running',
      mode: 'speedNetworking',
      session_id: id,
      round: 1,
    });
    const seatsOf = (round: number) =>
      app.ctx.db
        .select()
        .from(networkingSessionSeats)
        .where(and(eq(networkingSessionSeats.sessionId, id), eq(networkingSessionSeats.round, round)));
    const groupsOf = (rows: { number: number; userId: number; symbol: number }[]) => {
      const by = new Map<number, number[]>();
      for (const r of rows) by.set(r.number, [...(by.get(r.number) ?? []), r.userId]);
      return by;
    };
    let round1 = await seatsOf(1);
    expect(round1.length).toBe(19);
    expect([...groupsOf(round1).values()].map((g) => g.length).sort()).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 3]);
    // Each group: one picture and number, distinct within the round.
    const numbers = new Set(round1.map((r) => r.number));
    const symbols = new Set(round1.map((r) => `${r.number}:${r.symbol}`));
    expect(numbers.size).toBe(9);
    expect(symbols.size).toBe(9);
    expect(new Set(round1.map((r) => r.symbol)).size).toBe(9);

    // Partners see the same picture and number.
    const pair = [...groupsOf(round1).values()].find((g) => g.length === 2) as [number, number];
    const tokenOf = (uid: number) => members.find((m) => m.id === uid)?.token as string;
    const [v1, v2] = await Promise.all(pair.map((u) => view(tokenOf(u))));
    expect(v1?.me.seat).toMatchObject({ number: v2?.me.seat?.number, symbol: v2?.me.seat?.symbol, round: 1 });
    expect(v1?.me.seat?.partners.map((p) => p.id)).toEqual([pair[1]]);
    expect(v1?.session?.topic).toBe('Why are you here?');

    // Points: 500 once to each member seated.
    const ledger = await app.ctx.db
      .select()
      .from(networkingPoints)
      .where(and(eq(networkingPoints.action, 'session'), eq(networkingPoints.ref, String(id))));
    expect(ledger.length).toBe(19);
    expect(ledger.every((l) => l.points === NETWORKING_POINTS.session)).toBe(true);

    // The late joiner: nobody free in this round, so they wait.
    const lateView = sessionView.parse((await call('POST', `/networking/${modA}/sessions/${id}/join`, late.token)).json());
    expect(lateView.me).toMatchObject({ joined: true, seat: null });

    // A pair where one confirmed and the other did not: the confirmed one reports "not ready".
    const [x, y] = [...groupsOf(await seatsOf(1)).values()].filter((g) => g.length === 2)[1] as [number, number];
    expect((await call('POST', `/networking/${modA}/sessions/${id}/ready`, tokenOf(x))).json()).toMatchObject({
      me: { seat: { ready: true } },
    });
    const bumped = sessionView.parse((await call('POST', `/networking/${modA}/sessions/${id}/not-ready`, tokenOf(x))).json());
    expect(bumped.me.partner_not_ready).toBe(true);
    // x and the late joiner were free and had not met: paired with a new number and picture; y (who
    // was not ready) is not put back with x, and waits for the next round.
    round1 = await seatsOf(1);
    const again = round1.filter((r) => [x, late.id].includes(r.userId));
    expect(again.length).toBe(2);
    expect(new Set(again.map((r) => r.number)).size).toBe(1);
    expect(round1.filter((r) => r.number === again[0]?.number).length, JSON.stringify({ x, y, late: late.id, round1 })).toBe(2);
    expect(round1.some((r) => r.userId === y)).toBe(false);
    expect(new Set(round1.map((r) => r.symbol)).size).toBe(new Set(round1.map((r) => r.number)).size);
    expect(bumped.me.seat?.partners.map((p) => p.id)).toEqual([late.id]);
    expect((await view(tokenOf(y))).me.seat).toBeNull();
    // The late joiner got their session points once seated.
    expect(
      (
        await app.ctx.db
          .select()
          .from(networkingPoints)
          .where(and(eq(networkingPoints.userId, late.id), eq(networkingPoints.action, 'session')))
      ).length,
    ).toBe(1);

    // The round ends: a break ("completed" for the strip), then round 2 with nobody met again.
    const row = async () => (await app.ctx.db.select().from(networkingSessions).where(eq(networkingSessions.id, id)))[0];
    const r1 = await row();
    await advanceSessions(app.ctx, new Date((r1?.endsAt?.getTime() ?? 0) + 10));
    expect(await row()).toMatchObject({ phase: 'break', round: 1 });
    await until(() => events.every((e) => e.some((p) => p.state === 'completed' && p.round === 1)));
    const brk = await row();
    await advanceSessions(app.ctx, new Date((brk?.endsAt?.getTime() ?? 0) + 10));
    expect(await row()).toMatchObject({ phase: 'talk', round: 2, state: 'running' });
    await until(() => events.every((e) => e.some((p) => p.state === 'running' && p.round === 2)));
    const met = new Set<string>();
    const key = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);
    for (const g of groupsOf(round1).values()) for (const a of g) for (const b of g) if (a !== b) met.add(key(a, b));
    const round2 = await seatsOf(2);
    expect(round2.length).toBe(20);
    for (const g of groupsOf(round2).values()) for (const a of g) for (const b of g) if (a !== b) expect(met.has(key(a, b))).toBe(false);
    // Round 2 started when the break ended (on time, from the database's clock).
    expect((await row())?.roundStartedAt?.getTime()).toBe(brk?.endsAt?.getTime());

    // A server restart mid-round 2: the data kept, the sockets reconnect to the new server, whose own
    // ticker carries on from the database (the round's end is then moved near, 1 s, to see it happen).
    // PostgreSQL: the new server opens the same database; PGlite: a copy of the old one's data folder.
    const url = (app.ctx.database.pool as { options?: { connectionString?: string } } | undefined)?.options?.connectionString;
    const dump = url ? undefined : await app.ctx.database.dumpDataDir?.();
    for (const s of sockets) s.disconnect();
    await app.close();
    const database = url
      ? await openDatabase({ dataDir: t.dataDir, databaseUrl: url })
      : await openDatabase({ dataDir: t.dataDir, inMemory: true, ...(dump ? { loadDataDir: dump } : {}) });
    restarted = await buildApp({
      config: {
        inMemory: true,
        dataDir: t.dataDir,
        dev: true,
        webDist: path.join(t.dataDir, 'no-web'),
        consoleDist: path.join(t.dataDir, 'no-console'),
        coreVersion: 'test',
        rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 },
      },
      database,
      logger: false,
    });
    app = restarted;
    await app.listen({ port: 0, host: '127.0.0.1' });
    ({ sockets, events } = await connectAll(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`));
    expect(await row()).toMatchObject({ state: 'running', round: 2, phase: 'talk' });
    await app.ctx.db
      .update(networkingSessions)
      .set({ endsAt: new Date(Date.now() + 1000) })
      .where(eq(networkingSessions.id, id));
    // The round ends on time by the new server's ticker (break), then the break is moved near too.
    await until(() => events.every((e) => e.some((p) => p.state === 'completed' && p.round === 2)), 10_000);
    await app.ctx.db
      .update(networkingSessions)
      .set({ endsAt: new Date(Date.now() + 200) })
      .where(eq(networkingSessions.id, id));
    await until(() => events.every((e) => e.some((p) => p.state === 'running' && p.round === 3)), 10_000);
    expect((await seatsOf(3)).length).toBe(20);

    // The last round ends: the session is completed; a member's summary lists the partners met.
    const r3 = await row();
    await advanceSessions(app.ctx, new Date((r3?.endsAt?.getTime() ?? 0) + 10));
    expect(await row()).toMatchObject({ state: 'completed' });
    await until(() => events.every((e) => e.some((p) => p.state === 'completed' && p.round === 3)));
    const end = await view(tokenOf(pair[0]));
    expect(end.session?.state).toBe('completed');
    expect(end.me.met.length).toBe(3);
    // Points stay once per session.
    const points = await app.ctx.db
      .select()
      .from(networkingPoints)
      .where(and(eq(networkingPoints.action, 'session'), eq(networkingPoints.ref, String(id))));
    expect(points.length).toBe(20);

    // History: newest first, each round with its partner cards.
    const hist = await call('GET', `/networking/${modA}/sessions/speed/history`, tokenOf(pair[0]));
    expect(hist.statusCode).toBe(200);
    const h = hist.json() as { session: { id: number }; rounds: { round: number; partners: { id: number }[] }[] }[];
    expect(h[0]?.session.id).toBe(id);
    expect(h[0]?.rounds.map((r) => r.round)).toEqual([3, 2, 1]);
    expect(h[0]?.rounds[2]?.partners.map((p) => p.id)).toEqual([pair[1]]);
    // Another app's member sees nothing of it.
    expect((await call('GET', `/networking/${modA}/sessions/speed/history`, darkAnna)).statusCode).toBe(404);
    for (const s of sockets) s.disconnect();
    expect(SESSIONS.breakSeconds).toBeGreaterThan(0);
  }, 60_000);
});

describe('the first minute of a round', () => {
  it('a partner who never confirms within the ready window is taken out with the one who did; the check runs once', async () => {
    const made = await call('POST', `/networking/${modA}/sessions`, owner, body({ title: 'Ready check', rounds: 2 }));
    const id = (made.json() as { id: number }).id;
    const four = members.slice(0, 4);
    for (const m of four) expect((await call('POST', `/networking/${modA}/sessions/${id}/join`, m.token)).statusCode).toBe(200);
    await call('POST', `/networking/${modA}/sessions/${id}/start`, owner);
    const seats = async () =>
      app.ctx.db
        .select()
        .from(networkingSessionSeats)
        .where(and(eq(networkingSessionSeats.sessionId, id), eq(networkingSessionSeats.round, 1)));
    const first = await seats();
    expect(first.length).toBe(4);
    const mine = first.find((r) => r.userId === four[0]?.id);
    const partner = first.find((r) => r.number === mine?.number && r.userId !== four[0]?.id);
    await call('POST', `/networking/${modA}/sessions/${id}/ready`, four[0]?.token as string);
    const [row] = await app.ctx.db.select().from(networkingSessions).where(eq(networkingSessions.id, id));
    // Just before the window: nothing; after it: the pair is broken up (nobody free to pair them with).
    await advanceSessions(app.ctx, new Date((row?.roundStartedAt?.getTime() ?? 0) + SESSIONS.readyWindowSeconds * 1000 - 100));
    expect((await seats()).length).toBe(4);
    await advanceSessions(app.ctx, new Date((row?.roundStartedAt?.getTime() ?? 0) + SESSIONS.readyWindowSeconds * 1000 + 100));
    const after = await seats();
    expect(after.map((r) => r.userId).sort()).toEqual(
      first
        .filter((r) => r.number !== mine?.number)
        .map((r) => r.userId)
        .sort(),
    );
    expect(after.some((r) => r.userId === partner?.userId)).toBe(false);
    const v = await view(four[0]?.token as string);
    expect(v.me).toMatchObject({ partner_not_ready: true, seat: null });
    const [checked] = await app.ctx.db.select().from(networkingSessions).where(eq(networkingSessions.id, id));
    expect(checked?.readyChecked).toBe(1);
  });
});
