import { and, eq, notLike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, login, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf, updateApp } from '../../../test/helpers.ts';
import { users } from '../users/users.table.ts';
import { audit } from './console.audit.ts';
import { addOperator, operatorFromEnv } from './console.operators.ts';
import { loadActor, requireConsoleApp } from './console.policy.ts';
import { consoleAudit } from './console.table.ts';
import { consoleCall, makeCast } from './console.test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function consoleLogin(email: string, password = 'demo1234!', app?: string) {
  return t.app.inject({ method: 'POST', url: '/console/api/auth/login', payload: { email, password, ...(app ? { app } : {}) } });
}

describe('console sign-in', () => {
  it('signs in the demo operator and the demo moderator, each seeing the apps their role opens', async () => {
    const op = await consoleLogin('admin@demo.test');
    expect(op.statusCode, op.body).toBe(200);
    const me = await consoleCall(t, { token: op.json().access_token, id: 0 }, 'GET', '/me');
    expect(me.statusCode).toBe(200);
    const keys = (me.json().apps as Array<{ key: string; role: string }>).map((a) => `${a.key}:${a.role}`);
    expect(keys).toEqual(expect.arrayContaining(['demo:operator', 'demo-dark:operator']));
    expect(me.json().is_operator).toBe(true);

    const mod = await consoleLogin('mod@demo.test');
    expect(mod.statusCode, mod.body).toBe(200);
    const modMe = (await consoleCall(t, { token: mod.json().access_token, id: 0 }, 'GET', '/me')).json();
    expect(modMe.apps.map((a: { key: string; role: string }) => `${a.key}:${a.role}`)).toEqual(['demo:moderator']);
  });

  it('answers an attendee and a wrong password alike, and refuses an attendee token with 403', async () => {
    for (const [email, password] of [
      ['anna@demo.test', 'demo1234!'],
      ['admin@demo.test', 'wrong-password'],
      ['nobody@demo.test', 'demo1234!'],
    ] as const) {
      const r = await consoleLogin(email, password);
      expect(r.statusCode).toBe(422);
      expect(fieldErrorsOf(r)).toEqual([{ field: 'password', message: 'Your Email or Password is incorrect' }]);
    }
    const anna = await login(t.app, 'anna@demo.test');
    expect((await consoleCall(t, { token: anna, id: 0 }, 'GET', '/me')).statusCode).toBe(403);
    expect((await consoleCall(t, undefined, 'GET', '/me')).statusCode).toBe(401);
    expect((await consoleCall(t, { token: 'x'.repeat(43), id: 0 }, 'GET', '/me')).statusCode).toBe(401);
  });

  it('asks which app when one address owns several with the same password, and takes the key', async () => {
    const a = await makeTenant(t);
    const b = await makeTenant(t);
    for (const tenant of [a, b]) await makeUser(t, tenant, { email: 'twice@owner.test', isAdmin: true, password: 'Sec-ret-99' });
    const ask = await consoleLogin('twice@owner.test', 'Sec-ret-99');
    expect(ask.statusCode).toBe(422);
    expect(fieldErrorsOf(ask).map((f) => f.field)).toEqual(['app']);
    const chosen = await consoleLogin('twice@owner.test', 'Sec-ret-99', b.app.key);
    expect(chosen.statusCode).toBe(200);
    const me = (await consoleCall(t, { token: chosen.json().access_token, id: 0 }, 'GET', '/me')).json();
    expect(me.apps.map((x: { id: number }) => x.id)).toEqual([b.app.id]);
  });

  it('lets the owner of a locked, unpublished app into the console; a blocked owner is out everywhere', async () => {
    const tenant = await makeTenant(t, { isLocked: true, isPublished: false });
    const owner = await makeUser(t, tenant, { isAdmin: true, password: 'Sec-ret-99', email: 'locked@owner.test' });
    expect((await consoleCall(t, { token: owner.token, id: owner.user.id }, 'GET', '/me')).statusCode).toBe(200);
    // Blocked by hand in SQL: the users trigger drops the cached account on every node (by NOTIFY, a moment later).
    await t.app.ctx.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, owner.user.id));
    await vi.waitFor(
      async () => expect((await consoleCall(t, { token: owner.token, id: owner.user.id }, 'GET', '/me')).statusCode).toBe(401),
      { timeout: 2000, interval: 20 },
    );
    expect((await consoleLogin('locked@owner.test', 'Sec-ret-99')).statusCode).toBe(422);
    await updateApp(t, tenant.app.key, { isLocked: false, isPublished: true });
    const attendee = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': tenant.app.key },
      payload: { email: 'locked@owner.test', password: 'Sec-ret-99' },
    });
    expect(fieldErrorsOf(attendee)).toEqual([{ field: '_popup', message: 'This account has been blocked by the organisers.' }]);
  });
});

describe('console roles', () => {
  it('opens an app by role: 404 for another app, 403 beyond the role', async () => {
    const cast = await makeCast(t);
    const actor = async (c: { token: string }) => {
      const a = await loadActor(t.app.ctx, c.token);
      if (!a) throw new Error('no actor');
      return a;
    };
    const appId = cast.tenant.app.id;
    const status = (p: Promise<unknown>) =>
      p.then(
        () => 200,
        (e: { statusCode?: number }) => e.statusCode ?? 500,
      );
    const table: Record<string, [number, number]> = {};
    for (const name of ['operator', 'owner', 'moderator', 'member', 'stranger'] as const) {
      const a = await actor(cast[name]);
      table[name] = [
        await status(requireConsoleApp(t.app.ctx, a, appId, 'owner')),
        await status(requireConsoleApp(t.app.ctx, a, appId, 'moderator')),
      ];
    }
    expect(table).toEqual({
      operator: [200, 200],
      owner: [200, 200],
      moderator: [403, 200],
      member: [403, 403],
      stranger: [404, 404],
    });
    expect(await status(requireConsoleApp(t.app.ctx, await actor(cast.operator), 999_999, 'owner'))).toBe(404);
  });

  it('keeps secrets out of the audit log and signs out by revoking the token', async () => {
    const cast = await makeCast(t);
    const a = await loadActor(t.app.ctx, cast.owner.token);
    if (!a) throw new Error('no actor');
    await audit(t.app.ctx.db, a, {
      appId: cast.tenant.app.id,
      action: 'test.secret',
      before: { clientSecret: 'abc', name: 'x' },
      after: { password: 'p', name: 'y' },
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.appId, cast.tenant.app.id), eq(consoleAudit.action, 'test.secret')));
    expect(row?.before).toEqual({ clientSecret: '•••', name: 'x' });
    expect(row?.after).toEqual({ password: '•••', name: 'y' });
    expect(row?.actorName).toBe('Owen Owner');
    expect((await consoleCall(t, cast.owner, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect((await consoleCall(t, cast.owner, 'GET', '/me')).statusCode).toBe(401);
  });
});

describe('operators', () => {
  it('makes the first operator from OPERATOR_EMAIL once, and `add` promotes an existing account', async () => {
    // The demo's operator (public password) does not count as one: the real one is made and takes the role.
    const demoAdmin = () =>
      t.app.ctx.db
        .select({ isOperator: users.isOperator })
        .from(users)
        .where(eq(users.email, 'admin@demo.test'))
        .then((rows) => rows.map((r) => r.isOperator));
    expect(await demoAdmin()).toContain(true);
    // The operators the other tests of this file made (factory accounts) go first: only the demo's is left.
    await t.app.ctx.db.update(users).set({ isOperator: false }).where(notLike(users.email, '%@demo.test'));
    const made = await operatorFromEnv(t.app.ctx.db, { OPERATOR_EMAIL: 'First@Boss.test', OPERATOR_PASSWORD: 'Sec-ret-99' });
    expect(made).toMatchObject({ email: 'first@boss.test', appKey: 'demo', created: true });
    expect(await demoAdmin()).not.toContain(true);
    expect(await operatorFromEnv(t.app.ctx.db, { OPERATOR_EMAIL: 'second@boss.test' })).toBeUndefined();
    const signedIn = await consoleLogin('first@boss.test', 'Sec-ret-99');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const again = await addOperator(t.app.ctx.db, 'anna@demo.test', { appKey: 'demo-dark' });
    expect(again).toMatchObject({ created: false, appKey: 'demo-dark' });
    expect((await consoleLogin('anna@demo.test', 'demo1234!')).statusCode).toBe(200);
    await expect(addOperator(t.app.ctx.db, 'not-an-address')).rejects.toThrow(/not an e-mail/);
  });
});
