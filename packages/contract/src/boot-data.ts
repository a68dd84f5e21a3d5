/**
 * The first screen's reads a signed-in page carries in its HTML (`<script id="boot-data">`):
 * written by the server (apps/server/src/modules/web/web.first-screen.ts), taken by the web app's
 * `api()` (apps/web/src/lib/boot-data.ts). Types only and the one key both sides compute.
 */

/** One read's answer as the page carries it: the client takes it instead of asking once. */
export interface BootRead {
  body: unknown;
  /** Its pagination headers (`x-pagination-*`), which lists read. */
  headers: Record<string, string>;
}

/** By read key (`bootReadKey`), and whose they are: the page uses them only for the member it has signed in. */
export interface BootData {
  user_id: number;
  /** When the server read them (ms since the epoch): a page the service worker kept is refreshed by the app. */
  at: number;
  reads: Record<string, BootRead>;
}

/** `/a` with `b=1&a=2` (a leading `?` or not) → `/a?a=2&b=1`: one key for a read, whatever its query's order. */
export function bootReadKey(pathname: string, query: string): string {
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${pathname}?${sorted}` : pathname;
}
