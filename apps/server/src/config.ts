import { randomBytes } from 'node:crypto';
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
  rateLimit: { auth: number; windowMs: number };
  /** host:port pairs the url preview may fetch despite the address check (tests only). */
  previewAllow: string[];
}

const root = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once; tests pass overrides. */
export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    inMemory: false,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    webDist: path.join(root, 'apps/web/dist'),
    dev: env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    coreVersion: env.CORE_VERSION ?? randomBytes(4).toString('hex'),
    rateLimit: { auth: Number(env.AUTH_RATE_LIMIT ?? 20), windowMs: 60_000 },
    previewAllow: [],
    ...overrides,
  };
}
