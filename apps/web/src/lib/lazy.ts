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

/**
 * React.lazy that retries a failed chunk load 3 times, 1000 ms apart (spec 1 §7), and loads the
 * translation namespaces the screen needs at the same time (one wait, not two in a row).
 */
// biome-ignore lint/suspicious/noExplicitAny: any props, as React.lazy itself takes
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  namespaces: readonly string[] = [],
  retries = 3,
  delayMs = 1000,
) {
  return lazy(async () => {
    const [page] = await Promise.all([retrying(load, retries, delayMs), retrying(() => loadNamespaces(namespaces), retries, delayMs)]);
    return page;
  });
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
