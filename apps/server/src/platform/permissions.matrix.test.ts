import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type Tenant } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { appByKey, updateApp, userByEmail } from '../../test/helpers.ts';
import {
  BODIES,
  idKind,
  isIdParam,
  type JsonSchema,
  type Kind,
  loadOperations,
  MULTIPART,
  multipartBody,
  nextWalkSlot,
  type Op,
  PNG,
  WALK_CONFIG,
} from '../../test/operations.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { agendaSessions, agendaSpeakers } from '../modules/agenda/agenda.table.ts';
import { appModules } from '../modules/apps/apps.table.ts';
import { insertAccessToken } from '../modules/auth/auth.queries.ts';
import { catalogItems } from '../modules/catalog/catalog.table.ts';
import { announcementsIdle } from '../modules/console/announcements/announcements.sender.ts';
import { eventSections, eventSpeakers, events } from '../modules/events/events.table.ts';
import { leaderboardIdle } from '../modules/networking/score/score.service.ts';
import { insertPushMessage } from '../modules/push/push.queries.ts';
import { contactMails } from '../modules/settings/settings.table.ts';
import { users } from '../modules/users/users.table.ts';
import { CALLERS, type Caller, type Outcome, PERMISSIONS } from './permissions.matrix.ts';

/**
 * Issue 26: the permission matrix (permissions.matrix.ts) against the server. Every operation of the
 * OpenAPI description is called as each of the five callers the matrix names, on a fresh object of the
 * owner's where the call changes something, with a valid body (generated from the operation's JSON
 * schema, with the tenant walk's bodies and the overrides below on top), and the answer's class must be
 * the matrix's. A 5xx always fails; so does an operation the matrix does not list, and an entry of the
 * matrix with no operation. `MATRIX_RECORD=1` writes what the server answers into the matrix (keeping
 * its notes) instead of comparing: read the diff before committing it. `MATRIX_SHOW=<part of a key>`
 * prints the calls of the operations it names, with their bodies and answers.
 */

// --- The callers ------------------------------------------------------------------------------

interface Identity {
  userId: number | undefined;
  token: string | undefined;
  appKey: string;
}

let t: TestApp;
let ops: Op[];
let demo: Tenant;
let dark: Tenant;
/** anna (a member of demo), the app's owner (not the platform's operator), ben, mod, and admin of demo-dark. */
const who: Record<string, { userId: number; appKey: string }> = {};
/** A member of demo none of the callers is: the other person of a chat, a meeting, a favourite. */
let third: number;

/** A new session of an account (as a sign-in stores it, without the password hash's cost). */
async function tokenOf(userId: number): Promise<string> {
  const token = newToken();
  await insertAccessToken(t.app.ctx.db, userId, hashToken(token), new Date(Date.now() + 86_400_000));
  return token;
}

const isConsole = (op: Op) => op.path.startsWith('/console/api/');

/** The account a column stands for: console calls have their own roles (see the matrix's header). */
function accountOf(caller: Caller, op: Op): { userId: number; appKey: string } | undefined {
  if (caller === 'signedOut') return undefined;
  const name = caller === 'owner' && isConsole(op) ? 'moderator' : caller;
  const account = who[name];
  if (!account) throw new Error(`no account for ${name}`);
  return account;
}

/** Tokens per account, made once; operations that end a session or an account get fresh ones. */
const tokens = new Map<number, string>();

async function identityOf(caller: Caller, op: Op, fresh: Special['fresh']): Promise<Identity> {
  const account = accountOf(caller, op);
  if (!account) return { userId: undefined, token: undefined, appKey: 'demo' };
  if (fresh === 'account' || fresh === 'passwordless') {
    // Someone of the same standing who may be erased: a plain member, or an owner of the same app.
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, account.userId));
    const tenant = account.appKey === 'demo' ? demo : dark;
    const made = await makeUser(t, tenant, {
      isAdmin: row?.isAdmin ?? false,
      isModerator: row?.isModerator ?? false,
      ...(fresh === 'account' ? { password: 'matrix1234!' } : {}),
    });
    return { userId: made.user.id, token: made.token, appKey: account.appKey };
  }
  let token = fresh ? undefined : tokens.get(account.userId);
  if (!token) {
    token = await tokenOf(account.userId);
    if (!fresh) tokens.set(account.userId, token);
  }
  return { userId: account.userId, token, appKey: account.appKey };
}

// --- Building a call --------------------------------------------------------------------------

/** The module type an operation's module parameter names, by path prefix (first match). */
const MODULE_TYPES: Array<[string, string]> = [
  ['/content/', 'forums'],
  ['/chats/', 'chats'],
  ['/agenda/', 'agenda'],
  ['/catalog/', 'catalog'],
  ['/freeform/', 'freeform'],
  ['/events/', 'events'],
  ['/webview/', 'webview'],
  ['/marketplace/', 'marketplace'],
  ['/resources/', 'resources'],
  ['/settings/', 'settings'],
  ['/twitter/', 'twitter'],
  ['/appusers/', 'appusers'],
  ['/networking/', 'networking'],
  ['/{type}', 'forums'],
  ['/console/api/apps/{app_id}/pages/', 'freeform'],
  ['/console/api/apps/{app_id}/menu/', 'freeform'],
  ['/console/api/apps/{app_id}/agenda', 'agenda'],
  ['/console/api/apps/{app_id}/catalog/', 'catalog'],
  ['/console/api/apps/{app_id}/resources/', 'resources'],
  ['/console/api/apps/{app_id}/events', 'events'],
];

function moduleOf(op: Op, type?: string): { id: number; type: string } {
  const want = type ?? MODULE_TYPES.find(([prefix]) => op.path.startsWith(prefix))?.[1];
  if (!want) throw new Error(`${op.key}: which module type does it take? Add its prefix to MODULE_TYPES`);
  const mod = demo.modules.find((m) => m.type === want);
  if (!mod) throw new Error(`demo has no ${want} module`);
  return { id: mod.id, type: mod.type };
}

/** The values of one call, made on demand: a comment's post is made before the comment. */
class Build {
  readonly values = new Map<string, number>();
  constructor(
    readonly op: Op,
    readonly caller: Caller,
  ) {}

  get module() {
    return moduleOf(this.op).id;
  }

  async need(kind: Kind): Promise<number> {
    const known = this.values.get(kind);
    if (known !== undefined) return known;
    const made = await MAKERS[kind](this);
    this.values.set(kind, made);
    return made;
  }

  pin(kind: Kind, id: number) {
    this.values.set(kind, id);
  }

  /** A call that makes the object: as the owner (anna), the app's owner (what only she makes) or Thea; it must succeed. */
  async as(
    account: 'owner' | 'appOwner' | 'third',
    method: string,
    url: string,
    payload?: unknown,
    raw?: ReturnType<typeof multipartBody>,
  ) {
    const userId = account === 'third' ? third : who[account]?.userId;
    if (userId === undefined) throw new Error(`no ${account}`);
    const token = tokens.get(userId) ?? (await tokenOf(userId));
    tokens.set(userId, token);
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { 'app-key': 'demo', 'access-token': token, ...raw?.headers },
      ...(raw ? { payload: raw.payload } : payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    if (res.statusCode >= 300)
      throw new Error(`${this.op.key}: making its object, ${method} ${url} answered ${res.statusCode} ${res.body}`);
    return res;
  }

  async made(
    account: 'owner' | 'appOwner' | 'third',
    method: string,
    url: string,
    payload?: unknown,
    raw?: ReturnType<typeof multipartBody>,
  ) {
    const res = await this.as(account, method, url, payload, raw);
    const id = (res.json() as { id?: unknown }).id;
    if (typeof id !== 'number') throw new Error(`${method} ${url} answered no id: ${res.body.slice(0, 200)}`);
    return id;
  }
}

const mod = (type: string) => moduleOf({ path: '' } as Op, type).id;
const consoleBase = () => `/console/api/apps/${demo.app.id}`;
let counter = 0;
const unique = () => `${Date.now().toString(36)}-${++counter}`;

/** The first row's id, or a clear failure. */
async function first(rows: Promise<Array<{ id: number }>>, what: string): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo seed has no ${what}`);
  return row.id;
}

/**
 * What each kind of id names in a call, made fresh for the call: the owner's (anna's) own post, chat,
 * listing…, or the app's own row (a catalog item, an event) for what no member owns.
 */
const MAKERS: Record<Kind, (b: Build) => Promise<number>> = {
  app: async () => demo.app.id,
  module: async (b) => b.module,
  // A user in a path is the owner herself unless the operation says otherwise (USER_IS).
  user: async (b) => {
    const role = USER_IS[b.op.key] ?? 'owner';
    if (role === 'third') return third;
    if (role === 'fresh') return (await makeUser(t, demo)).user.id;
    const id = who.owner?.userId;
    if (id === undefined) throw new Error('no owner');
    return id;
  },
  activity: async () => {
    throw new Error('no operation takes an activity id');
  },
  pushMessage: async () => {
    const owner = who.owner?.userId ?? 0;
    return insertPushMessage(t.app.ctx.db, owner, `Matrix push ${unique()}`);
  },
  post: async (b) =>
    b.made('owner', 'POST', `/content/${mod('forums')}/posts`, {
      title: `Matrix post ${unique()}`,
      text: '<p>Matrix</p>',
      poll: { title: 'Which?', options: ['One', 'Two'] },
    }),
  comment: async (b) => {
    const post = await b.need('post');
    return b.made('owner', 'POST', `/content/${mod('forums')}/posts/${post}/comments`, { text: 'Matrix comment' });
  },
  pollOption: async (b) => {
    const post = await b.need('post');
    const res = await b.as('owner', 'GET', `/content/${mod('forums')}/posts/${post}`);
    const option = (res.json() as { poll?: { options: Array<{ id: number }> } }).poll?.options[0];
    if (!option) throw new Error('the matrix post has no poll');
    return option.id;
  },
  upload: async (b) => {
    const type = b.op.path.includes('/chats/') ? 'chats' : b.op.path.includes('resources') ? 'resources' : 'forums';
    const path = type === 'forums' ? 'content' : type;
    return b.made('owner', 'POST', `/${path}/${mod(type)}/uploads`, undefined, multipartBody('file', 'matrix.png', PNG));
  },
  chat: async (b) =>
    b.made('owner', 'POST', `/chats/${mod('chats')}/chats`, { chat_type: 'group', name: `Matrix ${unique()}`, user_ids: [third] }),
  message: async (b) => {
    const chat = await b.need('chat');
    return b.made('owner', 'POST', `/chats/${mod('chats')}/chats/${chat}/messages`, { client_id: `matrix-${unique()}`, text: 'Matrix' });
  },
  catalogItem: async (b) =>
    isConsole(b.op)
      ? b.made('appOwner', 'POST', `${consoleBase()}/catalog/${mod('catalog')}/items`, { name: `Matrix item ${unique()}` })
      : first(
          t.app.ctx.db
            .select({ id: catalogItems.id })
            .from(catalogItems)
            .where(eq(catalogItems.appModuleId, mod('catalog')))
            .orderBy(asc(catalogItems.id))
            .limit(1),
          'catalog item',
        ),
  // A published session that has ended (so it may be rated), of the agenda module.
  session: async () =>
    first(
      t.app.ctx.db
        .select({ id: agendaSessions.id })
        .from(agendaSessions)
        .where(and(eq(agendaSessions.appModuleId, mod('agenda')), eq(agendaSessions.draft, false)))
        .orderBy(asc(agendaSessions.startsAt))
        .limit(1),
      'agenda session',
    ),
  question: async (b) => {
    const session = await b.need('session');
    return b.made('owner', 'POST', `/agenda/${mod('agenda')}/sessions/${session}/questions`, { text: `Matrix question ${unique()}?` });
  },
  speaker: async () =>
    first(
      t.app.ctx.db
        .select({ id: agendaSpeakers.id })
        .from(agendaSpeakers)
        .where(eq(agendaSpeakers.appModuleId, mod('agenda')))
        .orderBy(asc(agendaSpeakers.id))
        .limit(1),
      'agenda speaker',
    ),
  // Console: a new event far ahead; attendee calls: the seed's latest event (places left).
  event: async (b) =>
    isConsole(b.op)
      ? b.made('appOwner', 'POST', `${consoleBase()}/events`, {
          ...BODIES['POST /console/api/apps/{app_id}/events']?.('demo'),
          app_module_id: mod('events'),
        })
      : first(
          t.app.ctx.db
            .select({ id: events.id })
            .from(events)
            .where(eq(events.appModuleId, mod('events')))
            .orderBy(desc(events.startsAt))
            .limit(1),
          'event',
        ),
  eventSpeaker: async (b) => {
    const [row] = await t.app.ctx.db
      .select({ id: eventSpeakers.id, eventId: eventSpeakers.eventId })
      .from(eventSpeakers)
      .innerJoin(events, eq(events.id, eventSpeakers.eventId))
      .where(eq(events.appModuleId, mod('events')))
      .orderBy(asc(eventSpeakers.id))
      .limit(1);
    if (!row) throw new Error('the demo seed has no event speaker');
    b.pin('event', row.eventId);
    return row.id;
  },
  eventSection: async (b) => {
    const [row] = await t.app.ctx.db
      .select({ id: eventSections.id, eventId: eventSections.eventId })
      .from(eventSections)
      .innerJoin(events, eq(events.id, eventSections.eventId))
      .where(eq(events.appModuleId, mod('events')))
      .orderBy(asc(eventSections.id))
      .limit(1);
    if (!row) throw new Error('the demo seed has no event section');
    b.pin('event', row.eventId);
    return row.id;
  },
  resourceItem: async (b) =>
    b.made('owner', 'POST', `/resources/${mod('resources')}/items`, {
      type: 'link',
      title: `Matrix link ${unique()}`,
      url: 'https://matrix.example/',
    }),
  marketplaceItem: async (b) =>
    b.made('owner', 'POST', `/marketplace/${mod('marketplace')}/items`, { title: `Matrix listing ${unique()}`, price: 12 }),
  // With a new member each time: two people have one waiting request at most.
  meeting: async (b) =>
    b.made('owner', 'POST', '/meet', {
      user_id: (await makeUser(t, demo)).user.id,
      time_start: nextWalkSlot(),
      duration: 15,
      location: 'Matrix booth',
      timezone_name: 'UTC',
    }),
  topic: async (b) => b.made('owner', 'POST', `/networking/${mod('networking')}/topics`, { title: `Matrix topic ${unique()}` }),
  topicComment: async (b) => {
    const topic = await b.need('topic');
    return b.made('owner', 'POST', `/networking/${mod('networking')}/topics/${topic}/comments`, { body: 'Matrix comment' });
  },
  netSession: async (b) =>
    b.made('appOwner', 'POST', `/networking/${mod('networking')}/sessions`, {
      ...BODIES['POST /networking/{app_module_id}/sessions']?.('demo'),
    }),
  announcement: async (b) =>
    b.made('appOwner', 'POST', `${consoleBase()}/announcements`, BODIES['POST /console/api/apps/{app_id}/announcements']?.('demo')),
  agendaTrack: async (b) =>
    b.made('appOwner', 'POST', `${consoleBase()}/agenda/${mod('agenda')}/tracks`, { name: `Matrix ${unique()}`, color: '#123456' }),
  agendaRoom: async (b) =>
    b.made('appOwner', 'POST', `${consoleBase()}/agenda/${mod('agenda')}/rooms`, { name: `Matrix ${unique()}`, capacity: 10 }),
  agendaSpeaker: async (b) =>
    b.made('appOwner', 'POST', `${consoleBase()}/agenda/${mod('agenda')}/speakers`, { name: `Matrix ${unique()}` }),
  agendaSession: async (b) =>
    b.made('appOwner', 'POST', `${consoleBase()}/agenda/${mod('agenda')}/sessions`, {
      ...BODIES['POST /console/api/apps/{app_id}/agenda/{module_id}/sessions']?.('demo'),
    }),
};

/**
 * What a user id in the path names, where it is not the owner herself: `third` is a member none of
 * the callers is (a chat's other member, a favourite), `fresh` a new member of the app (a console
 * action that blocks or removes them).
 */
const USER_IS: Record<string, 'owner' | 'third' | 'fresh'> = {
  'PUT /user/{id}/favorite': 'third',
  'DELETE /user/{id}/favorite': 'third',
  'POST /user/{id}/flag': 'third',
  'GET /user/{id}/note': 'third',
  'PUT /user/{id}/note': 'third',
  'DELETE /chats/{app_module_id}/chats/{id}/members/{user_id}': 'third',
  'GET /networking/{app_module_id}/networkers/{id}': 'third',
  'POST /networking/{app_module_id}/networkers/{id}/like': 'third',
  'DELETE /networking/{app_module_id}/networkers/{id}/like': 'third',
  'POST /networking/{app_module_id}/networkers/{id}/skip': 'third',
  'DELETE /networking/{app_module_id}/networkers/{id}/skip': 'third',
  'GET /console/api/apps/{app_id}/members/{user_id}': 'fresh',
  'DELETE /console/api/apps/{app_id}/members/{user_id}': 'fresh',
  'PUT /console/api/apps/{app_id}/members/{user_id}/roles': 'fresh',
  'POST /console/api/apps/{app_id}/members/{user_id}/block': 'fresh',
  'POST /console/api/apps/{app_id}/members/{user_id}/unblock': 'fresh',
};

/** A value of a JSON schema that the schema accepts; ids come from the call's objects. */
async function sample(schema: JsonSchema, name: string, b: Build): Promise<unknown> {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) {
    const pick = alt.find((s) => s.type !== 'null') ?? alt[0];
    if (pick) return sample(pick, name, b);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0], name, b);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const prop = schema.properties?.[key];
        if (prop) out[key] = await sample(prop, key, b);
      }
      return out;
    }
    case 'array': {
      const item = schema.items ?? {};
      const isId = isIdParam({ in: 'body', name, required: true, type: 'array', enum: undefined, items: item.type as string });
      if (isId) return [await idFor(name, b)];
      const n = schema.minItems ?? 0;
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const v = await sample(item, name, b);
        out.push(typeof v === 'string' ? `${v} ${i + 1}` : v);
      }
      return out;
    }
    case 'integer':
    case 'number': {
      if (type === 'integer' && isIdParam({ in: 'body', name, required: true, type, enum: undefined })) return idFor(name, b);
      if (schema.default !== undefined) return schema.default;
      if (typeof schema.minimum === 'number') return schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0);
      return 1;
    }
    case 'boolean':
      return schema.default ?? true;
    case 'string': {
      if (schema.default !== undefined) return schema.default;
      if (schema.format === 'email' || name.includes('email')) return `matrix-${unique()}@matrix.example`;
      if (schema.format === 'uri' || schema.format === 'url' || name.includes('url')) return 'https://matrix.example/page';
      if (schema.format === 'date-time') return '2031-05-01T09:00:00Z';
      if (name.includes('color')) return '#123456';
      if (name.includes('zone')) return 'UTC';
      let s = `Matrix ${name}`;
      while (s.length < (schema.minLength ?? 0)) s += ' x';
      return s.slice(0, schema.maxLength ?? s.length);
    }
    default:
      return null;
  }
}

/** An id in a body: what its name says (users in a body are someone else than the caller). */
async function idFor(name: string, b: Build): Promise<number> {
  const kind = idKind(b.op, { in: 'body', name, required: true, type: 'integer', enum: undefined }, undefined);
  if (kind === 'user') return BODY_USER_IS[b.op.key] === 'third' ? third : (await makeUser(t, demo)).user.id;
  return b.need(kind);
}

/** A user id in a body is a new member unless the operation needs one of the call's chat (`third`). */
const BODY_USER_IS: Record<string, 'third'> = {
  'POST /chats/{app_module_id}/chats/{id}/owner': 'third',
  'POST /chats/{app_module_id}/chats/{id}/messages/delete': 'third',
};

interface Call {
  url: string;
  body?: unknown;
  raw?: ReturnType<typeof multipartBody>;
}

/** What an operation needs beyond what the schema and the kinds give. */
interface Special {
  /** Values of path or query parameters (computed for the call). */
  params?: (b: Build) => Promise<Record<string, string | number>>;
  /** The body (replaces the generated one). */
  body?: (b: Build) => Promise<unknown> | unknown;
  /**
   * Each caller calls with a session of their own (the call ends it), or as a new account of their
   * standing (the call erases it), with a password or without one (signed up with a provider).
   */
  fresh?: 'session' | 'account' | 'passwordless';
  /** A multipart body (an upload). */
  raw?: () => ReturnType<typeof multipartBody>;
  /** Puts back what the call changed for the calls after it. */
  after?: () => Promise<void>;
}

const reopenDemo = async () => updateApp(t, 'demo', { isPublished: true, isLocked: false });

const SPECIAL: Record<string, Special> = {
  'POST /auth/register': {
    body: () => ({
      email: `matrix-${unique()}@matrix.example`,
      first_name: 'Mia',
      last_name: 'Matrix',
      password: 'Matrix-pass-1234!',
      consent: true,
    }),
  },
  'POST /user/avatar': { raw: () => multipartBody('avatar', 'matrix.png', PNG) },
  'POST /user/photo': { raw: () => multipartBody('photo', 'matrix.png', PNG) },
  // The path's id is always 0 (the spec's client); the caller's own subscription, stored first, goes.
  'DELETE /push-subscription/{id}': {
    params: async () => ({ id: 0 }),
    body: async (b) => {
      const body = BODIES['PUT /push-subscription/{id}']?.(`matrix-${unique()}`);
      const me = await identityOf(b.caller, b.op, undefined);
      await t.app.inject({
        method: 'POST',
        url: '/push-subscription',
        headers: { 'app-key': me.appKey, ...(me.token ? { 'access-token': me.token } : {}) },
        payload: body,
      });
      return body;
    },
  },
  'POST /push-subscription': { body: () => BODIES['PUT /push-subscription/{id}']?.(`matrix-${unique()}`) },
  'POST /vitals': {
    body: () => ({ items: [{ route: '/', metric: 'LCP', value: 1200, rating: 'good', navigation: 'navigate', device: 'mobile' }] }),
  },
  'POST /console/api/apps': { body: () => ({ name: 'Matrix app', key: `matrix-${unique()}` }) },
  'POST /settings/{app_module_id}/delete-account/mail': { fresh: 'passwordless' },
  'POST /networking/{app_module_id}/sessions/{id}/leave': {
    // The caller joins first (those who may not are refused there too).
    params: async (b) => {
      const id = await b.need('netSession');
      const me = await identityOf(b.caller, b.op, undefined);
      await t.app.inject({
        method: 'POST',
        url: `/networking/${b.module}/sessions/${id}/join`,
        headers: { 'app-key': me.appKey, ...(me.token ? { 'access-token': me.token } : {}) },
      });
      return { id };
    },
  },
  'POST /console/api/apps/{app_id}/agenda-import/{app_module_id}/confirm': {
    // The app owner's own preview, confirmed by each caller.
    body: async (b) => {
      const raw = MULTIPART['POST /console/api/apps/{app_id}/agenda-import/{app_module_id}/schedule/preview']?.();
      const res = await b.as('appOwner', 'POST', `${consoleBase()}/agenda-import/${b.module}/schedule/preview`, undefined, raw);
      return { token: (res.json() as { token: string }).token };
    },
  },
  // Mail tokens: the mail of a step just taken (a sign-up, a forgotten password, an invitation).
  'POST /auth/confirm-email': {
    body: async () => {
      const email = `matrix-${unique()}@matrix.example`;
      await publicPost('/auth/register', { email, first_name: 'Mia', last_name: 'Matrix', password: 'Matrix-pass-1234!', consent: true });
      return { token: mailToken(email) };
    },
  },
  'POST /auth/reset-password': { body: async () => ({ token: await resetToken(), password: 'Matrix-pass-5678!' }) },
  'POST /auth/check-token': { body: async () => ({ token: await resetToken(), kind: 'reset' }) },
  'POST /auth/confirm-invite': {
    body: async (b) => {
      const email = `matrix-invite-${unique()}@matrix.example`;
      await b.as('appOwner', 'POST', `${consoleBase()}/members/invite`, { email });
      return { token: mailToken(email), password: 'Matrix-pass-1234!' };
    },
  },
  'POST /settings/delete-account/confirm': {
    // A member without a password asks for the mail; the link's token confirms.
    body: async () => {
      const { user, token } = await makeUser(t, demo);
      const res = await t.app.inject({
        method: 'POST',
        url: `/settings/${mod('settings')}/delete-account/mail`,
        headers: { 'app-key': 'demo', 'access-token': token },
      });
      if (res.statusCode !== 200) throw new Error(`delete-account mail: ${res.statusCode} ${res.body}`);
      return { token: mailToken(user.email, 'delete_token') };
    },
  },
  'POST /auth/login': { body: () => ({ email: 'anna@demo.test', password: 'demo1234!' }) },
  'POST /console/api/auth/login': { body: () => ({ email: 'mod@demo.test', password: 'demo1234!' }) },
  'POST /auth/logout': { fresh: 'session' },
  'POST /console/api/auth/logout': { fresh: 'session' },
  'POST /settings/{app_module_id}/delete-account': { fresh: 'account', body: () => ({ password: 'matrix1234!' }) },
  // Who goes to an event (the other entities are alike).
  'GET /user/related-list': { params: async (b) => ({ entity: 'event', id: await b.need('event') }) },
  'GET /{type}': { params: async (b) => ({ type: 'forums', module: b.module }) },
  'POST /console/api/apps/{app_id}/unpublish': { after: reopenDemo },
  'POST /console/api/apps/{app_id}/lock': { after: reopenDemo },
  'POST /networking/{app_module_id}/badge/resolve': {
    body: async (b) => ({ token: ((await b.as('third', 'GET', `/networking/${b.module}/badge`)).json() as { token: string }).token }),
  },
  'PUT /console/api/apps/{app_id}/menu/order': {
    body: async () => ({
      ids: (
        await t.app.ctx.db
          .select({ id: appModules.id })
          .from(appModules)
          .where(eq(appModules.appId, demo.app.id))
          .orderBy(asc(appModules.position))
      ).map((m) => m.id),
    }),
  },
  'DELETE /console/api/apps/{app_id}/menu/{module_id}': {
    params: async (b) => ({
      module_id: await b.made('appOwner', 'POST', `${consoleBase()}/menu`, { type: 'freeform', name: 'Matrix page' }),
    }),
  },
  'POST /console/api/apps/{app_id}/members/{user_id}/invite/resend': { params: async (b) => ({ user_id: await invited(b) }) },
  'DELETE /console/api/apps/{app_id}/members/{user_id}/invite': { params: async (b) => ({ user_id: await invited(b) }) },
  'POST /console/api/apps/{app_id}/moderation/{kind}/{target_id}/decide': {
    params: async (b) => {
      const post = await b.need('post');
      await b.as('third', 'POST', `/content/${mod('forums')}/posts/${post}/flag`, { reason: 'spam' });
      return { kind: 'post', target_id: post };
    },
    body: () => ({ action: 'dismiss', reason: 'Matrix' }),
  },
  'POST /console/api/apps/{app_id}/moderation/contact/{id}/answer': {
    // The owner's message to the app's owner, as POST /settings/…/contact stores it (that call allows few a day).
    params: async () => {
      const [row] = await t.app.ctx.db
        .insert(contactMails)
        .values({ appId: demo.app.id, userId: who.owner?.userId ?? 0, recipient: 'owner', message: `Matrix ${unique()}` })
        .returning({ id: contactMails.id });
      return { id: row?.id ?? 0 };
    },
    body: () => ({ message: 'Matrix answer' }),
  },
  'GET /resources/{app_module_id}/items/{id}/file': {
    params: async (b) => {
      const upload = await b.need('upload');
      return { id: await b.made('owner', 'POST', `/resources/${b.module}/items`, { type: 'file', upload_id: upload }) };
    },
  },
  'POST /meet/{id}/accept': { params: async (b) => ({ id: await meetingForOwner(b) }) },
  'POST /meet/{id}/reject': { params: async (b) => ({ id: await meetingForOwner(b) }) },
};

/** A public call of the `demo` app that must succeed (a step before the call under test). */
async function publicPost(url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: { 'app-key': 'demo' }, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
}

/** The token of the newest mail's link to `to` (in its `param`). */
function mailToken(to: string, param = 'token'): string {
  const mail = t.mailer
    .outbox()
    .filter((m) => m.to === to)
    .at(-1);
  const token = mail && new URL(mail.link).searchParams.get(param);
  if (!token) throw new Error(`no mail with a token to ${to}`);
  return token;
}

/** A password reset token of a new member of `demo`. */
async function resetToken(): Promise<string> {
  const email = `matrix-${unique()}@matrix.example`;
  await makeUser(t, demo, { email, password: 'Matrix-pass-1234!' });
  await publicPost('/auth/forgot-password', { email });
  return mailToken(email);
}

/** A meeting the third member asks the owner for: she accepts or declines it. */
async function meetingForOwner(b: Build): Promise<number> {
  const from = await makeUser(t, demo);
  const res = await t.app.inject({
    method: 'POST',
    url: '/meet',
    headers: { 'app-key': 'demo', 'access-token': from.token },
    payload: {
      user_id: who.owner?.userId,
      time_start: nextWalkSlot(),
      duration: 15,
      location: 'Matrix booth',
      timezone_name: 'UTC',
    },
  });
  if (res.statusCode !== 200) throw new Error(`${b.op.key}: a meeting for the owner: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: number }).id;
}

/** A member invited by the app's owner who has not answered yet. */
async function invited(b: Build): Promise<number> {
  const email = `matrix-invite-${unique()}@matrix.example`;
  await b.as('appOwner', 'POST', `${consoleBase()}/members/invite`, { email });
  return (await userByEmail(t, 'demo', email)).id;
}

/** The url and body of one call of `op` for `caller`: the objects it names are made here. */
async function buildCall(op: Op, caller: Caller): Promise<Call> {
  const b = new Build(op, caller);
  const special = SPECIAL[op.key];
  const given = (await special?.params?.(b)) ?? {};
  const values: Record<string, string | number> = { ...given };
  // Later parameters first: a comment's post is the comment's own.
  const entity = op.params.find((p) => p.name === 'entity')?.enum?.map(String)[0];
  if (entity) values.entity = entity;
  for (const p of [...op.params].reverse()) {
    if (p.name in values) continue;
    if (p.in === 'path' || p.required) {
      if (isIdParam(p)) values[p.name] = await b.need(idKind(op, p, entity));
      else if (p.enum?.length) values[p.name] = String(p.enum[0]);
      else if (p.in === 'path') throw new Error(`${op.key}: no value for ${p.name}: add it to SPECIAL`);
      else values[p.name] = 1;
    }
  }
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name]))) +
    (() => {
      const q = op.params.filter((p) => p.in === 'query' && values[p.name] !== undefined);
      return q.length ? `?${q.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(values[p.name]))}`).join('&')}` : '';
    })();
  const raw = special?.raw?.() ?? MULTIPART[op.key]?.();
  if (raw) return { url, raw };
  if (special?.body) return { url, body: await special.body(b) };
  if (!op.bodySchema) return { url };
  const generated = (await sample(op.bodySchema, 'body', b)) as Record<string, unknown>;
  const known = BODIES[op.key]?.(`matrix-${unique()}`) ?? {};
  const body = { ...generated, ...known };
  // Ids the tenant walk adds to its bodies: made for this call.
  for (const p of op.body) {
    if (isIdParam(p) && body[p.name] === undefined && op.bodySchema.required?.includes(p.name)) {
      body[p.name] = p.type === 'array' ? [await idFor(p.name, b)] : await idFor(p.name, b);
    }
  }
  return { url, body };
}

// --- Outcomes ---------------------------------------------------------------------------------

const OUTCOMES: Record<number, Outcome> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  406: 'moduleGone',
  409: 'conflict',
  410: 'gone',
  413: 'tooLarge',
  422: 'invalid',
  423: 'locked',
  429: 'limited',
  451: 'unpublished',
};

function outcomeOf(res: LightMyRequestResponse): Outcome | `status ${number}` {
  if (res.statusCode >= 200 && res.statusCode < 300) return 'ok';
  if (res.statusCode >= 300 && res.statusCode < 400) return 'redirect';
  return OUTCOMES[res.statusCode] ?? `status ${res.statusCode}`;
}

// --- The run ----------------------------------------------------------------------------------

/** What the server answered, per operation and caller (what `MATRIX_RECORD=1` writes). */
const seen = new Map<string, Record<Caller, string>>();

beforeAll(async () => {
  t = await createTestApp(WALK_CONFIG, { users: 4 });
  const modulesOf = async (appId: number) =>
    t.app.ctx.db.select().from(appModules).where(eq(appModules.appId, appId)).orderBy(asc(appModules.position));
  const demoApp = await appByKey(t, 'demo');
  const darkApp = await appByKey(t, 'demo-dark');
  demo = { app: demoApp, modules: await modulesOf(demoApp.id) };
  dark = { app: darkApp, modules: await modulesOf(darkApp.id) };
  // The app's owner without the platform operator's role (the demo admin has both): an owner's rights stop at her app.
  const appOwner = await makeUser(t, demo, { isAdmin: true, firstName: 'Otto', lastName: 'Owner' });
  who.appOwner = { userId: appOwner.user.id, appKey: 'demo' };
  who.owner = { userId: (await userByEmail(t, 'demo', 'anna@demo.test')).id, appKey: 'demo' };
  who.member = { userId: (await userByEmail(t, 'demo', 'ben@demo.test')).id, appKey: 'demo' };
  who.moderator = { userId: (await userByEmail(t, 'demo', 'mod@demo.test')).id, appKey: 'demo' };
  who.otherApp = { userId: (await userByEmail(t, 'demo-dark', 'admin@demo.test')).id, appKey: 'demo-dark' };
  third = (await makeUser(t, demo, { firstName: 'Thea', lastName: 'Third' })).user.id;
  ops = await loadOperations(t.app);
}, 120_000);
afterAll(() => t?.close());

describe('the permission matrix', () => {
  it('lists every operation of the OpenAPI description, and no other', () => {
    const keys = ops.map((o) => o.key);
    expect(
      keys.filter((k) => !(k in PERMISSIONS)),
      'operations missing from permissions.matrix.ts (run with MATRIX_RECORD=1, then read what it wrote)',
    ).toEqual([]);
    expect(
      Object.keys(PERMISSIONS).filter((k) => !keys.includes(k)),
      'entries of permissions.matrix.ts that are no operation',
    ).toEqual([]);
  });

  it('answers each caller as the matrix says', async () => {
    const differences: string[] = [];
    for (const op of ops) {
      // A read changes nothing: one object for every caller. Anything else: a fresh one per caller.
      const row = {} as Record<Caller, string>;
      try {
        const shared = op.method === 'GET' ? await buildCall(op, 'owner') : undefined;
        for (const caller of CALLERS) await callAs(op, caller, shared ?? (await buildCall(op, caller)), row, differences);
      } catch (err) {
        differences.push(`${op.key}: ${(err as Error).message}`);
        continue;
      }
      seen.set(op.key, row);
    }
    await announcementsIdle(t.app.ctx);
    await leaderboardIdle(t.app.ctx);
    if (process.env.MATRIX_RECORD) record();
    expect(differences).toEqual([]);
  }, 300_000);
});

/** Calls `op` as `caller` and notes a difference from the matrix (or a 5xx). */
async function callAs(op: Op, caller: Caller, call: Call, row: Record<Caller, string>, differences: string[]) {
  const special = SPECIAL[op.key];
  const id = await identityOf(caller, op, special?.fresh);
  const res = await t.app.inject({
    method: op.method as 'GET',
    url: call.url,
    headers: { 'app-key': id.appKey, ...(id.token ? { 'access-token': id.token } : {}), ...call.raw?.headers },
    ...(call.raw ? { payload: call.raw.payload } : call.body !== undefined ? { payload: call.body as Record<string, unknown> } : {}),
  });
  await special?.after?.();
  const got = outcomeOf(res);
  if (process.env.MATRIX_SHOW && op.key.includes(process.env.MATRIX_SHOW)) {
    console.log(`${op.key} as ${caller}: ${call.url} ${JSON.stringify(call.body)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  row[caller] = got;
  const want: Outcome | undefined = PERMISSIONS[op.key]?.[caller];
  if (res.statusCode >= 500 || (want !== undefined && got !== want && !process.env.MATRIX_RECORD)) {
    differences.push(`${op.key} as ${caller}: ${got} (${res.statusCode}), the matrix says ${want}: ${res.body.slice(0, 160)}`);
  }
}

// --- Recording --------------------------------------------------------------------------------

/** Rewrites the entries of permissions.matrix.ts from what the server answered, keeping notes. */
function record() {
  const file = fileURLToPath(new URL('./permissions.matrix.ts', import.meta.url));
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf('export const PERMISSIONS');
  const open = text.indexOf('{\n', start) + 2;
  const close = text.indexOf('\n};', open - 1);
  const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines = ops.flatMap((op) => {
    // An operation that could not be called keeps its entry (or stays missing, which fails).
    const row = seen.get(op.key) ?? PERMISSIONS[op.key];
    if (!row) return [];
    const note = PERMISSIONS[op.key]?.note;
    const cells = CALLERS.map((c) => `${c}: '${row[c]}'`).join(', ');
    return [`  ${quote(op.key)}: { ${cells}${note ? `, note: ${quote(note)}` : ''} },`];
  });
  fs.writeFileSync(file, `${text.slice(0, open)}${lines.join('\n')}${text.slice(close)}`);
}
