import { type ComponentType, lazy } from 'react';
import { loadNamespaces } from './i18n.ts';

const retrying = async <T>(load: () => Promise<T>, retries: number, delayMs: number): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (err) {
      if (attempt >= retries) throw err;
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
};

/** Screens still loading: the server's rendering (entry-server.tsx) waits for them between its passes. */
export const loadingPages = new Set<Promise<unknown>>();

/** A lazy screen that can start loading before it renders (`preload`: the route's chunk at the app's start). */
export type PreloadablePage<T> = T & { preload: () => void };

/**
 * React.lazy that retries a failed chunk load 3 times, 1000 ms apart (spec 1 §7), and loads the
 * translation namespaces the screen needs at the same time (one wait, not two in a row).
 * `preload()` starts the same load ahead of the first render (the render then joins it).
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  namespaces: readonly string[] = [],
  retries = 3,
  delayMs = 1000,
) {
  let started: Promise<{ default: T }> | undefined;
  const start = () => {
    if (started) return started;
    const loading = Promise.all([retrying(load, retries, delayMs), retrying(() => loadNamespaces(namespaces), retries, delayMs)]).then(
      ([page]) => page,
      (err: unknown) => {
        started = undefined;
        throw err;
      },
    );
    started = loading;
    loadingPages.add(loading);
    void loading.catch(() => undefined).finally(() => loadingPages.delete(loading));
    return loading;
  };
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) });
}

/** Starts a screen's load when it is a `lazyPage`; anything else renders as it is. */
export function preloadPage(page: unknown): void {
  if (typeof page === 'object' && page !== null && 'preload' in page && typeof page.preload === 'function') page.preload();
}

/**
 * A chunk loaded once, on first use: `load()` starts or joins the import; `ifLoaded()` answers it
 * only if something asked already (a module's live code: before its first use no screen watches, so
 * a socket connection has nothing to join again and loads nothing).
 */
export function once<T>(importer: () => Promise<T>) {
  let loaded: Promise<T> | undefined;
  return {
    load: () => {
      loaded ??= importer();
      return loaded;
    },
    ifLoaded: () => loaded,
  };
}
