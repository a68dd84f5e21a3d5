import { INVITES_PER_DAY } from '@app/contract/schemas/console-members';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, multipart, pageHeaders } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { accessTokens } from '../../auth/auth.table.ts';
import { users } from '../../users/users.table.ts';
import { csvCell } from '../console.csv.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';
import { inviteMailerIdle } from './members.mails.ts';
import { consoleInviteMails } from './members.table.ts';

let t: TestApp;
let cast: Cast;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  cast = await makeCast(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(() => t.close());

const m = (path = '') => `/apps/${cast.tenant.app.id}/members${path}`;
const db = () => t.app.ctx.db;

function upload(who: Caller | undefined, path: string, csv: string, cookie?: string) {
  const body = multipart('file', 'members.csv', Buffer.from(csv, 'utf8'), 'text/csv');
  return t.app.inject({
    method: 'POST',
    url: `/console/api${path}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { 'access-token': who.token } : {}), ...(cookie ? { cookie } : {}) },
  });
}

async function auditActions(appId: number) {
  const rows = await db().select({ action: consoleAudit.action }).from(consoleAudit).where(eq(consoleAudit.appId, appId));
  return rows.map((r) => r.action);
}

const ONLY_OWNERS = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };

describe('console members: roles of every call', () => {
  it('lets owners and operators in, 403 beyond the role, 404 from another app, 401 signed out', async () => {
    const target = await makeUser(t, cast.tenant, { firstName: 'Tara', lastName: 'Target' });
    const id = target.user.id;
    expect(await statusesFor(t, cast, 'GET', m())).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'GET', m(`/${id}`))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'PUT', m(`/${id}/roles`), { owner: false, moderator: true })).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', m(`/${id}/block`))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', m(`/${id}/unblock`))).toEqual(ONLY_OWNERS);
    expect(await statusesFor(t, cast, 'POST', m('/invite'), (who: string) => ({ email: `matrix-${who}@invite.test` }))).toEqual(
      ONLY_OWNERS,
    );
    const pending = await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'pending-matrix@invite.test' });
    const pid = pending.json().id as number;
    const resend = await statusesFor(t, cast, 'POST', m(`/${pid}/invite/resend`));
    expect(resend).toEqual(ONLY_OWNERS);
    const revokeNot = { ...ONLY_OWNERS, operator: 404 };
    expect(await statusesFor(t, cast, 'DELETE', m(`/${pid}/invite`))).toEqual(revokeNot); // the owner's call revoked it
    for (const path of ['/import/preview', '/import']) {
      const got: Record<string, number> = {};
      for (const [name, who] of Object.entries({
        anon: undefined,
        member: cast.member,
        stranger: cast.stranger,
        moderator: cast.moderator,
      })) {
        got[name] = (await upload(who, m(path), 'email,first_name,last_name\n')).statusCode;
      }
      expect(got).toEqual({ anon: 401, member: 403, stranger: 404, moderator: 403 });
    }
    const exp = async (who: Caller | undefined) =>
      (await t.app.inject({ method: 'GET', url: `/console/api${m('/export.csv')}`, headers: who ? { 'access-token': who.token } : {} }))
        .statusCode;
    expect([
      await exp(undefined),
      await exp(cast.member),
      await exp(cast.stranger),
      await exp(cast.moderator),
      await exp(cast.owner),
    ]).toEqual([401, 403, 404, 403, 200]);
    const victim = await makeUser(t, cast.tenant);
    const del = await statusesFor(t, cast, 'DELETE', m(`/${victim.user.id}`));
    expect(del).toEqual({ ...ONLY_OWNERS, operator: 404 });
  });

  it('answers 404 for a user id of another app, for every call about one member', async () => {
    const foreign = await makeUser(t, cast.other);
    const id = foreign.user.id;
    for (const [method, path, body] of [
      ['GET', `/${id}`],
      ['PUT', `/${id}/roles`, { owner: false, moderator: true }],
      ['POST', `/${id}/block`],
      ['POST', `/${id}/unblock`],
      ['POST', `/${id}/invite/resend`],
      ['DELETE', `/${id}/invite`],
      ['DELETE', `/${id}`],
    ] as const) {
      const r = await consoleCall(t, cast.owner, method, m(path), body);
      expect(r.statusCode, `${method} ${path}`).toBe(404);
    }
    const [still] = await db().select().from(users).where(eq(users.id, id));
    expect(still?.blockedAt).toBeNull();
    expect(still?.deletedAt).toBeNull();
    // Nor does another app's list show them.
    const list = await consoleCall(t, cast.owner, 'GET', m(`?q=${encodeURIComponent(foreign.user.email)}`));
    expect(list.json()).toEqual([]);
  });
});

describe('console members: list and profile', () => {
  it('pages, searches by name, e-mail and company, filters by role and status; deleted accounts are not listed', async () => {
    const tenant = cast.tenant;
    await makeUser(t, tenant, { firstName: 'Zelda', lastName: 'Zimmer', company: 'Acme Rockets' });
    await makeUser(t, tenant, { firstName: 'Yusuf', lastName: 'Young', email: 'yusuf@findme.test' });
    await makeUser(t, tenant, { firstName: 'Gone', lastName: 'Person', company: 'Acme Rockets', deletedAt: new Date() });
    await makeUser(t, tenant, { firstName: 'Bea', lastName: 'Blocked', blockedAt: new Date() });
    await makeUser(t, tenant, { firstName: 'Una', lastName: 'Unconfirmed', emailConfirmedAt: null, password: 'Sec-ret-99' });
    const all = await consoleCall(t, cast.owner, 'GET', m('?per-page=2'));
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(2);
    const headers = pageHeaders(all);
    expect(headers.perPage).toBe(2);
    const total = headers.totalCount;
    expect(total).toBeGreaterThanOrEqual(8);
    const names = async (qs: string) =>
      ((await consoleCall(t, cast.owner, 'GET', m(`?per-page=100&${qs}`))).json() as Array<{ name: string }>).map((r) => r.name);
    expect(await names('q=acme')).toEqual(['Zelda Zimmer']);
    expect(await names('q=FINDME')).toEqual(['Yusuf Young']);
    expect(await names('q=zelda%20zim')).toEqual(['Zelda Zimmer']);
    expect(await names('q=%25%25')).toEqual([]);
    expect(await names('role=owner')).toEqual(['Owen Owner']);
    expect(await names('role=moderator')).toEqual(['Mona Moderator', 'Tara Target']); // made moderator above
    expect(await names('status=blocked')).toEqual(['Bea Blocked']);
    expect(await names('status=unconfirmed')).toEqual(['Una Unconfirmed']);
    expect(await names('role=member')).not.toContain('Owen Owner');
    expect(await names('')).not.toContain('Gone Person');
    const bad = await consoleCall(t, cast.owner, 'GET', m('?status=sleeping&role=king'));
    expect(bad.statusCode).toBe(422);
    expect(
      fieldErrorsOf(bad)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['role', 'status']);
    const past = await consoleCall(t, cast.owner, 'GET', m('?page=999'));
    expect(past.json()).toEqual([]);
    expect(pageHeaders(past).totalCount).toBe(total);
  });

  it('shows a member at a glance with counts and sessions', async () => {
    const who = await makeUser(t, cast.tenant, { firstName: 'Glance', lastName: 'Person', jobTitle: 'CTO', location: 'Berlin' });
    const r = await consoleCall(t, cast.owner, 'GET', m(`/${who.user.id}`));
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      id: who.user.id,
      name: 'Glance Person',
      job_title: 'CTO',
      location: 'Berlin',
      status: 'active',
      roles: { owner: false, moderator: false, operator: false },
      counts: { registrations: 0, posts: 0, comments: 0, reports: 0, sessions: 1 },
      invitation: null,
    });
    expect(r.json().last_sign_in_at).toEqual(expect.any(String));
    expect(r.json()).not.toHaveProperty('password_hash');
  });
});

describe('console members: invitations', () => {
  it('invites an address (mail with the invitation link), which then sets a password and signs in', async () => {
    const before = t.mailer.outbox().length;
    const r = await consoleCall(t, cast.owner, 'POST', m('/invite'), {
      email: ' New.Person@Invite.test ',
      first_name: 'New',
      last_name: 'Person',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ email: 'new.person@invite.test', status: 'invited', name: 'New Person' });
    expect(t.mailer.outbox().length).toBe(before + 1);
    const mail = t.mailer.outbox()[0];
    expect(mail?.to).toBe('new.person@invite.test');
    expect(mail?.link).toContain('/login/confirmInvite?token=');
    const token = new URL(mail?.link ?? '').searchParams.get('token');
    const profile = await consoleCall(t, cast.owner, 'GET', m(`/${r.json().id}`));
    expect(profile.json().invitation).toEqual({ expires_at: expect.any(String) });

    const again = await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'NEW.person@invite.test' });
    expect(again.statusCode).toBe(422);
    expect(fieldErrorsOf(again)).toEqual([{ field: 'email', message: 'This address already has an account in this app' }]);
    const bad = await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'not-an-address' });
    expect(fieldErrorsOf(bad).map((f) => f.field)).toEqual(['email']);

    const joined = await t.app.inject({
      method: 'POST',
      url: '/auth/confirm-invite',
      headers: { 'app-key': cast.tenant.app.key },
      payload: { token, password: 'Welcome-42!' },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const row = (await consoleCall(t, cast.owner, 'GET', m(`/${r.json().id}`))).json();
    expect(row.status).toBe('active');
    expect(await auditActions(cast.tenant.app.id)).toContain('member.invite');
  });

  it('resends (the older link dies) and revokes a pending invitation; the address may be invited again', async () => {
    const made = (await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'twice@invite.test' })).json();
    const first = new URL(t.mailer.outbox()[0]?.link ?? '').searchParams.get('token');
    const resent = await consoleCall(t, cast.owner, 'POST', m(`/${made.id}/invite/resend`));
    expect(resent.statusCode).toBe(200);
    const second = new URL(t.mailer.outbox()[0]?.link ?? '').searchParams.get('token');
    expect(second).not.toBe(first);
    const check = (token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/check-token',
        headers: { 'app-key': cast.tenant.app.key },
        payload: { token, kind: 'invite' },
      });
    expect((await check(first)).statusCode).toBe(422);
    expect((await check(second)).statusCode).toBe(200);
    // Three links an hour at most.
    expect((await consoleCall(t, cast.owner, 'POST', m(`/${made.id}/invite/resend`))).statusCode).toBe(200);
    const fourth = await consoleCall(t, cast.owner, 'POST', m(`/${made.id}/invite/resend`));
    expect(fieldErrorsOf(fourth)[0]?.field).toBe('_popup');

    const revoked = await consoleCall(t, cast.owner, 'DELETE', m(`/${made.id}/invite`));
    expect(revoked.statusCode).toBe(200);
    expect((await check(second)).statusCode).toBe(422);
    expect((await consoleCall(t, cast.owner, 'GET', m(`/${made.id}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'twice@invite.test' })).statusCode).toBe(200);
    // A member who joined has no invitation to resend or revoke.
    const active = await makeUser(t, cast.tenant);
    expect((await consoleCall(t, cast.owner, 'DELETE', m(`/${active.user.id}/invite`))).statusCode).toBe(422);
    expect((await consoleCall(t, cast.owner, 'POST', m(`/${active.user.id}/invite/resend`))).statusCode).toBe(422);
    expect(await auditActions(cast.tenant.app.id)).toEqual(expect.arrayContaining(['member.invite.resend', 'member.invite.revoke']));
  });
});

describe('console members: CSV import', () => {
  it('previews errors with line and column, writes nothing, and refuses to import a bad file', async () => {
    const existing = await makeUser(t, cast.tenant, { email: 'already@csv.test' });
    const csv = [
      'email,first_name,last_name,company',
      'ok1@csv.test,Ann,One,Acme',
      'not-an-address,Bob,Two,',
      'ok2@csv.test,,Three,',
      `${existing.user.email},Al,Ready,`,
      'OK1@csv.test,Dup,Licate,',
      'short@csv.test,Only',
      '"quoted@csv.test","Quo, ted","Name","=HYPERLINK(""x"")"',
    ].join('\n');
    const count = async () => (await db().select({ id: users.id }).from(users).where(eq(users.appId, cast.tenant.app.id))).length;
    const n = await count();
    const p = await upload(cast.owner, m('/import/preview'), csv);
    expect(p.statusCode, p.body).toBe(200);
    const preview = p.json();
    expect(preview.errors).toEqual([
      { line: 3, column: 'email', message: 'Not a valid e-mail address' },
      { line: 4, column: 'first_name', message: 'Required' },
      { line: 6, column: 'email', message: 'The same address is on line 2' },
      { line: 7, column: '', message: 'This row has 2 cells, the header 4' },
    ]);
    expect(preview.to_create).toBe(2);
    expect(preview.already_members).toBe(1);
    expect(preview.rows.map((r: { email: string; line: number }) => `${r.line}:${r.email}`)).toEqual([
      '2:ok1@csv.test',
      '8:quoted@csv.test',
    ]);
    expect(preview.rows[1]).toMatchObject({ first_name: 'Quo, ted', company: '=HYPERLINK("x")' });
    const de = await upload(cast.owner, m('/import/preview'), csv, 'locale=de_DE');
    expect(de.json().errors[0].message).toBe('Keine gültige E-Mail-Adresse');

    const refused = await upload(cast.owner, m('/import'), csv);
    expect(refused.statusCode).toBe(422);
    const fields = fieldErrorsOf(refused);
    expect(fields[0]).toEqual({ field: '_popup', message: 'Errors in the file: 4. Nothing was imported.' });
    expect(fields.slice(1).map((f) => f.field)).toEqual(['line.3.email', 'line.4.first_name', 'line.6.email', 'line.7']);
    expect(await count()).toBe(n);
  });

  it('reports a bad header, an unreadable file, an empty one, a file too long and one too large', async () => {
    const first = async (csv: string) => (await upload(cast.owner, m('/import/preview'), csv)).json().errors[0];
    expect(await first('mail,first_name,last_name\na@b.test,A,B')).toMatchObject({ line: 1, column: 'mail' });
    expect(await first('email,first_name\na@b.test,A')).toMatchObject({ line: 1, column: 'last_name', message: 'This column is required' });
    expect(await first('email,first_name,last_name\n"a@b.test,A,B\n')).toMatchObject({
      message: expect.stringContaining('cannot be read'),
    });
    expect(await first('email,first_name,last_name\n')).toMatchObject({ line: 2, message: 'The file has no members' });
    const long = ['email,first_name,last_name', ...Array.from({ length: 10_001 }, (_, i) => `p${i}@long.test,A,B`)].join('\n');
    expect(await first(long)).toMatchObject({ line: 10_002, message: 'At most 10000 members per file' });
    const big = await upload(cast.owner, m('/import/preview'), `email,first_name,last_name\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(422);
    expect(fieldErrorsOf(big)[0]?.field).toBe('file');
    const none = await consoleCall(t, cast.owner, 'POST', m('/import/preview'), {});
    expect(none.statusCode).toBe(422);
    // Semicolons (a spreadsheet in German) are read as well.
    const semi = await upload(cast.owner, m('/import/preview'), 'email;first_name;last_name\nsemi@csv.test;Se;Mi');
    expect(semi.json()).toMatchObject({ to_create: 1, errors: [] });
  });

  it('imports a clean file in one go and sends the invitations in the background', async () => {
    const tenant = cast.tenant;
    const rows = Array.from({ length: 120 }, (_, i) => `bulk${i}@csv.test,Bulk,Member ${i},Acme,Engineer`);
    const csv = ['email,first_name,last_name,company,job_title', ...rows, 'already@csv.test,Al,Ready,,'].join('\r\n');
    const before = t.mailer.outbox().length;
    const r = await upload(cast.owner, m('/import'), csv);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ created: 120, already_members: 1, mails_queued: 120 });
    await inviteMailerIdle(t.app.ctx);
    expect(t.mailer.outbox().length).toBe(before + 120);
    expect(await db().select().from(consoleInviteMails).where(eq(consoleInviteMails.appId, tenant.app.id))).toEqual([]);
    const listed = await consoleCall(t, cast.owner, 'GET', m('?q=bulk&status=invited&per-page=5'));
    expect(pageHeaders(listed).totalCount).toBe(120);
    expect(listed.json()[0]).toMatchObject({ company: 'Acme', job_title: 'Engineer', status: 'invited' });
    // Importing the same file again makes nobody new.
    const again = await upload(cast.owner, m('/import'), csv);
    expect(again.json()).toEqual({ created: 0, already_members: 121, mails_queued: 0 });
    expect(await auditActions(tenant.app.id)).toContain('member.import');
  });
});

describe('console members: roles', () => {
  it('gives and takes owner and moderator; the last owner cannot step down; only operators touch operators', async () => {
    const cast2 = await makeCast(t);
    const url = (id: number) => `/apps/${cast2.tenant.app.id}/members/${id}/roles`;
    const mel = cast2.member.id;
    const up = await consoleCall(t, cast2.owner, 'PUT', url(mel), { owner: false, moderator: true });
    expect(up.json().roles).toEqual({ owner: false, moderator: true, operator: false });
    const self = await consoleCall(t, cast2.owner, 'PUT', url(cast2.owner.id), { owner: false, moderator: false });
    expect(self.statusCode).toBe(422);
    expect(fieldErrorsOf(self)[0]?.field).toBe('owner');
    await consoleCall(t, cast2.owner, 'PUT', url(mel), { owner: true, moderator: false });
    const step = await consoleCall(t, cast2.owner, 'PUT', url(cast2.owner.id), { owner: false, moderator: true });
    expect(step.statusCode).toBe(200);
    // The old owner lost the console's owner part at once.
    expect((await consoleCall(t, cast2.owner, 'GET', `/apps/${cast2.tenant.app.id}/members`)).statusCode).toBe(403);
    const bad = await consoleCall(t, cast2.member, 'PUT', url(mel), { owner: 'yes' });
    expect(
      fieldErrorsOf(bad)
        .map((f) => f.field)
        .sort(),
    ).toEqual(['moderator', 'owner']);
    const op = await makeUser(t, cast2.tenant, { isOperator: true });
    const touch = await consoleCall(t, cast2.member, 'POST', `/apps/${cast2.tenant.app.id}/members/${op.user.id}/block`);
    expect(touch.statusCode).toBe(422);
    const [row] = await db()
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.appId, cast2.tenant.app.id), eq(consoleAudit.action, 'member.roles')));
    expect(row).toMatchObject({
      targetId: String(mel),
      before: { owner: false, moderator: false },
      after: { owner: false, moderator: true },
    });
  });
});

describe('console members: blocking and deletion', () => {
  it('blocks: every token 401 at once, the socket disconnected, no sign-in by password, link or reset; unblock lets them back', async () => {
    const victim = await makeUser(t, cast.tenant, { email: 'victim@block.test', password: 'Sec-ret-99' });
    const other = await makeUser(t, cast.tenant);
    const me = (token: string) => t.app.inject({ method: 'GET', url: '/user/profile', headers: { 'access-token': token } });
    expect((await me(victim.token)).statusCode).toBe(200);
    const socket = socketClient(base, victim.token);
    await connected(socket);
    let gone = false;
    socket.on('disconnect', () => {
      gone = true;
    });
    const blocked = await consoleCall(t, cast.owner, 'POST', m(`/${victim.user.id}/block`));
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().status).toBe('blocked');
    expect((await me(victim.token)).statusCode).toBe(401);
    await until(() => gone);
    expect((await me(other.token)).statusCode).toBe(200);
    const live = await db().select().from(accessTokens).where(eq(accessTokens.userId, victim.user.id));
    expect(live.every((x) => x.revokedAt !== null)).toBe(true);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': cast.tenant.app.key },
      payload: { email: 'victim@block.test', password: 'Sec-ret-99' },
    });
    expect(fieldErrorsOf(signIn)).toEqual([{ field: '_popup', message: 'This account has been blocked by the organisers.' }]);
    const mails = t.mailer.outbox().length;
    await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { 'app-key': cast.tenant.app.key },
      payload: { email: 'victim@block.test' },
    });
    expect(t.mailer.outbox().length).toBe(mails);
    // Blocking oneself is refused.
    const self = await consoleCall(t, cast.owner, 'POST', m(`/${cast.owner.id}/block`));
    expect(fieldErrorsOf(self)[0]).toEqual({ field: '_popup', message: 'You cannot do this to your own account' });

    const unblocked = await consoleCall(t, cast.owner, 'POST', m(`/${victim.user.id}/unblock`));
    expect(unblocked.json().status).toBe('active');
    const back = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'app-key': cast.tenant.app.key },
      payload: { email: 'victim@block.test', password: 'Sec-ret-99' },
    });
    expect(back.statusCode).toBe(200);
    expect(await auditActions(cast.tenant.app.id)).toEqual(expect.arrayContaining(['member.block', 'member.unblock']));
    socket.disconnect();
  });

  it('refuses an invitation link of a member blocked after it was sent', async () => {
    const made = (await consoleCall(t, cast.owner, 'POST', m('/invite'), { email: 'blocked-invite@invite.test' })).json();
    const token = new URL(t.mailer.outbox()[0]?.link ?? '').searchParams.get('token');
    await consoleCall(t, cast.owner, 'POST', m(`/${made.id}/block`));
    const tried = await t.app.inject({
      method: 'POST',
      url: '/auth/confirm-invite',
      headers: { 'app-key': cast.tenant.app.key },
      payload: { token, password: 'Welcome-42!' },
    });
    expect(tried.statusCode).toBe(422);
  });

  it('deletes an account through the erasure path; not one’s own', async () => {
    const victim = await makeUser(t, cast.tenant, { firstName: 'Del', lastName: 'Eted', email: 'deleted@del.test' });
    const r = await consoleCall(t, cast.owner, 'DELETE', m(`/${victim.user.id}`));
    expect(r.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, victim.user.id));
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.email).not.toBe('deleted@del.test');
    expect(row?.firstName).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/user/profile', headers: { 'access-token': victim.token } })).statusCode).toBe(401);
    expect((await consoleCall(t, cast.owner, 'GET', m(`/${victim.user.id}`))).statusCode).toBe(404);
    expect((await consoleCall(t, cast.owner, 'DELETE', m(`/${cast.owner.id}`))).statusCode).toBe(422);
    expect(await auditActions(cast.tenant.app.id)).toContain('member.delete');
  });
});

describe('console members: export', () => {
  it('streams every member as CSV, quoted and safe from formulas', async () => {
    await makeUser(t, cast.tenant, { firstName: '=cmd|calc', lastName: 'Quote "me", please', company: '+49 30', email: 'export@csv.test' });
    const r = await consoleCall(t, cast.owner, 'GET', m('/export.csv'));
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const lines = r.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('id,email,first_name,last_name,company,job_title,location,status,owner,moderator,joined_at,last_sign_in_at');
    const line = lines.find((l) => l.includes('export@csv.test'));
    expect(line).toContain(`"'=cmd|calc","Quote ""me"", please","'+49 30"`);
    expect(r.body).not.toContain('deleted@del.test');
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('plain')).toBe('plain');
    expect(await auditActions(cast.tenant.app.id)).toContain('member.export');
  });
});

describe('console members: the daily invitations', () => {
  it('lets an app invite at most INVITES_PER_DAY people in 24 hours, one by one and by import together', async () => {
    const own = await makeCast(t);
    const url = (path: string) => `/apps/${own.tenant.app.id}/members${path}`;
    // An import of yesterday's size, made a moment ago: one invitation is left today.
    await t.app.ctx.db
      .insert(consoleAudit)
      .values({ appId: own.tenant.app.id, action: 'member.import', after: { created: INVITES_PER_DAY - 1 } });
    expect((await consoleCall(t, own.owner, 'POST', url('/invite'), { email: 'last-today@invite.test' })).statusCode).toBe(200);
    const refused = await consoleCall(t, own.owner, 'POST', url('/invite'), { email: 'one-too-many@invite.test' });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrorsOf(refused)[0]?.message).toContain(String(INVITES_PER_DAY));
    const file = multipart('file', 'more.csv', Buffer.from('email,first_name,last_name\nmore@invite.test,Mo,Re\n'), 'text/csv');
    const imported = await t.app.inject({
      method: 'POST',
      url: `/console/api${url('/import')}`,
      headers: { 'access-token': own.owner.token, ...file.headers },
      payload: file.payload,
    });
    expect(imported.statusCode).toBe(422);
    // Nothing was written: neither address has an account.
    const made = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, own.tenant.app.id), eq(users.email, 'one-too-many@invite.test')));
    expect(made).toEqual([]);
  });
});
