import { PAGINATION_HEADERS } from '@app/contract/constants';
import { type Endpoint, type EndpointInput, type EndpointResult, fillPath } from '@app/contract/endpoint';
import type { FieldError } from '@app/contract/schemas/common';
import { session } from './session.ts';

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
  /** The server's translated message of any other error answer (`{ message }`). */
  get serverMessage(): string | undefined {
    const m = (this.body as { message?: unknown } | null)?.message;
    return typeof m === 'string' ? m : undefined;
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
  /** x-pagination-page-count (1 when absent). */
  pageCount: number;
  /** x-pagination-total-count (the number of items when absent). */
  totalCount: number;
}

/**
 * Calls the console API on this origin with the console token. A 401 ends the console session:
 * the app's route guard then sends the user to the sign-in page with the way back.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = session.get();
  if (token) headers['access-token'] = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  if (!res.ok) {
    if (res.status === 401 && token) session.clear();
    throw new ApiError(res.status, data);
  }
  const pageCount = Number(res.headers.get(PAGINATION_HEADERS.pageCount) ?? 1);
  const total = res.headers.get(PAGINATION_HEADERS.totalCount);
  return {
    data: data as T,
    headers: res.headers,
    pageCount,
    totalCount: total === null ? (Array.isArray(data) ? data.length : 0) : Number(total),
  };
}

/** Calls one endpoint of the contract: method and path come from its definition. */
export function callApi<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E>,
  opts: Pick<ApiOptions, 'signal'> = {},
): Promise<ApiResult<EndpointResult<E>>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: ApiOptions['query']; body?: unknown };
  return api<EndpointResult<E>>(fillPath(endpoint.path, params), { ...opts, method: endpoint.method, query, body });
}
