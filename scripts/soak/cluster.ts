// The soak's moving parts: a PostgreSQL it may stop and start, the server nodes, and the proxy.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, root } from '../lib-server.ts';

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export interface Postgres {
  /** The soak's own fresh database on it. */
  url: string;
  /** Whether the soak can stop and start it (a throwaway cluster, or SOAK_PG_CTL + PGDATA). */
  controllable: boolean;
  stop(): void;
  start(): void;
  /** Stops and removes a throwaway cluster; drops the soak's database on a given server. */
  dispose(): Promise<void>;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Runs a PostgreSQL tool, as the `postgres` user when we are root (initdb refuses root, as .ci/run knows). */
function pgTool(bin: string, args: string[]) {
  if (asRoot) execFileSync('su', ['postgres', '-c', [bin, ...args].map(quote).join(' ')], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, 'bin/initdb'))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('no PostgreSQL under /usr/lib/postgresql/*/bin (apt-get install postgresql), or set DATABASE_URL');
  return path.join(base, newest, 'bin');
}

async function createDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * DATABASE_URL given: a fresh database `soak_<pid>` on that server, stopped and started through
 * SOAK_PG_CTL (the path of its pg_ctl) with PGDATA when both are set. Otherwise a throwaway cluster
 * (initdb in a temporary folder, on a free port), so stopping it for the chaos step is real.
 */
export async function openPostgres(log: (s: string) => void): Promise<Postgres> {
  const name = `soak_${process.pid}`;
  const given = process.env.DATABASE_URL;
  if (given) {
    const ctl = process.env.SOAK_PG_CTL;
    const data = process.env.PGDATA;
    await createDatabase(given, name);
    const url = withDatabase(given, name);
    log(
      `PostgreSQL: DATABASE_URL, database ${name}${ctl && data ? `, stopped with ${ctl}` : ' (no SOAK_PG_CTL/PGDATA: the outage step is skipped)'}`,
    );
    return {
      url,
      controllable: !!(ctl && data),
      stop: () => ctl && data && pgTool(ctl, ['-D', data, '-m', 'fast', '-w', 'stop']),
      start: () => ctl && data && pgTool(ctl, ['-D', data, '-w', '-t', '60', 'start']),
      dispose: async () => {
        const client = new pg.Client({ connectionString: given });
        try {
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
        } catch {
          // the server is gone; nothing to drop
        } finally {
          await client.end().catch(() => {});
        }
      },
    };
  }
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  const t = Date.now();
  pgTool(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = path.join(bin, 'pg_ctl');
  const start = () => pgTool(ctl, ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  await createDatabase(admin, name);
  log(`PostgreSQL: a throwaway cluster in ${dir} on port ${port} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  return {
    url: withDatabase(admin, name),
    controllable: true,
    stop: () => pgTool(ctl, ['-D', dir, '-m', 'fast', '-w', 'stop']),
    start,
    dispose: async () => {
      try {
        pgTool(ctl, ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// server nodes

/** Object storage settings passed through to the nodes when set (the S3 work lands separately). */
const PASS_THROUGH = /^(STORAGE_URL|S3_\w+|AWS_\w+)$/;

export class Node {
  child: ChildProcess | undefined;
  starts = 0;
  private log = '';
  /** Exit code or signal of the last run. */
  lastExit = '';

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }
  get pid() {
    return this.child?.pid;
  }
  get running() {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }
  output() {
    return this.log;
  }

  start() {
    const passed = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => PASS_THROUGH.test(k) && v !== undefined)) as Record<
      string,
      string
    >;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...passed,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        LOG_LEVEL: process.env.SOAK_LOG_LEVEL ?? 'warn',
        SSR: 'false',
        SOCIAL_FEED_FETCH: 'false',
      },
    });
    const keep = (chunk: Buffer) => {
      this.log = (this.log + chunk.toString()).slice(-40_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('exit', (code, signal) => {
      this.lastExit = signal ?? String(code);
    });
    this.child = child;
    this.starts++;
  }

  /** Resolves when /healthz answers 200; throws after `ms` or when the process exits. */
  async healthy(ms = 60_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (!this.running) throw new Error(`node ${this.name} exited (${this.lastExit}):\n${this.log.slice(-4000)}`);
      try {
        const res = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`node ${this.name} not healthy after ${ms / 1000} s:\n${this.log.slice(-4000)}`);
  }

  /** Resolves with the time it took to exit once signalled. */
  async signal(sig: NodeJS.Signals, waitMs = 20_000): Promise<number> {
    const child = this.child;
    if (!child || !this.running) return 0;
    const t = performance.now();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(sig);
    const ok = await Promise.race([exited.then(() => true), sleep(waitMs).then(() => false)]);
    if (!ok) {
      child.kill('SIGKILL');
      await exited;
    }
    return performance.now() - t;
  }

  /** Resident memory from /proc (MB), or undefined when not running. */
  rssMb(): number | undefined {
    if (!this.running || !this.pid) return undefined;
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** The V8 heap in use (MB) from the node's /metrics (loopback), or undefined. */
  async heapMb(): Promise<number | undefined> {
    try {
      const res = await fetch(`${this.base}/metrics`, { signal: AbortSignal.timeout(2_000) });
      const m = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(await res.text());
      return m ? Number(m[1]) / 1024 / 1024 : undefined;
    } catch {
      return undefined;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// proxy

export async function startProxy(port: number, backends: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/soak/proxy.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, SOAK_PROXY_PORT: String(port), SOAK_BACKENDS: backends.join(',') },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`proxy exited (${code})`)));
  });
  return child;
}
