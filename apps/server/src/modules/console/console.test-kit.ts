import type { LightMyRequestResponse } from 'fastify';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';

/** A console caller of the tests: their access token and user id. */
export interface Caller {
  token: string;
  id: number;
}

/**
 * Every kind of caller a console call must be tried with: an operator (of another app: operators
 * reach every app), the app's owner, its moderator, a plain member, the owner of another app, and
 * nobody (`anon`, no token). `other` is that other app.
 */
export interface Cast {
  tenant: Tenant;
  other: Tenant;
  operator: Caller;
  owner: Caller;
  moderator: Caller;
  member: Caller;
  stranger: Caller;
}

const caller = ({ user, token }: { user: { id: number }; token: string }): Caller => ({ token, id: user.id });

export async function makeCast(t: TestApp, opts: { modules?: readonly string[] } = {}): Promise<Cast> {
  const tenant = await makeTenant(t, { modules: opts.modules ?? [] });
  const other = await makeTenant(t, { modules: opts.modules ?? [] });
  const platform = await makeTenant(t);
  return {
    tenant,
    other,
    operator: caller(await makeUser(t, platform, { isOperator: true, firstName: 'Olga', lastName: 'Operator' })),
    owner: caller(await makeUser(t, tenant, { isAdmin: true, firstName: 'Owen', lastName: 'Owner' })),
    moderator: caller(await makeUser(t, tenant, { isModerator: true, firstName: 'Mona', lastName: 'Moderator' })),
    member: caller(await makeUser(t, tenant, { firstName: 'Mel', lastName: 'Member' })),
    stranger: caller(await makeUser(t, other, { isAdmin: true, firstName: 'Stan', lastName: 'Stranger' })),
  };
}

/** A console call as the browser makes it: JSON in, `access-token` when a caller is given. */
export function consoleCall(
  t: TestApp,
  who: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: url.startsWith('/console/api') ? url : `/console/api${url}`,
    headers: who ? { 'access-token': who.token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * The statuses of one call for every caller of the cast, to compare with what the role rules say:
 * e.g. `{ operator: 200, owner: 200, moderator: 403, member: 403, stranger: 404, anon: 401 }`.
 * `fresh` makes the payload per caller (a create that must not collide).
 */
export async function statusesFor(
  t: TestApp,
  cast: Cast,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown | ((who: string) => unknown),
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const who: Array<[string, Caller | undefined]> = [
    ['anon', undefined],
    ['member', cast.member],
    ['stranger', cast.stranger],
    ['moderator', cast.moderator],
    ['owner', cast.owner],
    ['operator', cast.operator],
  ];
  for (const [name, c] of who) {
    const body = typeof payload === 'function' ? (payload as (w: string) => unknown)(name) : payload;
    out[name] = (await consoleCall(t, c, method, url, body)).statusCode;
  }
  return out;
}
