import type { FieldError } from '@app/contract/schemas/common';

/** An error with an HTTP status whose message is an i18n key, translated on the way out. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
  ) {
    super(key);
  }
}

/**
 * 503 with Retry-After: a service behind the server is away (the file storage); `cause` is logged
 * (its message and code only), the member is told to retry.
 */
export class Unavailable extends HttpError {
  constructor(cause: unknown) {
    super(503, 'common.errors.unavailable');
    this.cause = cause;
  }
}

/** A field message (an i18n key) and the values its placeholders take (`{{size}}`). */
export type KeyedFieldError = FieldError & { vars?: Record<string, string | number> };

/** 422 with field messages (i18n keys); field `_popup` is for the whole form. */
export class ValidationError extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: KeyedFieldError[]) {
    super('validation');
  }
}

/** 429 with a Retry-After: the caller must wait `ms` before trying again. */
export class RetryLater extends HttpError {
  constructor(
    readonly ms: number,
    key = 'common.errors.tooMany',
  ) {
    super(429, key);
  }
}

/** A unique-constraint violation (PostgreSQL 23505), as pg and PGlite report it, also wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A foreign-key violation (PostgreSQL 23503): the row referred to is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * The database cannot be reached (stopped, restarting, failing over, out of connections): node
 * errors of the connection, PostgreSQL's shutdown and connection classes (57P0x, 08xxx, 53300), and
 * node-postgres' own messages for a dropped or timed-out connection. Also wrapped by Drizzle.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** Seconds a client is told to wait when the database is unavailable. */
export const UNAVAILABLE_RETRY_S = 5;

export const notFound = () => new HttpError(404, 'common.errors.notFound');
export const unauthorized = () => new HttpError(401, 'common.errors.unauthorized');
export const forbidden = () => new HttpError(403, 'common.errors.forbidden');
export const fieldError = (field: string, key: string, vars?: Record<string, string | number>) =>
  new ValidationError([{ field, message: key, ...(vars ? { vars } : {}) }]);
