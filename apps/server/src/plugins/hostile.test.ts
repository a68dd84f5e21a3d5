import { errorBody, fieldErrors } from '@app/contract/schemas/common';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, login, type TestApp } from '../../test/harness.ts';

/** The parts of the OpenAPI description this test walks. */
const jsonSchema = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
  properties: z.record(z.string(), z.looseObject({ type: z.string().optional(), enum: z.array(z.unknown()).optional() })).optional(),
});
const operation = z.looseObject({
  parameters: z.array(z.looseObject({ in: z.string(), name: z.string(), schema: jsonSchema.optional() })).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), z.looseObject({ schema: jsonSchema.optional() })) }).optional(),
});
const openApi = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.record(z.string(), operation)) });
type Operation = z.infer<typeof operation>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Op {
  method: Method;
  path: string;
  query: Array<{ name: string; type: string | undefined; isEnum: boolean }>;
  pathParams: string[];
  body: Record<string, { type?: string | undefined; enum?: unknown[] | undefined }> | undefined;
}

let t: TestApp;
let token: string;
let ops: Op[];

beforeAll(async () => {
  // Generous auth limits: this file is about validation, not about the rate limiter.
  t = await createTestApp({ rateLimit: { auth: 10_000, uploads: 10, writes: 10_000, windowMs: 60_000 } }, { users: 0 });
  token = await login(t.app, 'anna@demo.test');
  const spec = openApi.parse((await t.app.inject({ url: '/api/openapi.json' })).json());
  ops = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]: [string, Operation]) => {
      const params = op.parameters ?? [];
      return {
        method: method.toUpperCase() as Method,
        path,
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, type: p.schema?.type, isEnum: Boolean(p.schema?.enum) })),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content['application/json']?.schema?.properties,
      };
    }),
  );
});
afterAll(() => t.close());

/** Sample values of path parameters that route to a real handler. */
const PATH_VALUES: Record<string, string> = { id: '0', type: 'news' };

function fill(path: string, values: Record<string, string> = {}) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? PATH_VALUES[name] ?? '1'));
}

const qs = (pairs: Array<[string, string]>) =>
  pairs.length ? `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}` : '';

const hasBody = (m: Method) => m !== 'GET';
const headers = () => ({ 'access-token': token, 'app-key': 'demo' });

function wrongValue(type: string | undefined, isEnum: boolean): unknown {
  if (isEnum) return 'definitely-not-in-the-enum';
  if (type === 'string') return 12345;
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'maybe';
  return { nested: ['x'] };
}

interface Case {
  name: string;
  /** True when the input is invalid for this operation, so the answer must be 4xx. */
  applies: boolean;
  send: () => Promise<LightMyRequestResponse>;
}

function cases(op: Op): Case[] {
  const url = fill(op.path);
  const inject = (o: { url?: string; payload?: string | Record<string, unknown> | unknown[]; headers?: Record<string, string> }) =>
    t.app.inject({
      method: op.method,
      url: o.url ?? url,
      headers: { ...headers(), ...o.headers },
      ...(o.payload !== undefined ? { payload: o.payload } : {}),
    });
  const validQuery: Array<[string, string]> = op.query.filter((q) => q.name === 'module').map(() => ['module', '1']);
  const withQuery = (extra: Array<[string, string]>) => `${url}${qs([...validQuery, ...extra])}`;
  const hasInputs = op.query.length > 0 || op.pathParams.length > 0 || op.body !== undefined;
  const bodyFields = Object.entries(op.body ?? {});
  const pages = op.query.filter((q) => q.name === 'page' || q.name === 'per-page').map((q) => q.name);

  const list: Case[] = [
    {
      name: 'body on a GET',
      applies: op.method === 'GET',
      send: () => inject({ payload: { a: 1 } }),
    },
    {
      name: 'bad JSON',
      applies: hasBody(op.method),
      send: () => inject({ payload: '{"email": "a@b.c", ', headers: { 'content-type': 'application/json' } }),
    },
    {
      name: 'prototype poisoning',
      applies: hasBody(op.method),
      send: () => inject({ payload: '{"__proto__": {"isAdmin": true}, "zzz": 1}', headers: { 'content-type': 'application/json' } }),
    },
    {
      name: 'unsupported content type',
      applies: hasBody(op.method),
      send: () => inject({ payload: '<a>hello</a>', headers: { 'content-type': 'application/xml' } }),
    },
    {
      name: '2 MB body',
      applies: true,
      send: () =>
        inject({ payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } }),
    },
    {
      name: 'wrong types',
      applies: hasInputs,
      send: () => {
        const body = Object.fromEntries(bodyFields.map(([k, s]) => [k, wrongValue(s.type, Boolean(s.enum))]));
        const query: Array<[string, string]> = op.query.flatMap(
          (q): Array<[string, string]> =>
            q.type === 'integer' || q.type === 'number'
              ? [[q.name, 'abc']]
              : q.isEnum
                ? [[q.name, 'zzz']]
                : [
                    [q.name, 'a'],
                    [q.name, 'b'],
                  ],
        );
        const values = Object.fromEntries(op.pathParams.map((p) => [p, 'not-valid']));
        return inject({ url: `${fill(op.path, values)}${qs(query)}`, ...(hasBody(op.method) ? { payload: body } : {}) });
      },
    },
    {
      name: 'an array instead of an object',
      applies: op.body !== undefined,
      send: () => inject({ payload: [1, 2, 3] }),
    },
    {
      name: '100 KB strings',
      applies: hasInputs,
      send: () => {
        const long = 'a'.repeat(100_000);
        const body = Object.fromEntries(bodyFields.map(([k]) => [k, long]));
        const values = Object.fromEntries(op.pathParams.map((p) => [p, long]));
        const query: Array<[string, string]> = op.query.map((q) => [q.name, long]);
        return inject({ url: `${fill(op.path, values)}${qs(query)}`, ...(hasBody(op.method) ? { payload: body } : {}) });
      },
    },
    {
      name: 'unknown fields',
      applies: op.query.length > 0 || op.body !== undefined,
      send: () =>
        inject({
          url: withQuery([['zzz_unknown', '1']]),
          ...(hasBody(op.method) ? { payload: { zzz_unknown: 1, is_admin: true } } : {}),
        }),
    },
  ];
  for (const name of pages) {
    for (const value of ['0', '-1', '-99999999', '1.5', '1e309', '99999999999999999999', 'NaN', 'Infinity', 'abc', '']) {
      list.push({ name: `${name}=${value}`, applies: true, send: () => inject({ url: withQuery([[name, value]]) }) });
    }
  }
  // Only inputs that are invalid for the operation are sent: a valid call (say, a logout) would just succeed.
  return list.filter((c) => c.applies);
}

/** Every error is JSON: a non-empty field list (422) or `{name, message, status}`. */
function expectJsonError(res: LightMyRequestResponse, label: string) {
  expect(String(res.headers['content-type']), label).toMatch(/^application\/json/);
  const body: unknown = res.json();
  if (res.statusCode === 422) {
    const fields = fieldErrors.safeParse(body);
    expect(fields.success, `${label}: ${res.body.slice(0, 300)}`).toBe(true);
    expect(fields.data?.length, label).toBeGreaterThan(0);
    for (const f of fields.data ?? []) expect(f.message.length, label).toBeGreaterThan(0);
  } else {
    const e = errorBody.safeParse(body);
    expect(e.success, `${label}: ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(true);
    expect(e.data?.status, label).toBe(res.statusCode);
    expect(e.data?.message.length, label).toBeGreaterThan(0);
  }
}

describe('hostile input on every documented operation', () => {
  it('finds the operations', () => {
    expect(ops.length).toBeGreaterThan(20);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['GET /user/app-config', 'GET /user/app-menu', 'POST /auth/login', 'PUT /push-subscription/{id}']),
    );
  });

  it('answers 4xx with a JSON message, never 5xx', async () => {
    let checked = 0;
    for (const op of ops) {
      for (const c of cases(op)) {
        const label = `${op.method} ${op.path}: ${c.name}`;
        const res = await c.send();
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expectJsonError(res, label);
        // Errors do not echo huge input back.
        expect(res.body.length, label).toBeLessThan(20_000);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
    // The session used throughout is still alive: no hostile request got through to logout.
    expect((await t.app.inject({ url: '/user/app-menu', headers: { 'access-token': token } })).statusCode).toBe(200);
  });

  it('answers status codes that fit the input', async () => {
    const post = (url: string, payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url, headers: { 'app-key': 'demo', 'content-type': contentType }, payload });
    expect((await post('/auth/login', '{"email":')).statusCode).toBe(400);
    expect((await post('/auth/login', JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }))).statusCode).toBe(413);
    expect((await post('/auth/login', 'email=a', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    const get = await t.app.inject({ method: 'GET', url: '/user/app-config', headers: { 'app-key': 'demo' }, payload: { a: 1 } });
    expect(get.statusCode).toBe(400);
    expect(errorBody.parse(get.json()).message).toBe('A GET request cannot have a body');
    // Router errors come in the same shape and do not echo the url.
    const badUrl = await t.app.inject({ method: 'PUT', url: '/push-open/%E0%A4%A', headers: { 'access-token': token } });
    expect(badUrl.statusCode).toBe(400);
    expectJsonError(badUrl, 'bad url');
    const longParam = await t.app.inject({ url: `/user/${'9'.repeat(5000)}`, headers: { 'access-token': token } });
    expect(longParam.statusCode).toBe(414);
    expectJsonError(longParam, 'long param');
    expect(longParam.body).not.toContain('9999');
    const unknown = await t.app.inject({ url: '/no/such/route/at/all', headers: { 'app-key': 'demo' } });
    expect(unknown.statusCode).toBe(404);
    expectJsonError(unknown, 'unknown route');
  });
});

describe('health and API description', () => {
  it('answers /healthz', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('publishes the OpenAPI description with the spec calls', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const spec = openApi.parse(res.json());
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/user/app-config', '/user/app-menu', '/auth/login']));
    expect(Object.keys(spec.paths['/user/app-config'] ?? {})).toContain('get');
    expect(Object.keys(spec.paths['/auth/login'] ?? {})).toContain('post');
    // Internal routes stay out of it.
    expect(Object.keys(spec.paths)).not.toContain('/healthz');
  });
});
