/**
 * Computations under way, by key, each tagged with the version of the data it started from (a cache's
 * epoch or stamp): concurrent misses of one key join the one computation of the same version, so an
 * entry expiring under load costs one query, not one a connection. One started before a drop (another
 * version) is not joined: its answer may predate the drop.
 */
export class SingleFlight<V, T> {
  private readonly flights = new Map<string, { version: V; value: Promise<T> }>();

  /** The computation of `key` under way since `version`, if any. */
  joinable(key: string, version: V): Promise<T> | undefined {
    const f = this.flights.get(key);
    return f && f.version === version ? f.value : undefined;
  }

  /** Records a computation until it settles. */
  track(key: string, version: V, value: Promise<T>): void {
    const flight = { version, value };
    this.flights.set(key, flight);
    const done = () => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    value.then(done, done);
  }

  /** Joins the computation of `key` at `version`, or starts `compute()` and tracks it. */
  run(key: string, version: V, compute: () => Promise<T>): Promise<T> {
    const running = this.joinable(key, version);
    if (running) return running;
    const value = compute();
    this.track(key, version, value);
    return value;
  }
}
