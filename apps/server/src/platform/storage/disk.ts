// Stored files on this machine's disk, under the data folder (the default).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertKey, type Storage, type StoredInfo, type StoredObject } from './storage.ts';

const PAGE = 1000;

export class DiskStorage implements Storage {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    assertKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error('storage: key outside the root');
    return file;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader sees the old file or the new one, never a part (a
    // hidden name, which static serving, listings and sweeps ignore).
    const part = path.join(path.dirname(file), `.${randomUUID()}.part`);
    try {
      await fs.promises.writeFile(part, data);
      await fs.promises.rename(part, file);
    } catch (err) {
      await fs.promises.rm(part, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const file = this.file(key);
    const handle = await fs.promises.open(file, 'r').catch(() => undefined);
    if (!handle) return undefined;
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return undefined;
    }
    // The stream reads the file opened above, so a deletion in between does not turn into a 500.
    const body = handle.createReadStream();
    return { key, size: stat.size, modified: stat.mtime, etag: undefined, body };
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    const stat = await fs.promises.stat(this.file(key)).catch(() => undefined);
    return stat?.isFile() ? { key, size: stat.size, modified: stat.mtime } : undefined;
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => fs.promises.rm(this.file(k), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<StoredInfo[]> {
    const dir = path.resolve(this.root, prefix);
    if (dir !== this.root && !dir.startsWith(this.root + path.sep)) throw new Error('storage: prefix outside the root');
    const names = await fs.promises.readdir(dir, { recursive: true, encoding: 'utf8' }).catch(() => [] as string[]);
    let page: StoredInfo[] = [];
    for (const name of names.sort()) {
      if (name.split(path.sep).some((part) => part.startsWith('.'))) continue;
      const stat = await fs.promises.stat(path.join(dir, name)).catch(() => undefined);
      if (!stat?.isFile()) continue;
      const key = path.relative(this.root, path.join(dir, name)).split(path.sep).join('/');
      page.push({ key, size: stat.size, modified: stat.mtime });
      if (page.length === PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {}
}
