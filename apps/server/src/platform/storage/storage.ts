// Where stored files live (docs/decisions.md "Object storage"): the data folder's disk by default, or
// any S3-compatible bucket when STORAGE_URL is `s3://bucket/prefix`. Every stored file (uploads,
// avatars, logos, derived images, private files, demo pictures) is written, read, listed and
// deleted through this interface only. Keys are the paths the data folder has always had:
// `uploads/<folder>/<name>` (public pictures, served at `/uploads/…`) and `files/content/<name>`
// (private files, served only through signed URLs).
import type { Readable } from 'node:stream';

/** A stored file's description: what listings and `stat` answer. */
export interface StoredInfo {
  /** The key, e.g. `files/content/<uuid>.pdf`. */
  key: string;
  size: number;
  modified: Date;
}

/** A stored file opened for reading. */
export interface StoredObject extends StoredInfo {
  body: Readable;
  /** A strong validator of the content (quoted), when the store gives one (S3's ETag). */
  etag: string | undefined;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Writes (or replaces) a file; readers never see a half-written one. */
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  /** Opens a file for reading; undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** A file's size and time; undefined when there is none. */
  stat(key: string): Promise<StoredInfo | undefined>;
  /** Deletes files; one already gone is fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder: ends with `/`), in pages. */
  list(prefix: string): AsyncIterable<StoredInfo[]>;
  /** Whether the store answers (the bucket exists, the keys are accepted); throws a message that names no secret. */
  check(): Promise<void>;
  close(): Promise<void>;
  /** Disk only: the folder the keys are relative to (`/uploads/` is then served by @fastify/static from it). */
  readonly root?: string;
}

/** Where files go, from STORAGE_URL and the S3_* settings (config.ts). */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** '' or ending with '/'. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      /** Keys given in code (tests' own s3rver); otherwise the SDK's chain (AWS_ACCESS_KEY_ID…, a profile, a role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** Keys the server writes: two top folders, plain names, no `..`, no empty or hidden segment. */
const KEY = /^(uploads|files)(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function validKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..');
}

export function assertKey(key: string): void {
  if (!validKey(key)) throw new Error(`storage: refused key ${JSON.stringify(key)}`);
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The type a stored file is served with, by its extension (what @fastify/static does on disk). */
export function typeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Every key under `prefix`, gathered (backups, tests). */
export async function listAll(storage: Storage, prefix: string): Promise<StoredInfo[]> {
  const all: StoredInfo[] = [];
  for await (const page of storage.list(prefix)) all.push(...page);
  return all;
}

/** Reads a whole stored file; undefined when there is none. */
export async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const obj = await storage.get(key);
  if (!obj) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
