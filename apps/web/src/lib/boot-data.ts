import { type BootData, type BootRead, bootReadKey } from '@app/contract/boot-data';
import { storage } from './storage.ts';

/** Answers taken after this long are no longer the first screen's: the page asks the server. */
const FRESH_MS = 15_000;

/** A read's key, as the server keys it (`bootReadKey`). */
export const readKey = (url: URL): string => bootReadKey(url.pathname, url.search);

let reads: Map<string, BootRead> | undefined;
let kept = false;
/** When the page started (its first 15 s count). */
let pageStart = 0;

function load(userId: number | null): Map<string, BootRead> {
  const out = new Map<string, BootRead>();
  const el = typeof document !== 'undefined' ? document.getElementById('boot-data') : null;
  el?.remove();
  if (!el?.textContent) return out;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<BootData>;
    // The server read with the cookie's token: the answers serve only the member this page has signed in.
    if (userId === null || parsed.user_id !== userId) return out;
    // A page the server wrote no later than one this browser already used came from the service
    // worker's cache (server times only: a phone's clock may be off by minutes).
    const at = typeof parsed.at === 'number' ? parsed.at : 0;
    const last = Number(storage.get('boot_at')) || 0;
    kept = at <= last;
    if (at > last) storage.set('boot_at', String(at));
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
export function takeBootRead(url: URL, userId: number | null): { data: unknown; headers: Headers } | undefined {
  reads ??= load(userId);
  if (reads.size === 0) return undefined;
  if (performance.now() - pageStart > FRESH_MS) {
    reads.clear();
    return undefined;
  }
  const key = readKey(url);
  const read = reads.get(key);
  if (!read) return undefined;
  reads.delete(key);
  return { data: read.body, headers: new Headers(read.headers) };
}

/** Whether the first screen came from a page the service worker kept (the app refreshes it once it is up). */
export const bootWasKept = () => kept;

/** Reads the next page's data anew: the server renders each member's page in one process (entry-server.tsx). */
export function resetBootData(): void {
  reads = undefined;
  kept = false;
  pageStart = performance.now();
}

/** Forgets what the page carried and has not been taken (a kept page's answers are old by now). */
export function dropBootReads(): void {
  reads?.clear();
}
