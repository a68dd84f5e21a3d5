import { errorBody } from '@app/contract/schemas/common';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';
import {
  BODIES,
  badgeTokens,
  entitiesOf,
  idKind,
  isIdParam,
  type Kind,
  loadOperations,
  MULTIPART,
  multipartBody,
  type Op,
  type Param,
  PNG,
  WALK_CONFIG,
} from '../../test/operations.ts';
import type { Db } from '../db/client.ts';
import { activities } from '../modules/activity/activity.table.ts';
import { agendaQuestions, agendaRooms, agendaSessions, agendaSpeakers, agendaTracks } from '../modules/agenda/agenda.table.ts';
import { appModules, apps } from '../modules/apps/apps.table.ts';
import { catalogItems } from '../modules/catalog/catalog.table.ts';
import { chatMessages, chats } from '../modules/chats/chats.table.ts';
import { announcementsIdle } from '../modules/console/announcements/announcements.sender.ts';
import { announcements } from '../modules/console/announcements/announcements.table.ts';
import { contentComments, contentPosts, pollOptions, polls, uploads } from '../modules/content/content.table.ts';
import { eventSections, eventSpeakers, events } from '../modules/events/events.table.ts';
import { marketplaceItems } from '../modules/marketplace/marketplace.table.ts';
import { networkingMeetings } from '../modules/networking/networking.table.ts';
import { leaderboardIdle } from '../modules/networking/score/score.service.ts';
import { networkingSessions } from '../modules/networking/sessions/sessions.table.ts';
import { networkingTopicComments, networkingTopics } from '../modules/networking/topics/topics.table.ts';
import { insertPushMessage } from '../modules/push/push.queries.ts';
import { pushMessages } from '../modules/push/push.table.ts';
import { resourceItems } from '../modules/resources/resources.table.ts';
import { users } from '../modules/users/users.table.ts';

/**
 * Issue 7: tenant isolation rests on every query remembering `appId`. This walks every operation of
 * the OpenAPI description, so a new module's routes are walked without touching this file, and
 * calls the ones that take an id of something an app owns with ids of the other demo app: the
 * answer must be 404 (never 2xx, never 5xx, nothing of the other app in it, nothing changed in the
 * database). An id of the other app in a JSON body must not act on that app (refused, or done for
 * the caller only). A parameter or body property that looks like an id (an integer) but is not
 * mapped to its table below fails the walk, so a new kind of id has to be added here.
 */

// --- What the walk needs to know ---------------------------------------------------------------

/**
 * Operations without `access-token`: the app is the one `app-key`, `?app=` or the host names, so
 * there is no other app's id to try. Each entry says why it is public and where its cross-app
 * cases are tested; the walk checks that each one exists and does not ask for a token.
 */
const PUBLIC_OPS: Record<string, string> = {
  'GET /user/app-config': 'the public configuration of the app app-key names (what the login page shows)',
  'POST /auth/check-email': 'sign-in: looks the e-mail up in the app app-key names',
  'POST /auth/login': 'sign-in: a user of another app is "wrong credentials" (auth.test.ts)',
  'POST /auth/register': 'sign-up into the app app-key names',
  'POST /auth/confirm-email': 'mail token; a token of another app is refused (auth.test.ts)',
  'POST /auth/forgot-password': 'sign-in: looks the e-mail up in the app app-key names',
  'POST /auth/reset-password': 'mail token; a token of another app is refused (auth.test.ts)',
  'POST /auth/confirm-invite': 'mail token; a token of another app is refused (auth.test.ts)',
  'POST /auth/check-token': 'mail token, checked inside the app app-key names (auth.test.ts)',
  'GET /auth/oauth/{provider}': 'browser redirect to the provider for the app app-key/?app= names (oauth.test.ts)',
  'GET /auth/oauth/{provider}/callback': 'the app comes from the signed OAuth state, not the request (oauth.test.ts)',
  'POST /auth/oauth/{provider}/callback': 'the app comes from the signed OAuth state, not the request (oauth.test.ts)',
  'POST /pwa/audit': 'anonymous audit of the app app-key names; with a token it is recorded for the token app (pwa.test.ts)',
  'POST /vitals': 'field data beacon of the app ?app= names; with a token it counts in the token app (vitals.test.ts)',
  'GET /vitals/config': 'the sample rate of the app app-key or ?app= names (vitals.test.ts)',
  'POST /console/api/auth/login': 'console sign-in: e-mail and password; the account (and its app) comes from the row (console.test.ts)',
  'POST /settings/delete-account/confirm':
    'mail token (account deletion), looked up inside the app app-key names; another app is 404 (settings.test.ts)',
};

interface Row {
  id: number;
  /** A module's type (it goes in the `/{type}` path of module calls). */
  type?: string;
  /**
   * The values other parameters must have in the same call for this row to be found (a post's
   * module, a comment's post): the control looks for its 2xx among such combinations only.
   */
  with?: Record<string, number>;
}

/** Where the ids of each kind that an app owns come from. */
const ID_SOURCES: Record<Kind, (db: Db, appId: number) => Promise<Row[]>> = {
  // The console's calls name the app in their path: the walker owns her app, and the other one is a 404.
  app: async (_db, appId) => [{ id: appId }],
  announcement: (db, appId) =>
    db.select({ id: announcements.id }).from(announcements).where(eq(announcements.appId, appId)).orderBy(asc(announcements.id)),
  resourceItem: (db, appId) => resourceItemIds(db, appId),
  // The console's agenda names the module as `module_id`: its rows carry it under that name.
  agendaTrack: async (db, appId) =>
    (
      await db
        .select({ id: agendaTracks.id, moduleId: agendaTracks.appModuleId })
        .from(agendaTracks)
        .where(eq(agendaTracks.appId, appId))
        .orderBy(asc(agendaTracks.id))
    ).map((r) => ({ id: r.id, with: { module_id: r.moduleId } })),
  agendaRoom: async (db, appId) =>
    (
      await db
        .select({ id: agendaRooms.id, moduleId: agendaRooms.appModuleId })
        .from(agendaRooms)
        .where(eq(agendaRooms.appId, appId))
        .orderBy(asc(agendaRooms.id))
    ).map((r) => ({ id: r.id, with: { module_id: r.moduleId } })),
  agendaSpeaker: async (db, appId) =>
    (
      await db
        .select({ id: agendaSpeakers.id, moduleId: agendaSpeakers.appModuleId })
        .from(agendaSpeakers)
        .where(eq(agendaSpeakers.appId, appId))
        .orderBy(asc(agendaSpeakers.id))
    ).map((r) => ({ id: r.id, with: { module_id: r.moduleId } })),
  agendaSession: async (db, appId) =>
    (
      await db
        .select({ id: agendaSessions.id, moduleId: agendaSessions.appModuleId })
        .from(agendaSessions)
        .where(eq(agendaSessions.appId, appId))
        .orderBy(desc(agendaSessions.id))
    ).map((r) => ({ id: r.id, with: { module_id: r.moduleId } })),
  module: (db, appId) =>
    db.select({ id: appModules.id, type: appModules.type }).from(appModules).where(eq(appModules.appId, appId)).orderBy(asc(appModules.id)),
  user: (db, appId) => db.select({ id: users.id }).from(users).where(eq(users.appId, appId)).orderBy(asc(users.id)),
  activity: (db, appId) => db.select({ id: activities.id }).from(activities).where(eq(activities.appId, appId)).orderBy(asc(activities.id)),
  pushMessage: (db, appId) =>
    db
      .select({ id: pushMessages.id })
      .from(pushMessages)
      .innerJoin(users, eq(users.id, pushMessages.userId))
      .where(eq(users.appId, appId))
      .orderBy(asc(pushMessages.id)),
  post: async (db, appId) =>
    (
      await db
        .select({ id: contentPosts.id, moduleId: contentPosts.appModuleId })
        .from(contentPosts)
        .where(eq(contentPosts.appId, appId))
        // Newest first: the walker's own posts (made in the setup) come before the seed's, so the
        // control of an owner's call finds one within its cap of combinations.
        .orderBy(desc(contentPosts.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  comment: async (db, appId) =>
    (
      await db
        .select({ id: contentComments.id, postId: contentComments.postId, moduleId: contentPosts.appModuleId })
        .from(contentComments)
        .innerJoin(contentPosts, eq(contentPosts.id, contentComments.postId))
        .where(eq(contentComments.appId, appId))
        .orderBy(asc(contentComments.id))
    ).map((r) => ({ id: r.id, with: { id: r.postId, app_module_id: r.moduleId } })),
  pollOption: async (db, appId) =>
    (
      await db
        .select({ id: pollOptions.id, postId: polls.postId, moduleId: contentPosts.appModuleId })
        .from(pollOptions)
        .innerJoin(polls, eq(polls.id, pollOptions.pollId))
        .innerJoin(contentPosts, eq(contentPosts.id, polls.postId))
        .where(eq(polls.appId, appId))
        .orderBy(asc(pollOptions.id))
    ).map((r) => ({ id: r.id, with: { id: r.postId, app_module_id: r.moduleId } })),
  // Files of posts and messages, named by id in a body; not those a message already holds.
  upload: (db, appId) =>
    db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.appId, appId), eq(uploads.held, false)))
      .orderBy(asc(uploads.id)),
  chat: async (db, appId) =>
    (await db.select({ id: chats.id, moduleId: chats.appModuleId }).from(chats).where(eq(chats.appId, appId)).orderBy(asc(chats.id))).map(
      (r) => ({ id: r.id, with: { app_module_id: r.moduleId } }),
    ),
  message: async (db, appId) =>
    (
      await db
        .select({ id: chatMessages.id, chatId: chatMessages.chatId, moduleId: chats.appModuleId })
        .from(chatMessages)
        .innerJoin(chats, eq(chats.id, chatMessages.chatId))
        .where(eq(chats.appId, appId))
        .orderBy(asc(chatMessages.id))
    ).map((r) => ({ id: r.id, with: { id: r.chatId, app_module_id: r.moduleId } })),
  // 1:1 meetings of the app (the seed has requests to and from anna, the walker, in each state).
  meeting: (db, appId) =>
    db
      .select({ id: networkingMeetings.id })
      .from(networkingMeetings)
      .where(eq(networkingMeetings.appId, appId))
      .orderBy(asc(networkingMeetings.id)),
  // Speed and group networking sessions (the seed plans and finishes some in each demo app).
  netSession: async (db, appId) =>
    (
      await db
        .select({ id: networkingSessions.id, moduleId: networkingSessions.appModuleId })
        .from(networkingSessions)
        .where(eq(networkingSessions.appId, appId))
        .orderBy(asc(networkingSessions.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  marketplaceItem: async (db, appId) =>
    (
      await db
        .select({ id: marketplaceItems.id, moduleId: marketplaceItems.appModuleId })
        .from(marketplaceItems)
        .where(eq(marketplaceItems.appId, appId))
        // Seed order: anna's own listings (the walker; seller 0 of the demo seed) are among the first, so an owner's edit finds its 2xx.
        .orderBy(asc(marketplaceItems.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  catalogItem: async (db, appId) =>
    (
      await db
        .select({ id: catalogItems.id, moduleId: catalogItems.appModuleId })
        .from(catalogItems)
        .where(eq(catalogItems.appId, appId))
        .orderBy(asc(catalogItems.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  session: async (db, appId) =>
    (
      await db
        .select({ id: agendaSessions.id, moduleId: agendaSessions.appModuleId })
        .from(agendaSessions)
        .where(eq(agendaSessions.appId, appId))
        // Earliest first: past sessions may be rated, so the control of the rating call finds its 2xx.
        .orderBy(asc(agendaSessions.startsAt))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  question: async (db, appId) =>
    (
      await db
        .select({ id: agendaQuestions.id, sessionId: agendaQuestions.sessionId, moduleId: agendaSessions.appModuleId })
        .from(agendaQuestions)
        .innerJoin(agendaSessions, eq(agendaSessions.id, agendaQuestions.sessionId))
        .where(eq(agendaQuestions.appId, appId))
        .orderBy(asc(agendaQuestions.id))
    ).map((r) => ({ id: r.id, with: { id: r.sessionId, app_module_id: r.moduleId } })),
  speaker: async (db, appId) =>
    (
      await db
        .select({ id: agendaSpeakers.id, moduleId: agendaSpeakers.appModuleId })
        .from(agendaSpeakers)
        .where(eq(agendaSpeakers.appId, appId))
        .orderBy(asc(agendaSpeakers.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  event: async (db, appId) =>
    (
      await db
        .select({ id: events.id, moduleId: events.appModuleId })
        .from(events)
        .where(eq(events.appId, appId))
        // Latest first: coming events with places left, so the control of a registration finds its 2xx.
        .orderBy(desc(events.startsAt))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  eventSpeaker: async (db, appId) =>
    (
      await db
        .select({ id: eventSpeakers.id, eventId: eventSpeakers.eventId, moduleId: events.appModuleId })
        .from(eventSpeakers)
        .innerJoin(events, eq(events.id, eventSpeakers.eventId))
        .where(eq(eventSpeakers.appId, appId))
        .orderBy(asc(eventSpeakers.id))
    ).map((r) => ({ id: r.id, with: { id: r.eventId, app_module_id: r.moduleId } })),
  eventSection: async (db, appId) =>
    (
      await db
        .select({ id: eventSections.id, eventId: eventSections.eventId, moduleId: events.appModuleId })
        .from(eventSections)
        .innerJoin(events, eq(events.id, eventSections.eventId))
        .where(eq(eventSections.appId, appId))
        .orderBy(asc(eventSections.id))
    ).map((r) => ({ id: r.id, with: { id: r.eventId, app_module_id: r.moduleId } })),
  topic: async (db, appId) =>
    (
      await db
        .select({ id: networkingTopics.id, moduleId: networkingTopics.appModuleId })
        .from(networkingTopics)
        .where(eq(networkingTopics.appId, appId))
        .orderBy(asc(networkingTopics.id))
    ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } })),
  topicComment: async (db, appId) =>
    (
      await db
        .select({ id: networkingTopicComments.id, topicId: networkingTopicComments.topicId, moduleId: networkingTopics.appModuleId })
        .from(networkingTopicComments)
        .innerJoin(networkingTopics, eq(networkingTopics.id, networkingTopicComments.topicId))
        .where(eq(networkingTopicComments.appId, appId))
        .orderBy(asc(networkingTopicComments.id))
    ).map((r) => ({ id: r.id, with: { topic_id: r.topicId, app_module_id: r.moduleId } })),
};

/** Resources: the walker's own files first (made in the setup), so the file call's control finds one. */
const resourceItemIds = async (db: Db, appId: number): Promise<Row[]> =>
  (
    await db
      .select({ id: resourceItems.id, moduleId: resourceItems.appModuleId })
      .from(resourceItems)
      .where(eq(resourceItems.appId, appId))
      .orderBy(desc(resourceItems.id))
  ).map((r) => ({ id: r.id, with: { app_module_id: r.moduleId } }));

/**
 * Operations the walk does not call, with where their tenant check is tested instead: their control
 * call (a 2xx with the walker's own ids) would end the walker's session.
 */
const NOT_WALKED: Record<string, string> = {
  'POST /networking/{app_module_id}/badge/renew':
    'voids the walker’s badge, which the resolve walk opens; 404 for another app’s module in networking/badge/badge.test.ts',
  'POST /networking/{app_module_id}/sessions/{id}/start':
    'starts a planned session once (its round pairs the walk’s members, the banner shows app-wide); 404 for another app’s session in networking/sessions/sessions.test.ts',
  'POST /networking/{app_module_id}/sessions/{id}/ready':
    'only a member seated in a running round answers 2xx (422 otherwise); 404 for another app’s session in networking/sessions/sessions.test.ts',
  'POST /networking/{app_module_id}/sessions/{id}/not-ready':
    'only a member seated in a running round answers 2xx (422 otherwise); 404 for another app’s session in networking/sessions/sessions.test.ts',
  'POST /settings/{app_module_id}/delete-account': 'erases the caller; 404 for another app’s module in settings.test.ts',
  'POST /settings/{app_module_id}/delete-account/mail':
    'only for an account without a password (the walker has one: 422); 404 for another app’s module in settings.test.ts',
  'DELETE /console/api/apps/{app_id}/menu/{module_id}':
    'removes the walker’s module with all its content (the other walks need them); 404 for another app and its modules in console/menu/menu.test.ts',
  'PUT /console/api/apps/{app_id}/menu/order':
    'takes every module id of the app at once (a list of one id is a 422, so no control); another app’s id in it is a 422 that moves nothing, another app a 404 (console/menu/menu.test.ts)',
  // The control would close the walker's own app for every later call (451/423).
  'POST /console/api/apps/{app_id}/unpublish': 'closes the app; 404 for another app in console-apps.test.ts (stranger)',
  'POST /console/api/apps/{app_id}/lock': 'closes the app; 404 for another app in console-apps.test.ts (stranger)',
  'POST /console/api/apps/{app_id}/members/{user_id}/block':
    'signs the member out everywhere (the walk’s own sessions); 404 for another app’s user id in console/members/members.test.ts',
  'DELETE /console/api/apps/{app_id}/members/{user_id}':
    'erases the account; 404 for another app’s user id in console/members/members.test.ts',
  'POST /console/api/apps/{app_id}/members/{user_id}/invite/resend':
    'only a pending invitation answers 2xx (the walk’s members joined: 422); 404 for another app’s user id in console/members/members.test.ts',
  'DELETE /console/api/apps/{app_id}/members/{user_id}/invite':
    'only a pending invitation answers 2xx (the walk’s members joined: 422); 404 for another app’s user id in console/members/members.test.ts',
  'DELETE /console/api/apps/{app_id}/events/{id}':
    'deletes the walker’s event with its registrations (the other walks need it); 404 for another app’s event in console/events/events.test.ts',
  'POST /console/api/apps/{app_id}/moderation/{kind}/{target_id}/decide':
    'a decision closes its target (a second call is a 404 anyway); other apps and their targets: 404 in moderation.test.ts',
  'DELETE /console/api/apps/{app_id}/agenda/{module_id}/sessions/{id}':
    'removes the walker’s session with its Q&A, ratings and schedules (the agenda walks need them); 404 for another app and module in console/agenda/console-agenda.test.ts',
  'DELETE /console/api/apps/{app_id}/agenda/{module_id}/speakers/{id}':
    'removes a speaker the agenda walks read; 404 for another app and module in console/agenda/console-agenda.test.ts',
  'POST /console/api/apps/{app_id}/moderation/contact/{id}/answer':
    'sends a mail and closes the message; other apps and their messages: 404 in moderation.test.ts',
  'POST /console/api/apps/{app_id}/agenda-import/{app_module_id}/confirm':
    'only the caller’s own fresh preview token answers 2xx (422 otherwise); another app’s module: 404 in console/agenda-import/agenda-import.test.ts',
};

// --- The two apps -----------------------------------------------------------------------------

interface Tenant {
  key: string;
  id: number;
  token: string;
  ids: Record<Kind, Row[]>;
  /** Names, e-mails… of this app that the other app does not have: none may appear in an answer to the other app. */
  own: string[];
}

let t: TestApp;
let ops: Op[];
let A: Tenant;
let B: Tenant;

async function tenant(key: string): Promise<Tenant> {
  const db = t.app.ctx.db;
  const [app] = await db.select().from(apps).where(eq(apps.key, key));
  if (!app) throw new Error(`no app ${key}`);
  const token = await login(t.app, 'anna@demo.test', undefined, key);
  const kinds = Object.keys(ID_SOURCES) as Kind[];
  const ids = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await ID_SOURCES[k](db, app.id)]))) as Record<Kind, Row[]>;
  const members = await db.select().from(users).where(eq(users.appId, app.id));
  const modules = await db.select().from(appModules).where(eq(appModules.appId, app.id));
  // Members' job titles and companies are this app's too: a word of them ("Community" in "Head of
  // Community") is no sign of the other app whose module has that name.
  const own = [
    app.name,
    ...members.flatMap((u) => [u.email, `${u.firstName} ${u.lastName}`.trim(), u.jobTitle, u.company].filter(Boolean)),
    ...modules.map((m) => m.name),
  ];
  return { key, id: app.id, token, ids, own };
}

/** What one app has and the other has not. */
const onlyIn = (x: Tenant, y: Tenant) => x.own.filter((s) => s.length >= 4 && !y.own.some((o) => o.includes(s)));

beforeAll(async () => {
  // No background feed fetches: they would change social_feeds while the walk compares database states.
  t = await createTestApp(WALK_CONFIG, { users: 4 });
  // Push messages exist only once a push was sent: two for anna in each app (the control call of the
  // walk opens the first; the second shows whether a refused call opened it).
  for (const key of ['demo', 'demo-dark']) {
    const [anna] = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(apps, eq(apps.id, users.appId))
      .where(sql`${apps.key} = ${key} and ${users.email} = 'anna@demo.test'`);
    if (!anna) throw new Error(`no anna in ${key}`);
    for (const n of [1, 2]) await insertPushMessage(t.app.ctx.db, anna.id, `push ${n} for anna of ${key}`);
    // The walker is her app's owner too: the app owner's calls (moving a session) answer 2xx in the
    // control, and an owner's rights must stop at her app as much as a member's.
    await t.app.ctx.db.update(users).set({ isAdmin: true }).where(eq(users.id, anna.id));
  }
  // The walker's badge in each app, for the resolve walk's body.
  for (const key of ['demo', 'demo-dark']) {
    const token = await login(t.app, 'anna@demo.test', undefined, key);
    const [hub] = await t.app.ctx.db
      .select({ id: appModules.id })
      .from(appModules)
      .innerJoin(apps, eq(apps.id, appModules.appId))
      .where(sql`${apps.key} = ${key} and ${appModules.type} = 'networking'`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/networking/${hub?.id}/badge`,
      headers: { 'app-key': key, 'access-token': token },
    });
    expect(res.statusCode, res.body).toBe(200);
    badgeTokens[key] = (res.json() as { token: string }).token;
  }
  // Posts, polls and comments of anna's in every content module: the owner's calls (edit, pin,
  // finish the poll, delete) need one of hers to answer 2xx in the control.
  for (const key of ['demo', 'demo-dark']) {
    const token = await login(t.app, 'anna@demo.test', undefined, key);
    const mods = await t.app.ctx.db
      .select({ id: appModules.id })
      .from(appModules)
      .innerJoin(apps, eq(apps.id, appModules.appId))
      .where(sql`${apps.key} = ${key} and ${appModules.type} in ('blogs', 'news', 'forums')`);
    for (const m of mods) {
      for (const n of [1, 2, 3]) {
        const post = await t.app.inject({
          method: 'POST',
          url: `/content/${m.id}/posts`,
          headers: { 'app-key': key, 'access-token': token },
          payload: { title: `Anna's post ${n}`, text: '<p>Mine</p>', poll: { title: 'Which?', options: ['One', 'Two'] } },
        });
        expect(post.statusCode, post.body).toBe(200);
        for (const c of [1, 2]) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/content/${m.id}/posts/${post.json().id}/comments`,
            headers: { 'app-key': key, 'access-token': token },
            payload: { text: `Anna's comment ${c}` },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      }
    }
    // Uploads of anna's, not attached yet: the controls of calls naming a cover or attachments take them.
    const [blog] = mods;
    for (let n = 0; n < 6 && blog; n++) {
      const body = multipartBody('file', `walk-${n}.png`, PNG);
      const res = await t.app.inject({
        method: 'POST',
        url: `/content/${blog.id}/uploads`,
        headers: { 'app-key': key, 'access-token': token, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  // Files of anna's in each resources module: the control of the file call needs an item holding one.
  for (const key of ['demo', 'demo-dark']) {
    const token = await login(t.app, 'anna@demo.test', undefined, key);
    const [res] = await t.app.ctx.db
      .select({ id: appModules.id })
      .from(appModules)
      .innerJoin(apps, eq(apps.id, appModules.appId))
      .where(sql`${apps.key} = ${key} and ${appModules.type} = 'resources'`);
    for (let n = 0; n < 3 && res; n++) {
      const body = multipartBody('file', `walk-${n}.png`, PNG);
      const up = await t.app.inject({
        method: 'POST',
        url: `/resources/${res.id}/uploads`,
        headers: { 'app-key': key, 'access-token': token, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      const item = await t.app.inject({
        method: 'POST',
        url: `/resources/${res.id}/items`,
        headers: { 'app-key': key, 'access-token': token },
        payload: { type: 'file', upload_id: up.json().id },
      });
      expect(item.statusCode, item.body).toBe(200);
    }
  }
  A = await tenant('demo');
  B = await tenant('demo-dark');
  ops = await loadOperations(t.app);
}, 120_000);
afterAll(() => t?.close());

// --- Calls ------------------------------------------------------------------------------------

type Ids = Record<string, { kind: Kind; row: Row }>;

/** The URL of a call of `op` with these ids; other parameters get the first value of their enum. */
function urlOf(op: Op, ids: Ids, entity: string | undefined): string {
  const value = (p: Param): string | undefined => {
    const id = ids[p.name];
    if (id) return String(id.row.id);
    if (p.name === 'entity' && entity !== undefined) return entity;
    // A module call's path names the module's type (`/{type}?module=N`).
    const mod = Object.values(ids).find((i) => i.kind === 'module');
    if (p.name === 'type' && mod?.row.type) return mod.row.type;
    if (!p.required) return undefined;
    if (p.enum?.length) return String(p.enum[0]);
    throw new Error(`${op.key}: the tenant walk has no value for the required parameter "${p.name}"`);
  };
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const p = op.params.find((x) => x.name === name && x.in === 'path');
    const v = p && value(p);
    if (v === undefined) throw new Error(`${op.key}: no value for path parameter ${name}`);
    return encodeURIComponent(v);
  });
  const query = op.params
    .filter((p) => p.in === 'query')
    .flatMap((p) => {
      const v = value(p);
      return v === undefined ? [] : [`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`];
    });
  return query.length ? `${path}?${query.join('&')}` : path;
}

const call = (
  op: Op,
  url: string,
  token: string | undefined,
  appKey: string,
  payload?: Record<string, unknown>,
  raw = MULTIPART[op.key]?.(),
) =>
  t.app.inject({
    method: op.method as 'GET',
    url,
    headers: { 'app-key': appKey, ...(token ? { 'access-token': token } : {}), ...raw?.headers },
    ...(raw ? { payload: raw.payload } : payload ? { payload } : {}),
  });

const authOps = () => ops.filter((op) => !(op.key in PUBLIC_OPS));
const idParamsOf = (op: Op) => op.params.filter(isIdParam);
const bodyIdsOf = (op: Op) => op.body.filter(isIdParam);

/** A 404 in the error shape, carrying nothing of the other app. */
function expectNotFound(res: LightMyRequestResponse, label: string, foreign: string[]) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(404);
  expect(errorBody.safeParse(res.json()).success, label).toBe(true);
  for (const s of foreign) expect(res.body, `${label} shows "${s}" of the other app`).not.toContain(s);
}

/** The tables whose rows differ between two digests. */
const changed = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);

async function rowsOf<R>(query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await t.app.ctx.db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** The database's tables, by name. */
const publicTables = () =>
  rowsOf<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );

/**
 * The rows of every table, hashed (one statement for every table). Calls refused as another app's
 * change nothing.
 */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await publicTables();
  const query = tables
    .map(({ name }) => `select '${name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`)
    .join(' union all ');
  const rows = await rowsOf<{ name: string; h: string }>(sql.raw(query));
  return Object.fromEntries(rows.map((r) => [r.name, r.h ?? '']));
}

/**
 * Every row written from now on, by table and the app and member it belongs to: a trigger on every
 * table logs each insert, delete and each update that changes the row (old and new side). Reading
 * the log after each call is much cheaper than a digest of every table (18 of the body walk's 22 s
 * went to digests), and stricter: a change undone by a later call is seen too.
 */
async function startChangeLog(): Promise<void> {
  const tables = await publicTables();
  await t.app.ctx.db.execute(sql.raw('create table tenant_walk_changes (tbl text not null, row_app int, row_user int, row_id bigint)'));
  await t.app.ctx.db.execute(
    sql.raw(`create function tenant_walk_log() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and old is not distinct from new then return null; end if;
        if tg_op <> 'INSERT' then
          insert into tenant_walk_changes values (tg_table_name, (to_jsonb(old)->>'app_id')::int,
            (to_jsonb(old)->>'user_id')::int, (to_jsonb(old)->>'id')::bigint);
        end if;
        if tg_op <> 'DELETE' then
          insert into tenant_walk_changes values (tg_table_name, (to_jsonb(new)->>'app_id')::int,
            (to_jsonb(new)->>'user_id')::int, (to_jsonb(new)->>'id')::bigint);
        end if;
        return null;
      end $$;`),
  );
  for (const { name } of tables) {
    await t.app.ctx.db.execute(
      sql.raw(
        `create trigger tenant_walk_log after insert or update or delete on "${name}" for each row execute function tenant_walk_log()`,
      ),
    );
  }
}

/**
 * The tables in which rows of app `appId` (its `app_id`, else the `user_id` of one of its members,
 * or the app's own row) were written since the last call; empties the log.
 */
async function changedSince(appId: number): Promise<string[]> {
  const rows = await rowsOf<{ tbl: string }>(
    sql`select distinct tbl from tenant_walk_changes
        where row_app = ${appId}
           or (row_app is null and row_user in (select id from users where app_id = ${appId}))
           or (tbl = 'apps' and row_id = ${appId})
        order by 1`,
  );
  await t.app.ctx.db.execute(sql`delete from tenant_walk_changes`);
  return rows.map((r) => r.tbl);
}

/** Whether a row fits the ids already chosen for the call (a comment of the chosen post, …). */
const fits = (row: Row, name: string, acc: Ids) =>
  Object.entries(row.with ?? {}).every(([other, v]) => acc[other] === undefined || acc[other].row.id === v) &&
  Object.values(acc).every((chosen) => chosen.row.with?.[name] === undefined || chosen.row.with[name] === row.id);

/** Combinations of the own ids of each id parameter that fit together, capped: where the control looks for a 2xx. */
function* ownCombinations(params: IdParam[], owner: Tenant, cap = 300): Generator<Ids> {
  let n = 0;
  function* go(i: number, acc: Ids): Generator<Ids> {
    if (n >= cap) return;
    const p = params[i];
    if (!p) {
      n++;
      yield { ...acc };
      return;
    }
    for (const row of owner.ids[p.kind]) if (fits(row, p.name, acc)) yield* go(i + 1, { ...acc, [p.name]: { kind: p.kind, row } });
  }
  yield* go(0, {});
}

interface IdParam {
  name: string;
  kind: Kind;
  in: string;
}

/** The id parameters of an operation, in its url and then in its JSON body. */
const idParamsWithBody = (op: Op, entity: string | undefined): IdParam[] =>
  [...idParamsOf(op), ...bodyIdsOf(op)].map((p) => ({ name: p.name, kind: idKind(op, p, entity), in: p.in }));

/** Calls `op` as `caller` with these ids in its url and body (the body from BODIES). */
function send(op: Op, entity: string | undefined, ids: Ids, caller: Tenant, appKey: string) {
  const inBody = new Set(bodyIdsOf(op).map((p) => p.name));
  const lists = new Set(bodyIdsOf(op).flatMap((p) => (p.type === 'array' ? [p.name] : [])));
  const make = BODIES[op.key];
  if (!make && (op.bodyRequired || inBody.size > 0)) {
    throw new Error(`${op.key}: it takes a body (with ids: ${[...inBody]}): add a valid body to BODIES in tenant-isolation.test.ts`);
  }
  const body = make
    ? {
        ...make(caller.key),
        ...Object.fromEntries(
          Object.entries(ids).flatMap(([name, id]) => (inBody.has(name) ? [[name, lists.has(name) ? [id.row.id] : id.row.id]] : [])),
        ),
      }
    : undefined;
  return call(op, urlOf(op, ids, entity), caller.token, appKey, body);
}

interface Plan {
  op: Op;
  entity: string | undefined;
  params: IdParam[];
  /** Per app, ids of its own with which the call answers 2xx. */
  control: Map<Tenant, Ids>;
}

/**
 * The control of an operation: with its own ids each app's token gets a 2xx, so a 404 with the
 * other app's ids is the tenant check, not a route that never answers.
 */
async function planOf(op: Op, entity: string | undefined): Promise<Plan> {
  const params = idParamsWithBody(op, entity);
  const control = new Map<Tenant, Ids>();
  for (const owner of [A, B]) {
    for (const ids of ownCombinations(params, owner)) {
      const res = await send(op, entity, ids, owner, owner.key);
      expect(res.statusCode, `${op.key} as ${owner.key} with its own ids: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      if (res.statusCode < 300) {
        control.set(owner, ids);
        break;
      }
    }
    expect(control.has(owner), `${op.key}${entity ? ` entity=${entity}` : ''}: no id of ${owner.key} answers 2xx`).toBe(true);
  }
  return { op, entity, params, control };
}

// --- The walk ---------------------------------------------------------------------------------

describe('tenant isolation on every documented operation', () => {
  it('finds the operations, and the public list names only public operations', async () => {
    expect(ops.length).toBeGreaterThan(20);
    const keys = ops.map((o) => o.key);
    expect(
      Object.keys(PUBLIC_OPS).filter((k) => !keys.includes(k)),
      'PUBLIC_OPS entries that are no operation',
    ).toEqual([]);
    for (const op of ops.filter((o) => o.key in PUBLIC_OPS)) {
      const url = urlOf(op, {}, undefined);
      expect((await call(op, url, undefined, A.key)).statusCode, `${op.key} is listed as public`).not.toBe(401);
    }
    // The demo apps really differ, or the walk proves nothing.
    for (const kind of Object.keys(ID_SOURCES) as Kind[]) {
      expect(A.ids[kind].length, `demo has ${kind} ids`).toBeGreaterThan(0);
      expect(B.ids[kind].length, `demo-dark has ${kind} ids`).toBeGreaterThan(0);
      const a = new Set(A.ids[kind].map((r) => r.id));
      expect(
        B.ids[kind].filter((r) => a.has(r.id)),
        `${kind} ids of both apps`,
      ).toEqual([]);
    }
    expect(onlyIn(B, A).length).toBeGreaterThan(3);
  });

  it('asks for an access token on every other operation (the app then comes from the token)', async () => {
    for (const op of authOps()) {
      const ids: Ids = Object.fromEntries(idParamsOf(op).map((p) => [p.name, { kind: 'user', row: { id: 1 } }]));
      const res = await call(op, urlOf(op, ids, entitiesOf(op)[0]), undefined, B.key);
      expect(res.statusCode, `${op.key} without a token answers ${res.statusCode}: list it in PUBLIC_OPS with a reason`).toBe(401);
    }
  }, 60_000);

  it('answers 404 to ids of the other app, whichever app-key comes along, and changes nothing', async () => {
    const idOps = authOps().filter((op) => idParamsOf(op).length > 0 && !(op.key in NOT_WALKED));
    expect(idOps.map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'GET /user/{id}',
        'GET /user/related-list',
        'PUT /push-open/{id}',
        'PUT /content/{app_module_id}/posts/{id}',
      ]),
    );

    const plans: Plan[] = [];
    for (const op of idOps) for (const entity of entitiesOf(op)) plans.push(await planOf(op, entity));

    // The controls' background work (an announcement's fan-out) is done before the digest.
    await announcementsIdle(t.app.ctx);
    await leaderboardIdle(t.app.ctx);
    const before = await databaseDigest();
    let refused = 0;
    for (const { op, entity, params, control } of plans) {
      // Each id parameter of the url in turn gets every id of the other app; the others stay valid ones of the caller.
      const cases: Array<{ caller: Tenant; appKey: string; owner: Tenant }> = [
        { caller: A, appKey: A.key, owner: B },
        // The app-key of the app that owns the ids does not widen what the token sees.
        { caller: A, appKey: B.key, owner: B },
        { caller: B, appKey: B.key, owner: A },
      ];
      for (const { caller, appKey, owner } of cases) {
        const base = control.get(caller) ?? {};
        const foreign = onlyIn(owner, caller);
        for (const p of params.filter((x) => x.in !== 'body')) {
          for (const row of owner.ids[p.kind]) {
            const ids = { ...base, [p.name]: { kind: p.kind, row } };
            const label = `${op.method} ${urlOf(op, ids, entity)} with the token of ${caller.key} and app-key ${appKey} (${p.name} of ${owner.key})`;
            expectNotFound(await send(op, entity, ids, caller, appKey), label, foreign);
            refused++;
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(100);
    expect(changed(before, await databaseDigest()), 'tables changed by calls refused with 404').toEqual([]);
  }, 300_000);

  it('never acts on the other app for an id of it in a body', async () => {
    const bodyOps = authOps().filter((op) => bodyIdsOf(op).length > 0 && !(op.key in NOT_WALKED));
    expect(bodyOps.map((o) => o.key)).toEqual(
      expect.arrayContaining(['PUT /push-subscription/{id}', 'PUT /content/{app_module_id}/posts/{id}/vote']),
    );
    // Lists of ids are walked too (one id of the other app in the list).
    const create = bodyOps.find((o) => o.key === 'POST /content/{app_module_id}/posts');
    expect(create && bodyIdsOf(create).map((p) => p.name)).toEqual(expect.arrayContaining(['cover_image_id', 'attachment_ids']));
    await startChangeLog();
    let checked = 0;
    for (const op of bodyOps) {
      const { params, control } = await planOf(op, undefined);
      for (const [caller, owner] of [
        [A, B],
        [B, A],
      ] as const) {
        const base = control.get(caller) ?? {};
        const foreign = onlyIn(owner, caller);
        for (const appKey of [caller.key, owner.key]) {
          for (const p of params.filter((x) => x.in === 'body')) {
            // The first 25 ids of each kind stand for them all. The hub's leaderboard refreshes
            // earlier calls started (a second later) are done first.
            await leaderboardIdle(t.app.ctx);
            await changedSince(owner.id);
            for (const row of owner.ids[p.kind].slice(0, 25)) {
              const label = `${op.key} with the token of ${caller.key}, app-key ${appKey} and ${p.name} ${row.id} of ${owner.key}`;
              const res = await send(op, undefined, { ...base, [p.name]: { kind: p.kind, row } }, caller, appKey);
              expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
              // Refused (404, or 422 on the field), or done for the caller only: nothing of the other app changed.
              if (res.statusCode >= 300) expect([404, 422], label).toContain(res.statusCode);
              expect(await changedSince(owner.id), `${label}: tables of ${owner.key} changed`).toEqual([]);
              for (const s of foreign) expect(res.body, `${label} shows "${s}"`).not.toContain(s);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  }, 300_000);

  it('answers a token with the app-key of another app in the token app, with nothing of the other app', async () => {
    // The token decides the app (docs/decisions.md "Tenant"): the app-key header changes nothing.
    const plain = authOps().filter((op) => idParamsOf(op).length === 0);
    expect(plain.map((o) => o.key)).toEqual(expect.arrayContaining(['GET /user/app-menu', 'GET /user/profile', 'GET /user/activity']));
    for (const [caller, other] of [
      [A, B],
      [B, A],
    ] as const) {
      const foreign = onlyIn(other, caller);
      for (const op of plain) {
        const url = urlOf(op, {}, undefined);
        // A call that may change something (a logout) gets a session of its own.
        const token = async () => (op.method === 'GET' ? caller.token : login(t.app, 'anna@demo.test', undefined, caller.key));
        const own = await call(op, url, await token(), caller.key);
        const mixed = await call(op, url, await token(), other.key);
        const label = `${op.key} with the token of ${caller.key} and app-key ${other.key}`;
        expect(mixed.statusCode, `${label}: ${mixed.body.slice(0, 300)}`).toBe(own.statusCode);
        expect(mixed.statusCode, label).toBeLessThan(500);
        if (op.method === 'GET') expect(mixed.body, label).toBe(own.body);
        for (const s of foreign) expect(mixed.body, `${label} shows "${s}"`).not.toContain(s);
      }
    }
  }, 120_000);
});
