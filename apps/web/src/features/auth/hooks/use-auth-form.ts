import type { ZodType } from 'zod';
import { ApiError } from '../../../lib/api.ts';
import { type FormOptions, type FormValues, useForm } from '../../../lib/use-form.ts';

export type AuthSchemas = typeof import('@app/contract/schemas/auth');

let loading: Promise<AuthSchemas> | undefined;

/** The contract's auth schemas, fetched at the first submit so zod stays out of the pages' first load. */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('@app/contract/schemas/auth').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** `useForm` with a schema picked from the auth contract. */
export function useAuthForm<V extends FormValues, Out>(
  opts: Omit<FormOptions<V, Out>, 'schema'> & { schema: (schemas: AuthSchemas) => ZodType<Out> },
) {
  return useForm<V, Out>({ ...opts, schema: async () => opts.schema(await loadAuthSchemas()) });
}

/** A used, expired or malformed mail link: the server answers 422 on `_popup` or `token`. */
export function isLinkFailure(err: unknown): boolean {
  return err instanceof ApiError && err.fields.some((f) => f.field === '_popup' || f.field === 'token');
}
