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

/** Sends JSON serialised by `serialize()`: Fastify sends strings as they are. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
