import { LEVEL_WINDOW_MS, NETWORKING_POINTS, POINT_ACTIONS } from '@app/contract/schemas/networking-hub';
import type { Leaderboard, NetworkingScore } from '@app/contract/schemas/networking-score';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../../test/harness.ts';
import { sleep, userByEmail } from '../../../../test/helpers.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingMembers, networkingPoints } from '../networking.hub.table.ts';
import { afterScoreChange } from '../networking.points.ts';
import { rankingCache } from './score.ranking.ts';
import { leaderTick, memberConnected, sweepLevels } from './score.service.ts';
import { networkingAchievements } from './score.table.ts';

let t: TestApp;
let anna: string;
let darkAnna: string;
let hub: number;
let darkHub: number;
let appId: number;
let annaId: number;
let benId: number;
/** Members made here, each able to sign in (score-<i>@demo.test). */
let extra: number[];

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { 'access-token': token }, ...(payload ? { payload } : {}) });

async function menuModule(token: string, type: string) {
  const menu = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const m = menu.menu.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.app_module_id;
}

const standing = async (userId: number) =>
  (await t.app.ctx.db.select().from(networkingMembers).where(eq(networkingMembers.userId, userId)))[0];
const ledger = (userId: number, action: string) =>
  t.app.ctx.db
    .select()
    .from(networkingPoints)
    .where(and(eq(networkingPoints.userId, userId), eq(networkingPoints.action, action)));
const dropRankings = () => t.app.ctx.caches.get(rankingCache).clear();
const score = async (token: string) => {
  const res = await call('GET', `/networking/${hub}/score`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NetworkingScore;
};
const board = async (token: string) => {
  dropRankings();
  const res = await call('GET', `/networking/${hub}/leaderboard`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Leaderboard;
};

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, darkAnna] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'anna@demo.test', 'demo1234!', 'demo-dark')]);
  const annaRow = await userByEmail(t, 'demo', 'anna@demo.test');
  annaId = annaRow.id;
  appId = annaRow.appId;
  benId = (await userByEmail(t, 'demo', 'ben@demo.test')).id;
  const hash = await hashPassword('demo1234!');
  const rows = await t.app.ctx.db
    .insert(users)
    .values(
      Array.from({ length: 70 }, (_, i) => ({
        appId,
        email: `score-${i}@demo.test`,
        firstName: 'Score',
        lastName: `Member ${i}`,
        emailConfirmedAt: new Date(),
        passwordHash: i < 3 ? hash : null,
      })),
    )
    .returning({ id: users.id });
  extra = rows.map((r) => r.id);
  hub = await menuModule(anna, 'networking');
  darkHub = await menuModule(darkAnna, 'networking');
});
afterAll(async () => {
  await t.close();
});

describe('rating details', () => {
  it('answers my total, level, badges and every row of the points table', async () => {
    const s = await score(anna);
    const row = await standing(annaId);
    expect(s.points).toBe(row?.points ?? 0);
    expect(s.level).toBe(row?.level ?? 1);
    expect(s.all_badges).toEqual(['legend', 'push', 'leader', 'meetmaster', 'connector']);
    expect(s.sources.map((x) => x.action)).toEqual(POINT_ACTIONS);
    const like = s.sources.find((x) => x.action === 'userLike');
    expect(like?.each).toBe(100);
    expect(s.sources.find((x) => x.action === 'profileComplete')?.once).toBe(true);
    // The sources add up to the total.
    expect(s.sources.reduce((n, x) => n + x.points, 0)).toBe(s.points);
  });

  it('404 for another app’s module, 401 signed out', async () => {
    expect((await call('GET', `/networking/${darkHub}/score`, anna)).statusCode).toBe(404);
    expect((await call('GET', `/networking/${darkHub}/leaderboard`, anna)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/networking/${hub}/score` })).statusCode).toBe(401);
  });
});

describe('points from the profile and push', () => {
  it('a complete profile with a picture earns 1000 once; the level follows', async () => {
    const me = extra[0] as number;
    const token = await login(t.app, 'score-0@demo.test');
    const body = { first_name: 'Score', last_name: 'Zero' };
    // Complete but without a picture: no points.
    await call('PUT', '/user/profile', token, { ...body, job_title: 'Host' });
    expect(await ledger(me, 'profileComplete')).toHaveLength(0);
    await t.app.ctx.db.update(users).set({ avatarUrl: '/uploads/avatars/demo.webp' }).where(eq(users.id, me));
    const first = await call('PUT', '/user/profile', token, { ...body, job_title: 'Host' });
    expect(first.statusCode, first.body).toBe(200);
    await call('PUT', '/user/profile', token, { ...body, job_title: 'Host of the day' });
    const rows = await ledger(me, 'profileComplete');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.points).toBe(NETWORKING_POINTS.profileComplete);
    expect((await standing(me))?.points).toBe(1000);
    // Complete and active here: at least Passive; online (seen now) makes Ready Network.
    await t.app.ctx.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, me));
    await call('PUT', '/user/profile', token, { ...body, job_title: 'Host' });
    expect((await standing(me))?.level).toBe(3);
  });

  it('a stored push subscription earns 1000 once and the push badge', async () => {
    const me = extra[1] as number;
    const token = await login(t.app, 'score-1@demo.test');
    const sub = (n: number) => ({
      endpoint: `https://push.example.test/score/${n}`,
      public_key: `BPk${n}${'A'.repeat(60)}`,
      auth_token: `auth${n}xxxxxxxx`,
      encoding: 'aes128gcm',
    });
    expect((await call('POST', '/push-subscription', token, sub(1))).statusCode).toBe(200);
    expect((await call('PUT', '/push-subscription/0', token, sub(1))).statusCode).toBe(200);
    expect((await call('POST', '/push-subscription', token, sub(2))).statusCode).toBe(200);
    expect(await ledger(me, 'pushEnabled')).toHaveLength(1);
    const s = await standing(me);
    expect(s?.points).toBe(1000);
    expect(s?.badges).toContain('push');
    const dates = await t.app.ctx.db.select().from(networkingAchievements).where(eq(networkingAchievements.userId, me));
    expect(dates.map((d) => d.badge)).toEqual(['push']);
  });
});

describe('levels', () => {
  it('are computed again on a change (afterScoreChange) and fall back by the sweep when the window ends', async () => {
    const me = extra[2] as number;
    const db = t.app.ctx.db;
    await db.update(users).set({ jobTitle: 'Speaker', avatarUrl: '/uploads/avatars/demo.webp' }).where(eq(users.id, me));
    // A chat answered now: 5 Legend (and the legend badge, kept).
    await db.insert(networkingPoints).values({ userId: me, appId, action: 'chatRespond', ref: String(annaId), points: 400 });
    await afterScoreChange(t.app.ctx, appId, [me]);
    let s = await standing(me);
    expect(s?.level).toBe(5);
    expect(s?.badges).toContain('legend');
    expect(s?.levelUntil?.getTime()).toBeGreaterThan(Date.now() + LEVEL_WINDOW_MS - 60_000);
    // A read does not compute: the level stays what was stored.
    const old = new Date(Date.now() - LEVEL_WINDOW_MS - 60_000);
    await db.update(networkingPoints).set({ createdAt: old }).where(eq(networkingPoints.userId, me));
    expect((await score(await login(t.app, 'score-2@demo.test'))).level).toBe(5);
    // That call marked them seen (written in a batch half a second later): not online for what follows.
    await sleep(800);
    await db.update(users).set({ lastSeenAt: null }).where(eq(users.id, me));
    // The window ended: the sweep brings it back to Passive (complete, not online), the badge stays.
    await db
      .update(networkingMembers)
      .set({ levelUntil: new Date(Date.now() - 1000) })
      .where(eq(networkingMembers.userId, me));
    const changed = await sweepLevels(t.app.ctx);
    expect(changed).toContain(me);
    s = await standing(me);
    expect(s?.level).toBe(2);
    expect(s?.levelUntil).toBeNull();
    expect(s?.badges).toContain('legend');
    // A started chat in the window: 4 Rising Star.
    await db.insert(networkingPoints).values({ userId: me, appId, action: 'chatStart', ref: String(benId), points: 200 });
    await afterScoreChange(t.app.ctx, appId, [me]);
    expect((await standing(me))?.level).toBe(4);
  });

  it('a connection (socket) makes a complete profile Ready Network, looked at in a batch a few seconds later', async () => {
    const me = extra[8] as number;
    const db = t.app.ctx.db;
    await db.update(users).set({ jobTitle: 'Designer', avatarUrl: '/uploads/avatars/demo.webp' }).where(eq(users.id, me));
    await afterScoreChange(t.app.ctx, appId, [me]);
    expect((await standing(me))?.level).toBe(2);
    await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, me));
    memberConnected(t.app.ctx, appId, me);
    await sleep(3_600);
    expect((await standing(me))?.level).toBe(3);
  });

  it('a member with no activity and an incomplete profile is Inactive; one mark makes them Passive', async () => {
    const me = extra[3] as number;
    await afterScoreChange(t.app.ctx, appId, [me]);
    expect((await standing(me))?.level ?? 1).toBe(1);
    await t.app.ctx.db.insert(networkingPoints).values({ userId: me, appId, action: 'userSkip', ref: String(annaId), points: 50 });
    await afterScoreChange(t.app.ctx, appId, [me]);
    expect((await standing(me))?.level).toBe(2);
  });
});

describe('badges', () => {
  it('meetmaster after a 1:1 request', async () => {
    const before = await standing(annaId);
    expect(before?.badges ?? []).not.toContain('meetmaster');
    const start = Math.floor(Date.now() / 1000) + 86_400;
    const res = await call('POST', '/meet', anna, {
      user_id: extra[15],
      duration: 15,
      time_start: start - (start % 900),
      location: 'Booth 4',
      title: 'Hello',
      timezone_name: 'Europe/Berlin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await standing(annaId);
    expect(after?.badges).toContain('meetmaster');
    expect(after?.points).toBe((before?.points ?? 0) + NETWORKING_POINTS.meetRequest);
    const s = await score(anna);
    expect(s.badges.find((b) => b.key === 'meetmaster')?.earned_at).toMatch(/^\d{4}-/);
  });

  it('connector after 3 connections, not before', async () => {
    const me = extra[4] as number;
    const db = t.app.ctx.db;
    const connect = async (other: number) => {
      await db.insert(networkingContacts).values({
        lowId: Math.min(me, other),
        highId: Math.max(me, other),
        appId,
        starterId: me,
        connectedAt: new Date(),
      });
      await afterScoreChange(t.app.ctx, appId, [me, other], ['lists', 'score']);
    };
    await connect(extra[10] as number);
    await connect(extra[11] as number);
    expect((await standing(me))?.badges ?? []).not.toContain('connector');
    await connect(extra[12] as number);
    expect((await standing(me))?.badges).toContain('connector');
  });

  it('leader for the top 10 % of the ranking, kept once overtaken', async () => {
    const db = t.app.ctx.db;
    const top = extra[20] as number;
    await db
      .insert(networkingMembers)
      .values({ userId: top, appId, points: 900_000 })
      .onConflictDoUpdate({ target: networkingMembers.userId, set: { points: 900_000 } });
    const leaders = await leaderTick(t.app.ctx, appId);
    expect(leaders).toContain(top);
    expect((await standing(top))?.badges).toContain('leader');
    await db.update(networkingMembers).set({ points: 1 }).where(eq(networkingMembers.userId, top));
    await leaderTick(t.app.ctx, appId);
    expect((await standing(top))?.badges).toContain('leader');
  });
});

describe('leaderboard', () => {
  it('ranks by points, then by who got there first; top 50, me, the people around me', async () => {
    const db = t.app.ctx.db;
    // 60 members far ahead of everyone, in a known order: 1,000,000 − 1000·i; two tied on points.
    const ranked = extra.slice(5, 65);
    const base = Date.now() - 3_600_000;
    for (const [i, id] of ranked.entries()) {
      const points = i === 1 ? 1_000_000 - 1000 * 0 : 1_000_000 - 1000 * i;
      await db
        .insert(networkingMembers)
        .values({ userId: id, appId, points, updatedAt: new Date(base + i * 1000) })
        .onConflictDoUpdate({ target: networkingMembers.userId, set: { points, updatedAt: new Date(base + i * 1000) } });
    }
    const b = await board(anna);
    expect(b.top).toHaveLength(50);
    expect(b.top.map((r) => r.rank)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // Tied on points: the one who got there first (i = 0) ranks first.
    expect(b.top.slice(0, 3).map((r) => r.id)).toEqual([ranked[0], ranked[1], ranked[2]]);
    for (let i = 1; i < b.top.length; i++)
      expect((b.top[i - 1] as { points: number }).points).toBeGreaterThanOrEqual(b.top[i]?.points ?? 0);
    expect(b.total).toBeGreaterThanOrEqual(60);
    // Anna is below the 60: her rank, and three either side of her with her in the middle.
    expect(b.me.id).toBe(annaId);
    expect(b.me.rank).toBeGreaterThan(60);
    const mine = b.around.findIndex((r) => r.id === annaId);
    expect(mine).toBeGreaterThanOrEqual(0);
    expect(b.around[mine]?.rank).toBe(b.me.rank);
    expect(b.around.length).toBeLessThanOrEqual(7);
    for (const [k, r] of b.around.entries()) expect(r.rank).toBe((b.around[0]?.rank ?? 0) + k);
  });

  it('leaves out members hidden from lists, blocked and deleted accounts; a hidden member sees where they would stand', async () => {
    const db = t.app.ctx.db;
    const [hidden, blocked, gone] = [extra[5], extra[6], extra[7]] as [number, number, number];
    await db
      .insert(userProfiles)
      .values({ userId: hidden, appId, listedInDirectory: false })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { listedInDirectory: false },
      });
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone));
    const b = await board(anna);
    const shown = [...b.top, ...b.around].map((r) => r.id);
    expect(shown).not.toContain(hidden);
    expect(shown).not.toContain(blocked);
    expect(shown).not.toContain(gone);
    // The hidden member had the most points: they see rank 1 for themselves, and no one else is pushed down.
    const hiddenToken = await (async () => {
      await db
        .update(users)
        .set({ passwordHash: await hashPassword('demo1234!') })
        .where(eq(users.id, hidden));
      return login(t.app, `score-5@demo.test`);
    })();
    const theirs = await board(hiddenToken);
    expect(theirs.me.rank).toBe(1);
    expect(theirs.top[0]?.rank).toBe(1);
    expect(theirs.top[0]?.id).not.toBe(hidden);
    await db
      .update(users)
      .set({ blockedAt: null, deletedAt: null })
      .where(inArray(users.id, [blocked, gone]));
  });

  it('follows points within a second without a full rebuild (the cached ranking is patched)', async () => {
    const riser = extra[66] as number;
    await board(anna);
    await db()
      .insert(networkingMembers)
      .values({ userId: riser, appId, points: 5_000_000 })
      .onConflictDoUpdate({
        target: networkingMembers.userId,
        set: { points: 5_000_000 },
      });
    await afterScoreChange(t.app.ctx, appId, [riser]);
    await sleep(1_300);
    const res = await call('GET', `/networking/${hub}/leaderboard`, anna);
    const b = res.json() as Leaderboard;
    expect(b.top[0]).toMatchObject({ id: riser, rank: 1, points: 5_000_000, fullname: 'Score Member 66' });
    expect(b.top.filter((r) => r.id === riser)).toHaveLength(1);
    // Back to no points: out of the ranking.
    await db().update(networkingMembers).set({ points: 0 }).where(eq(networkingMembers.userId, riser));
    await afterScoreChange(t.app.ctx, appId, [riser]);
    await sleep(1_300);
    const after = (await call('GET', `/networking/${hub}/leaderboard`, anna)).json() as Leaderboard;
    expect(after.top.map((r) => r.id)).not.toContain(riser);
    expect(after.total).toBe(b.total - 1);
  });

  it('a member leaving the directory leaves the leaderboard within a second', async () => {
    const leaver = extra[2] as number;
    const token = await login(t.app, 'score-2@demo.test');
    await db().update(networkingMembers).set({ points: 4_000_000 }).where(eq(networkingMembers.userId, leaver));
    await afterScoreChange(t.app.ctx, appId, [leaver]);
    await sleep(1_300);
    const before = (await call('GET', `/networking/${hub}/leaderboard`, anna)).json() as Leaderboard;
    expect(before.top.map((r) => r.id)).toContain(leaver);
    expect((await call('PUT', '/user/profile/preferences', token, { listed_in_directory: false })).statusCode).toBe(200);
    await sleep(1_300);
    const after = (await call('GET', `/networking/${hub}/leaderboard`, anna)).json() as Leaderboard;
    expect(after.top.map((r) => r.id)).not.toContain(leaver);
  });

  it('a member without points has no rank', async () => {
    const none = extra[69] as number;
    await db()
      .update(users)
      .set({ passwordHash: await hashPassword('demo1234!') })
      .where(eq(users.id, none));
    const b = await board(await login(t.app, 'score-69@demo.test'));
    expect(b.me).toMatchObject({ id: none, rank: null, points: 0 });
    expect(b.around).toEqual([]);
  });

  it('tells the app’s open leaderboards at most once a second when points change', async () => {
    const io = t.app.ctx.io;
    if (!io) return;
    const at: number[] = [];
    const spy = vi.spyOn(io, 'to').mockImplementation(((room: string | string[]) => {
      return {
        emit: (event: string, payload: { what?: string[] }) => {
          if (room === `app:${appId}` && event === 'networkingActivity' && payload.what?.includes('leaderboard')) at.push(Date.now());
          return true;
        },
      } as never;
    }) as never);
    try {
      // Points change again and again for two seconds: the app's room hears of it once a second at most.
      const until = Date.now() + 2_000;
      while (Date.now() < until) {
        await afterScoreChange(t.app.ctx, appId, [annaId], ['score']);
        await sleep(50);
      }
      await sleep(1_200);
      expect(at.length).toBeGreaterThanOrEqual(2);
      expect(at.length).toBeLessThanOrEqual(4);
      for (let k = 1; k < at.length; k++) expect((at[k] as number) - (at[k - 1] as number)).toBeGreaterThanOrEqual(950);
    } finally {
      spy.mockRestore();
    }
  });
});

const db = () => t.app.ctx.db;
