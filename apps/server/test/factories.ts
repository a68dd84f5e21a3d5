import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/lib/passwords.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';
import type { AppRow, ModuleRow } from '../src/modules/apps/apps.queries.ts';
import { appModules, apps } from '../src/modules/apps/apps.table.ts';
import { insertAccessToken } from '../src/modules/auth/auth.queries.ts';
import { insertUser, type NewUser, type UserRow } from '../src/modules/users/users.queries.ts';
import { addBubbles } from '../src/platform/bubbles.ts';
import type { TestApp } from './harness.ts';

/**
 * Fixtures a test makes for itself, straight through the database of a test app, so that it does
 * not depend on what the demo seed holds (which grows with every module).
 */

/** A short random suffix for keys and e-mail addresses that must be unique. */
const unique = () => randomBytes(4).toString('hex');

/** A tenant: its app row and its menu modules in position order. */
export interface Tenant {
  app: AppRow;
  modules: ModuleRow[];
}

/** Creates a published, unlocked app with a unique key and one menu module per type in `modules`. */
export async function makeTenant(
  t: TestApp,
  opts: Partial<typeof apps.$inferInsert> & { modules?: readonly string[] } = {},
): Promise<Tenant> {
  const { modules: types = [], ...values } = opts;
  const key = values.key ?? `t-${unique()}`;
  const [app] = await t.app.ctx.db
    .insert(apps)
    .values({ name: `Tenant ${key}`, isPublished: true, isLocked: false, ...values, key })
    .returning();
  if (!app) throw new Error('insert apps returned nothing');
  const tenant: Tenant = { app, modules: [] };
  for (const type of types) await makeModule(t, tenant, type);
  t.app.ctx.apps.invalidate();
  return tenant;
}

/** Adds a menu module of `type` to a tenant, after its last one unless `position` says otherwise. */
export async function makeModule(
  t: TestApp,
  tenant: Tenant,
  type: string,
  opts: Partial<Omit<typeof appModules.$inferInsert, 'appId' | 'type'>> = {},
): Promise<ModuleRow> {
  const [row] = await t.app.ctx.db
    .insert(appModules)
    .values({
      name: type,
      iconName: type,
      position: sql`(select coalesce(max(${appModules.position}), 0) + 1 from ${appModules} where ${appModules.appId} = ${tenant.app.id})`,
      ...opts,
      appId: tenant.app.id,
      type,
    })
    .returning();
  if (!row) throw new Error('insert app_modules returned nothing');
  tenant.modules.push(row);
  tenant.modules.sort((a, b) => a.position - b.position);
  t.app.ctx.apps.invalidate();
  return row;
}

/**
 * Creates a confirmed user in a tenant and a live access token for the `access-token` header,
 * as a sign-in would store it; `password` (hashed like a sign-up's) only when a test signs in.
 */
export async function makeUser(
  t: TestApp,
  tenant: Tenant,
  opts: Partial<Omit<NewUser, 'appId' | 'passwordHash'>> & { password?: string } = {},
): Promise<{ user: UserRow; token: string }> {
  const { password, ...values } = opts;
  const id = unique();
  const user = await insertUser(t.app.ctx.db, {
    email: `user-${id}@factory.test`,
    firstName: 'User',
    lastName: id,
    emailConfirmedAt: new Date(),
    ...values,
    appId: tenant.app.id,
    passwordHash: password === undefined ? null : await hashPassword(password),
  });
  const token = newToken();
  await insertAccessToken(t.app.ctx.db, user.id, hashToken(token), new Date(Date.now() + 86_400_000));
  return { user, token };
}

/**
 * Unread items for a user, as the modules would write them: `{ chats: 3, activity: 1 }` gives items
 * 1..3 of the tenant's chats module and item 1 of its activity module (through the bubbles service).
 */
export async function giveBubbles(t: TestApp, tenant: Tenant, userId: number, counts: Record<string, number>): Promise<void> {
  for (const [type, count] of Object.entries(counts)) {
    const mod = tenant.modules.find((m) => m.type === type);
    if (!mod) throw new Error(`tenant has no ${type} module`);
    for (let item = 1; item <= count; item++) await addBubbles(t.app.ctx, tenant.app.id, mod.id, item, [userId]);
  }
}
