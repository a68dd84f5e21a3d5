import path from 'node:path';
import { CORE_VERSION_HEADER } from '@app/contract/constants';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, loadConfig } from './config.ts';
import type { Ctx } from './context.ts';
import { backupRoute } from './db/backup/backup.routes.ts';
import { type Database, openDatabase } from './db/client.ts';
import { CacheBus } from './lib/cache-bus.ts';
import { HttpError, UNAVAILABLE_RETRY_S } from './lib/errors.ts';
import { createMailer, type Mailer } from './lib/mail.ts';
import { rateLimitStore, WindowCounter } from './lib/member-budget.ts';
import { logDestination, logRequests } from './lib/request-log.ts';
import { AppCache } from './modules/apps/apps.cache.ts';
import { TokenCache } from './modules/auth/auth.service.ts';
import { consoleGuard } from './modules/console/console.policy.ts';
import { consoleWeb } from './modules/console/console.web.ts';
import { startSweeper } from './modules/content/content.uploads.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { MODULES, uploadHolders } from './modules/index.ts';
import { pushSender } from './modules/push/push.sender.ts';
import { loadVapidKeys } from './modules/push/push.service.ts';
import { spaNavigation, webRoutes } from './modules/web/web.routes.ts';
import { CacheRegistry } from './platform/caches.ts';
import { countedMailer, Metrics, metricsRoute } from './platform/metrics.ts';
import { openStorage } from './platform/storage/open-storage.ts';
import { errorsPlugin, frameworkError } from './plugins/errors.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { socketPlugin } from './plugins/socket.ts';
import { tenantPlugin } from './plugins/tenant.ts';

/** What each cache-bus event drops on this node. */
function wireCaches(ctx: Ctx) {
  ctx.bus.on((e) => {
    switch (e.t) {
      case 'apps':
        ctx.apps.invalidate();
        break;
      case 'tokens':
        for (const hash of e.hashes) ctx.tokens.drop(hash);
        break;
      case 'cache':
        ctx.caches.drop(e.name, e.prefix);
        break;
      case 'all':
        ctx.apps.invalidate();
        ctx.tokens.clear();
        ctx.caches.clearAll();
        break;
    }
  });
}

export interface BuildOptions {
  config?: Partial<Config>;
  database?: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them); the level is then debug. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server; tests call this with an in-memory database. */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(opts.config);
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, inMemory: config.inMemory }));
  const storage = openStorage(config.storage, config.dataDir);
  // A wrong bucket, endpoint or key stops the start with a message that says which (and no secret).
  await storage.check().catch(async (err: unknown) => {
    await storage.close();
    if (!opts.database) await database.close();
    throw err;
  });
  const metrics = new Metrics();
  const plainMailer =
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, outboxDir: config.inMemory ? undefined : path.join(config.dataDir, 'outbox') });

  const app = Fastify({
    logger: opts.logStream
      ? { level: 'debug', stream: opts.logStream }
      : opts.logger === false
        ? false
        : { level: config.logLevel, stream: logDestination() },
    // One line per request from logRequests() instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Off by default: X-Forwarded-* from clients would pick the address the rate limits key on.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: Ctx = {
    config,
    database,
    db: database.db,
    mailer: countedMailer(plainMailer, metrics),
    storage,
    metrics,
    apps: new AppCache(database.db),
    tokens: new TokenCache(database.db),
    io: undefined,
    vapid: await loadVapidKeys(database.db),
    caches: new CacheRegistry(),
    budgets: new WindowCounter(),
    log: app.log,
    bus: new CacheBus(database, (err) => app.log.warn({ err }, 'cache bus notify failed')),
  };
  app.decorate('ctx', ctx);
  wireCaches(ctx);
  await ctx.bus.start();

  // Hooks on every request are plain callbacks: an async hook costs a promise per request.
  app.addHook('onRequest', (req, _reply, done) => {
    // A body on a GET is refused rather than silently ignored.
    if (
      (req.method === 'GET' || req.method === 'HEAD') &&
      (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'])
    ) {
      done(new HttpError(400, 'common.errors.bodyOnGet'));
      return;
    }
    done();
  });
  // While shutting down, answers close their connection so no idle keep-alive holds the exit.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    reply.header(CORE_VERSION_HEADER, config.coreVersion);
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    await ctx.bus.close();
    await database.close();
    await storage.close();
  });

  logRequests(app, (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds));
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(inputGuardPlugin);
  // Answers above 1 KB are compressed for clients that accept it (built assets are served
  // precompressed by webRoutes); compressed request bodies are refused.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], requestEncodings: ['identity'] });
  // Per address and app as the tenant hook resolved it (app-level hooks run before the route-level
  // limit): a made-up app-key or Host header must not open a fresh bucket.
  // perMemberLimit's routes count in ctx.budgets, where the socket events of the same kind count too.
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => `${req.ip}|${req.tenant?.id ?? '-'}`,
    store: rateLimitStore(ctx.budgets),
  });
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 5, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Event app API', version: '1.0.0', description: 'Public calls send `app-key`, authenticated calls `access-token`.' },
      components: {
        securitySchemes: {
          appKey: { type: 'apiKey', in: 'header', name: 'app-key' },
          accessToken: { type: 'apiKey', in: 'header', name: 'access-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Within a second whatever the database does: a stopped one refuses at once, a hung one times out.
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const probe = database.db.execute('select 1');
      probe.catch(() => {});
      await Promise.race([
        probe,
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('health probe timed out')), 1_000);
        }),
      ]);
      return { status: 'ok', database: database.kind };
    } catch {
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_S)).send({ status: 'unavailable' });
    } finally {
      clearTimeout(timer);
    }
  });

  metricsRoute(app, ctx, () => pushSender(ctx).backlog);
  backupRoute(app, ctx);

  await app.register(spaNavigation);
  await app.register(tenantPlugin);
  await app.register(consoleGuard);
  await app.register(socketPlugin);
  await app.register(webRoutes);
  // The organiser console's page and assets under /console (its API registers with consoleModule).
  await app.register(consoleWeb);
  // The local outbox exists only while mail is not sent through SMTP, and only where it is wanted.
  if (!config.smtpUrl && config.outbox) await app.register(devRoutes);
  for (const m of MODULES) if (m.routes) await app.register(m.routes);
  // The uploads sweep: what the modules' manifests declare they hold is kept.
  const stopSweeper = startSweeper(ctx, uploadHolders(), (err) => app.log.warn({ err }, 'upload sweep failed'));
  app.addHook('onClose', async () => stopSweeper());
  return app;
}
