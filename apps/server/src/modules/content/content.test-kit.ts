import { type Post, type PostInput, post as postSchema } from '@app/contract/schemas/content';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';

/** What the content tests share: their people and an HTTP call as a member makes it. */

export type Member = { user: { id: number }; token: string };

export interface ContentWorld {
  tenant: Tenant;
  /** The tenant's modules, in the order asked for. */
  modules: ModuleRow[];
  owner: Member;
  member: Member;
  admin: Member;
  /** A member of another app, and that app's blog. */
  stranger: Member;
  strangerBlogs: ModuleRow;
}

/** A tenant with these module types, an author, another member, the app's admin, and a member of another app. */
export async function contentWorld(t: TestApp, types: string[]): Promise<ContentWorld> {
  const tenant = await makeTenant(t, { modules: types });
  const owner = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner' });
  const member = await makeUser(t, tenant, { firstName: 'Max', lastName: 'Member' });
  const admin = await makeUser(t, tenant, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  const other = await makeTenant(t, { modules: ['blogs'] });
  const stranger = await makeUser(t, other);
  return { tenant, modules: [...tenant.modules], owner, member, admin, stranger, strangerBlogs: other.modules[0] as ModuleRow };
}

/** A signed-in call through the app (no network), JSON body when given. */
export function caller(t: () => TestApp) {
  return (token: string, method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t().app.inject({
      method,
      url,
      headers: { 'access-token': token, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

/** Publishing and reading a post as a member, expecting 200 and the contract's shape. */
export function postCalls(call: ReturnType<typeof caller>) {
  return {
    async create(token: string, m: ModuleRow, body: PostInput): Promise<Post> {
      const res = await call(token, 'POST', `/content/${m.id}/posts`, body);
      expect(res.statusCode, res.body).toBe(200);
      return postSchema.parse(res.json());
    },
    async read(token: string, m: ModuleRow, id: number): Promise<Post> {
      const res = await call(token, 'GET', `/content/${m.id}/posts/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return postSchema.parse(res.json());
    },
  };
}
