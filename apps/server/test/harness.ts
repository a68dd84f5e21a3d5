import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import { createMailer, type Mailer } from '../src/lib/mail.ts';

/**
 * A fresh server on its own database: in-memory PGlite by default, or a new
 * PostgreSQL database (dropped on close) when DATABASE_URL is set.
 */
async function freshDatabase(dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir, inMemory: true });
    return { database, drop: async () => {} };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ dataDir, databaseUrl: u.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pool.end() resolves before its connections have closed; wait (bounded) for them to go,
      // so that the forced drop does not terminate a connection still saying goodbye.
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  mailer: Mailer;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  config: Partial<Config> = {},
  opts: { mailer?: Mailer; users?: number; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-test-'));
  const { database, drop } = await freshDatabase(dataDir);
  const mailer = opts.mailer ?? createMailer({ smtpUrl: undefined, outboxDir: undefined });
  const app = await buildApp({
    config: { inMemory: true, dataDir, dev: true, webDist: path.join(dataDir, 'no-web'), coreVersion: 'test', ...config },
    database,
    mailer,
    logger: false,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  await seedDemo(app.ctx.db, { users: opts.users ?? 20 });
  app.ctx.apps.invalidate();
  await app.ready();
  return {
    app,
    mailer,
    dataDir,
    async close() {
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
