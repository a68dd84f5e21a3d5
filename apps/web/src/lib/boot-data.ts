import { getCookie } from './storage.ts';

/** One read's answer the page's HTML carried (apps/server/src/modules/web/web.first-screen.ts). */
interface BootRead {
  body: unknown;
  headers: Record<string, string>;
}

/** Answers taken after this long are no longer the first screen's: the page asks the server. */
const FRESH_MS = 15_000;

/** `/a?b=1&a=2` → `/a?a=2&b=1`, as the server keys them. */
export function readKey(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.sort();
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

let reads: Map<string, BootRead> | undefined;

function load(tokenCookie: string, token: string): Map<string, BootRead> {
  const out = new Map<string, BootRead>();
  const el = typeof document !== 'undefined' ? document.getElementById('boot-data') : null;
  el?.remove();
  // The server read with the cookie's token: the answers are this session's only if the cookie still holds it.
  if (!el?.textContent || getCookie(tokenCookie) !== token) return out;
  try {
    const parsed = JSON.parse(el.textContent) as { reads?: Record<string, BootRead> };
    for (const [key, read] of Object.entries(parsed.reads ?? {})) out.set(key, read);
  } catch {
    // A page without usable data asks as before.
  }
  return out;
}

/**
 * The first screen's answer to a GET the page is about to make, when the HTML carried it: once per
 * read (a later refetch asks the server), during the page's first seconds only.
 */
export function takeBootRead(url: URL, tokenCookie: string, token: string): { data: unknown; headers: Headers } | undefined {
  reads ??= load(tokenCookie, token);
  if (reads.size === 0) return undefined;
  if (performance.now() > FRESH_MS) {
    reads.clear();
    return undefined;
  }
  const key = readKey(url);
  const read = reads.get(key);
  if (!read) return undefined;
  reads.delete(key);
  return { data: read.body, headers: new Headers(read.headers) };
}
