import { useEffect, useSyncExternalStore } from 'react';

/**
 * The title of a page that belongs to no menu module (routes without an app_module_id, such as
 * /networking/meets/index or /user/:id): the shell's header and the document title show it instead
 * of the app's name. Module pages need nothing: the shell names them after their module.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function set(title: string | null) {
  if (title === current) return;
  current = title;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const get = () => current;

/** Names the page in the shell's header while it is shown (nothing while `title` is not known yet). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    set(title);
    return () => set(null);
  }, [title]);
}

/** The title the shown page gave itself, if any. */
export function useShownPageTitle(): string | null {
  return useSyncExternalStore(subscribe, get, get);
}
