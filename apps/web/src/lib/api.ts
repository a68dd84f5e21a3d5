import { CORE_VERSION_HEADER, PAGINATION_HEADERS } from '@app/contract/constants';
import { type Endpoint, type EndpointInput, type EndpointResult, fillPath } from '@app/contract/endpoint';
import type { FieldError } from '@app/contract/schemas/common';
import { takeBootRead } from './boot-data.ts';
import { emit } from './events.ts';
import { meta } from './meta.ts';
import { session } from './session.ts';
import { storage } from './storage.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
  /** Field messages of a 422, already in the user's language. */
  get fields(): FieldError[] {
    return this.status === 422 && Array.isArray(this.body) ? (this.body as FieldError[]) : [];
  }
  fieldMessage(field: string): string | undefined {
    return this.fields.find((f) => f.field === field)?.message;
  }
  /** The server's translated text of a 413 or 429 (an upload budget spent), to show as it is. */
  get refusal(): string | undefined {
    const message = (this.body as { message?: unknown } | null)?.message;
    return (this.status === 413 || this.status === 429) && typeof message === 'string' ? message : undefined;
  }
}

/** Thrown for a 406: the shell has already navigated away; callers ignore it. */
export class ModuleGoneError extends ApiError {}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Public client (app-key) instead of the authenticated one (access-token). */
  public?: boolean;
  /**
   * A background call: its errors are only thrown to the caller, with none of the shell's reactions
   * (no 404 or popup dialog, no logout on a 401, no redirect).
   */
  silent?: boolean;
  /** A 404 is the caller's to show (a details page's own "not found"): no shell dialog; the rest as usual. */
  ownNotFound?: boolean;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
  pageCount: number;
}

let reloadScheduled = false;
function checkCoreVersion(headers: Headers) {
  const version = headers.get(CORE_VERSION_HEADER);
  if (!version || reloadScheduled) return;
  const stored = storage.get('core_version');
  if (!stored) {
    storage.set('core_version', version);
    return;
  }
  if (stored !== version) {
    // A new server build: clear caches and reload after a random 100–1900 ms (spec 1 §4).
    reloadScheduled = true;
    storage.set('core_version', version);
    const clear = 'caches' in window ? caches.keys().then((ks) => Promise.all(ks.map((k) => caches.delete(k)))) : Promise.resolve();
    void clear.finally(() => setTimeout(() => location.reload(), 100 + Math.random() * 1800));
  }
}

/**
 * What the page carried for a GET the first screen makes (signed in), taken at once without a
 * request: for start-up state that must be there before the first render. Undefined when it did not.
 */
export function bootRead<T>(path: string): T | undefined {
  if (!session.get().token) return undefined;
  return takeBootRead(new URL(path, meta.app_url || location.origin), session.get().userId)?.data as T | undefined;
}

/** Calls the API at the app url; maps errors as spec 1 §8 says. */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, meta.app_url || location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json', 'app-key': meta.app_key };
  const token = session.get().token;
  if (!opts.public && token) headers['access-token'] = token;
  // The first screen's reads came with the page (signed in, by the token cookie).
  const boot = !opts.public && token && (opts.method ?? 'GET') === 'GET' ? takeBootRead(url, session.get().userId) : undefined;
  if (boot) return { data: boot.data as T, headers: boot.headers, pageCount: Number(boot.headers.get(PAGINATION_HEADERS.pageCount) ?? 1) };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  checkCoreVersion(res.headers);
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const err = res.status === 406 ? new ModuleGoneError(406, data) : new ApiError(res.status, data);
    if (!opts.public && !opts.silent) {
      if (res.status === 401) emit('unauthorized');
      else if (res.status === 404 && !opts.ownNotFound) emit('notFound');
      else if (res.status === 406) emit('moduleGone');
      else if (res.status === 451 || res.status === 423) emit('locked');
    }
    const popup = opts.silent ? undefined : err.fieldMessage('_popup');
    if (popup) emit('popup', { message: popup });
    throw err;
  }
  return { data: data as T, headers: res.headers, pageCount: Number(res.headers.get(PAGINATION_HEADERS.pageCount) ?? 1) };
}

/**
 * Calls one endpoint of the contract: method and path come from its definition, so client and
 * server cannot disagree. `silent`, `public` and `signal` as for `api()`.
 * The endpoint's zod schemas come with it: use it where zod loads anyway (forms, which validate
 * with the same schemas). A first screen's reads use `api<EndpointResult<typeof e>>(path)` with a
 * type-only import instead: zod in the shell's first load cost ~400 ms of blocking time on a phone.
 */
export function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: Omit<ApiOptions, 'method' | 'body' | 'query'> = {},
): Promise<ApiResult<EndpointResult<E>>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: ApiOptions['query']; body?: unknown };
  return api<EndpointResult<E>>(fillPath(endpoint.path, params), { ...opts, method: endpoint.method, query, body });
}
