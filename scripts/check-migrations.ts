// Part of `npm run check`: fails when a *.table.ts file changed without a migration. drizzle-kit
// generates against a copy of the migrations folder in a temporary directory (the repository is never
// written); a new file there means the schema and the migrations disagree.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const migrations = path.join(server, 'src/db/migrations');
const drizzleKit = path.join(root, 'node_modules/drizzle-kit/bin.cjs');

const filesOf = (dir: string): string[] =>
  fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());

/** Reports a failure; the exit code is set once the temporary directory is gone. */
function fail(message: string, output = ''): void {
  console.error(`check-migrations: ${message}`);
  if (output.trim()) console.error(output.trim());
  process.exitCode = 1;
}

function check(tmp: string): void {
  const out = path.join(tmp, 'migrations');
  fs.cpSync(migrations, out, { recursive: true });
  const before = new Set(filesOf(out));
  // drizzle-kit prefixes an absolute --out with "./" (and exits 0 on the error that follows), so it
  // runs in the temporary directory with relative paths; the schema glob is drizzle.config.ts's.
  const schema = `${path.relative(tmp, path.join(server, 'src')).split(path.sep).join('/')}/**/*.table.ts`;
  const run = spawnSync(
    process.execPath,
    [drizzleKit, 'generate', '--dialect', 'postgresql', '--schema', schema, '--out', './migrations'],
    // No stdin: a question (a rename?) ends the run instead of waiting for an answer.
    { cwd: tmp, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 },
  );
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  const added = filesOf(out).filter((f) => !before.has(f));
  const sql = added.filter((f) => f.endsWith('.sql'));
  if (sql.length > 0) {
    const body = sql.map((f) => `--- ${f}\n${fs.readFileSync(path.join(out, f), 'utf8').trim()}`).join('\n');
    fail(
      'schema changed without a migration: run `npm run db:generate -w apps/server` (drizzle-kit generate) and commit the new ' +
        `file in apps/server/src/db/migrations. drizzle-kit would add:\n${body}`,
    );
    return;
  }
  if (run.error || run.status !== 0 || !/No schema changes/.test(output)) {
    fail(
      'drizzle-kit generate did not confirm that the schema matches the migrations (it may have asked about a rename: ' +
        'run `npm run db:generate -w apps/server` and answer it):',
      `${run.error ? `${run.error.message}\n` : ''}${output}`,
    );
    return;
  }
  console.log('check-migrations: the migrations match the *.table.ts schema');
}

/**
 * A migration after the newest upgrade fixture's release (apps/server/src/db/upgrade) must not lose
 * data: a statement that drops a table or column, truncates, deletes rows, changes a column's type
 * or renames fails the check unless the line before it says why (`-- data-loss-ok: <reason>`;
 * the upgrade test's DROPPED list then names what goes).
 */
const LOSSY =
  /\b(drop\s+table|drop\s+column|truncate|delete\s+from|alter\s+column\s+"?[\w]+"?\s+(set\s+data\s+)?type|rename\s+(column|to))\b/i;

function checkDataLoss(): void {
  const fixtures = fs.readdirSync(path.join(server, 'src/db/upgrade')).filter((f) => /^release-.*\.json\.gz$/.test(f));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tags = journal.entries.map((e) => e.tag);
  const released = fixtures.map((f) => tags.indexOf(f.replace(/^release-/, '').replace(/\.json\.gz$/, ''))).filter((i) => i >= 0);
  if (released.length === 0) {
    fail('no upgrade fixture names a migration of the journal (apps/server/src/db/upgrade)');
    return;
  }
  const after = tags.slice(Math.max(...released) + 1);
  for (const tag of after) {
    const lines = fs.readFileSync(path.join(migrations, `${tag}.sql`), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!LOSSY.test(line) || line.trim().startsWith('--')) return;
      if (/^\s*--\s*data-loss-ok:\s*\S/.test(lines[i - 1] ?? '')) return;
      fail(`${tag}.sql line ${i + 1} may lose data: ${line.trim().slice(0, 160)} (say why on the line before: -- data-loss-ok: <reason>)`);
    });
  }
  if (!process.exitCode) console.log(`check-migrations: ${after.length} migration(s) after the newest upgrade fixture lose no data`);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'check-migrations-'));
try {
  check(tmp);
  checkDataLoss();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
