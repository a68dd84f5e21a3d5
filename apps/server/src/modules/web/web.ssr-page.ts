import fs from 'node:fs';
import path from 'node:path';
import type { BootData } from '@app/contract/boot-data';
import type { PageMeta } from '@app/contract/schemas/app';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/i18n.ts';
import { readAsMember, tokenCookie } from './web.first-screen.ts';
import type { ReadApi, RenderedScreen, ServerRenderer } from './web.ssr.ts';

/** The time zone this server formats dates in: a member's page shows the same times only in the same zone. */
const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A phone (the user agent says Mobile, or the client hint does): the server renders a phone's layout;
 * a tablet or a desktop would redraw another one, so they start as before.
 */
export function isPhone(req: FastifyRequest): boolean {
  if (req.headers['sec-ch-ua-mobile'] === '?1') return true;
  const ua = String(req.headers['user-agent'] ?? '');
  return ua.length < 1000 && ua.includes('Mobile') && !ua.includes('iPad');
}

/** The cookies the app's scripts read (language, time format, currency), never a token. */
function pageCookies(header: string | undefined): string {
  if (!header || header.length > 8192) return '';
  return header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c && !c.startsWith('access_token'))
    .join('; ');
}

/**
 * The page's #root rendered on the server for a signed-in member on a phone whose clock shows the
 * server's time zone (the `tz` cookie the app writes), or undefined: the page then starts as before.
 */
export async function firstScreenHtml(
  renderer: ServerRenderer,
  req: FastifyRequest,
  page: { meta: PageMeta; boot: BootData; appKey: string; origin: string },
): Promise<RenderedScreen | undefined> {
  if (!isPhone(req) || readCookie(req.headers.cookie, 'tz') !== SERVER_ZONE) return undefined;
  const token = readCookie(req.headers.cookie, tokenCookie(page.appKey));
  if (!token) return undefined;
  return renderer.render({
    url: req.url,
    origin: page.origin,
    meta: JSON.stringify(page.meta),
    boot: JSON.stringify(page.boot),
    appKey: page.appKey,
    token,
    userId: page.boot.user_id,
    cookie: pageCookies(req.headers.cookie),
    ip: req.ip,
  });
}

/** One chunk of the web build's manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isDynamicEntry?: boolean;
}

/** The screen's reads the page does not carry, answered by the API in-process as the page's member. */
export const apiRead =
  (app: FastifyInstance): ReadApi =>
  (page, path) =>
    readAsMember(app, { appKey: page.appKey, token: page.token, cookie: page.cookie, ip: page.ip }, path);

/**
 * The stylesheets of the screen's chunks the page does not hold yet (the shared widgets', the
 * shell's and the screen's module's, from `sources`: ~5–10 KB compressed instead of every chunk's
 * 19 KB), in the order the app loads them (a chunk's after those of the chunks it imports, so a
 * widget's rule comes before a screen's that refines it): a page rendered on the server paints
 * styled with the HTML alone. Each also gets a disabled `<link>` of its address, so the app's
 * scripts see it there and do not add it again later in another order (no shift after hydration);
 * other modules' stylesheets load with their chunks, after these, as they always do.
 */
export function chunkStyles(webDist: string, indexHtml: string): (sources: readonly string[]) => string {
  const file = path.join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const texts = new Map<string, string | undefined>();
  const cssText = (css: string) => {
    if (!texts.has(css)) {
      const full = path.join(webDist, css);
      const ok = css.startsWith('css/') && !css.includes('..') && !indexHtml.includes(`/${css}`) && fs.existsSync(full);
      const text = ok ? fs.readFileSync(full, 'utf8') : undefined;
      texts.set(css, text?.includes('</') ? undefined : text);
    }
    return texts.get(css);
  };
  const bySources = new Map<string, string>();
  return (sources) => {
    const key = sources.join('\n');
    const known = bySources.get(key);
    if (known !== undefined) return known;
    const order: string[] = [];
    const seen = new Set<string>();
    // Depth-first, imports first; each chunk once, so the walk is bounded by the manifest's size.
    const visit = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      const chunk = manifest[name];
      if (!chunk) return;
      for (const dep of chunk.imports ?? []) visit(dep);
      for (const css of chunk.css ?? []) if (!order.includes(css)) order.push(css);
    };
    const names = Object.keys(manifest).sort();
    // The shared widgets' chunk (the build's "kit") first: every screen loads it before its own chunk.
    for (const name of names) if (manifest[name]?.file.startsWith('js/kit-')) visit(name);
    for (const name of names) if (manifest[name]?.isDynamicEntry && sources.some((s) => name.startsWith(s))) visit(name);
    let styles = '';
    let links = '';
    for (const css of order) {
      const text = cssText(css);
      if (text === undefined) continue;
      styles += text;
      links += `<link rel="stylesheet" href="/${css}" disabled>`;
    }
    const answer = styles ? `<style>${styles}</style>${links}` : '';
    // A handful of source sets (one per module): bounded by the build's folders.
    bySources.set(key, answer);
    return answer;
  };
}
