import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';

/** Query parameters whose values never reach a log: tokens, passwords, OAuth codes. */
const SECRET_PARAM = /([?&](?:access-token|access_token|token|password|code|state|id_token)=)[^&#]*/gi;
const MAX_URL = 2_000;

/** The url as it may be logged: secret parameters replaced, length bounded. */
export function redactUrl(url: string): string {
  const bounded = url.length > MAX_URL ? `${url.slice(0, MAX_URL)}…` : url;
  return bounded.replace(SECRET_PARAM, '$1[redacted]');
}

/**
 * The log destination: buffered (written in 4 KB blocks off the request path rather than one
 * write per line) and flushed when the server closes.
 */
export function logDestination() {
  return pino.destination({ dest: 1, sync: false, minLength: 4096 });
}

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * The request's logger (`req.log`), made on its first line: Fastify makes a pino child for every
 * request (its bindings serialised), and nearly no request writes a line (a load balancer logs the
 * traffic; we log writes, errors and slow answers). The line, when one comes, carries the reqId as before.
 */
class LazyChildLogger {
  #real: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.#real ??= this.parent.child(this.bindings, this.options);
    return this.#real;
  }

  get level(): string {
    return this.#real?.level ?? this.options?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  fatal(...args: LogArgs) {
    this.real.fatal(...args);
  }
  error(...args: LogArgs) {
    this.real.error(...args);
  }
  warn(...args: LogArgs) {
    this.real.warn(...args);
  }
  info(...args: LogArgs) {
    this.real.info(...args);
  }
  debug(...args: LogArgs) {
    this.real.debug(...args);
  }
  trace(...args: LogArgs) {
    this.real.trace(...args);
  }
  silent(...args: LogArgs) {
    this.real.silent(...args);
  }
}

/** A successful read answered faster than this is routine: logged at debug, not info. */
const SLOW_MS = 50;

/**
 * One log line per request (Fastify's own request logging writes two, each through a child
 * logger): method, redacted url, status, time in ms. Writes, errors and slow answers are logged
 * at info; successful quick reads (GET/HEAD under 400 and 50 ms, most of the traffic) at debug,
 * since writing a line for each of them costs more than answering them.
 */
export function logRequests(app: FastifyInstance, observe?: (method: string, route: string, status: number, seconds: number) => void) {
  app.setChildLoggerFactory((logger, bindings, options) => new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
  const level = app.log.level;
  const quiet = ['fatal', 'error', 'warn', 'silent'].includes(level);
  if (quiet && !observe) return;
  const debug = level === 'debug' || level === 'trace';
  // One hook for the metrics and the log line: a hook on every request is not free.
  app.addHook('onResponse', (req, reply, done) => {
    observe?.(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    if (quiet) {
      done();
      return;
    }
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const routine = (req.method === 'GET' || req.method === 'HEAD') && reply.statusCode < 400 && ms < SLOW_MS;
    if (!routine || debug) {
      const line = { reqId: req.id, method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms };
      if (routine) app.log.debug(line, 'request');
      else app.log.info(line, 'request');
    }
    done();
  });
}
