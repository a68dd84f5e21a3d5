/**
 * A small in-memory cache with a time to live, for answers every request
 * reads and that may lag other nodes' writes by `ttlMs`. Writes on this node
 * delete their entries at once.
 */
export class TtlCache<V> {
  private map = new Map<string, { value: V; until: number }>();
  /** Bumped by every deletion: a value computed before one may be stale and is not stored. */
  epoch = 0;
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.until < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    if (this.map.size >= this.maxEntries) this.map.clear();
    this.map.set(key, { value, until: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.map.delete(key);
    this.epoch++;
  }

  /** Stores a value computed since `epoch` was read, unless something was deleted meanwhile. */
  setIfUnchanged(key: string, value: V, epoch: number): void {
    if (epoch === this.epoch) this.set(key, value);
  }

  clear(): void {
    this.map.clear();
    this.epoch++;
  }

  /** Drops every entry whose key starts with the prefix (e.g. one app's pages). */
  deletePrefix(prefix: string): void {
    for (const key of this.map.keys()) if (key.startsWith(prefix)) this.map.delete(key);
    this.epoch++;
  }
}
