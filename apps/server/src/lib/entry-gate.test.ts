import { describe, expect, it } from 'vitest';
import { ENTRY_LOADER, gateEntry, leadsWithPictures } from './entry-gate.ts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/js/index-Dq.js"></script>
    <link rel="modulepreload" crossorigin href="/js/runtime-X.js">
    <link rel="modulepreload" crossorigin href="/js/kit-Y.js">
    <style>body{}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('gateEntry', () => {
  it('moves the entry and its preloads from the head to the loader at the end of the body', () => {
    const page = gateEntry(BUILT) ?? '';
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).toContain('<style>body{}</style>');
    expect(page).toContain(`<script data-entry="/js/index-Dq.js" data-preload="/js/runtime-X.js /js/kit-Y.js">${ENTRY_LOADER}</script>`);
    expect(page.indexOf('data-entry')).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(page.indexOf('data-entry')).toBeLessThan(page.indexOf('</body>'));
  });

  it('leaves a page it does not recognise alone', () => {
    expect(gateEntry('<html><body><div id="root"></div></body></html>')).toBeUndefined();
    expect(gateEntry(BUILT.replace('</body>', ''))).toBeUndefined();
    const twice = BUILT.replace('<!--app-head-->', '<script type="module" crossorigin src="/js/other.js"></script>');
    expect(gateEntry(twice)).toBeUndefined();
  });

  it('escapes what goes into the attributes', () => {
    const odd = BUILT.replace('/js/index-Dq.js', '/js/a<b&c.js');
    expect(gateEntry(odd)).toContain('data-entry="/js/a&#60;b&#38;c.js"');
  });

  it('knows a screen that leads with pictures, as React writes it', () => {
    expect(leadsWithPictures('<img src="/files/3" alt="" loading="eager" fetchPriority="high"/>')).toBe(true);
    expect(leadsWithPictures('<img src="/files/3" alt="" loading="lazy"/>')).toBe(false);
  });
});
