import type { Locale } from '@app/contract/constants';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract/realtime';
import type { Server as IoServer } from 'socket.io';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { CacheBus } from './lib/cache-bus.ts';
import type { Mailer } from './lib/mail.ts';
import type { TtlCache } from './lib/ttl-cache.ts';
import type { AppCache } from './modules/apps/apps.cache.ts';
import type { AppRow } from './modules/apps/apps.queries.ts';
import type { TokenCache } from './modules/auth/auth.service.ts';

export type Io = IoServer<ClientToServerEvents, ServerToClientEvents>;

/** What every route and service can reach; built once in app.ts. */
export interface Ctx {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  apps: AppCache;
  tokens: TokenCache;
  /** Drops cached apps, menus, tokens and activity pages on every node (PostgreSQL NOTIFY). */
  bus: CacheBus;
  /** Set once the HTTP server exists (socket plugin). */
  io: Io | undefined;
  vapid: { publicKey: string; privateKey: string };
  /** Serialised hot answers: the menu per user, activity pages per app. */
  caches: {
    menu: TtlCache<string>;
    /** Bumped by every write to a user's menu: a read that started before it does not store its answer. */
    menuVersion: Map<string, number>;
    activity: TtlCache<{ body: string; total: number }>;
  };
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
