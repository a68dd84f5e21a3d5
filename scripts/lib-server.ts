// Shared by the measurement scripts (bench, lighthouse): the real server on a free loopback
// port with its own data directory, PGlite and the demo seed, started and stopped within bounded time.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = path.resolve(import.meta.dirname, '..');
export const LOGIN = { email: 'anna@demo.test', password: 'demo1234!' };
export const APP_KEY = 'demo';

/** A positive number from the environment, or the fallback when unset. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Times out a promise so no step can hang the benchmark. */
export async function within<T>(ms: number, what: string, work: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// server

export interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  dataDir: string;
  output: () => string;
}

export function ensureWebBuild(): void {
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) return;
  console.log('apps/web/dist/index.html is missing: building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', timeout: 600_000 });
  if (r.status !== 0) throw new Error(`web build failed (exit ${r.status ?? r.signal})`);
}

/** A fresh data folder for one run (startServer removes it when stopped). */
export const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-bench-'));

/** Starts the server on `opts.dataDir` (already prepared) or a fresh folder, with `opts.env` added to its environment. */
export async function startServer(logLevel = 'info', opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<Server> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? newDataDir();
  // SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a bench.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: logLevel,
      AUTH_RATE_LIMIT: '1000000',
      NODE_ENV: 'production',
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: '',
      ...opts.env,
    },
  });
  if (child.pid === undefined) throw new Error('could not start the server');
  // Keep the last output for diagnostics; the pipes must be drained either way.
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, pid: child.pid, base: `http://127.0.0.1:${port}`, dataDir, output: () => log };
}

export async function waitForHealth(server: Server, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited during start (${server.child.exitCode ?? server.child.signalCode}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.base}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server not healthy after ${timeoutMs / 1000} s:\n${server.output()}`);
}

export async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const ok = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!ok) {
      child.kill('SIGKILL');
      await Promise.race([exited, sleep(5_000)]);
    }
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** The demo operator's sign-in to the console (its scenarios call `/console/api/…`). */
export async function consoleLogin(base: string): Promise<string> {
  const res = await fetch(`${base}/console/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: LOGIN.password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json().catch(() => undefined)) as { access_token?: unknown } | undefined;
  if (!res.ok || typeof body?.access_token !== 'string') throw new Error(`console login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access_token;
}

export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'app-key': APP_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(LOGIN),
    signal: AbortSignal.timeout(30_000),
  });
  const body: unknown = await res.json().catch(() => undefined);
  const token =
    typeof body === 'object' && body !== null && 'access_token' in body && typeof body.access_token === 'string' ? body.access_token : '';
  if (!res.ok || !token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}
