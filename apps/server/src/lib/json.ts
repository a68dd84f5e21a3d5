import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Validates a value against its response schema (unknown keys are stripped,
 * so nothing internal leaks) and serialises it once, for answers that are cached
 * as strings and sent without a second serialisation.
 */
export function serialize<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return JSON.stringify(schema.parse(value));
}

/**
 * `serialize()` to UTF-8 bytes, for answers cached until they change: a string answer is measured
 * (content-length) and encoded again on every send, which for a page of 8 KB with a non-Latin-1
 * character (“quotes”, €) cost more than the rest of our code on the request.
 */
export function serializeBytes<S extends z.ZodType>(schema: S, value: z.input<S>): Buffer {
  return Buffer.from(serialize(schema, value), 'utf8');
}

/** Sends JSON serialised by `serialize()` or `serializeBytes()`: Fastify sends strings and bytes as they are. */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
