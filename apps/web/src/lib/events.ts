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

export function on<K extends keyof AppEvents>(event: K, handler: Handler<AppEvents[K]>): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  set.add(handler as Handler<never>);
  return () => set.delete(handler as Handler<never>);
}

export function emit<K extends keyof AppEvents>(event: K, ...payload: AppEvents[K] extends undefined ? [] : [AppEvents[K]]): void {
  for (const h of handlers.get(event) ?? []) (h as Handler<AppEvents[K] | undefined>)(payload[0]);
}

/** Shows a toast (bottom-centre, 1500 ms). */
export const toast = (message: string, kind: 'success' | 'error' = 'success') => emit('toast', { message, kind });
