import { type ReactElement, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, useLocation } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { blockingGuard, type Guard, guards, noteEntry } from './leave-guard-history.ts';

/**
 * A form with unsaved work asks before any navigation away: a router link or navigate() (menu,
 * links in the page), Back and Forward, and a reload or closing the tab (the browser's own question).
 *
 * The app runs the declarative router (docs/decisions.md, "The declarative router"), where React
 * Router's useBlocker does not work, so this does the same by hand: while a guard is mounted, the
 * router's navigator asks the first guard holding work before it moves; a Back/Forward is undone
 * before the router hears of it and done again if the person chooses to leave
 * (leave-guard-history.ts).
 */

interface HistoryNavigator {
  push: (...args: never[]) => void;
  replace: (...args: never[]) => void;
  go: (delta: number) => void;
}

let uninstall: (() => void) | null = null;

/** While a guard is mounted, the router's moves ask the guard holding work first. */
function install(navigator: HistoryNavigator): () => void {
  const { push, replace, go } = navigator;
  noteEntry();
  const guarded =
    <A extends unknown[]>(move: (...args: A) => void) =>
    (...args: A) => {
      const run = () => {
        move.apply(navigator, args);
        noteEntry();
      };
      const guard = blockingGuard();
      if (guard) guard.ask(run);
      else run();
    };
  navigator.push = guarded(push);
  navigator.replace = guarded(replace);
  navigator.go = guarded(go);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
    navigator.go = go;
  };
}

/**
 * Asks "Leave without saving?" before the page is left while `unsaved` is true. Render `dialog`;
 * call `release()` before a navigation the form starts itself (after saving, after its own discard
 * question), and `hold()` to ask again (a save that failed).
 */
export function useLeaveGuard(unsaved: boolean): { dialog: ReactElement; release: () => void; hold: () => void } {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  const released = useRef(false);

  // A navigation that stays on this screen (a changed search, a hash) asks again next time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new history entry is the trigger
  useEffect(() => {
    released.current = false;
  }, [location.key]);

  useEffect(() => {
    const guard: Guard = {
      blocking: () => unsavedRef.current && !released.current,
      ask: (proceed) => setPending(() => proceed),
    };
    if (guards.size === 0) uninstall = install(navigator as unknown as HistoryNavigator);
    guards.add(guard);
    return () => {
      guards.delete(guard);
      if (guards.size === 0) {
        uninstall?.();
        uninstall = null;
      }
    };
  }, [navigator]);

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      title={t('common.leave.title')}
      text={t('common.leave.text')}
      confirmLabel={t('common.leave.confirm')}
      cancelLabel={t('common.leave.stay')}
      danger
      onClose={() => setPending(null)}
      onConfirm={() => {
        const proceed = pending;
        released.current = true;
        setPending(null);
        proceed?.();
      }}
    />
  );
  const release = useCallback(() => {
    released.current = true;
  }, []);
  const hold = useCallback(() => {
    released.current = false;
  }, []);
  return { dialog, release, hold };
}
