// STORAGE_URL and the S3_* settings, read and checked at start (a clear message, never a key).
import type { StorageConfig } from './storage.ts';

/** Bucket names S3 accepts (3–63 characters, lower case, digits, dots and dashes). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `STORAGE_URL` unset or `file:` → the disk under DATA_DIR; `s3://bucket/prefix` → that bucket, with
 * S3_ENDPOINT (an S3-compatible server; unset: AWS), S3_REGION (default AWS_REGION, else us-east-1)
 * and S3_FORCE_PATH_STYLE (default true when an endpoint is given). Throws a message naming the setting.
 */
export function storageFromEnv(env: NodeJS.ProcessEnv, url = env.STORAGE_URL): StorageConfig {
  if (!url || url === 'file:' || url === 'file://') return { kind: 'disk' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('STORAGE_URL must be unset, file: or s3://bucket/prefix');
  }
  if (parsed.protocol !== 's3:') throw new Error(`STORAGE_URL: ${parsed.protocol} is not supported (file: or s3://bucket/prefix)`);
  if (parsed.username || parsed.password || parsed.search || parsed.hash) {
    throw new Error('STORAGE_URL: put the keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, not in the URL');
  }
  const bucket = parsed.hostname;
  if (!BUCKET.test(bucket)) throw new Error(`STORAGE_URL: "${bucket}" is not a bucket name`);
  const segments = decodeURIComponent(parsed.pathname)
    .split('/')
    .filter((s) => s !== '');
  if (segments.some((s) => s === '.' || s === '..')) throw new Error('STORAGE_URL: the prefix may not hold . or ..');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint) {
    let e: URL;
    try {
      e = new URL(endpoint);
    } catch {
      throw new Error('S3_ENDPOINT must be an http(s) URL, e.g. https://s3.example.com');
    }
    if (e.protocol !== 'http:' && e.protocol !== 'https:') throw new Error('S3_ENDPOINT must be an http(s) URL');
    if (e.username || e.password) throw new Error('S3_ENDPOINT: put the keys in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  const style = env.S3_FORCE_PATH_STYLE;
  if (style && style !== 'true' && style !== 'false') throw new Error('S3_FORCE_PATH_STYLE must be true or false');
  return {
    kind: 's3',
    bucket,
    prefix: segments.length ? `${segments.join('/')}/` : '',
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: style ? style === 'true' : Boolean(endpoint),
  };
}
