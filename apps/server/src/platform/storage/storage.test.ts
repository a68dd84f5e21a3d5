import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { appByKey, multipart } from '../../../test/helpers.ts';
import { testStorageConfig } from '../../../test/storage.ts';
import { appModules } from '../../modules/apps/apps.table.ts';
import { uploads } from '../../modules/content/content.table.ts';
import { sweepOrphanUploads, sweepStrayFiles } from '../../modules/content/content.uploads.ts';
import { S3Storage, StorageUnavailable } from './s3.ts';
import { storageFromEnv } from './storage-config.ts';

/**
 * Two nodes on one database and one store (the bucket of TEST_STORAGE_URL when set, as CI runs this
 * file against s3rver; else one data folder, as a shared mount), each listening on its own port:
 * a file uploaded through one is read through the other over HTTP, and deletion and the sweeps
 * remove the stored object whichever node runs them.
 */
let a: TestApp;
let b: TestApp;
let baseA: string;
let baseB: string;
let token: string;
let blogs: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function post(base: string, url: string, field: string, name: string, data: Buffer) {
  const body = multipart(field, name, data);
  return fetch(base + url, { method: 'POST', headers: { 'access-token': token, ...body.headers }, body: body.payload });
}

beforeAll(async () => {
  const limits = { rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } };
  a = await createTestApp({ ...limits, storage: testStorageConfig() }, { users: 3 });
  b = await createTestApp({ ...limits, storage: a.app.ctx.config.storage, dataDir: a.dataDir }, { sameDatabaseAs: a });
  baseA = await listen(a);
  baseB = await listen(b);
  token = await login(a.app, 'anna@demo.test');
  const demo = await appByKey(a, 'demo');
  const [mod] = await a.app.ctx.db
    .select({ id: appModules.id })
    .from(appModules)
    .where(sql`${appModules.appId} = ${demo.id} and ${appModules.type} = 'blogs'`);
  if (!mod) throw new Error('no blogs module in the demo app');
  blogs = mod.id;
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two nodes, one store', () => {
  it('serves a private file uploaded through one node from the other, with the same headers', async () => {
    expect([a.app.ctx.storage.kind, b.app.ctx.storage.kind]).toEqual(process.env.TEST_STORAGE_URL ? ['s3', 's3'] : ['disk', 'disk']);
    const res = await post(baseA, `/content/${blogs}/uploads`, 'file', 'Report Q1; final.pdf', PDF);
    expect(res.status, await res.clone().text()).toBe(200);
    const file = (await res.json()) as { id: number; url: string };
    const [row] = await a.app.ctx.db.select().from(uploads).where(eq(uploads.id, file.id));
    expect(await b.app.ctx.storage.stat(`files/${row?.path}`)).toMatchObject({ size: PDF.length });

    const got = await fetch(baseB + file.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(PDF.length));
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''Report%20Q1%3B%20final.pdf`);
    // Signed for this file and hour only; a member of the app only ever gets such a URL.
    expect((await fetch(baseB + file.url.replace(/sig=[^&]+/, 'sig=forged'))).status).toBe(403);

    // Never attached: the sweep on the other node removes the row and the stored object.
    await a.app.ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - 3 * 3600 * 1000) })
      .where(eq(uploads.id, file.id));
    expect(await sweepOrphanUploads(b.app.ctx)).toBeGreaterThanOrEqual(1);
    expect(await a.app.ctx.storage.stat(`files/${row?.path}`)).toBeUndefined();
    expect((await fetch(baseA + file.url)).status).toBe(404);
  });

  it('serves an avatar stored through one node at /uploads/ on the other, and deletes the one it replaces', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a7bd5' } })
      .png()
      .toBuffer();
    const first = await post(baseB, '/user/avatar', 'avatar', 'me.png', png);
    expect(first.status, await first.clone().text()).toBe(200);
    const avatar = ((await first.json()) as { avatar: string }).avatar;
    expect(avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.webp$/);

    const got = await fetch(baseA + avatar);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await got.arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    const head = await fetch(baseB + avatar, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), head.headers.get('content-type')]).toEqual([
      200,
      String(bytes.length),
      'image/webp',
    ]);
    // The cache validator a browser revalidates with (from a bucket, answered here: 304).
    const etag = got.headers.get('etag');
    expect(etag).toBeTruthy();
    if (a.app.ctx.storage.kind === 's3') {
      expect((await fetch(baseA + avatar, { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);
    }

    const second = await post(baseA, '/user/avatar', 'avatar', 'again.png', png);
    const next = ((await second.json()) as { avatar: string }).avatar;
    expect(next).not.toBe(avatar);
    expect((await fetch(baseB + avatar)).status).toBe(404);
    expect(await a.app.ctx.storage.stat(avatar.slice(1))).toBeUndefined();
    expect((await fetch(baseB + next)).status).toBe(200);
    // Keys the server never writes are not served.
    expect((await fetch(`${baseB}/uploads/avatars/..%2F..%2Ffiles%2Fx.pdf`)).status).toBe(404);
  });

  it('sweeps a stored file no row names from either node', async () => {
    const stray = `files/content/${randomUUID()}.pdf`;
    await a.app.ctx.storage.put(stray, PDF);
    // A cut-off in the future: every file counts as old, and only those without a row go.
    expect(await sweepStrayFiles(b.app.ctx, -60_000)).toBe(1);
    expect(await a.app.ctx.storage.stat(stray)).toBeUndefined();
  });
});

describe('a bucket that goes away', () => {
  it('answers 503 with Retry-After while it is away, never a 500, and works again when it is back without a restart', async () => {
    // An s3rver of this test's own (whatever store the other tests use), stopped and started again on the same port.
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-away-'));
    const options = { address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: 'away', configs: [] }] };
    let server = new S3rver({ ...options, port: 0 });
    const { port } = await server.run();
    const storage = {
      kind: 's3',
      bucket: 'away',
      prefix: '',
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    } as const;
    const t = await createTestApp({ storage, rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } }, { users: 3 });
    try {
      const anna = await login(t.app, 'anna@demo.test');
      const demo = await appByKey(t, 'demo');
      const [mod] = await t.app.ctx.db
        .select({ id: appModules.id })
        .from(appModules)
        .where(sql`${appModules.appId} = ${demo.id} and ${appModules.type} = 'blogs'`);
      const send = () => {
        const body = multipart('file', 'a.pdf', PDF);
        return t.app.inject({
          method: 'POST',
          url: `/content/${mod?.id}/uploads`,
          headers: { 'access-token': anna, ...body.headers },
          payload: body.payload,
        });
      };
      const before = await send();
      expect(before.statusCode, before.body).toBe(200);
      const { url } = before.json() as { url: string };
      expect((await t.app.inject({ url })).statusCode).toBe(200);

      await server.close();
      const refused = await send();
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([503, '5']);
      expect(refused.json()).toMatchObject({ status: 503, message: expect.stringMatching(/unavailable/i) });
      const read = await t.app.inject({ url });
      expect([read.statusCode, read.headers['retry-after']]).toEqual([503, '5']);

      server = new S3rver({ ...options, port });
      await server.run();
      expect((await t.app.inject({ url })).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
    } finally {
      await t.close();
      await server.close().catch(() => undefined);
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('a bucket that fails on its side', () => {
  it('is unavailable (503) on a 5xx, and a refusal (403) stays an error of ours', async () => {
    // What a store answers when it fails (500) or refuses the keys (403), to every request.
    let status = 500;
    const failing = http.createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0"?><Error><Code>${status === 500 ? 'InternalError' : 'AccessDenied'}</Code><Message>no</Message></Error>`);
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const storage = new S3Storage({
      kind: 's3',
      bucket: 'failing',
      prefix: '',
      endpoint: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      await expect(storage.put('uploads/x/a.webp', PDF)).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.get('uploads/x/a.webp')).rejects.toMatchObject({ statusCode: 503 });
      status = 403;
      const refused = await storage.put('uploads/x/a.webp', PDF).catch((err: unknown) => err);
      expect(refused).not.toBeInstanceOf(StorageUnavailable);
      expect(refused).toMatchObject({ name: 'AccessDenied' });
    } finally {
      await storage.close();
      failing.close();
    }
  });
});

describe('STORAGE_URL', () => {
  it('is the disk unless it names a bucket, and refuses what it cannot use with a message naming the setting', () => {
    expect(storageFromEnv({})).toEqual({ kind: 'disk' });
    expect(storageFromEnv({ STORAGE_URL: 'file:' })).toEqual({ kind: 'disk' });
    expect(storageFromEnv({ STORAGE_URL: 's3://my-bucket/app/files/', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual({
      kind: 's3',
      bucket: 'my-bucket',
      prefix: 'app/files/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(storageFromEnv({ STORAGE_URL: 's3://my-bucket', S3_REGION: 'eu-west-3' })).toMatchObject({
      prefix: '',
      region: 'eu-west-3',
      forcePathStyle: false,
    });
    expect(() => storageFromEnv({ STORAGE_URL: '/var/data' })).toThrow(/STORAGE_URL/);
    expect(() => storageFromEnv({ STORAGE_URL: 'gs://bucket' })).toThrow(/STORAGE_URL/);
    expect(() => storageFromEnv({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/bucket name/);
    expect(() => storageFromEnv({ STORAGE_URL: 's3://bucket/x?region=eu' })).toThrow(/STORAGE_URL/);
    // Keys in the URL are refused, and the message does not repeat them.
    expect(() => storageFromEnv({ STORAGE_URL: 's3://AKIAEXAMPLE:s3cr3t@bucket' })).toThrow(/AWS_ACCESS_KEY_ID/);
    expect(() => storageFromEnv({ STORAGE_URL: 's3://AKIAEXAMPLE:s3cr3t@bucket' })).not.toThrow(/s3cr3t/);
    expect(() => storageFromEnv({ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => storageFromEnv({ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
