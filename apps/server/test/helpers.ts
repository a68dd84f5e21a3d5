import { randomBytes } from 'node:crypto';
import { PAGINATION_HEADERS } from '@app/contract/constants';
import { errorBody, type FieldError, fieldErrors } from '@app/contract/schemas/common';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { apps } from '../src/modules/apps/apps.table.ts';
import { users } from '../src/modules/users/users.table.ts';
import type { TestApp } from './harness.ts';
import { databaseUrl } from './templates.ts';

/** The 422 body as the contract describes it; throws when the answer is not one. */
export function fieldErrorsOf(res: LightMyRequestResponse): FieldError[] {
  if (res.statusCode !== 422) throw new Error(`expected 422, got ${res.statusCode} ${res.body}`);
  return fieldErrors.parse(res.json());
}

/** Field names of a 422 answer, sorted and de-duplicated. */
export const fieldsOf = (res: LightMyRequestResponse): string[] => [...new Set(fieldErrorsOf(res).map((e) => e.field))].sort();

/** The `{name, message, status}` body of a non-422 error; throws when it is not one. */
export function errorOf(res: LightMyRequestResponse) {
  const body = errorBody.parse(res.json());
  if (body.status !== res.statusCode) throw new Error(`status ${res.statusCode} but body says ${body.status}`);
  return body;
}

/** The x-pagination-* headers as numbers. */
export function pageHeaders(res: LightMyRequestResponse) {
  const n = (name: string) => {
    const v = res.headers[name];
    if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`missing header ${name}`);
    return Number(v);
  };
  return {
    pageCount: n(PAGINATION_HEADERS.pageCount),
    totalCount: n(PAGINATION_HEADERS.totalCount),
    currentPage: n(PAGINATION_HEADERS.currentPage),
    perPage: n(PAGINATION_HEADERS.perPage),
  };
}

/** The database row of an app by key. */
export async function appByKey(t: TestApp, key: string) {
  const [row] = await t.app.ctx.db.select().from(apps).where(eq(apps.key, key));
  if (!row) throw new Error(`no app ${key}`);
  return row;
}

/** Changes an app row and drops the app cache, as an admin edit would. */
export async function updateApp(t: TestApp, key: string, values: Partial<typeof apps.$inferInsert>) {
  await t.app.ctx.db.update(apps).set(values).where(eq(apps.key, key));
  t.app.ctx.apps.invalidate();
}

/** The user row of an e-mail in an app. */
export async function userByEmail(t: TestApp, appKey: string, email: string) {
  const app = await appByKey(t, appKey);
  const [row] = await t.app.ctx.db
    .select()
    .from(users)
    .where(and(eq(users.appId, app.id), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  if (!row) throw new Error(`no user ${email} in ${appKey}`);
  return row;
}

/** Resolves after `ms`; for "nothing arrives" checks. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A multipart/form-data body with one file, for inject(). */
export function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A new, empty database on the PostgreSQL server of `url` (its address), and a way to drop it. */
export async function emptyPgDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrl(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
