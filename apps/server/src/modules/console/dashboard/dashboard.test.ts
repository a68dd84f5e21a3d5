import type { Dashboard, DashboardMetric } from '@app/contract/schemas/console-dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type Tenant } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, pageHeaders, sleep } from '../../../../test/helpers.ts';
import { catalogFlags, catalogItems } from '../../catalog/catalog.table.ts';
import { chatMessages, chats } from '../../chats/chats.table.ts';
import { contentComments, contentFlags, contentPosts } from '../../content/content.table.ts';
import { eventRegistrations, events } from '../../events/events.table.ts';
import { networkingMeetings } from '../../networking/networking.table.ts';
import { pushSubscriptions } from '../../push/push.table.ts';
import { appReports } from '../../settings/settings.table.ts';
import { userFlags } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { audit } from '../console.audit.ts';
import { csvCell } from '../console.csv.ts';
import { loadActor } from '../console.policy.ts';
import { type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';
import { markSeen } from './dashboard.last-seen.ts';
import { prefixQuery } from './dashboard.queries.ts';
import { periodOf } from './dashboard.service.ts';

let t: TestApp;
let cast: Cast;
const MODULES = ['news', 'chats', 'events', 'catalog'] as const;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t, { modules: MODULES });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const dash = async (days?: number, who = cast.owner): Promise<Dashboard> => {
  const r = await consoleCall(t, who, 'GET', `/apps/${cast.tenant.app.id}/dashboard${days ? `?days=${days}` : ''}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const valueOn = (d: Dashboard, metric: DashboardMetric, date: string) => {
  const s = d.series.find((x) => x.metric === metric);
  const i = d.dates.indexOf(date);
  if (!s || i < 0) throw new Error(`no ${metric} on ${date}`);
  return s.values[i] ?? 0;
};
const totalOf = (d: Dashboard, metric: DashboardMetric) => d.series.find((x) => x.metric === metric)?.total ?? -1;
const moduleOf = (tenant: Tenant, type: string) => {
  const m = tenant.modules.find((x) => x.type === type);
  if (!m) throw new Error(`no ${type} module`);
  return m.id;
};

/**
 * One of each figure's rows in `tenant` at `at` (two reports: a post's flag and the app's report by
 * the same member, plus a catalog item's flag), answering how many rows of each it made.
 */
async function activityAt(tenant: Tenant, at: Date): Promise<Record<DashboardMetric, number>> {
  const { db } = t.app.ctx;
  const appId = tenant.app.id;
  const a = (await makeUser(t, tenant)).user;
  const b = (await makeUser(t, tenant)).user;
  await db.update(users).set({ createdAt: at }).where(eq(users.id, a.id));
  // b joined long before the period: only a counts as joined.
  await db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 400 * DAY) })
    .where(eq(users.id, b.id));
  const [post] = await db
    .insert(contentPosts)
    .values({ appId, appModuleId: moduleOf(tenant, 'news'), userId: a.id, bodyHtml: '<p>x</p>', bodyText: 'x', createdAt: at })
    .returning();
  if (!post) throw new Error('no post');
  await db.insert(contentComments).values([
    { appId, postId: post.id, path: '1', userId: b.id, body: 'c1', createdAt: at },
    { appId, postId: post.id, path: '2', userId: a.id, body: 'c2', createdAt: at },
  ]);
  const [chat] = await db
    .insert(chats)
    .values({ appId, appModuleId: moduleOf(tenant, 'chats'), isGroup: true, name: 'g', createdAt: at })
    .returning();
  if (!chat) throw new Error('no chat');
  await db.insert(chatMessages).values([
    { chatId: chat.id, seq: 1, userId: a.id, clientId: 'm1', body: 'hi', createdAt: at },
    { chatId: chat.id, seq: 2, userId: b.id, clientId: 'm2', body: 'hello', createdAt: at },
    { chatId: chat.id, seq: 3, userId: b.id, clientId: 'm3', body: 'there', createdAt: at },
    // A line of the history, not a message.
    { chatId: chat.id, seq: 4, userId: b.id, clientId: 'e1', body: '', event: 'left', createdAt: at },
  ]);
  const [event] = await db
    .insert(events)
    .values({ appId, appModuleId: moduleOf(tenant, 'events'), title: 'e', startsAt: at, endsAt: new Date(at.getTime() + 3600_000) })
    .returning();
  if (!event) throw new Error('no event');
  await db.insert(eventRegistrations).values([
    { eventId: event.id, userId: a.id, appId, createdAt: at },
    { eventId: event.id, userId: b.id, appId, createdAt: at },
  ]);
  await db
    .insert(networkingMeetings)
    .values({ appId, initiatorId: a.id, inviteeId: b.id, timeStart: at, duration: 30, timezoneName: 'Europe/Berlin', createdAt: at });
  const [item] = await db
    .insert(catalogItems)
    .values({ appId, appModuleId: moduleOf(tenant, 'catalog'), name: 'booth' })
    .returning();
  if (!item) throw new Error('no item');
  await db.insert(contentFlags).values({ appId, targetType: 'post', targetId: post.id, userId: b.id, createdAt: at });
  await db.insert(appReports).values({ appId, userId: b.id, createdAt: at });
  await db.insert(catalogFlags).values({ appId, itemId: item.id, userId: a.id, createdAt: at });
  await db.insert(userFlags).values({ appId, subjectId: a.id, reporterId: b.id, createdAt: at });
  await db.insert(pushSubscriptions).values({
    userId: a.id,
    endpoint: `https://push.test/${a.id}-${at.getTime()}`,
    publicKey: 'k',
    authToken: 'a',
    createdAt: at,
  });
  return { members: 1, posts: 1, comments: 2, messages: 3, registrations: 2, meetings: 1, reports: 4, push_subscriptions: 1 };
}

describe('console dashboard', () => {
  it('is for owners and operators: moderator and member 403, another app’s owner 404, signed out 401', async () => {
    const id = cast.tenant.app.id;
    const want = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };
    expect(await statusesFor(t, cast, 'GET', `/apps/${id}/dashboard`)).toEqual(want);
    expect(await statusesFor(t, cast, 'GET', `/apps/${id}/dashboard/export.csv`)).toEqual(want);
    expect(await statusesFor(t, cast, 'GET', `/apps/${id}/audit`)).toEqual(want);
    expect(await statusesFor(t, cast, 'GET', `/apps/${id}/audit/export.csv`)).toEqual(want);
    // An app that does not exist is a 404 even for an operator.
    expect((await consoleCall(t, cast.operator, 'GET', '/apps/999999/dashboard')).statusCode).toBe(404);
  });

  it('counts each figure per day from the rows of this app only, within the period', async () => {
    const before = await dash(30);
    const p = periodOf(30);
    const today = p.dates[p.dates.length - 1] as string;
    const threeAgo = p.dates[p.dates.length - 4] as string;
    const firstDay = p.dates[0] as string;
    expect(before.dates).toHaveLength(30);
    expect(before.to).toBe(new Date().toISOString().slice(0, 10));

    const nowRows = await activityAt(cast.tenant, new Date());
    const oldRows = await activityAt(cast.tenant, new Date(Date.now() - 3 * DAY));
    // The first moment of the period counts; the moment before it does not.
    const edgeRows = await activityAt(cast.tenant, p.from);
    await activityAt(cast.tenant, new Date(p.from.getTime() - 1));
    await activityAt(cast.tenant, new Date(Date.now() - 40 * DAY));
    // Another app's rows, today: never counted here.
    await activityAt(cast.other, new Date());

    const after = await dash(30);
    for (const metric of Object.keys(nowRows) as DashboardMetric[]) {
      expect([metric, valueOn(after, metric, today) - valueOn(before, metric, today)]).toEqual([metric, nowRows[metric]]);
      expect([metric, valueOn(after, metric, threeAgo) - valueOn(before, metric, threeAgo)]).toEqual([metric, oldRows[metric]]);
      expect([metric, valueOn(after, metric, firstDay) - valueOn(before, metric, firstDay)]).toEqual([metric, edgeRows[metric]]);
      expect([metric, totalOf(after, metric) - totalOf(before, metric)]).toEqual([
        metric,
        nowRows[metric] + oldRows[metric] + edgeRows[metric],
      ]);
      const s = after.series.find((x) => x.metric === metric);
      expect(s?.values.reduce((x, y) => x + y, 0)).toBe(s?.total);
    }
    // A week: today and three days ago, not the edge of the 30 days.
    const week = await dash(7);
    expect(week.dates).toHaveLength(7);
    expect(totalOf(week, 'posts')).toBe(valueOn(after, 'posts', today) + valueOn(after, 'posts', threeAgo));
    // The other app sees its own rows.
    const other = (await consoleCall(t, cast.stranger, 'GET', `/apps/${cast.other.app.id}/dashboard`)).json() as Dashboard;
    expect(valueOn(other, 'messages', today)).toBe(nowRows.messages);
  });

  it('counts members now, and those seen today and in the last 7 days', async () => {
    const { db } = t.app.ctx;
    const before = (await dash(7)).members;
    const seenNow = await makeUser(t, cast.tenant);
    const seenDaysAgo = await makeUser(t, cast.tenant);
    const seenLongAgo = await makeUser(t, cast.tenant);
    await db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(users.id, seenDaysAgo.user.id));
    await db
      .update(users)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(users.id, seenLongAgo.user.id));
    // A signed-in call of the attendee app marks its member seen (written a moment later).
    const r = await t.app.inject({ method: 'GET', url: '/user/profile', headers: { 'access-token': seenNow.token } });
    expect(r.statusCode, r.body).toBe(200);
    for (let i = 0; i < 50; i++) {
      const [row] = await db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, seenNow.user.id));
      if (row?.at) break;
      await sleep(10);
    }
    // A deleted account is no member any more.
    const gone = await makeUser(t, cast.tenant);
    await db.update(users).set({ deletedAt: new Date(), lastSeenAt: new Date() }).where(eq(users.id, gone.user.id));
    const after = (await dash(7)).members;
    expect(after.total - before.total).toBe(3);
    expect(after.active_today - before.active_today).toBe(1);
    expect(after.active_7d - before.active_7d).toBe(2);
  });

  it('writes last seen once an hour per member, and again on a new day', async () => {
    const { db } = t.app.ctx;
    const { user } = await makeUser(t, cast.tenant);
    const seenAt = async () => (await db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, user.id)))[0]?.at ?? null;
    /** Waits for the batched write (a turn of the event loop or a few on a busy machine). */
    const written = async () => {
      for (let i = 0; i < 100 && !(await seenAt()); i++) await sleep(10);
      return seenAt();
    };
    const clear = async () => {
      await db.update(users).set({ lastSeenAt: null }).where(eq(users.id, user.id));
    };
    const fail = (err: unknown) => {
      throw err;
    };
    const noon = Date.UTC(2030, 0, 10, 12);
    markSeen(db, user.id, fail, noon);
    expect(await written()).not.toBeNull();
    await clear();
    // Half an hour later: nothing is written.
    markSeen(db, user.id, fail, noon + 30 * 60_000);
    await sleep(100);
    expect(await seenAt()).toBeNull();
    markSeen(db, user.id, fail, noon + 61 * 60_000);
    expect(await written()).not.toBeNull();
    // 23:59, then 00:01: the new day is written, though within the hour.
    const late = Date.UTC(2030, 0, 10, 23, 59);
    markSeen(db, user.id, fail, late);
    expect(await written()).not.toBeNull();
    await clear();
    markSeen(db, user.id, fail, late + 2 * 60_000);
    expect(await written()).not.toBeNull();
  });

  it('exports the series as CSV: one line per day and figure, or one figure', async () => {
    const id = cast.tenant.app.id;
    const d = await dash(7);
    const all = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/dashboard/export.csv?days=7`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toContain('attachment');
    const lines = all.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,metric,value');
    expect(lines).toHaveLength(1 + 7 * d.series.length);
    const today = d.to;
    expect(lines).toContain(`${today},posts,${valueOn(d, 'posts', today)}`);
    const one = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/dashboard/export.csv?days=7&metric=messages`);
    const rows = one.body.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows.every((l) => l.split(',')[1] === 'messages')).toBe(true);
    expect(rows.reduce((n, l) => n + Number(l.split(',')[2]), 0)).toBe(totalOf(d, 'messages'));
  });

  it('answers 422 with field messages for a bad period or figure', async () => {
    const id = cast.tenant.app.id;
    for (const q of ['days=0', 'days=400', 'days=abc', 'days=1.5']) {
      const r = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/dashboard?${q}`);
      expect([q, r.statusCode]).toEqual([q, 422]);
      expect(fieldErrorsOf(r).map((f) => f.field)).toEqual(['days']);
    }
    const bad = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/dashboard/export.csv?metric=secrets`);
    expect(bad.statusCode).toBe(422);
    expect(fieldErrorsOf(bad)[0]?.field).toBe('metric');
    expect(fieldErrorsOf(bad)[0]?.message).not.toContain('console-dashboard.');
  });

  it('answers the demo app’s figures to its operator (its speed is measured by the bench, not here)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/console/api/auth/login',
      payload: { email: 'admin@demo.test', password: 'demo1234!' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().access_token as string;
    const me = (await consoleCall(t, { token, id: 0 }, 'GET', '/me')).json() as { apps: Array<{ id: number; key: string }> };
    const demo = me.apps.find((a) => a.key === 'demo');
    if (!demo) throw new Error('no demo app');
    const r = await consoleCall(t, { token, id: 0 }, 'GET', `/apps/${demo.id}/dashboard?days=90`);
    expect(r.statusCode).toBe(200);
    expect((r.json() as Dashboard).members.total).toBeGreaterThan(2);
  });
});

describe('console audit log', () => {
  it('lists this app’s entries newest first, searchable, filtered and paged; never another app’s', async () => {
    const owner = await loadActor(t.app.ctx, cast.owner.token);
    const stranger = await loadActor(t.app.ctx, cast.stranger.token);
    if (!owner || !stranger) throw new Error('no actor');
    const id = cast.tenant.app.id;
    const { db } = t.app.ctx;
    await audit(db, owner, {
      appId: id,
      action: 'member.block',
      targetType: 'user',
      targetId: 41,
      before: { blocked: false },
      after: { blocked: true },
    });
    await audit(db, owner, {
      appId: id,
      action: 'app.update',
      targetType: 'app',
      targetId: id,
      before: { name: 'Old' },
      after: { name: 'New' },
    });
    await audit(db, owner, { appId: id, action: 'member.unblock', targetType: 'user', targetId: 41 });
    await audit(db, stranger, { appId: cast.other.app.id, action: 'member.block', targetType: 'user', targetId: 99 });

    const all = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/audit`);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.items.map((e: { action: string }) => e.action)).toEqual(['member.unblock', 'app.update', 'member.block']);
    expect(body.items[1]).toMatchObject({
      actor_name: 'Owen Owner',
      actor_id: cast.owner.id,
      target_type: 'app',
      before: { name: 'Old' },
      after: { name: 'New' },
    });
    expect(body.actions).toEqual(['app.update', 'member.block', 'member.unblock']);
    expect(pageHeaders(all)).toMatchObject({ totalCount: 3, currentPage: 1 });

    const search = async (qs: string) =>
      ((await consoleCall(t, cast.operator, 'GET', `/apps/${id}/audit?${qs}`)).json().items as Array<{ action: string }>).map(
        (e) => e.action,
      );
    expect(await search('q=block')).toEqual(['member.block']);
    expect(await search('q=owen%20unbl')).toEqual(['member.unblock']);
    expect(await search('q=user%2041')).toEqual(['member.unblock', 'member.block']);
    expect(await search('q=stan')).toEqual([]);
    expect(await search('q=%25%25')).toEqual([]);
    expect(await search('action=member')).toEqual(['member.unblock', 'member.block']);
    expect(await search('action=app.update')).toEqual(['app.update']);
    expect(await search(`actor=${cast.stranger.id}`)).toEqual([]);
    expect(await search(`actor=${cast.owner.id}&q=app`)).toEqual(['app.update']);

    const page2 = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/audit?per-page=2&page=2`);
    expect(page2.json().items.map((e: { action: string }) => e.action)).toEqual(['member.block']);
    expect(pageHeaders(page2)).toMatchObject({ totalCount: 3, pageCount: 2, currentPage: 2, perPage: 2 });

    const csv = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/audit/export.csv?q=block`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_id,actor_name,action,target_type,target_id,before,after');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Owen Owner,member.block,user,41,"{""blocked"":false}","{""blocked"":true}"');

    const bad = await consoleCall(t, cast.owner, 'GET', `/apps/${id}/audit?actor=x`);
    expect(bad.statusCode).toBe(422);
    expect(fieldErrorsOf(bad)[0]?.field).toBe('actor');
  });

  it('lists the sign-out of a console session', async () => {
    const { token } = await makeUser(t, cast.tenant, { isAdmin: true, firstName: 'Leo', lastName: 'Leaving' });
    expect((await consoleCall(t, { token, id: 0 }, 'POST', '/auth/logout')).statusCode).toBe(200);
    const items = (await consoleCall(t, cast.owner, 'GET', `/apps/${cast.tenant.app.id}/audit?q=leo`)).json().items;
    expect(items.map((e: { action: string; actor_name: string }) => `${e.action} ${e.actor_name}`)).toEqual(['session.logout Leo Leaving']);
  });
});

describe('helpers', () => {
  it('quotes CSV cells and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    // A semicolon splits a cell in spreadsheets of many locales: quoted, so `;=cmd` never becomes a formula.
    expect(csvCell('Bob;=cmd')).toBe('"Bob;=cmd"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });
  it('makes a prefix query of letters and digits only', () => {
    expect(prefixQuery("Owen's  block!")).toBe('owen:* & s:* & block:*');
    expect(prefixQuery('%%')).toBeUndefined();
    expect(prefixQuery('Müller')).toBe('müller:*');
  });
});
