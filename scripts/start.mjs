// npm start: builds the web app when needed, then starts the server with demo content.
// `npm run dev` (--dev) adds the developer routes and the debug menu.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const dev = process.argv.includes('--dev');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/public', 'packages/i18n/locales', 'packages/contract/src'].map((d) => path.join(root, d));
const stale = !fs.existsSync(dist) || sources.some((d) => fs.existsSync(d) && newestMtime(d) > fs.statSync(dist).mtimeMs);
if (stale) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production'),
    // A local trial reads its mail in the outbox (this machine only); with SMTP there is none.
    OUTBOX: process.env.OUTBOX ?? (process.env.SMTP_URL ? 'false' : 'true'),
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
