import { BlockList, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Ctx } from '../context.ts';
import type { Mailer } from '../lib/mail.ts';

/** Latency buckets in seconds: a hot read is a few ms, the SLO's p99 line is 2 s. */
const LATENCY = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];
/** Distinct method × route × status series kept; past it a request counts as route "other". */
const MAX_SERIES = 2_000;

type Child = ReturnType<client.Histogram<string>['labels']>;

/**
 * The server's metrics in Prometheus' format (docs/operations.md "Metrics"), one registry per
 * server: requests by route pattern and status with their latency, socket connections and events,
 * the push and mail queues, the database pool and query time, and Node's own (event-loop delay,
 * memory, GC), which start on the first scrape.
 */
export class Metrics {
  readonly registry = new client.Registry();
  private readonly http = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, and their time to answer',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY,
    registers: [this.registry],
  });
  /** One child a series: a request's observation is a map lookup, not a label hash. */
  private readonly series = new Map<string, Child>();
  readonly socketEvents = new client.Counter({
    name: 'socket_events_total',
    help: 'Socket events received, by outcome (ok, invalid, limited, failed)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly mail = new client.Counter({
    name: 'mail_sent_total',
    help: 'Mails handed to SMTP or the outbox, by outcome (sent, failed)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly queries = new client.Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database queries (PGlite: a transaction counts as one) and their time',
    buckets: LATENCY,
    registers: [this.registry],
  });
  private defaults = false;

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.series.get(key);
    if (!child) {
      if (this.series.size >= MAX_SERIES) child = this.http.labels(method, 'other', String(status));
      else {
        child = this.http.labels(method, route, String(status));
        this.series.set(key, child);
      }
    }
    child.observe(seconds);
  }

  /** A gauge read when scraped. */
  gauge(name: string, help: string, read: () => number): void {
    new client.Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  async scrape(): Promise<string> {
    if (!this.defaults) {
      this.defaults = true;
      client.collectDefaultMetrics({ register: this.registry });
    }
    return this.registry.metrics();
  }
}

/** The mailer with each send counted. */
export function countedMailer(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    outbox: () => mailer.outbox(),
    send: (mail) =>
      mailer.send(mail).then(
        () => metrics.mail.inc({ outcome: 'sent' }),
        (err: unknown) => {
          metrics.mail.inc({ outcome: 'failed' });
          throw err;
        },
      ),
  };
}

/** The addresses of METRICS_ALLOW (addresses or CIDR ranges, IPv4 or IPv6). */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * Whether a request comes from an address of `entries` (METRICS_ALLOW): the connection's own
 * address decides, never a forwarded header; an IPv4-mapped IPv6 address counts as IPv4.
 */
export function fromAllowed(entries: readonly string[]): (req: FastifyRequest) => boolean {
  const list = allowList(entries);
  return (req) => {
    const raw = req.raw.socket.remoteAddress;
    const address = raw?.startsWith('::ffff:') ? raw.slice(7) : raw;
    return Boolean(address && list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4'));
  };
}

/**
 * `GET /metrics` for the addresses allowed (404 for the others, as if it did not exist), and the
 * gauges of what the server holds: socket connections, the push queue, the database pool.
 */
export function metricsRoute(app: FastifyInstance, ctx: Ctx, pushBacklog: () => number): void {
  const metrics = ctx.metrics;
  const allowed = fromAllowed(ctx.config.metricsAllow);
  metrics.gauge('socket_connections', 'Open socket connections on this node', () => ctx.io?.engine.clientsCount ?? 0);
  metrics.gauge('push_queue_jobs', 'Push fan-outs waiting to be sent', pushBacklog);
  const pool = ctx.database.pool;
  if (pool) {
    metrics.gauge('db_pool_connections', 'Database connections open', () => pool.totalCount);
    metrics.gauge('db_pool_idle', 'Database connections idle', () => pool.idleCount);
    metrics.gauge('db_pool_waiting', 'Queries waiting for a database connection', () => pool.waitingCount);
  }
  ctx.database.onQuery = (seconds) => metrics.queries.observe(seconds);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req)) return reply.status(404).send({ message: 'Not Found' });
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.scrape();
  });
}
