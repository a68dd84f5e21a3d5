import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkStyles } from './web.ssr-page.ts';

// A build's manifest in small: the kit, the shell, two modules (one importing a shared chunk) and the editor.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eventapp-styles-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const manifest = {
  'index.html': { file: 'js/index-1.js', css: ['css/index-1.css'] },
  '_kit-1.js': { file: 'js/kit-1.js', css: ['css/kit-1.css'] },
  '_lists-1.js': { file: 'js/lists-1.js', imports: ['_kit-1.js'], css: ['css/lists-1.css'] },
  'src/app/shell/shell-frame.tsx': { file: 'js/shell-frame-1.js', isDynamicEntry: true, imports: ['_kit-1.js'], css: ['css/shell-1.css'] },
  'src/features/market/pages/list-page.tsx': {
    file: 'js/list-page-1.js',
    isDynamicEntry: true,
    imports: ['_lists-1.js', '_kit-1.js'],
    css: ['css/market-1.css'],
  },
  'src/features/chats/pages/chat-page.tsx': {
    file: 'js/chat-page-1.js',
    isDynamicEntry: true,
    imports: ['_kit-1.js'],
    css: ['css/chats-1.css'],
  },
  'src/ui/rich-editor.tsx': { file: 'js/rich-editor-1.js', isDynamicEntry: true, css: ['css/editor-1.css'] },
};
fs.mkdirSync(path.join(dist, '.vite'));
fs.mkdirSync(path.join(dist, 'css'));
fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
for (const name of ['index', 'kit', 'lists', 'shell', 'market', 'chats', 'editor']) {
  fs.writeFileSync(path.join(dist, 'css', `${name}-1.css`), `.${name}{color:red}`);
}
const index = '<link rel="stylesheet" href="/css/index-1.css">';

describe('the stylesheets a first screen carries', () => {
  it('are the kit’s, the shell’s and the screen module’s, imports before importers, each once', () => {
    const styles = chunkStyles(dist, index)(['src/app/shell/', 'src/features/market/']);
    expect(styles.slice(0, styles.indexOf('</style>'))).toBe('<style>.kit{color:red}.shell{color:red}.lists{color:red}.market{color:red}');
    // The app sees each one there and does not add it again.
    expect(styles).toContain('<link rel="stylesheet" href="/css/market-1.css" disabled>');
    // Another module's, the editor's and the entry's own (linked by the page already) are not carried.
    for (const other of ['chats', 'editor', 'index']) expect(styles).not.toContain(`.${other}{`);
  });

  it('follow the screen: another module gets its own', () => {
    const stylesOf = chunkStyles(dist, index);
    const chats = stylesOf(['src/app/shell/', 'src/features/chats/']);
    expect(chats).toContain('.chats{');
    expect(chats).not.toContain('.market{');
    expect(stylesOf(['src/app/shell/', 'src/features/chats/'])).toBe(chats);
  });

  it('are none without a manifest (a build without one)', () => {
    expect(chunkStyles(path.join(dist, 'nowhere'), index)(['src/app/shell/'])).toBe('');
  });
});
