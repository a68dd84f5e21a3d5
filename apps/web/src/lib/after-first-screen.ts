import { startTransition, useEffect, useState } from 'react';

let ready = false;
let waiting: Promise<void> | undefined;
/** The page came with its first screen rendered by the server (main.tsx hydrates it). */
let fromServer = false;

/**
 * The app takes over markup the server rendered: components start as the server rendered them
 * (before the first screen), whatever the clock says by the time they hydrate, so nothing is redrawn.
 */
export function startFromServerMarkup(): void {
  fromServer = true;
}

/**
 * Resolves once the first screen is up: the page has loaded and the browser has had an idle moment
 * (at most 1.5 s later). What the first screen does not show (the socket, prompts, notices, the
 * right sidebar) starts then, instead of competing with it on a slow phone.
 */
export function afterFirstScreen(): Promise<void> {
  if (ready) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    const done = () => {
      ready = true;
      resolve();
    };
    const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(done, { timeout: 1500 }) : setTimeout(done, 200));
    if (typeof document === 'undefined' || document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return waiting;
}

/** False until the first screen is up (`afterFirstScreen`), then true for good. */
export function useAfterFirstScreen(): boolean {
  const [after, setAfter] = useState(ready && !fromServer);
  useEffect(() => {
    if (after) return;
    let live = true;
    // A transition: what waited renders in slices that yield to input.
    void afterFirstScreen().then(() => {
      if (live) startTransition(() => setAfter(true));
    });
    return () => {
      live = false;
    };
  }, [after]);
  return after;
}

/** Rows a phone shows on its first screen: the rest of a list's first page renders just after. */
const FIRST_ROWS = 4;
/** Pictures of a list's first rows load at once (`loading="eager"`): the first screen shows them; the rest wait to be scrolled to. */
export const FIRST_SCREEN_IMAGES = FIRST_ROWS;

/**
 * A list's rows for the first screen of the app's first page: only the first few until that screen
 * is up (a phone shows three or four; rendering the ten or fifty of the page first made one long task
 * of 100–250 ms on a throttled phone), then all of them. Later pages and screens render all at once.
 */
export function useFirstScreenRows<T>(rows: readonly T[], first = FIRST_ROWS): readonly T[] {
  const after = useAfterFirstScreen();
  return after || rows.length <= first ? rows : rows.slice(0, first);
}
