import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type StandIn, startStandIn, TLS_CERT } from '../apps/server/src/modules/push/push.stand-in.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    /** The origin the server lets frame the app (admin preview); security.e2e.ts serves a page there. */
    adminOrigin: string;
    /** A local stand-in push service the server may post to (settings.e2e.ts): GET /received/<device> counts. */
    pushOrigin: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

let server: ChildProcess | undefined;
let stopping = false;
let dataDir = '';
let pushService: StandIn | undefined;

/** Starts the real server (built web app, fresh PGlite with demo content) once for all journeys. */
export async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) throw new Error('Build the web app first: npm run build');
  if (!fs.existsSync(path.join(root, 'apps/console/dist/index.html'))) throw new Error('Build the console first: npm run build');
  const port = await freePort();
  const adminOrigin = `http://127.0.0.1:${await freePort()}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-e2e-'));
  pushService = await startStandIn();
  const pushCa = path.join(dataDir, 'push-stand-in.pem');
  fs.writeFileSync(pushCa, TLS_CERT);
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000',
      DATABASE_URL: '',
      SMTP_URL: '',
      // The admin page that may frame the app (security.e2e.ts serves it through page.route).
      ADMIN_ORIGINS: adminOrigin,
      // The stand-in push service: reachable on loopback and trusted (settings.e2e.ts).
      SAFE_FETCH_ALLOW: new URL(pushService.origin).host,
      NODE_EXTRA_CA_CERTS: pushCa,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // Every journey talks to this one process: if it goes away mid-run, say so once, not only through refused connections.
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`e2e: the server (pid ${server?.pid}) exited during the run: code ${code}, signal ${signal}`);
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/healthz`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited before it answered (${server.exitCode ?? server.signalCode})`);
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('adminOrigin', adminOrigin);
  project.provide('pushOrigin', pushService.origin);
}

export async function teardown() {
  stopping = true;
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await pushService?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
