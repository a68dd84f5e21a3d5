import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fieldError } from '../lib/errors.ts';

/**
 * The path of the first string holding a NUL character (`\u0000`) in a parsed body, query or
 * params, or undefined. PostgreSQL cannot store NUL in text, so such input would fail deep in a
 * query (a 500) instead of at the door. Iterative and bounded by the input's own size.
 */
export function findNul(value: unknown, root = ''): string | undefined {
  const stack: Array<[unknown, string]> = [[value, root]];
  let visited = 0;
  while (stack.length > 0 && visited++ < 200_000) {
    const [v, path] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path || '_popup';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return path || '_popup';
        stack.push([child, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}

/** The first path parameter holding a NUL (params are flat strings), without findNul's walk. */
function nulInParams(params: unknown): string | undefined {
  if (!params || typeof params !== 'object') return undefined;
  for (const key in params) {
    const v = (params as Record<string, unknown>)[key];
    if (typeof v === 'string' ? v.includes('\u0000') : findNul(v) !== undefined) return key;
  }
  return undefined;
}

/**
 * Refuses NUL characters anywhere in the input with a 422 on the field, before any route runs.
 * Most calls are reads without a body or a query string: only their path parameters are looked at.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (req, _reply, done) => {
    const field =
      (req.body === undefined ? undefined : findNul(req.body)) ??
      (req.url.includes('?') ? findNul(req.query) : undefined) ??
      nulInParams(req.params);
    done(field ? fieldError(field, 'common.errors.invalid') : undefined);
  });
});
