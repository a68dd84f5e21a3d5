import { type BootData, bootReadKey } from '@app/contract/boot-data';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readCookie } from '../../lib/i18n.ts';
import type { FirstScreenReads } from '../../platform/module.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { firstScreenReads } from '../index.ts';

/** The cookie the web app keeps its access token in for this (docs/decisions.md "First screen with the HTML"). */
export const tokenCookie = (appKey: string) => `access_token_${appKey}`;

const PAGINATION_PREFIX = 'x-pagination-';
const MAX_PATH = 300;
const MAX_SEGMENTS = 12;
/** A param that would go into an API path: ids, slugs and the chat kinds only. */
const PARAM = /^[\w-]{1,64}$/;

/** The page's params when `path` matches `pattern` (`:name` one segment); `*` matches every page. */
export function matchPage(pattern: string, path: string): Record<string, string> | undefined {
  if (pattern === '*') return {};
  if (path.length > MAX_PATH) return undefined;
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length || got.length > MAX_SEGMENTS) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) {
      if (!PARAM.test(g)) return undefined;
      params[w.slice(1)] = g;
    } else if (w !== g) return undefined;
  }
  return params;
}

/** A read's key from its url (path and query): the one both sides compute. */
export function readKey(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : bootReadKey(url.slice(0, at), url.slice(at + 1));
}

const fill = (read: string, params: Record<string, string>) =>
  read.replace(/:(\w+)/g, (whole, name: string) => (params[name] !== undefined ? encodeURIComponent(params[name]) : whole));

/** The reads a page's first screen makes, from every module's `firstScreen`, each once. */
export function readsFor(path: string, declared: readonly FirstScreenReads[] = firstScreenReads()): string[] {
  const out = new Set<string>();
  for (const { page, reads } of declared) {
    const params = matchPage(page, path);
    if (!params) continue;
    for (const read of reads) {
      const url = fill(read, params);
      if (!url.includes('/:')) out.add(readKey(url));
    }
  }
  return [...out];
}

/** Who a read of the API is made for: the page's member, with the page's cookies, language and address. */
export interface PageMember {
  appKey: string;
  token: string;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  ip: string;
}

/**
 * A GET of our own API as the page's member, in-process (`app.inject`): the same auth, tenant checks,
 * language and answer as the browser's own call. The answer keeps its type and pagination headers.
 */
export async function readAsMember(
  app: FastifyInstance,
  who: PageMember,
  url: string,
): Promise<{ status: number; body: string; headers: Record<string, string> }> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: {
      'app-key': who.appKey,
      'access-token': who.token,
      accept: 'application/json',
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.acceptLanguage ? { 'accept-language': who.acceptLanguage } : {}),
    },
    remoteAddress: who.ip,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if ((name === 'content-type' || name.startsWith(PAGINATION_PREFIX)) && typeof value === 'string') headers[name] = value;
  }
  return { status: res.statusCode, body: res.body, headers };
}

/**
 * The first screen's data for a signed-in navigation: each read answered by the API itself (the
 * same checks, language and answer as the browser's own call would get), in-process. Nothing when
 * the cookie holds no token, another app's token, or a token the API refuses (the page then asks as
 * before).
 */
export async function bootData(app: FastifyInstance, req: FastifyRequest, tenant: AppRow): Promise<BootData | undefined> {
  const token = readCookie(req.headers.cookie, tokenCookie(tenant.key));
  if (!token || token.length > 200) return undefined;
  // The API takes the app from the token: a token of another app would answer that app's data.
  const found = await app.ctx.tokens.resolve(token);
  if (!found || found.appId !== tenant.id) return undefined;
  const path = req.url.split('?')[0] ?? '/';
  const reads = readsFor(path);
  if (reads.length === 0) return undefined;
  const who = { appKey: tenant.key, token, cookie: req.headers.cookie, acceptLanguage: req.headers['accept-language'], ip: req.ip };
  const answers = await Promise.all(reads.map(async (url) => ({ url, res: await readAsMember(app, who, url) })));
  if (answers.some(({ res }) => res.status === 401)) return undefined;
  const out: BootData = { user_id: found.userId, at: Date.now(), reads: {} };
  for (const { url, res } of answers) {
    if (res.status !== 200 || !(res.headers['content-type'] ?? '').includes('application/json')) continue;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (name.startsWith(PAGINATION_PREFIX)) headers[name] = value;
    out.reads[url] = { body: JSON.parse(res.body) as unknown, headers };
  }
  return out;
}
