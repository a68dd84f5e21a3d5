import type { FieldError } from '@app/contract/schemas/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  HttpError,
  isDatabaseUnavailable,
  isUniqueViolation,
  RetryLater,
  UNAVAILABLE_RETRY_S,
  Unavailable,
  ValidationError,
} from '../lib/errors.ts';
import { isKey, requestLocale, translate } from '../lib/i18n.ts';
import { redactUrl } from '../lib/request-log.ts';

const NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  406: 'Not Acceptable',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  423: 'Locked',
  429: 'Too Many Requests',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A 422 lists at most this many field messages: 60,000 unknown keys must not become 3 MB of errors. */
export const MAX_FIELD_ERRORS = 20;

/** What a failed request's log line may hold: never the query's parameters (e-mails, password hashes). */
function loggableError(err: unknown) {
  const e = err as { name?: string; message?: string; code?: unknown; cause?: { code?: unknown; message?: string } };
  // Drizzle puts the SQL and its parameters into the message ("Failed query: … params: …").
  const message = String(e.message ?? '')
    .split(/\nparams:/)[0]
    ?.slice(0, 500);
  return { type: e.name, message, code: e.code ?? e.cause?.code, cause: e.cause?.message?.slice(0, 300) };
}

function send(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send({ name: NAMES[status] ?? 'Error', message, status });
}

/** Maps one zod issue to a field error with a message in the user's language. */
function issueToFields(
  req: FastifyRequest,
  v: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> },
): FieldError[] {
  const base = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys)) {
    return (v.params.keys as string[]).slice(0, MAX_FIELD_ERRORS).map((k) => ({
      field: base ? `${base}.${k}` : k,
      message: translate(req.locale, 'common.errors.unknownField'),
    }));
  }
  let key = v.message && isKey(v.message) ? v.message : 'common.errors.invalid';
  if (key === 'common.errors.invalid') {
    if (v.keyword === 'too_big') key = 'common.errors.tooLong';
    else if (v.keyword === 'invalid_type' && v.message?.includes('received undefined')) key = 'common.errors.required';
  }
  // Limits named in a message ("at most {{length}} characters") come from the issue.
  const num = (x: unknown) => (typeof x === 'number' || typeof x === 'bigint' ? Number(x) : '');
  const vars = { length: num(v.params.maximum ?? v.params.minimum), min: num(v.params.minimum), max: num(v.params.maximum) };
  return [{ field: base || '_popup', message: translate(req.locale, key, vars) }];
}

/**
 * Errors the router raises before any hook (a malformed or overlong url part), in the same
 * shape as the others and without echoing the url back. Passed as Fastify's `frameworkErrors`.
 */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = typeof err.statusCode === 'number' && err.statusCode < 500 ? err.statusCode : 500;
  const locale = requestLocale(req.headers.cookie);
  return send(reply, status, translate(locale, status < 500 ? 'common.errors.invalid' : 'common.errors.generic'));
}

/** One shape for every error: 422 lists field messages, others `{name, message, status}`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | HttpError | ValidationError, req, reply) => {
    if (err instanceof ValidationError) {
      return reply
        .status(422)
        .send(err.fields.slice(0, MAX_FIELD_ERRORS).map((f) => ({ field: f.field, message: translate(req.locale, f.message, f.vars) })));
    }
    if (err instanceof RetryLater) reply.header('retry-after', String(Math.ceil(err.ms / 1000)));
    // A service behind us is away (the file storage): said in the log, and the client may retry.
    if (err instanceof Unavailable) {
      req.log.warn({ err: loggableError(err.cause ?? err), url: redactUrl(req.url) }, 'unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_S));
    }
    if (err instanceof HttpError) return send(reply, err.statusCode, translate(req.locale, err.key));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = [];
      for (const v of err.validation) {
        if (fields.length >= MAX_FIELD_ERRORS) break;
        fields.push(...issueToFields(req, v));
      }
      return reply.status(422).send(fields.slice(0, MAX_FIELD_ERRORS));
    }
    // Two requests creating the same thing at once: the loser is told to try again, never a 500.
    if (isUniqueViolation(err)) {
      return reply.status(422).send([{ field: '_popup', message: translate(req.locale, 'common.errors.conflict') }]);
    }
    // The database is away (stopped, failing over): a short answer the client may retry, never a hang or a 500.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: loggableError(err), url: redactUrl(req.url) }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_S));
      return send(reply, 503, translate(req.locale, 'common.errors.unavailable'));
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: loggableError(err), url: redactUrl(req.url) }, 'request failed');
      return send(reply, 500, translate(req.locale, 'common.errors.generic'));
    }
    const code = 'code' in err ? err.code : undefined;
    const key =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError
        ? 'common.errors.badJson'
        : status === 413
          ? 'common.errors.tooLarge'
          : status === 415
            ? 'common.errors.unsupportedMedia'
            : status === 429
              ? 'common.errors.tooMany'
              : status === 404
                ? 'common.errors.notFound'
                : 'common.errors.invalid';
    return send(reply, status, translate(req.locale, key));
  });
  app.setNotFoundHandler((req, reply) => send(reply, 404, translate(req.locale, 'common.errors.notFound')));
});
