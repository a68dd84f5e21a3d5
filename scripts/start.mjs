// npm start: builds the web app and the console when needed, then starts the server with demo content.
// `npm run dev` (--dev) adds the developer routes and the debug menu.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
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

/** Builds a front end (web app or console) when its build (or one of `also`) is missing or older than its sources. */
function buildIfStale(workspace, label, also = []) {
  const dist = path.join(root, workspace, 'dist/index.html');
  const sources = [`${workspace}/src`, `${workspace}/public`, 'packages/i18n/locales', 'packages/contract/src'].map((d) =>
    path.join(root, d),
  );
  const stale =
    !fs.existsSync(dist) ||
    also.some((f) => !fs.existsSync(path.join(root, workspace, f))) ||
    sources.some((d) => fs.existsSync(d) && newestMtime(d) > fs.statSync(dist).mtimeMs);
  if (!stale) return;
  console.log(`Building the ${label}...`);
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The web app's server build renders phones' first screens (apps/web/dist-ssr).
buildIfStale('apps/web', 'web app', ['dist-ssr/entry-server.js']);
buildIfStale('apps/console', 'organiser console');

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
