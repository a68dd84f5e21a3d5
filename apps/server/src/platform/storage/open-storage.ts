import path from 'node:path';
import { DiskStorage } from './disk.ts';
import { S3Storage } from './s3.ts';
import type { Storage, StorageConfig } from './storage.ts';

/** The store a config names: disk files under `dataDir`, or the bucket. */
export function openStorage(config: StorageConfig, dataDir: string): Storage {
  return config.kind === 'disk' ? new DiskStorage(path.resolve(dataDir)) : new S3Storage(config);
}

/** What the start log may say about the store (no key, no secret). */
export const describeStorage = (config: StorageConfig) =>
  config.kind === 'disk' ? 'disk (DATA_DIR)' : `s3://${config.bucket}/${config.prefix} at ${config.endpoint ?? `AWS ${config.region}`}`;
