/**
 * The web app's and the console's dependency direction (docs/adding-a-module.md):
 *   lib/, ui/      import only lib/ and ui/ (and packages);
 *   features/<m>/  import lib/, ui/ and their own folder: never app/, never another feature;
 *   app/           composes everything (it reaches features through app/modules.ts and their pages).
 * Imports are read with TypeScript's own pre-processor (a parser, not a pattern) and resolved to files.
 * Exits 1 listing every import that goes the wrong way.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repo = path.resolve(import.meta.dirname, '..');
const ROOTS = ['apps/web/src', 'apps/console/src'].map((r) => path.resolve(import.meta.dirname, '..', r));

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

/** `lib`, `ui`, `app`, `features/<m>`, or the top level (main.tsx, sw.ts), within one app's `root`. */
function layerOf(root: string, file: string): string {
  const [top, sub] = path.relative(root, file).split(path.sep);
  if (top === 'features' && sub) return `features/${sub}`;
  return top && top !== path.basename(file) ? top : '.';
}

function allowed(from: string, to: string): boolean {
  if (from === to || from === '.' || from === 'app') return true;
  if (to === 'lib' || to === 'ui') return true;
  return false;
}

const problems: string[] = [];
for (const root of ROOTS) {
  if (!fs.existsSync(root)) continue;
  for (const file of sources(root)) {
    const from = layerOf(root, file);
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const imp of info.importedFiles) {
      if (!imp.fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), imp.fileName);
      // Nothing of the console may be imported by the attendee app, nor the other way round.
      const other = ROOTS.find((r) => r !== root && target.startsWith(r));
      if (other) problems.push(`${path.relative(repo, file)} imports ${imp.fileName} (another app)`);
      if (!target.startsWith(root)) continue;
      const to = layerOf(root, target);
      if (!allowed(from, to)) problems.push(`${path.relative(repo, file)} imports ${imp.fileName} (${from} → ${to})`);
    }
  }
}

if (problems.length) {
  console.error(`Imports against the dependency direction (lib/ui ← features ← app):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('check-layers: the web app and console imports go one way (lib/ui ← features ← app)');
