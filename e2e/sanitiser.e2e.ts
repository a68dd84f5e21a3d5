/**
 * Property test: whatever HTML a user sends, the stored (sanitised) HTML runs no script in Chromium.
 * Needs no app server: a blank page, the result inserted as React's dangerouslySetInnerHTML does.
 */
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sanitizeRichText } from '../apps/server/src/lib/rich-text';
import { launch } from './lib/browser';

const PAYLOAD = 'window.__pwned()';
const tag = fc.constantFrom(
  'p',
  'a',
  'img',
  'script',
  'svg',
  'math',
  'iframe',
  'figure',
  'style',
  'div',
  'table',
  'td',
  'form',
  'base',
  'meta',
  'object',
  'embed',
  'video',
  'details',
  'b',
  'template',
  'noscript',
  'xmp',
  'textarea',
  'title',
  'body',
  'input',
  'select',
  'animate',
  'set',
  'use',
);
const attr = fc.oneof(
  fc.constantFrom('onerror', 'onload', 'onclick', 'onfocus', 'ontoggle', 'onanimationstart', 'onbegin').map((n) => `${n}="${PAYLOAD}"`),
  fc
    .constantFrom('href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'srcdoc', 'values', 'to')
    .chain((n) =>
      fc
        .constantFrom(
          `javascript:${PAYLOAD}`,
          `jav&#x09;ascript:${PAYLOAD}`,
          `JaVaScRiPt&colon;${PAYLOAD}`,
          `data:text/html,<script>${PAYLOAD}</script>`,
          `vbscript:${PAYLOAD}`,
          'x',
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        )
        .map((v) => `${n}="${v}"`),
    ),
  fc.constantFrom(
    'class="embed"',
    'class="image"',
    'open',
    'autofocus',
    'tabindex="1"',
    `style="background:url(javascript:${PAYLOAD})"`,
    'attributeName="href"',
  ),
);
const html: fc.Arbitrary<string> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(
      'text',
      '&lt;',
      '&amp;',
      '<',
      '>',
      '"',
      "'",
      '<!--',
      '-->',
      '<![CDATA[',
      `<script>${PAYLOAD}</script>`,
      '</p>',
      '<img src=x onerror=window.__pwned()>',
    ),
    fc
      .tuple(tag, fc.array(attr, { maxLength: 3 }), fc.array(tie('node'), { maxLength: 3 }), fc.boolean())
      .map(([t, as, kids, close]) => `<${t}${as.map((a) => ` ${a}`).join('')}>${(kids as string[]).join('')}${close ? `</${t}>` : ''}`),
  ),
})).node as fc.Arbitrary<string>;

let browser: Browser;
let page: Page;
let dialogs = 0;

beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage();
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.setContent('<!doctype html><html><body><div id="root"></div></body></html>');
  await page.evaluate(() => {
    const w = window as unknown as { __pwned: () => void; __hits: number };
    w.__hits = 0;
    w.__pwned = () => {
      w.__hits++;
    };
  });
});

afterAll(async () => {
  await browser?.close();
});

it('sanitised HTML runs no script in Chromium', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(html, { minLength: 1, maxLength: 4 }), async (parts) => {
      let out: string;
      try {
        out = sanitizeRichText(parts.join('')).html;
      } catch {
        return; // refused (depth, size): nothing stored
      }
      const hits = await page.evaluate(async (h) => {
        const root = document.getElementById('root') as HTMLElement;
        (window as unknown as { __hits: number }).__hits = 0; // per run, so a counterexample shrinks to itself
        root.innerHTML = h;
        for (const el of Array.from(root.querySelectorAll('*'))) (el as HTMLElement).click?.();
        await new Promise((r) => setTimeout(r, 20));
        root.innerHTML = '';
        return (window as unknown as { __hits: number }).__hits;
      }, out);
      expect(hits, out).toBe(0);
      expect(dialogs).toBe(0);
    }),
    { numRuns: 300, verbose: true },
  );
});
