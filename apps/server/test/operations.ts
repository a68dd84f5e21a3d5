import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_UPLOAD_QUOTA } from '../src/config.ts';

/**
 * What the walks over every operation of the OpenAPI description share (the tenant isolation walk,
 * src/platform/tenant-isolation.test.ts, and the permission matrix, src/platform/permissions.matrix.test.ts):
 * the operations as the server describes them, what their id parameters identify, and valid bodies.
 */

// --- What an id parameter identifies ----------------------------------------------------------

export const KINDS = [
  'module',
  'user',
  'activity',
  'pushMessage',
  'post',
  'comment',
  'pollOption',
  'upload',
  'chat',
  'message',
  'catalogItem',
  'session',
  'question',
  'speaker',
  'event',
  'eventSpeaker',
  'eventSection',
  'resourceItem',
  'marketplaceItem',
  'meeting',
  'topic',
  'topicComment',
  'netSession',
  'app',
  'announcement',
  'agendaTrack',
  'agendaRoom',
  'agendaSpeaker',
  'agendaSession',
] as const;
export type Kind = (typeof KINDS)[number];

/** Parameters named after what they identify, on any operation. */
export const ID_BY_NAME: Record<string, Kind> = {
  app_id: 'app',
  module: 'module',
  module_id: 'module',
  app_module_id: 'module',
  user_id: 'user',
  activity_id: 'activity',
  comment_id: 'comment',
  parent_id: 'comment',
  option_id: 'pollOption',
  post_id: 'post',
  cover_image_id: 'upload',
  attachment_ids: 'upload',
  user_ids: 'user',
  message_id: 'message',
  // A console agenda session's track, room and speakers (of its module).
  track_id: 'agendaTrack',
  room_id: 'agendaRoom',
  speaker_ids: 'agendaSpeaker',
};

/** Parameters called `id`: what they identify, per operation (an `entity` parameter names it otherwise). */
export const ID_BY_OP: Record<string, Record<string, Kind>> = {
  'GET /user/{id}': { id: 'user' },
  'PUT /push-open/{id}': { id: 'pushMessage' },
};

/** Parameters called `id` by path prefix, for modules with many operations. */
export const ID_BY_PREFIX: Array<[string, Record<string, Kind>]> = [
  ['/content/', { id: 'post' }],
  ['/user/{id}/', { id: 'user' }],
  ['/chats/', { id: 'chat', ids: 'message' }],
  ['/catalog/', { id: 'catalogItem' }],
  ['/resources/', { id: 'resourceItem', folder_id: 'resourceItem' }],
  ['/marketplace/', { id: 'marketplaceItem' }],
  ['/meet/', { id: 'meeting' }],
  ['/networking/{app_module_id}/networkers/', { id: 'user' }],
  ['/networking/{app_module_id}/topics/', { topic_id: 'topic', comment_id: 'topicComment' }],
  ['/networking/{app_module_id}/sessions/', { id: 'netSession' }],
  ['/agenda/{app_module_id}/speakers/', { id: 'speaker' }],
  ['/agenda/', { id: 'session', question_id: 'question' }],
  ['/events/', { id: 'event', speaker_id: 'eventSpeaker', section_id: 'eventSection' }],
  ['/console/api/apps/{app_id}/announcements/', { id: 'announcement' }],
  ['/console/api/apps/{app_id}/events/', { id: 'event' }],
  ['/console/api/apps/{app_id}/catalog/', { id: 'catalogItem' }],
  ['/console/api/apps/{app_id}/resources/', { id: 'resourceItem', folder_id: 'resourceItem', upload_id: 'upload' }],
  ['/console/api/apps/{app_id}/agenda/{module_id}/tracks/', { id: 'agendaTrack' }],
  ['/console/api/apps/{app_id}/agenda/{module_id}/rooms/', { id: 'agendaRoom' }],
  ['/console/api/apps/{app_id}/agenda/{module_id}/speakers/', { id: 'agendaSpeaker' }],
  ['/console/api/apps/{app_id}/agenda/{module_id}/sessions/', { id: 'agendaSession' }],
];

/**
 * Integer parameters that are not ids. `actor` (the audit log's filter) is a person's id but owned by no
 * app: an operator of another app acts on this one; it only narrows the app's own entries.
 */
export const NOT_IDS = new Set([
  'max_upload_size',
  'page',
  'per-page',
  'seq',
  'before',
  'after',
  'limit',
  'rating',
  'price',
  'photo_ids',
  'duration',
  'time_start',
  'days',
  // A networking session's plan: its start (epoch seconds), rounds, minutes and group size.
  'starts_at',
  'rounds',
  'round_minutes',
  'group_size',
  'actor',
  // The networker lists' level filter (1–5).
  'level',
  // Field data: the share of page loads that report (0–1).
  'sample_rate',
  // An event's number of places (console events), the console agenda's seats and list order.
  'capacity',
  'position',
]);

// --- Valid bodies ------------------------------------------------------------------------------

/**
 * A valid JSON body for each operation whose body carries an id (an integer property), without it:
 * the walk adds the id. Per calling app, so that two apps' calls do not touch the same row.
 */
/** A free slot far ahead for each meeting the walk asks for or moves (no two overlap). */
let walkSlot = 0;
export const nextWalkSlot = () => Math.floor(Date.now() / 1000) + 300 * 86_400 + ++walkSlot * 7_200;

/** Invitations the walk sent: each address new. */
let walkInvites = 0;

/** The walker's own QR badge in each app (beforeAll): resolving it answers 200 and records nothing. */
export const badgeTokens: Record<string, string> = {};

export const BODIES: Record<string, (callerKey: string) => Record<string, unknown>> = {
  'POST /networking/{app_module_id}/badge/resolve': (callerKey) => ({ token: badgeTokens[callerKey] ?? '' }),
  'POST /console/api/apps/{app_id}/menu': () => ({ type: 'freeform', name: 'Tenant walk page' }),
  'POST /console/api/apps/{app_id}/events': () => ({
    title: 'Tenant walk event',
    time_zone: 'UTC',
    starts_at: '2031-01-01T10:00',
    ends_at: '2031-01-01T11:00',
  }),
  'PUT /console/api/apps/{app_id}/events/{id}': () => ({
    title: 'Tenant walk event, edited',
    time_zone: 'UTC',
    starts_at: '2031-01-01T10:00',
    ends_at: '2031-01-01T11:00',
  }),
  // Registration stays open: the attendee walk registers afterwards.
  'PATCH /console/api/apps/{app_id}/events/{id}/state': () => ({ registration_closed: false }),
  'POST /console/api/apps/{app_id}/events/{id}/registrations/import/preview': () => ({ csv: 'email\n' }),
  'POST /console/api/apps/{app_id}/events/{id}/registrations/import': () => ({ csv: 'email\n' }),
  'PUT /console/api/apps/{app_id}/menu/{module_id}': () => ({ is_active: true }),
  'PUT /console/api/apps/{app_id}/pages/{module_id}': () => ({ html: '<p>Tenant walk</p>' }),
  // A partial update: nothing sent, nothing changed (the console's own tests change settings).
  'PUT /console/api/apps/{app_id}/settings': () => ({}),
  // The default share: where it lands, nothing changes.
  'PUT /console/api/apps/{app_id}/vitals/settings': () => ({ sample_rate: 0.25 }),
  // The spec's client sends its user id along; the server takes the user from the token.
  'PUT /push-subscription/{id}': (callerKey) => ({
    endpoint: `https://push.example.test/tenant-walk-${callerKey}`,
    public_key: 'walk-public-key',
    auth_token: 'walk-auth-token',
    encoding: 'aes128gcm',
  }),
  'POST /content/{app_module_id}/posts': () => ({ title: 'Walk post', text: '<p>Tenant walk</p>' }),
  // A networking session far ahead (planned, edited: changes no one's banner).
  'POST /networking/{app_module_id}/sessions': () => ({
    title: 'Walk session',
    starts_at: nextWalkSlot(),
    rounds: 2,
    round_minutes: 5,
    mode: 'speed',
  }),
  'PUT /networking/{app_module_id}/sessions/{id}': () => ({
    title: 'Walk session',
    starts_at: nextWalkSlot(),
    rounds: 2,
    round_minutes: 5,
    mode: 'speed',
  }),
  'PUT /content/{app_module_id}/posts/{id}': () => ({ title: 'Walk post', text: '<p>Tenant walk, edited</p>' }),
  'PUT /content/{app_module_id}/posts/{id}/pin': () => ({ pinned: true }),
  'POST /content/{app_module_id}/seen': () => ({}),
  'PUT /content/{app_module_id}/posts/{id}/like': () => ({ liked: true }),
  'PUT /content/{app_module_id}/posts/{id}/follow': () => ({ followed: true }),
  'PUT /content/{app_module_id}/posts/{id}/vote': () => ({}),
  'POST /content/{app_module_id}/posts/{id}/comments': () => ({ text: 'Tenant walk comment' }),
  'PUT /content/{app_module_id}/posts/{id}/comments/{comment_id}': () => ({ text: 'Tenant walk comment, edited' }),
  'PUT /content/{app_module_id}/posts/{id}/comments/{comment_id}/like': () => ({ liked: true }),
  'POST /chats/{app_module_id}/chats': () => ({ chat_type: 'group', name: 'Walk group' }),
  'PUT /chats/{app_module_id}/chats/{id}': () => ({ name: 'Walk group' }),
  'POST /chats/{app_module_id}/chats/{id}/archive': () => ({ archived: true }),
  'POST /chats/{app_module_id}/chats/{id}/members': () => ({}),
  'POST /chats/{app_module_id}/chats/{id}/owner': () => ({}),
  'POST /chats/{app_module_id}/chats/{id}/messages': (callerKey) => ({ client_id: `walk-${callerKey}`, text: 'Walk message' }),
  'PUT /chats/{app_module_id}/chats/{id}/messages/{message_id}': () => ({ text: 'Walk message, edited' }),
  'POST /chats/{app_module_id}/chats/{id}/messages/delete': () => ({}),
  'POST /chats/{app_module_id}/chats/{id}/read': () => ({ seq: 1 }),
  'POST /catalog/{app_module_id}/items/{id}/want-to-buy': () => ({}),
  'POST /resources/{app_module_id}/items': (callerKey) => ({ type: 'link', title: 'Walk link', url: `https://${callerKey}.example/walk` }),
  'PUT /resources/{app_module_id}/items/{id}': () => ({ title: 'Walk title' }),
  'POST /marketplace/{app_module_id}/items': () => ({ title: 'Walk listing', price: 12 }),
  'PUT /marketplace/{app_module_id}/items/{id}': () => ({ title: 'Walk listing, edited', price: 13 }),
  'POST /networking/{app_module_id}/topics': () => ({ title: 'Walk topic' }),
  'PUT /networking/{app_module_id}/topics/{topic_id}': () => ({ title: 'Walk topic, edited' }),
  'POST /networking/{app_module_id}/topics/{topic_id}/comments': () => ({ body: 'Walk comment' }),
  'PUT /twitter/{app_module_id}/feed/url': (callerKey) => ({ url: `https://${callerKey}.example/feed.xml` }),
  'PATCH /agenda/{app_module_id}/sessions/{id}': () => ({ location: 'Walk room' }),
  'PUT /agenda/{app_module_id}/sessions/{id}/rating': () => ({ rating: 4 }),
  'POST /agenda/{app_module_id}/sessions/{id}/questions': () => ({ text: 'Walk question?' }),
  'PUT /agenda/{app_module_id}/sessions/{id}/questions/{question_id}/answered': () => ({ answered: true }),
  'POST /events/{app_module_id}/events/{id}/registration': () => ({}),
  'PUT /user/{id}/note': () => ({ text: 'Walk note' }),
  'PUT /webview/{app_module_id}/url': (callerKey) => ({ url: `https://${callerKey}.example/tenant-walk` }),
  'PUT /settings/{app_module_id}/notifications': () => ({ channel: 'push', category: 'news', enabled: true }),
  'POST /settings/{app_module_id}/contact': () => ({ to: 'developers', message: 'Tenant walk' }),
  'POST /settings/{app_module_id}/admin-message': () => ({ message: 'Tenant walk' }),
  'POST /meet': () => ({ time_start: nextWalkSlot(), duration: 15, location: 'Walk booth', timezone_name: 'UTC' }),
  'PUT /meet/{id}': () => ({ time_start: nextWalkSlot(), duration: 30, timezone_name: 'UTC' }),
  'POST /console/api/apps/{app_id}/announcements': () => ({
    bodies: { en_US: { title: 'Walk', body: 'Tenant walk' } },
    segment: { kind: 'all' },
  }),
  'PUT /console/api/apps/{app_id}/announcements/{id}': () => ({
    bodies: { en_US: { title: 'Walk', body: 'Tenant walk, edited' } },
    segment: { kind: 'all' },
  }),
  'POST /console/api/apps/{app_id}/announcements/preview-count': () => ({ segment: { kind: 'all' } }),
  'POST /console/api/apps/{app_id}/catalog/{app_module_id}/items': () => ({ name: 'Walk item' }),
  'PUT /console/api/apps/{app_id}/catalog/{app_module_id}/items/{id}': () => ({ name: 'Walk item' }),
  'POST /console/api/apps/{app_id}/resources/{app_module_id}/items': () => ({
    type: 'link',
    title: 'Walk link',
    url: 'https://walk.example/',
  }),
  'PUT /console/api/apps/{app_id}/resources/{app_module_id}/items/{id}': () => ({ title: 'Walk title' }),
  'POST /console/api/apps/{app_id}/resources/{app_module_id}/items/{id}/move': () => ({ direction: 'down' }),
  'POST /console/api/apps/{app_id}/members/invite': (callerKey) => ({ email: `walk-${callerKey}-${++walkInvites}@walk.example` }),
  'PUT /console/api/apps/{app_id}/members/{user_id}/roles': () => ({ owner: true, moderator: true }),
  'POST /console/api/apps/{app_id}/agenda/{module_id}/tracks': () => ({ name: 'Walk track', color: '#123456' }),
  'PUT /console/api/apps/{app_id}/agenda/{module_id}/tracks/{id}': () => ({ name: 'Walk track', color: '#654321' }),
  'POST /console/api/apps/{app_id}/agenda/{module_id}/rooms': () => ({ name: 'Walk room', capacity: 10 }),
  'PUT /console/api/apps/{app_id}/agenda/{module_id}/rooms/{id}': () => ({ name: 'Walk room', capacity: 12 }),
  'POST /console/api/apps/{app_id}/agenda/{module_id}/speakers': () => ({ name: 'Walk speaker' }),
  'PUT /console/api/apps/{app_id}/agenda/{module_id}/speakers/{id}': () => ({ name: 'Walk speaker' }),
  // Far ahead, drafts: no attendee's screen or calendar is concerned.
  'POST /console/api/apps/{app_id}/agenda/{module_id}/sessions': () => ({
    title: 'Walk session',
    starts_at: '2031-05-01T09:00:00Z',
    ends_at: '2031-05-01T10:00:00Z',
  }),
  'PUT /console/api/apps/{app_id}/agenda/{module_id}/sessions/{id}': () => ({
    title: 'Walk session',
    starts_at: '2031-05-01T09:00:00Z',
    ends_at: '2031-05-01T10:00:00Z',
  }),
  'PATCH /console/api/apps/{app_id}/agenda/{module_id}/sessions/{id}': () => ({
    starts_at: '2031-05-02T09:00:00Z',
    ends_at: '2031-05-02T10:00:00Z',
  }),
};

/** A 1×1 PNG: the file of multipart operations (and a valid cover image). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A members file of the console's CSV import (one address; imported once, then already a member). */
const WALK_CSV = Buffer.from('email,first_name,last_name\nwalk-import@walk.example,Walk,Import\n');

/** A catalog file of the console's CSV import (one item with a source id: created once, then unchanged). */
const WALK_CATALOG_CSV = Buffer.from('id,name\nwalk-1,Walk item\n');

/** A multipart body with one file in `field`. */
export function multipartBody(field: string, filename: string, data: Buffer) {
  const boundary = '----tenant-walk-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Operations that take a multipart body (an upload) instead of JSON. */
export const MULTIPART: Record<string, () => ReturnType<typeof multipartBody>> = {
  'POST /content/{app_module_id}/uploads': () => multipartBody('file', 'walk.png', PNG),
  'POST /chats/{app_module_id}/uploads': () => multipartBody('file', 'walk.png', PNG),
  'POST /resources/{app_module_id}/uploads': () => multipartBody('file', 'walk.png', PNG),
  'POST /marketplace/{app_module_id}/uploads': () => multipartBody('file', 'walk.png', PNG),
  'POST /chats/{app_module_id}/chats/{id}/logo': () => multipartBody('logo', 'walk.png', PNG),
  'POST /console/api/apps/{app_id}/logo': () => multipartBody('logo', 'walk.png', PNG),
  'POST /console/api/apps/{app_id}/members/import/preview': () => multipartBody('file', 'walk.csv', WALK_CSV),
  'POST /console/api/apps/{app_id}/members/import': () => multipartBody('file', 'walk.csv', WALK_CSV),
  'POST /console/api/apps/{app_id}/catalog/{app_module_id}/import/preview': () => multipartBody('file', 'walk.csv', WALK_CATALOG_CSV),
  'POST /console/api/apps/{app_id}/catalog/{app_module_id}/import': () => multipartBody('file', 'walk.csv', WALK_CATALOG_CSV),
  'POST /console/api/apps/{app_id}/resources/{app_module_id}/uploads': () => multipartBody('file', 'walk.png', PNG),
  'POST /console/api/apps/{app_id}/agenda-import/{app_module_id}/schedule/preview': () =>
    multipartBody('file', 'walk.csv', Buffer.from('id,title,date,start,end\nwalk-1,Walk,2030-05-14,09:00,10:00\n')),
  'POST /console/api/apps/{app_id}/agenda-import/{app_module_id}/speakers/preview': () =>
    multipartBody('file', 'walk.csv', Buffer.from('id,name\nwalk-1,Walk Speaker\n')),
};

// --- The OpenAPI description -------------------------------------------------------------------

const paramSchema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  items: z.looseObject({ type: z.string().optional() }).optional(),
});
const operation = z.looseObject({
  parameters: z
    .array(z.looseObject({ in: z.string(), name: z.string(), required: z.boolean().optional(), schema: paramSchema.optional() }))
    .optional(),
  requestBody: z
    .looseObject({
      required: z.boolean().optional(),
      content: z
        .record(
          z.string(),
          z.looseObject({ schema: z.looseObject({ properties: z.record(z.string(), paramSchema).optional() }).optional() }),
        )
        .optional(),
    })
    .optional(),
});
const openApi = z.looseObject({ paths: z.record(z.string(), z.record(z.string(), operation)) });

export interface Param {
  in: string;
  name: string;
  required: boolean;
  type: string | undefined;
  enum: unknown[] | undefined;
  /** The type of an array's items (a list of ids in a body). */
  items?: string | undefined;
}
export interface Op {
  key: string;
  method: string;
  path: string;
  params: Param[];
  bodyRequired: boolean;
  /** Properties of the JSON body, as parameters `in: 'body'`. */
  body: Param[];
  /** The JSON schema of the JSON body, when it takes one. */
  bodySchema: JsonSchema | undefined;
}

/** The part of JSON schema the server's description uses for bodies. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
  additionalProperties?: boolean | JsonSchema;
  const?: unknown;
}

export const isNumber = (type: string | undefined) => type === 'integer' || type === 'number';
/** An integer, or a list of integers (sent as a list of one id). */
export const isIdParam = (p: Param) => (isNumber(p.type) || (p.type === 'array' && isNumber(p.items))) && !p.enum && !NOT_IDS.has(p.name);

/** The values of `entity` (it names the kind of `id`, as in /user/related-list), or one pass without. */
export const entitiesOf = (op: Op): Array<string | undefined> =>
  op.params.find((p) => p.name === 'entity')?.enum?.map(String) ?? [undefined];

export function idKind(op: Op, p: Param, entity: string | undefined): Kind {
  const byPrefix = ID_BY_PREFIX.find(([prefix]) => op.path.startsWith(prefix))?.[1];
  const kind = ID_BY_OP[op.key]?.[p.name] ?? byPrefix?.[p.name] ?? ID_BY_NAME[p.name] ?? (p.name === 'id' ? entity : undefined);
  if (!kind || !(KINDS as readonly string[]).includes(kind)) {
    throw new Error(
      `${op.key}: parameter "${p.name}"${entity ? ` (entity ${entity})` : ''} looks like an id but the tenant walk does not know ` +
        'what it identifies: add it to ID_BY_OP or ID_BY_NAME in test/operations.ts (and its table to ID_SOURCES in tenant-isolation.test.ts), ' +
        'or to NOT_IDS if it is no id',
    );
  }
  return kind as Kind;
}

/** Every operation of the server's OpenAPI description (`/api/openapi.json`). */
export async function loadOperations(app: FastifyInstance): Promise<Op[]> {
  const res = await app.inject({ url: '/api/openapi.json' });
  const spec = openApi.parse(res.json());
  const raw = res.json() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  };
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.required ?? p.in === 'path',
        type: p.schema?.type,
        enum: p.schema?.enum,
      })),
      bodyRequired: op.requestBody?.required ?? false,
      body: Object.entries(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}).map(([name, p]) => ({
        in: 'body',
        name,
        required: false,
        type: p.type,
        enum: p.enum,
        items: p.items?.type,
      })),
      bodySchema: raw.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema,
    })),
  );
}

/**
 * The server the walks over every operation run against (tenant isolation, the permission matrix):
 * every route is called many times by the same members, so the rate limits and upload budgets are
 * out of the way, and no background feed fetch changes social_feeds while a walk compares states.
 */
export const WALK_CONFIG = {
  rateLimit: { auth: 10_000, uploads: 10_000, writes: 10_000, windowMs: 60_000 },
  uploadQuota: {
    ...DEFAULT_UPLOAD_QUOTA,
    memberFiles: 10_000,
    memberBytes: 1e12,
    appFiles: 10_000,
    appBytes: 1e12,
    unattachedFiles: 10_000,
    unattachedBytes: 1e12,
  },
  socialFeedFetch: false,
};
