import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { listAll, readAll, type Storage, type StorageConfig } from '../src/platform/storage/storage.ts';
import { storageFromEnv } from '../src/platform/storage/storage-config.ts';

/**
 * Where a test app stores files: the disk under its data folder, or, when TEST_STORAGE_URL is set
 * (with S3_ENDPOINT and the AWS_* keys: scripts/test.sh runs the upload tests so against s3rver),
 * that bucket under a prefix of its own, so that one file's sweeps never see another's files.
 * Two apps given the same config share one store (the two-node tests).
 */
export function testStorageConfig(sub = `t-${randomBytes(6).toString('hex')}`): StorageConfig {
  const url = process.env.TEST_STORAGE_URL;
  if (!url) return { kind: 'disk' };
  const base = storageFromEnv(process.env, url);
  return base.kind === 's3' ? { ...base, prefix: `${base.prefix}${sub}/` } : base;
}

/** Whether the app's storage holds `key` (`files/content/…`, `uploads/<folder>/…`). */
export async function storedExists(app: FastifyInstance, key: string): Promise<boolean> {
  return (await app.ctx.storage.stat(key)) !== undefined;
}

/** The bytes of a stored file, or undefined. */
export const storedBytes = (app: FastifyInstance, key: string) => readAll(app.ctx.storage, key);

/** The keys under a folder of the app's storage (`files/content/`, `uploads/app-icons/`). */
export async function storedKeys(app: FastifyInstance, prefix: string): Promise<string[]> {
  return (await listAll(app.ctx.storage, prefix)).map((f) => f.key);
}

/** Deletes every file of a storage (a test bucket prefix when its app closes). */
export async function emptyStorage(storage: Storage): Promise<void> {
  for (const folder of ['uploads/', 'files/']) await storage.delete((await listAll(storage, folder)).map((f) => f.key));
}
