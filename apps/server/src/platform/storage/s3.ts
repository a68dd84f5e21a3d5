// Stored files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) through the official AWS SDK.
// Keys and credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
// a profile, an instance role); they are never logged nor put in an error message.
import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Unavailable } from '../../lib/errors.ts';
import { assertKey, type Storage, type StorageConfig, type StoredInfo, type StoredObject, typeOfKey } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * The bucket cannot be reached or fails on its side (a network error, a timeout, a 5xx after the
 * SDK's retries): the request answers 503 with Retry-After in the member's language, never a 500,
 * and the next one tries again (no restart).
 */
export class StorageUnavailable extends Unavailable {}

/** A command's answer; the store being away becomes StorageUnavailable, a refusal (403, 404…) is thrown as is. */
async function guard<T>(sent: Promise<T>): Promise<T> {
  try {
    return await sent;
  } catch (err) {
    // An answer from the store that says no: its own 4xx. No answer at all (refused, reset, timed
    // out, name not found) or its own failure (5xx after the SDK's retries): away.
    if (err instanceof S3ServiceException && err.$fault !== 'server' && (err.$metadata.httpStatusCode ?? 0) < 500) throw err;
    throw new StorageUnavailable(err);
  }
}

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

const missing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: S3-compatible stores that predate the SDK's default
      // CRC32 headers (2025) refuse or ignore them, and TLS and the Content-MD5 of deletes cover the rest.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    assertKey(key);
    return this.prefix + key;
  }

  async put(key: string, data: Buffer, contentType?: string): Promise<void> {
    await guard(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(key),
          Body: data,
          ContentLength: data.length,
          ContentType: contentType ?? typeOfKey(key),
        }),
      ),
    );
  }

  async get(key: string): Promise<StoredObject | undefined> {
    try {
      const res = await guard(this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
      if (!(res.Body instanceof Readable)) throw new Error('storage: S3 answered a body that is not a stream');
      return { key, size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0), etag: res.ETag, body: res.Body };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredInfo | undefined> {
    try {
      const res = await guard(this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) })));
      return { key, size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0) };
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const objects = keys.map((k) => ({ Key: this.objectKey(k) }));
    for (let i = 0; i < objects.length; i += DELETE_BATCH) {
      const res = await guard(
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects.slice(i, i + DELETE_BATCH), Quiet: true } }),
        ),
      );
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`storage: ${failed.length} objects not deleted (${failed[0]?.Code ?? 'unknown'})`);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredInfo[]> {
    let token: string | undefined;
    do {
      const res = await guard(
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ...(token ? { ContinuationToken: token } : {}) }),
        ),
      );
      const page: StoredInfo[] = [];
      for (const o of res.Contents ?? []) {
        if (!o.Key?.startsWith(this.prefix)) continue;
        page.push({ key: o.Key.slice(this.prefix.length), size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
      }
      if (page.length) yield page;
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? ` (HTTP ${err.$metadata.httpStatusCode ?? '?'} ${err.name})` : '';
      const cause = err instanceof Error && !status ? ` (${err.message})` : status;
      throw new Error(
        `STORAGE_URL: the bucket "${this.bucket}" at ${this.config.endpoint ?? `AWS ${this.config.region}`} cannot be used${cause}; check the bucket, S3_ENDPOINT, S3_REGION and the keys`,
      );
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
