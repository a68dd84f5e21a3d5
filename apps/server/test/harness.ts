import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import { createMailer, type Mailer } from '../src/lib/mail.ts';
import { emptyStorage, testStorageConfig } from './storage.ts';
import { databaseUrl, type TemplateRefs, waitUntilIdle } from './templates.ts';

/** The tarballs read so far (a test file may start several apps from one). */
const tarballs = new Map<string, Blob>();

/** The template of a seed option (or `migrated`) made by global-setup.ts, when there is one. */
function templateOf(users: number | 'migrated'): string | undefined {
  let refs: TemplateRefs | undefined;
  try {
    refs = inject('dbTemplates');
  } catch {
    return undefined;
  }
  return refs?.[String(users)];
}

/** The contents of a template tarball, read once per test file. */
function tarball(file: string | undefined): Blob | undefined {
  if (!file) return undefined;
  const blob = tarballs.get(file) ?? new Blob([fs.readFileSync(file)]);
  tarballs.set(file, blob);
  return blob;
}

/** A migrated in-memory PGlite without any seed (a copy of the run's template when there is one), for tests of seeders. */
export async function migratedPglite(dataDir: string): Promise<Database> {
  const loadDataDir = tarball(templateOf('migrated'));
  return openDatabase({ dataDir, inMemory: true, ...(loadDataDir ? { loadDataDir } : {}) });
}

/**
 * A fresh database of its own, with the demo seed of `users` when `seeded` says so: in-memory PGlite
 * by default, or a new PostgreSQL database (dropped on close) when DATABASE_URL is set. It is a copy
 * of the template made once per run when there is one for `users`, else only migrated.
 */
async function freshDatabase(
  dataDir: string,
  users: number,
): Promise<{ database: Database; seeded: boolean; drop: () => Promise<void>; url?: string }> {
  const url = process.env.DATABASE_URL;
  const template = templateOf(users);
  if (!url) {
    const loadDataDir = tarball(template);
    const database = await openDatabase({ dataDir, inMemory: true, ...(loadDataDir ? { loadDataDir } : {}) });
    return { database, seeded: Boolean(loadDataDir), drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const database = await openDatabase({ dataDir, databaseUrl: databaseUrl(url, name) });
  return {
    database,
    url: databaseUrl(url, name),
    seeded: Boolean(template),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // Waits for the pool's connections to go, so that the forced drop does not terminate one still saying goodbye.
      await waitUntilIdle(c, name);
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  mailer: Mailer;
  dataDir: string;
  /** The PostgreSQL database's address (DATABASE_URL runs), for a second node on it. */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
}

/**
 * Another node on `first`'s database: a pool of its own on the same PostgreSQL database, or with
 * PGlite the same in-memory instance (left open for `first` to close).
 */
async function sameDatabase(
  first: TestApp,
  dataDir: string,
): Promise<{ database: Database; seeded: boolean; drop: () => Promise<void>; url?: string }> {
  if (first.databaseUrl)
    return { database: await openDatabase({ dataDir, databaseUrl: first.databaseUrl }), seeded: true, drop: async () => {} };
  const shared = first.app.ctx.database;
  return { database: { ...shared, close: async () => {} }, seeded: true, drop: async () => {} };
}

export async function createTestApp(
  config: Partial<Config> = {},
  opts: { mailer?: Mailer; users?: number; logStream?: NodeJS.WritableStream; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-test-'));
  const users = opts.users ?? 20;
  const fresh = opts.sameDatabaseAs ? await sameDatabase(opts.sameDatabaseAs, dataDir) : await freshDatabase(dataDir, users);
  const { database, seeded, drop } = fresh;
  const first = opts.sameDatabaseAs;
  const mailer = opts.mailer ?? createMailer({ smtpUrl: undefined, outboxDir: undefined });
  // A bucket prefix of its own (TEST_STORAGE_URL) unless the test shares one between apps.
  const ownStorage = !config.storage;
  const app = await buildApp({
    config: {
      inMemory: true,
      dataDir,
      dev: true,
      webDist: path.join(dataDir, 'no-web'),
      consoleDist: path.join(dataDir, 'no-console'),
      // Pages start with the splash: the first-screen renderer has its own tests (web.ssr.test.ts).
      webSsr: undefined,
      coreVersion: 'test',
      storage: testStorageConfig(),
      ...config,
    },
    database,
    mailer,
    logger: false,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  if (!seeded) {
    await seedDemo(app.ctx.db, { users });
    app.ctx.apps.invalidate();
  }
  await app.ready();
  return {
    app,
    mailer,
    dataDir,
    databaseUrl: fresh.url ?? first?.databaseUrl,
    async close() {
      if (ownStorage && app.ctx.storage.kind === 's3') await emptyStorage(app.ctx.storage);
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the public call and returns the access token. */
export async function login(app: FastifyInstance, email: string, password = 'demo1234!', appKey = 'demo'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/auth/login', headers: { 'app-key': appKey }, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}
