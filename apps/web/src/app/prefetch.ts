import { matchPath } from 'react-router';
import { preloadPage } from '../lib/lazy.ts';
import { session } from '../lib/session.ts';
import { MODULE_ROUTES, matchRoute } from './route-table.ts';
import { preloadShell } from './shell/shell-layout.tsx';

/** The address whose data request was started last (one start per address entered, not per render). */
let prefetched = '';

/**
 * A route's chunk, namespaces and data request, started when its address is first rendered (by Root, before the shell and
 * the page's chunk load; not awaited: the page shows as before, with its data sooner). Signed out
 * there is nothing to fetch; the routing rules send the visitor to the login.
 */
/** Each page the server renders starts its own reads (entry-server.tsx). */
export function resetPrefetch(): void {
  prefetched = '';
}

export function prefetchRoute(pathname: string): void {
  if (pathname === prefetched) return;
  prefetched = pathname;
  if (!session.get().token) return;
  const def = matchRoute(pathname);
  const r = def && MODULE_ROUTES.find((x) => x.name === def.name);
  // The screen's chunk and namespaces too, and the shell's: they need not wait for the shell's menu.
  preloadPage(r?.page);
  if (r) preloadShell();
  const params = r?.prefetch ? matchPath(r.path, pathname)?.params : undefined;
  if (r?.prefetch && params) void r.prefetch(params).catch(() => undefined);
}
