/** Something a cache-bus event can empty: a whole cache or the entries under a key prefix. */
export interface Droppable {
  deletePrefix(prefix: string): void;
  clear(): void;
}

/** A named cache a module owns; created on first use on each node. */
export interface CacheDef<C extends Droppable> {
  name: string;
  create(): C;
}

/** Names a module's cache: `defineCache('activity', () => new TtlCache(30_000))`. */
export function defineCache<C extends Droppable>(name: string, create: () => C): CacheDef<C> {
  if (!/^[a-z][a-z0-9.-]{0,62}$/.test(name)) throw new Error(`bad cache name ${name}`);
  return { name, create };
}

/**
 * Every in-memory cache of this node by name. Modules reach theirs with `ctx.caches.get(def)`
 * and drop entries on every node with `ctx.bus.publish({ t: 'cache', name, prefix })`; nothing
 * has to list the caches, and an event for a cache this node never created costs nothing.
 */
export class CacheRegistry {
  private readonly map = new Map<string, Droppable>();

  get<C extends Droppable>(def: CacheDef<C>): C {
    let c = this.map.get(def.name);
    if (!c) {
      c = def.create();
      this.map.set(def.name, c);
    }
    return c as C;
  }

  /** Drops the entries under `prefix` ('' for all) of one cache. */
  drop(name: string, prefix: string): void {
    const c = this.map.get(name);
    if (!c) return;
    if (prefix === '') c.clear();
    else c.deletePrefix(prefix);
  }

  clearAll(): void {
    for (const c of this.map.values()) c.clear();
  }
}
