/** A tiny typed event bus: the API client reports, the shell reacts (spec 1 §8). */
export interface AppEvents {
  unauthorized: undefined;
  notFound: undefined;
  moduleGone: undefined;
  popup: { message: string };
  locked: undefined;
  toast: { message: string; kind?: 'success' | 'error' };
}

type Handler<T> = (payload: T) => void;
const handlers = new Map<keyof AppEvents, Set<Handler<never>>>();

/**
 * Toasts sent while no toast host is mounted (the shell swaps its tree for a loader or a
 * redirect while a new session's menu and first page load) wait here for the next host.
 */
const waitingToasts: AppEvents['toast'][] = [];
const MAX_WAITING_TOASTS = 3;

export function on<K extends keyof AppEvents>(event: K, handler: Handler<AppEvents[K]>): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler<never>);
  if (event === 'toast') for (const waiting of waitingToasts.splice(0)) (handler as Handler<AppEvents['toast']>)(waiting);
  return () => set.delete(handler as Handler<never>);
}

export function emit<K extends keyof AppEvents>(event: K, ...payload: AppEvents[K] extends undefined ? [] : [AppEvents[K]]): void {
  const set = handlers.get(event);
  if (event === 'toast' && !set?.size) {
    waitingToasts.push(payload[0] as AppEvents['toast']);
    if (waitingToasts.length > MAX_WAITING_TOASTS) waitingToasts.shift();
    return;
  }
  for (const h of set ?? []) (h as Handler<AppEvents[K] | undefined>)(payload[0]);
}

/** Shows a toast (bottom-centre, 1500 ms). */
export const toast = (message: string, kind: 'success' | 'error' = 'success') => emit('toast', { message, kind });
