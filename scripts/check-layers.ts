/**
 * The web app's dependency direction (docs/adding-a-module.md):
 *   lib/, ui/      import only lib/ and ui/ (and packages);
 *   features/<m>/  import lib/, ui/ and their own folder: never app/, never another feature;
 *   app/           composes everything (it reaches features through app/modules.ts and their pages).
 * Imports are read with TypeScript's own pre-processor (a parser, not a pattern) and resolved to files.
 * Exits 1 listing every import that goes the wrong way.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '../apps/web/src');

function* sources(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(p);
    else if (/\.(ts|tsx)$/.test(e.name)) yield p;
  }
}

/** `lib`, `ui`, `app`, `features/<m>`, or the top level (main.tsx, sw.ts). */
function layerOf(file: string): string {
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
for (const file of sources(root)) {
  const from = layerOf(file);
  const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
  for (const imp of info.importedFiles) {
    if (!imp.fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), imp.fileName);
    if (!target.startsWith(root)) continue;
    const to = layerOf(target);
    if (!allowed(from, to)) problems.push(`${path.relative(root, file)} imports ${imp.fileName} (${from} → ${to})`);
  }
}

if (problems.length) {
  console.error(`Imports against the dependency direction (lib/ui ← features ← app):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('check-layers: the web app imports go one way (lib/ui ← features ← app)');
