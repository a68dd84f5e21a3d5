import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from './platform/storage/storage.ts';
import { storageFromEnv } from './platform/storage/storage-config.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where stored files go: the disk under dataDir (default) or an S3-compatible bucket (STORAGE_URL, S3_*). */
  storage: StorageConfig;
  /** PostgreSQL connection string; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** `memory://` PGlite for tests. */
  inMemory: boolean;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  webDist: string;
  /**
   * The web app's server build (apps/web/dist-ssr/entry-server.js) that renders a signed-in
   * member's first screen on a phone into the page; unset (SSR=false, and in tests unless asked)
   * means pages start with the splash as before.
   */
  webSsr: string | undefined;
  /** The organiser console's build (apps/console/dist), served under /console. */
  consoleDist: string;
  dev: boolean;
  logLevel: string;
  coreVersion: string;
  /** Per window: sign-in attempts per address, uploads and content writes per member (AUTH_/UPLOAD_/WRITE_RATE_LIMIT). */
  rateLimit: { auth: number; uploads: number; writes: number; windowMs: number };
  /** What members may store (docs/operations.md "Limits worth knowing"); every upload route counts against it. */
  uploadQuota: UploadQuota;
  /** Fastify trustProxy: false, true, or a list of proxy addresses (TRUST_PROXY). */
  trustProxy: boolean | string[];
  /**
   * Addresses and CIDR ranges that may read `/metrics` (METRICS_ALLOW, comma-separated; default
   * this machine only; `none` closes it). Matched against the connection's address, never a header.
   */
  metricsAllow: string[];
  /**
   * Serve the local outbox at /dev/outbox when no SMTP_URL is set (OUTBOX; default on outside
   * production; `npm start` turns it on for a local trial).
   */
  outbox: boolean;
  /** Origins allowed to frame the app for the admin preview (ADMIN_ORIGINS, comma-separated). */
  adminOrigins: string[];
  /**
   * host:port pairs the url preview and the push sender may reach despite the address check (tests
   * and the push bench's local stand-in only: SAFE_FETCH_ALLOW, comma-separated).
   */
  previewAllow: string[];
  /** Where "Contact Developers" mails go (DEVELOPERS_EMAIL); never sent to a client. */
  developersEmail: string;
  /**
   * Social walls fetch their feeds in the background (on a schedule, after a read or an address
   * change): SOCIAL_FEED_FETCH, default on; tests that compare database states switch it off.
   */
  socialFeedFetch: boolean;
}

/**
 * Upload budgets: per member and per app, files and bytes received in a window (a fixed window per
 * node, like the rate limits); per member, the uploads not yet attached to a post, message, listing
 * or resource, and how long such an upload is kept.
 */
export interface UploadQuota {
  windowMs: number;
  /** UPLOAD_MEMBER_FILES, UPLOAD_MEMBER_MB: per member and window. */
  memberFiles: number;
  memberBytes: number;
  /** UPLOAD_APP_FILES, UPLOAD_APP_MB: per app and window (all its members together). */
  appFiles: number;
  appBytes: number;
  /** UPLOAD_UNATTACHED_FILES, UPLOAD_UNATTACHED_MB: a member's uploads waiting to be attached. */
  unattachedFiles: number;
  unattachedBytes: number;
  /** UPLOAD_UNATTACHED_HOURS: an upload never attached is swept after this long. */
  unattachedMs: number;
}

const MB = 1024 * 1024;
const HOUR = 3600 * 1000;

/** The defaults of the upload budgets (README "Settings"); tests start from these. */
export const DEFAULT_UPLOAD_QUOTA: UploadQuota = {
  windowMs: HOUR,
  memberFiles: 60,
  memberBytes: 200 * MB,
  appFiles: 1000,
  appBytes: 1000 * MB,
  unattachedFiles: 20,
  unattachedBytes: 100 * MB,
  unattachedMs: 2 * HOUR,
};

/** A positive number from the environment, else the default. */
function positive(value: string | undefined, fallback: number, unit = 1): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n * unit : fallback;
}

function uploadQuotaFromEnv(env: NodeJS.ProcessEnv): UploadQuota {
  const d = DEFAULT_UPLOAD_QUOTA;
  return {
    windowMs: d.windowMs,
    memberFiles: positive(env.UPLOAD_MEMBER_FILES, d.memberFiles),
    memberBytes: positive(env.UPLOAD_MEMBER_MB, d.memberBytes, MB),
    appFiles: positive(env.UPLOAD_APP_FILES, d.appFiles),
    appBytes: positive(env.UPLOAD_APP_MB, d.appBytes, MB),
    unattachedFiles: positive(env.UPLOAD_UNATTACHED_FILES, d.unattachedFiles),
    unattachedBytes: positive(env.UPLOAD_UNATTACHED_MB, d.unattachedBytes, MB),
    unattachedMs: positive(env.UPLOAD_UNATTACHED_HOURS, d.unattachedMs, HOUR),
  };
}

const root = path.resolve(import.meta.dirname, '../../..');

/** The build's identity: clients reload when it changes (spec 1 §4 core version). */
function buildVersion(webDist: string): string {
  try {
    return createHash('sha256')
      .update(fs.readFileSync(path.join(webDist, 'index.html')))
      .digest('hex')
      .slice(0, 12);
  } catch {
    return randomBytes(6).toString('hex');
  }
}

/** `https://admin.example.com, http://localhost:3000` → normalised origins; anything else is ignored. */
export function parseOrigins(value: string | undefined): string[] {
  const origins = new Set<string>();
  for (const part of (value ?? '').split(',')) {
    try {
      const url = new URL(part.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // not an origin
    }
  }
  return [...origins];
}

/** Reads the environment once; tests pass overrides. */
export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const webDist = overrides.webDist ?? path.join(root, 'apps/web/dist');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    storage: overrides.storage ?? storageFromEnv(env),
    databaseUrl: env.DATABASE_URL || undefined,
    inMemory: false,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    webDist,
    webSsr: env.SSR === 'false' ? undefined : path.join(root, 'apps/web/dist-ssr/entry-server.js'),
    consoleDist: path.join(root, 'apps/console/dist'),
    dev: env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    coreVersion: env.CORE_VERSION ?? buildVersion(webDist),
    rateLimit: {
      auth: Number(env.AUTH_RATE_LIMIT ?? 20),
      uploads: Number(env.UPLOAD_RATE_LIMIT ?? 10),
      writes: Number(env.WRITE_RATE_LIMIT ?? 120),
      windowMs: 60_000,
    },
    uploadQuota: uploadQuotaFromEnv(env),
    previewAllow: (env.SAFE_FETCH_ALLOW ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    developersEmail: env.DEVELOPERS_EMAIL || 'developers@eventapp.local',
    socialFeedFetch: env.SOCIAL_FEED_FETCH !== 'false',
    adminOrigins: parseOrigins(env.ADMIN_ORIGINS),
    outbox: env.OUTBOX ? env.OUTBOX === 'true' : env.NODE_ENV !== 'production',
    metricsAllow: (env.METRICS_ALLOW ?? '127.0.0.1,::1')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a && a !== 'none'),
    trustProxy: !env.TRUST_PROXY ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY.split(',').map((a) => a.trim()),
    ...overrides,
  };
}
