/**
 * The history half of the leave guard (leave-guard.tsx): Back and Forward with unsaved work. It is
 * imported by main.tsx before the router exists, so its popstate listener is registered before the
 * router's own and runs first: a move that is refused is undone before the router hears of it.
 */

export interface Guard {
  blocking: () => boolean;
  ask: (proceed: () => void) => void;
}

/** The mounted guards; the first one holding unsaved work asks. */
export const guards = new Set<Guard>();
export const blockingGuard = () => [...guards].find((g) => g.blocking());

/** The router keeps its position in the history entries it writes (`idx`). */
const entryIndex = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

let current = entryIndex(window.history.state);
let undoing = false;

/** Notes the entry on screen (after a navigation the guard let through). */
export function noteEntry(): void {
  current = entryIndex(window.history.state);
}

function onPop(e: PopStateEvent): void {
  const to = entryIndex(e.state);
  if (undoing) {
    undoing = false;
    e.stopImmediatePropagation();
    return;
  }
  const guard = blockingGuard();
  if (guard && to !== undefined && current !== undefined && to !== current) {
    e.stopImmediatePropagation();
    const delta = to - current;
    undoing = true;
    window.history.go(-delta);
    guard.ask(() => window.history.go(delta));
    return;
  }
  current = to;
}

function onUnload(e: BeforeUnloadEvent): void {
  if (!blockingGuard()) return;
  e.preventDefault();
  e.returnValue = '';
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', onPop, true);
  window.addEventListener('beforeunload', onUnload);
}
