/**
 * Group commit for a busy write: callers that arrive while a write of the same kind is running
 * wait for it and then go together, in one statement. A write starts after the requests already
 * received in this turn of the event loop (setImmediate): PGlite runs a statement synchronously,
 * so without that turn no other request would ever be read while one is written. At rest a write
 * runs alone, a turn later; under load each statement carries the writes that queued meanwhile, so
 * the database's fixed cost per statement (parse, plan, commit: most of a small write on PGlite)
 * is paid once per batch instead of once per request.
 *
 * `run` answers one result per item, in the items' order, or throws. When a batch of several
 * throws, each of its items is run again alone: one bad item never fails the others, and each
 * caller gets its own answer or error.
 */
export class WriteBatch<I, O> {
  private queue: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  private running = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly maxItems = 100,
  ) {}

  write(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        await this.runBatch(this.queue.splice(0, this.maxItems));
        // The callers continue, and the requests received meanwhile join the next batch.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }>): Promise<void> {
    try {
      const out = await this.runChecked(batch.map((b) => b.item));
      for (const [i, b] of batch.entries()) b.resolve(out[i] as O);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const b of batch) {
        try {
          const [one] = await this.runChecked([b.item]);
          b.resolve(one as O);
        } catch (e) {
          b.reject(e);
        }
      }
    }
  }

  private async runChecked(items: I[]): Promise<O[]> {
    const out = await this.run(items);
    if (out.length !== items.length) throw new Error(`write batch: ${out.length} results for ${items.length} items`);
    return out;
  }
}

/** One batch per database (tests run many apps side by side, each with its own database). */
export function batchPerDatabase<D extends object, I, O>(run: (db: D, items: I[]) => Promise<O[]>, maxItems?: number) {
  const batches = new WeakMap<D, WriteBatch<I, O>>();
  return (db: D, item: I): Promise<O> => {
    let batch = batches.get(db);
    if (!batch) {
      batch = new WriteBatch((items) => run(db, items), maxItems);
      batches.set(db, batch);
    }
    return batch.write(item);
  };
}
