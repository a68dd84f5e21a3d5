import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  /** `memory://` PGlite for tests. */
  inMemory: boolean;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  webDist: string;
  dev: boolean;
  logLevel: string;
  coreVersion: string;
  /** Per window: sign-in attempts per address, uploads and content writes per member (AUTH_/UPLOAD_/WRITE_RATE_LIMIT). */
  rateLimit: { auth: number; uploads: number; writes: number; windowMs: number };
  /** Fastify trustProxy: false, true, or a list of proxy addresses (TRUST_PROXY). */
  trustProxy: boolean | string[];
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
    databaseUrl: env.DATABASE_URL || undefined,
    inMemory: false,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    webDist,
    dev: env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    coreVersion: env.CORE_VERSION ?? buildVersion(webDist),
    rateLimit: {
      auth: Number(env.AUTH_RATE_LIMIT ?? 20),
      uploads: Number(env.UPLOAD_RATE_LIMIT ?? 10),
      writes: Number(env.WRITE_RATE_LIMIT ?? 120),
      windowMs: 60_000,
    },
    previewAllow: (env.SAFE_FETCH_ALLOW ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    developersEmail: env.DEVELOPERS_EMAIL || 'developers@eventapp.local',
    socialFeedFetch: env.SOCIAL_FEED_FETCH !== 'false',
    adminOrigins: parseOrigins(env.ADMIN_ORIGINS),
    outbox: env.OUTBOX ? env.OUTBOX === 'true' : env.NODE_ENV !== 'production',
    trustProxy: !env.TRUST_PROXY ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY.split(',').map((a) => a.trim()),
    ...overrides,
  };
}
