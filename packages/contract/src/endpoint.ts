import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP call of the API: the server registers its route from it (`route()` in
 * apps/server/src/platform/route.ts) and the web client calls it (`callApi()` in
 * apps/web/src/lib/api.ts), so method, path and schemas can never disagree.
 * Path parameters are written `:name` and described by `params`.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: Method;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The 200 answer. */
  response: R;
  /** Needs an access token (default true). */
  auth?: boolean;
  /** OpenAPI tag and summary. */
  tag: string;
  summary: string;
}

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes: path parameters, query and body as the schemas accept them. */
export type EndpointInput<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? (P extends z.ZodType ? { params: In<P> } : { params?: undefined }) &
        (Q extends z.ZodType ? { query?: In<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: In<B> } : { body?: undefined })
    : never;

/** What the server's handler receives, parsed. */
export type EndpointParsed<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType> ? { params: Out<P>; query: Out<Q>; body: Out<B> } : never;

export type EndpointResult<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.input<R> : never;

/**
 * Fills `:name` segments of an endpoint path (values are URI-encoded). A segment may carry the
 * server's constraint in Fastify's form, `:id(^\\d+$)`, which is dropped here.
 */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([a-z_]+)(\([^)]*\))?/gi, (_m, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
