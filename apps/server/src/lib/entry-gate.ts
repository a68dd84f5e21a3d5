import { createHash } from 'node:crypto';
import { escAttr } from './text.ts';

/**
 * Pictures first, then the app's script (issue 24). A first screen rendered on the server whose
 * pictures lead it (market photos, a feed's first cover, a profile's photo: `fetchpriority="high"`)
 * is whole once they have loaded; the app's entry (~115 KB compressed) adds nothing to it but
 * taps. Asked for with the page, the entry shares the phone's bandwidth with those pictures and
 * runs before they are painted, which put the marketplace's LCP at 2.1 s under Lighthouse's model.
 * So such a page starts its entry from this loader, once the leading pictures have loaded and
 * been decoded (or failed), and two frames later (they are painted), and after one second at most: a picture that never arrives delays the
 * app's taps by a second, never its content.
 *
 * The loader is the same text on every page (the addresses travel in data attributes), so the
 * Content-Security-Policy allows it by its hash and inline scripts stay refused.
 */
export const ENTRY_LOADER =
  "(function(){var d=document,s=d.currentScript,done=0;function go(){if(done)return;done=1;(s.getAttribute('data-preload')||'').split(' ').forEach(function(h){if(!h)return;var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=s.getAttribute('data-entry');d.head.appendChild(m)}function frame(f){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(f,0)})})}var p=[].filter.call(d.querySelectorAll('#root img[fetchpriority=high]'),function(i){return!i.complete}),n=p.length;if(!n)return frame(go);function one(){if(--n===0)frame(go)}p.forEach(function(i){i.addEventListener('load',function(){i.decode?i.decode().then(one,one):one()});i.addEventListener('error',one)});setTimeout(go,1000)})();";

/** The CSP source that allows `ENTRY_LOADER` and nothing else inline. */
export const ENTRY_LOADER_CSP = `'sha256-${createHash('sha256').update(ENTRY_LOADER).digest('base64')}'`;

const ENTRY = '<script type="module" crossorigin src="';
const PRELOAD = '<link rel="modulepreload" crossorigin href="';

/** Removes every `open…">…close` tag of the built page, answering the addresses it held. Bounded by the page's length. */
function takeTags(html: string, open: string, close: string): { html: string; hrefs: string[] } {
  const hrefs: string[] = [];
  let out = '';
  let from = 0;
  for (let at = html.indexOf(open, from); at !== -1; at = html.indexOf(open, from)) {
    const quote = html.indexOf('"', at + open.length);
    const end = quote === -1 ? -1 : html.indexOf(close, quote);
    if (end === -1) break;
    hrefs.push(html.slice(at + open.length, quote));
    out += html.slice(from, at);
    from = end + close.length;
  }
  return { html: out + html.slice(from), hrefs };
}

/**
 * The built page with its entry script and module preloads taken out of the head and started by
 * `ENTRY_LOADER` at the end of the body instead; undefined when the page has no entry of Vite's shape.
 */
export function gateEntry(template: string): string | undefined {
  const entry = takeTags(template, ENTRY, '"></script>');
  const [src] = entry.hrefs;
  if (entry.hrefs.length !== 1 || !src || !entry.html.includes('</body>')) return undefined;
  const preloads = takeTags(entry.html, PRELOAD, '">');
  const loader = `<script data-entry="${escAttr(src)}" data-preload="${escAttr(preloads.hrefs.join(' '))}">${ENTRY_LOADER}</script>`;
  return preloads.html.replace('</body>', () => `${loader}\n  </body>`);
}

/** Whether a rendered first screen leads with pictures worth painting before the app starts. */
export const leadsWithPictures = (markup: string) => markup.toLowerCase().includes('fetchpriority="high"');
