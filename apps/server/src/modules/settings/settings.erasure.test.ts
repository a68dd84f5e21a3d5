import { and, count, eq, getTableColumns, gt, isNotNull, lt, ne } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { userByEmail } from '../../../test/helpers.ts';
import { columnKey, memberColumnsOfSchema, stillNamed } from '../../platform/member-data.ts';
import { agendaQuestions, agendaRatings, agendaSessions, agendaSpeakers } from '../agenda/agenda.table.ts';
import { catalogItems } from '../catalog/catalog.table.ts';
import { announcements } from '../console/announcements/announcements.table.ts';
import { consoleAudit } from '../console/console.table.ts';
import { consoleInviteMails } from '../console/members/members.table.ts';
import { moderationDecisions } from '../console/moderation/moderation.table.ts';
import { eventSpeakers, events } from '../events/events.table.ts';
import { memberColumns } from '../index.ts';
import { marketplaceItems } from '../marketplace/marketplace.table.ts';
import { networkingContacts } from '../networking/networking.hub.table.ts';
import { networkingSessionMembers, networkingSessionSeats, networkingSessions } from '../networking/sessions/sessions.table.ts';
import { pushMessages } from '../push/push.table.ts';
import { users } from '../users/users.table.ts';
import { ERASED_USER_COLUMNS } from './settings.account.ts';

/**
 * The account deletion against the database's own description: every member column (the rule of
 * `memberColumnsOfSchema`) is declared by a module's `memberData`, and after the deletion of a
 * member with rows in each of them, no 'erase' or 'void' column names the member any more.
 */

let t: TestApp;
let anna: string;
let ben: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 10, writes: 2400, windowMs: 60_000 } });
  [anna, ben] = await Promise.all([login(t.app, 'anna@demo.test'), login(t.app, 'ben@demo.test')]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { 'access-token': token, 'app-key': 'demo' }, ...(payload ? { payload } : {}) });

/** The answer of a call that must succeed. */
function ok(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
  return res.body ? (res.json() as Record<string, unknown>) : {};
}

async function menu(token: string) {
  const body = (await call('GET', '/user/app-menu', token)).json() as { menu: Array<{ type: string; app_module_id: number }> };
  const of = (type: string) => {
    const m = body.menu.find((x) => x.type === type);
    if (!m) throw new Error(`no ${type} module`);
    return m.app_module_id;
  };
  return of;
}

describe('what a module holds of a member (memberData)', () => {
  it('declares every member column of the database once, and only those', async () => {
    const inSchema = await memberColumnsOfSchema(t.app.ctx.db);
    const declared = memberColumns();
    const keys = declared.map(columnKey);
    // A new table with a member column fails here until its module's manifest declares it.
    expect(
      inSchema.filter((k) => !keys.includes(k)),
      'member columns no module declares (memberData)',
    ).toEqual([]);
    expect(
      keys.filter((k) => !inSchema.includes(k)),
      'declared columns that are no member column',
    ).toEqual([]);
    expect(keys.length, 'a column declared twice').toBe(new Set(keys).size);
    for (const c of declared) if (c.treatment === 'keep') expect(c.why.length, `${columnKey(c)}: the reason kept`).toBeGreaterThan(10);
    // The member's own row: each column is overwritten by ERASED_USER_COLUMNS, or says nothing of the person.
    const notPersonal = ['id', 'appId', 'email' /* replaced by an address no one owns */, 'deletedAt', 'createdAt'];
    expect(
      Object.keys(getTableColumns(users)).filter((k) => !notPersonal.includes(k) && !(k in ERASED_USER_COLUMNS)),
      'columns of users that ERASED_USER_COLUMNS does not overwrite',
    ).toEqual([]);
  });
});

describe('account deletion, walked over the schema', () => {
  it('leaves no row of the deleted member in an erased column, and their calendar feed answers 404', async () => {
    const db = t.app.ctx.db;
    const me = await userByEmail(t, 'demo', 'anna@demo.test');
    const benRow = await userByEmail(t, 'demo', 'ben@demo.test');
    const mod = await menu(anna);

    // Anna's data in every module, through the calls the app makes (the demo seed gave her some already).
    const agenda = mod('agenda');
    const feed = ok(await call('POST', `/agenda/${agenda}/calendar-feed`, anna), 'calendar feed');
    const feedUrl = new URL(String(feed.url));
    const feedPath = feedUrl.pathname + feedUrl.search;
    const [future] = await db
      .select({ id: agendaSessions.id })
      .from(agendaSessions)
      .where(and(eq(agendaSessions.appModuleId, agenda), gt(agendaSessions.startsAt, new Date())))
      .limit(1);
    const [past] = await db
      .select({ id: agendaSessions.id })
      .from(agendaSessions)
      .where(and(eq(agendaSessions.appModuleId, agenda), lt(agendaSessions.startsAt, new Date())))
      .limit(1);
    if (!future || !past) throw new Error('the demo agenda has no past and future sessions');
    ok(await call('POST', `/agenda/${agenda}/sessions/${future.id}/schedule`, anna), 'schedule');
    const attendees = async () =>
      (await db.select({ n: agendaSessions.attendeesCount }).from(agendaSessions).where(eq(agendaSessions.id, future.id)))[0]?.n ?? 0;
    const attending = await attendees();
    ok(await call('POST', `/agenda/${agenda}/sessions/${future.id}/questions`, anna, { text: 'Slides later?' }), 'question');
    const asked = ok(await call('POST', `/agenda/${agenda}/sessions/${future.id}/questions`, ben, { text: 'Recorded?' }), 'question');
    ok(await call('POST', `/agenda/${agenda}/sessions/${future.id}/questions/${asked.id}/vote`, anna), 'vote');
    ok(await call('PUT', `/agenda/${agenda}/sessions/${past.id}/rating`, anna, { rating: 4, comment: 'Good' }), 'rating');
    // An organiser links a speaker page to her account (no call does it yet).
    const [speaker] = await db
      .select({ id: agendaSpeakers.id })
      .from(agendaSpeakers)
      .where(eq(agendaSpeakers.appModuleId, agenda))
      .limit(1);
    if (speaker) await db.update(agendaSpeakers).set({ userId: me.id }).where(eq(agendaSpeakers.id, speaker.id));

    const forums = mod('forums');
    const topic = ok(await call('POST', `/content/${forums}/posts`, ben, { title: 'Ben’s topic', text: '<p>Who comes?</p>' }), 'post');
    ok(await call('POST', `/content/${forums}/posts`, anna, { title: 'Anna’s topic', text: '<p>Me</p>' }), 'post');
    ok(await call('POST', `/content/${forums}/posts/${topic.id}/comments`, anna, { text: 'A comment' }), 'comment');
    ok(await call('PUT', `/content/${forums}/posts/${topic.id}/follow`, anna, { followed: true }), 'follow');
    ok(await call('POST', `/content/${forums}/posts/${topic.id}/flag`, anna), 'flag');

    const catalog = mod('catalog');
    const [item] = await db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(and(eq(catalogItems.appModuleId, catalog), isNotNull(catalogItems.contactEmail)))
      .limit(1);
    ok(await call('POST', `/catalog/${catalog}/items/${item?.id}/flag`, anna), 'catalog flag');
    ok(await call('POST', `/catalog/${catalog}/items/${item?.id}/want-to-buy`, anna, {}), 'want to buy');

    const market = mod('marketplace');
    const [listing] = await db
      .select({ id: marketplaceItems.id })
      .from(marketplaceItems)
      .where(and(eq(marketplaceItems.appModuleId, market), ne(marketplaceItems.userId, me.id)))
      .limit(1);
    ok(await call('POST', `/marketplace/${market}/items/${listing?.id}/flag`, anna), 'listing flag');

    const eventsMod = mod('events');
    const [event] = await db.select({ id: events.id }).from(events).where(eq(events.appModuleId, eventsMod)).limit(1);
    ok(await call('POST', `/events/${eventsMod}/events/${event?.id}/flag`, anna), 'event flag');
    const [eventSpeaker] = await db
      .select({ id: eventSpeakers.id })
      .from(eventSpeakers)
      .where(eq(eventSpeakers.eventId, event?.id ?? 0))
      .limit(1);
    if (eventSpeaker) await db.update(eventSpeakers).set({ userId: me.id }).where(eq(eventSpeakers.id, eventSpeaker.id));

    ok(await call('PUT', `/user/${benRow.id}/favorite`, anna), 'favourite');
    ok(await call('PUT', `/user/${me.id}/favorite`, ben), 'favourite');
    ok(await call('PUT', `/user/${benRow.id}/note`, anna, { text: 'Ask about the demo' }), 'note');
    ok(await call('PUT', `/user/${me.id}/note`, ben, { text: 'Met at the booth' }), 'note');
    ok(await call('POST', `/user/${benRow.id}/flag`, anna), 'member report');
    ok(await call('POST', `/user/${me.id}/flag`, ben), 'member report');
    ok(await call('PUT', '/user/profile/preferences', anna, { listed_in_directory: true }), 'profile');
    // The hub: she shortlists Ben and he her (marks both ways, points, standing); a chat between them
    // (written straight in, both ways round, so each column of the pair names her once).
    ok(await call('POST', `/networking/${mod('networking')}/networkers/${benRow.id}/like`, anna), 'networker');
    ok(await call('POST', `/networking/${mod('networking')}/networkers/${me.id}/like`, ben), 'networker');
    await db
      .insert(networkingContacts)
      .values([
        { appId: me.appId, lowId: me.id, highId: benRow.id, starterId: me.id },
        { appId: me.appId, lowId: benRow.id, highId: me.id, starterId: benRow.id },
      ])
      .onConflictDoNothing();
    // Her QR badge (its version row), scanned by Ben, and his scanned by her (both columns of the scans).
    const annaBadge = ok(await call('GET', `/networking/${mod('networking')}/badge`, anna), 'badge');
    const benBadge = ok(await call('GET', `/networking/${mod('networking')}/badge`, ben), 'badge');
    ok(await call('POST', `/networking/${mod('networking')}/badge/resolve`, ben, { token: annaBadge.token }), 'badge scan');
    ok(await call('POST', `/networking/${mod('networking')}/badge/resolve`, anna, { token: benBadge.token }), 'badge scan');
    // Topics to discuss: she starts one, likes, joins, comments on and reports Ben's and a comment of his.
    const topics = `/networking/${mod('networking')}/topics`;
    const herTopic = (await call('POST', topics, anna, { title: 'Her topic' })).json() as { id: number };
    const hisTopic = (await call('POST', topics, ben, { title: 'His topic' })).json() as { id: number };
    ok(await call('POST', `${topics}/${hisTopic.id}/like`, anna), 'topic like');
    ok(await call('POST', `${topics}/${hisTopic.id}/join`, anna), 'topic member');
    const hisComment = (await call('POST', `${topics}/${herTopic.id}/comments`, ben, { body: 'Hi' })).json() as { id: number };
    ok(await call('POST', `${topics}/${hisTopic.id}/comments`, anna, { body: 'Hello' }), 'topic comment');
    ok(await call('POST', `${topics}/${hisTopic.id}/flag`, anna), 'topic report');
    ok(await call('POST', `${topics}/${herTopic.id}/comments/${hisComment.id}/flag`, anna), 'topic comment report');
    // A networking session she planned (as if an owner), joined and sat in with Ben (the seed's finished one has her too).
    const [netSession] = await db
      .insert(networkingSessions)
      .values({
        appId: me.appId,
        appModuleId: mod('networking'),
        title: 'Speed',
        mode: 'speed',
        startsAt: new Date(),
        rounds: 1,
        roundSeconds: 120,
        createdBy: me.id,
      })
      .returning({ id: networkingSessions.id });
    await db.insert(networkingSessionMembers).values({ sessionId: netSession?.id ?? 0, userId: me.id });
    await db.insert(networkingSessionSeats).values([
      { sessionId: netSession?.id ?? 0, round: 1, userId: me.id, number: 1, symbol: 0 },
      { sessionId: netSession?.id ?? 0, round: 1, userId: benRow.id, number: 1, symbol: 0 },
    ]);

    const settings = mod('settings');
    ok(await call('PUT', `/settings/${settings}/notifications`, anna, { channel: 'push', category: 'blog', enabled: false }), 'choice');
    ok(await call('POST', `/settings/${settings}/report`, anna), 'report');
    ok(await call('POST', `/settings/${settings}/contact`, anna, { to: 'owner', message: 'Is there parking?' }), 'contact');

    ok(
      await call('POST', '/push-subscription', anna, {
        endpoint: 'https://push.example.test/anna',
        public_key: 'BPublicKeyOfAnnasDevice',
        auth_token: 'AuthOfAnna',
      }),
      'push subscription',
    );
    // A push sent to her (the sender writes it; no push service here).
    await db.insert(pushMessages).values({ userId: me.id, title: 'Welcome' });
    // An announcement she wrote as an organiser (the console writes it; straight in here).
    await db
      .insert(announcements)
      .values({ appId: me.appId, authorId: me.id, title: 'Hi', bodies: { en_US: { title: 'Hi', body: 'All' } }, segment: { kind: 'all' } });
    // Something she did as an organiser in the console (its audit log).
    await db.insert(consoleAudit).values({ appId: me.appId, actorId: me.id, actorName: 'Anna', action: 'app.update' });
    // An invitation mail a CSV import queued for her (console members).
    await db.insert(consoleInviteMails).values({ appId: me.appId, userId: me.id, locale: 'en_US', baseUrl: 'http://localhost' });
    // A decision she took in the console's moderation queue.
    await db.insert(moderationDecisions).values({
      appId: me.appId,
      kind: 'post',
      targetId: 1,
      action: 'dismiss',
      reason: 'Fine',
      actorId: me.id,
      actorName: 'Anna',
      snapshot: { title: '', excerpt: '', author: null, reports: 1 },
    });
    ok(await call('POST', '/pwa/audit', anna, { pwaAppMode: 'standalone', isPreviewFrame: false, deviceType: 'mobile' }), 'pwa audit');
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        headers: { 'app-key': 'demo' },
        payload: { email: 'anna@demo.test' },
      }),
      'reset',
    );

    // Before: every column the deletion must empty holds some of her rows (else this test proves nothing for it).
    const declared = memberColumns();
    const emptied = declared.filter((c) => c.treatment !== 'keep');
    const rowsOf = async (c: (typeof declared)[number]) => {
      const [r] = await db.select({ n: count() }).from(c.column.table).where(stillNamed(c, me.id));
      return r?.n ?? 0;
    };
    const before: Record<string, number> = {};
    for (const c of emptied) before[columnKey(c)] = await rowsOf(c);
    expect(
      Object.entries(before)
        .filter(([, n]) => n === 0)
        .map(([k]) => k),
      'columns the deletion empties where this test gave the member no row: give her one above',
    ).toEqual([]);

    // Her calendar feed answers with her schedule and her 1:1 meetings.
    const feedBefore = await t.app.inject({ url: feedPath });
    expect(feedBefore.statusCode).toBe(200);
    expect(feedBefore.body).toContain('BEGIN:VEVENT');
    expect(feedBefore.body).toContain('SUMMARY:1:1');

    const erased = await call('POST', `/settings/${settings}/delete-account`, anna, { password: 'demo1234!' });
    expect(erased.statusCode).toBe(200);

    // After: no erased or voided column names her.
    const left: Record<string, number> = {};
    for (const c of emptied) {
      const n = await rowsOf(c);
      if (n > 0) left[columnKey(c)] = n;
    }
    expect(left, 'rows of the deleted member left in columns declared erase or void').toEqual({});

    // The feed is gone: the calendar app that subscribed learns nothing more.
    const feedAfter = await t.app.inject({ url: feedPath });
    expect(feedAfter.statusCode).toBe(404);
    expect(feedAfter.body).not.toContain('VEVENT');

    // The schedule went with its count: the session has one attendee less.
    expect(await attendees()).toBe(attending - 1);
    // Her questions stay for the session, under "Deleted user".
    expect(await db.select().from(agendaQuestions).where(eq(agendaQuestions.userId, me.id))).toHaveLength(1);
    // Her rating went, and with it its part of the session's average (agenda's hook).
    expect(await db.select().from(agendaRatings).where(eq(agendaRatings.userId, me.id))).toHaveLength(0);
  });
});
