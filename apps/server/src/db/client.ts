import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The database or a transaction: every query function takes one of these first. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (not with PGlite): Socket.IO's adapter shares it. */
  pool?: pg.Pool;
  /**
   * LISTENs on a channel until the returned function is called. On PostgreSQL a dedicated
   * connection is kept open and reopened when it drops; `onGap` is called then, since
   * notifications sent meanwhile are lost.
   */
  listen(channel: string, onMessage: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * Told the time of each query (PostgreSQL: each statement on a pooled connection; PGlite: each
   * query, a transaction as one) once set: the server's metrics set it.
   */
  onQuery?: ((seconds: number) => void) | undefined;
  /** PGlite only: the data folder as an uncompressed tarball, for `openDatabase({ loadDataDir })` (test templates). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** A channel name as an SQL identifier (LISTEN takes no parameters). */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** LISTEN on a dedicated PostgreSQL connection, reconnecting with a growing delay when it drops. */
async function listenPg(url: string, channel: string, onMessage: (payload: string) => void, onGap?: () => void) {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let delay = 250;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    // A dropped connection emits 'error' then 'end'; 'end' schedules the reconnection.
    c.on('error', () => {});
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onMessage(n.payload);
    });
    c.on('end', () => {
      if (stopped) return;
      onGap?.();
      setTimeout(retry, delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    delay = 250;
  };
  const retry = () => {
    if (stopped) return;
    connect().catch(() => {
      delay = Math.min(delay * 2, 10_000);
      setTimeout(retry, delay).unref();
    });
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Opens PGlite (under dataDir, or in memory; started from a `dumpDataDir` tarball when `loadDataDir`
 * is given) or PostgreSQL and applies the migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  inMemory?: boolean;
  loadDataDir?: Blob;
  /** Another migrations folder (the upgrade test applies a release's migrations only). */
  migrationsFolder?: string;
  /**
   * How long a connection may take (PostgreSQL; 2 s by default). The test templates wait longer: they
   * are built beside an in-process PGlite whose migration holds the event loop for seconds.
   */
  connectionTimeoutMs?: number;
}): Promise<Database> {
  const folder = opts.migrationsFolder ?? migrationsFolder;
  if (opts.databaseUrl) {
    // A connection (or a free one of the pool) not had within 2 s is an error the API answers
    // 503 to: a database that is away never holds requests until the client gives up.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: opts.connectionTimeoutMs ?? 2_000,
    });
    // A connection the server drops (restart, failover, pg_terminate_backend) emits 'error' on its
    // client, and on the pool while idle; unheard, either would end the process. A query running on
    // it still fails on its own, and the pool replaces the connection.
    pool.on('error', () => {});
    const timed: { onQuery?: ((seconds: number) => void) | undefined } = {};
    pool.on('connect', (client) => {
      client.on('error', () => {});
      timeQueries(client as unknown as Queryable, 'query', () => timed.onQuery);
    });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder: folder });
    const url = opts.databaseUrl;
    const database: Database = {
      get onQuery() {
        return timed.onQuery;
      },
      set onQuery(observe) {
        timed.onQuery = observe;
      },
      db: db as unknown as Db,
      kind: 'postgres',
      pool,
      listen: (channel, onMessage, onGap) => listenPg(url, channel, onMessage, onGap),
      close: () => pool.end(),
    };
    return database;
  }
  let dir: string | undefined;
  if (!opts.inMemory) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: folder });
  const timed: { onQuery?: ((seconds: number) => void) | undefined } = {};
  for (const method of ['query', 'exec', 'transaction'] as const) timeQueries(client as unknown as Queryable, method, () => timed.onQuery);
  const database: Database = {
    get onQuery() {
      return timed.onQuery;
    },
    set onQuery(observe) {
      timed.onQuery = observe;
    },
    db: db as unknown as Db,
    kind: 'pglite',
    listen: async (channel, onMessage) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
  return database;
}

type Queryable = Record<string, (...args: unknown[]) => unknown>;

/**
 * Wraps `target[method]` to report each call's time to the observer, when there is one: a
 * promise's settling, or the callback's call (node-postgres' pool calls `query` with a callback).
 */
function timeQueries(target: Queryable, method: string, observer: () => ((seconds: number) => void) | undefined): void {
  const original = target[method];
  if (typeof original !== 'function') return;
  target[method] = function (this: unknown, ...args: unknown[]) {
    const observe = observer();
    if (!observe) return original.apply(this, args);
    const start = process.hrtime.bigint();
    const done = () => observe(Number(process.hrtime.bigint() - start) / 1e9);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...cbArgs: unknown[]) => {
        done();
        return callback(...cbArgs);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/** The rows of a raw SQL statement: PGlite and node-postgres both answer `{ rows }` (untyped on the shared Db type). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
