// The plugins' request and route types (req.file(), config.rateLimit) wherever a module is compiled
// from, e.g. scripts/bench.ts reading the module list.
import '@fastify/multipart';
import '@fastify/rate-limit';
import type { Locale } from '@app/contract/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as IoServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { CacheBus } from './lib/cache-bus.ts';
import type { Mailer } from './lib/mail.ts';
import type { WindowCounter } from './lib/member-budget.ts';
import type { AppCache } from './modules/apps/apps.cache.ts';
import type { AppRow } from './modules/apps/apps.queries.ts';
import type { TokenCache } from './modules/auth/auth.service.ts';
import type { CacheRegistry } from './platform/caches.ts';
import type { Metrics } from './platform/metrics.ts';
import type { Storage } from './platform/storage/storage.ts';

export type Io = IoServer<ClientToServerEvents, ServerToClientEvents>;

/** What every route and service can reach; built once in app.ts. */
export interface Ctx {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Stored files: the data folder's disk or an S3-compatible bucket (platform/storage). */
  storage: Storage;
  apps: AppCache;
  tokens: TokenCache;
  /** Drops cached apps, menus, tokens and activity pages on every node (PostgreSQL NOTIFY). */
  bus: CacheBus;
  /** Set once the HTTP server exists (socket plugin). */
  io: Io | undefined;
  vapid: { publicKey: string; privateKey: string };
  /** Every module's in-memory caches by name (`ctx.caches.get(def)`), emptied by cache-bus events. */
  caches: CacheRegistry;
  /** Members' write allowances, shared by routes (perMemberLimit) and socket events (takeBudget). */
  budgets: WindowCounter;
  /** Prometheus metrics of this server (`/metrics`). */
  metrics: Metrics;
  /** The server's logger, for work that goes on after a request answered (a chat message's pushes). */
  log: FastifyBaseLogger;
}

/** The signed-in user as the auth hook resolves it from the access token. */
export interface AuthUser {
  id: number;
  appId: number;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
  interface FastifyRequest {
    /** The app (tenant) of this request: the token's app when signed in. */
    tenant: AppRow | undefined;
    user: AuthUser | undefined;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** Route needs an access token. */
    auth?: boolean;
  }
}
