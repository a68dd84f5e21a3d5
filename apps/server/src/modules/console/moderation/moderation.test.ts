import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@app/contract/realtime';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf, pageHeaders, sleep } from '../../../../test/helpers.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { users } from '../../users/users.table.ts';
import { consoleAudit } from '../console.table.ts';
import { type Caller, type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';
import { moderationDecisions } from './moderation.table.ts';

let t: TestApp;
let cast: Cast;
let base: string;
let blogs: ModuleRow;
let market: ModuleRow;
let settings: ModuleRow;
/** Two more members of the app: the author of reported content and a second reporter. */
let author: Caller;
let other: Caller;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  cast = await makeCast(t, { modules: ['blogs', 'marketplace', 'settings', 'catalog'] });
  await t.app.ctx.db.update((await import('../../apps/apps.table.ts')).apps).set({ ownerEmail: 'owner@tenant.test' });
  t.app.ctx.apps.invalidate();
  const mod = (type: string) => {
    const m = cast.tenant.modules.find((x) => x.type === type);
    if (!m) throw new Error(type);
    return m;
  };
  blogs = mod('blogs');
  market = mod('marketplace');
  settings = mod('settings');
  const a = await makeUser(t, cast.tenant, { firstName: 'Alex', lastName: 'Author', email: 'alex@tenant.test' });
  const o = await makeUser(t, cast.tenant, { firstName: 'Ola', lastName: 'Other' });
  author = { token: a.token, id: a.user.id };
  other = { token: o.token, id: o.user.id };
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const appUrl = () => `/apps/${cast.tenant.app.id}/moderation`;

/** An attendee call with the member's token. */
function member(who: Caller, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { 'access-token': who.token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newPost(text = 'A post that breaks the rules') {
  const res = await member(author, 'POST', `/content/${blogs.id}/posts`, { text: `<p>${text}</p>` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function newComment(postId: number, text = 'A rude comment') {
  const res = await member(author, 'POST', `/content/${blogs.id}/posts/${postId}/comments`, { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function newListing(title = 'Suspicious tickets') {
  const res = await member(author, 'POST', `/marketplace/${market.id}/items`, { title, description: 'Cheap, cash only', price: 5 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as number;
}

async function flag(who: Caller, url: string) {
  const res = await member(who, 'POST', url);
  expect(res.statusCode, res.body).toBe(200);
}

async function openQueue(who: Caller = cast.moderator, query = '') {
  const res = await consoleCall(t, who, 'GET', `${appUrl()}${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    open: Array<{
      kind: string;
      target_id: number;
      reports_count: number;
      actions: string[];
      reporters: Array<{ name: string }>;
      hidden: boolean;
      title: string;
      excerpt: string;
      author: { id: number } | null;
      link: string | null;
    }>;
    done: Array<{ kind: string; action: string; reason: string; title: string }>;
  };
}

const itemOf = async (kind: string, id: number) => (await openQueue()).open.find((i) => i.kind === kind && i.target_id === id);

function decide(who: Caller | undefined, kind: string, id: number, action: string, reason = 'Against the house rules') {
  return consoleCall(t, who, 'POST', `${appUrl()}/${kind}/${id}/decide`, { action, reason });
}

describe('moderation queue: roles', () => {
  it('lets moderators, owners and operators in; a member 403, another app 404, nobody 401', async () => {
    const post = await newPost();
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    const expected = { anon: 401, member: 403, stranger: 404, moderator: 200, owner: 200, operator: 200 };
    expect(await statusesFor(t, cast, 'GET', appUrl())).toEqual(expected);
    expect(await statusesFor(t, cast, 'GET', `${appUrl()}/count`)).toEqual(expected);
    // Writes: the callers without the role never reach the target; one dismissal is enough for the rest.
    const writes = await statusesFor(t, cast, 'POST', `${appUrl()}/post/${post}/decide`, { action: 'dismiss', reason: 'fine' });
    expect(writes).toMatchObject({ anon: 401, member: 403, stranger: 404, moderator: 200 });
    // Decided: the owner and operator find nothing open any more.
    expect([writes.owner, writes.operator]).toEqual([404, 404]);
    // Another app's id in the path is a 404 for the owner of this one.
    expect((await consoleCall(t, cast.owner, 'GET', `/apps/${cast.other.app.id}/moderation`)).statusCode).toBe(404);
    expect(
      (
        await consoleCall(t, cast.stranger, 'POST', `/apps/${cast.other.app.id}/moderation/post/${post}/decide`, {
          action: 'dismiss',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers 422 with field messages for a bad action, a missing or long reason, an unknown kind', async () => {
    const post = await newPost();
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    const missing = await consoleCall(t, cast.moderator, 'POST', `${appUrl()}/post/${post}/decide`, { action: 'hide' });
    expect(missing.statusCode).toBe(422);
    expect(fieldErrorsOf(missing)).toEqual([{ field: 'reason', message: 'Give a reason' }]);
    const long = await decide(cast.moderator, 'post', post, 'hide', 'x'.repeat(501));
    expect(fieldErrorsOf(long)).toEqual([{ field: 'reason', message: 'The reason can be at most 500 characters' }]);
    expect((await decide(cast.moderator, 'post', post, 'explode')).statusCode).toBe(422);
    expect((await decide(cast.moderator, 'nonsense', post, 'dismiss')).statusCode).toBe(422);
    // Hiding a profile is nothing the profile's module can do.
    await flag(other, `/user/${author.id}/flag`);
    const hideProfile = await decide(cast.moderator, 'profile', author.id, 'hide');
    expect(fieldErrorsOf(hideProfile).map((f) => f.field)).toEqual(['action']);
    // German for a German moderator.
    const de = await t.app.inject({
      method: 'POST',
      url: `/console/api${appUrl()}/post/${post}/decide`,
      headers: { 'access-token': cast.moderator.token, cookie: 'locale=de_DE' },
      payload: { action: 'hide', reason: '' },
    });
    expect(fieldErrorsOf(de)).toEqual([{ field: 'reason', message: 'Geben Sie einen Grund an' }]);
  });
});

describe('moderation queue: reports and actions', () => {
  it('groups reports per target with count and reporters, and keeps the reporter’s "Content reported"', async () => {
    const post = await newPost('Grouped');
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    await flag(cast.member, `/content/${blogs.id}/posts/${post}/flag`);
    await flag(cast.member, `/content/${blogs.id}/posts/${post}/flag`);
    const item = await itemOf('post', post);
    expect(item).toMatchObject({
      reports_count: 2,
      title: '',
      excerpt: 'Grouped',
      author: { id: author.id },
      link: `/blogs/${blogs.id}/post/${post}`,
    });
    expect(item?.reporters.map((r) => r.name)).toEqual(['Mel Member', 'Ola Other']);
    expect(item?.actions).toEqual(['dismiss', 'hide', 'delete', 'block']);
    const count = await consoleCall(t, cast.moderator, 'GET', `${appUrl()}/count`);
    expect(count.json().open).toBeGreaterThan(0);
    expect((await decide(cast.moderator, 'post', post, 'dismiss', 'Satire, allowed')).statusCode).toBe(200);
    expect(await itemOf('post', post)).toBeUndefined();
    const reporterView = await member(other, 'GET', `/content/${blogs.id}/posts/${post}`);
    expect(reporterView.json().reported).toBe(true);
    const done = await openQueue(cast.moderator, 'status=done&kind=post');
    expect(done.done[0]).toMatchObject({ kind: 'post', action: 'dismiss', reason: 'Satire, allowed', excerpt: 'Grouped' });
    // A report after the decision opens it again, every report counted.
    await sleep(5);
    const late = await makeUser(t, cast.tenant, { firstName: 'Lea', lastName: 'Late' });
    await flag({ token: late.token, id: late.user.id }, `/content/${blogs.id}/posts/${post}/flag`);
    expect(await itemOf('post', post)).toMatchObject({ reports_count: 3 });
    expect((await itemOf('post', post))?.reporters[0]?.name).toBe('Lea Late');
  });

  it('hides a post: its author and the owners still see it, other members do not; a later report reopens it', async () => {
    const post = await newPost('Hide me');
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    expect((await decide(cast.moderator, 'post', post, 'hide')).statusCode).toBe(200);
    const ids = async (who: Caller) =>
      ((await member(who, 'GET', `/content/${blogs.id}/posts?per-page=50`)).json() as Array<{ id: number }>).map((p) => p.id);
    expect(await ids(author)).toContain(post);
    expect(await ids(other)).not.toContain(post);
    expect(await ids(cast.owner)).toContain(post);
    expect((await member(author, 'GET', `/content/${blogs.id}/posts/${post}`)).statusCode).toBe(200);
    expect((await member(other, 'GET', `/content/${blogs.id}/posts/${post}`)).statusCode).toBe(404);
    // The reporter's report stays recorded.
    const [row] = await t.app.ctx.db
      .select()
      .from(moderationDecisions)
      .where(and(eq(moderationDecisions.kind, 'post'), eq(moderationDecisions.targetId, post)));
    expect(row?.action).toBe('hide');
    expect(await itemOf('post', post)).toBeUndefined();
    // Members who cannot see it cannot report it either; the owner can, and that opens it again.
    expect((await member(cast.member, 'POST', `/content/${blogs.id}/posts/${post}/flag`)).statusCode).toBe(404);
    await sleep(5);
    await flag(cast.owner, `/content/${blogs.id}/posts/${post}/flag`);
    const again = await itemOf('post', post);
    expect(again).toMatchObject({ reports_count: 2, hidden: true });
    expect(again?.actions).toEqual(['dismiss', 'delete', 'block']);
    // The decision is in the audit log.
    const logged = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.action, 'report.hide'), eq(consoleAudit.targetId, String(post))));
    expect(logged[0]?.after).toMatchObject({ action: 'hide', reason: 'Against the house rules' });
  });

  it('hides and deletes a comment', async () => {
    const post = await newPost('Thread');
    const hideMe = await newComment(post, 'hide this one');
    const deleteMe = await newComment(post, 'delete this one');
    await flag(other, `/content/${blogs.id}/posts/${post}/comments/${hideMe}/flag`);
    await flag(other, `/content/${blogs.id}/posts/${post}/comments/${deleteMe}/flag`);
    expect((await itemOf('comment', hideMe))?.excerpt).toBe('hide this one');
    expect((await decide(cast.moderator, 'comment', hideMe, 'hide')).statusCode).toBe(200);
    expect((await decide(cast.moderator, 'comment', deleteMe, 'delete')).statusCode).toBe(200);
    const texts = async (who: Caller) =>
      ((await member(who, 'GET', `/content/${blogs.id}/posts/${post}/comments`)).json() as Array<{ text: string }>).map((c) => c.text);
    expect(await texts(other)).toEqual([]);
    expect(await texts(author)).toEqual(['hide this one']);
    expect((await openQueue(cast.moderator, 'status=done&kind=comment')).done.map((d) => d.action)).toEqual(['delete', 'hide']);
  });

  it('deletes a post with the module’s own deletion', async () => {
    const post = await newPost('Delete me');
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    expect((await decide(cast.owner, 'post', post, 'delete')).statusCode).toBe(200);
    expect((await member(author, 'GET', `/content/${blogs.id}/posts/${post}`)).statusCode).toBe(404);
    expect((await openQueue(cast.owner, 'status=done&kind=post')).done[0]).toMatchObject({ action: 'delete', excerpt: 'Delete me' });
  });

  it('hides and deletes marketplace listings', async () => {
    const hidden = await newListing('Hide listing');
    const deleted = await newListing('Delete listing');
    await flag(other, `/marketplace/${market.id}/items/${hidden}/flag`);
    await flag(other, `/marketplace/${market.id}/items/${deleted}/flag`);
    expect((await itemOf('listing', hidden))?.link).toBe(`/marketplace/${market.id}/${hidden}`);
    expect((await decide(cast.moderator, 'listing', hidden, 'hide')).statusCode).toBe(200);
    expect((await decide(cast.moderator, 'listing', deleted, 'delete')).statusCode).toBe(200);
    const titles = async (who: Caller) =>
      ((await member(who, 'GET', `/marketplace/${market.id}/items`)).json() as Array<{ title: string }>).map((l) => l.title);
    expect(await titles(other)).not.toContain('Hide listing');
    expect(await titles(author)).toContain('Hide listing');
    expect(await titles(author)).not.toContain('Delete listing');
    expect((await member(other, 'GET', `/marketplace/${market.id}/items/${hidden}`)).statusCode).toBe(404);
    expect((await member(other, 'GET', `/marketplace/${market.id}/items/${hidden}`)).statusCode).toBe(404);
    const reporterView = await member(author, 'GET', `/marketplace/${market.id}/items/${hidden}`);
    expect(reporterView.statusCode).toBe(200);
  });

  it('blocks the author of a reported profile: signed out, refused at sign-in; organisers cannot be blocked', async () => {
    const victim = await makeUser(t, cast.tenant, { firstName: 'Troll', lastName: 'Account' });
    await flag(other, `/user/${victim.user.id}/flag`);
    expect((await itemOf('profile', victim.user.id))?.actions).toEqual(['dismiss', 'block']);
    expect((await decide(cast.moderator, 'profile', victim.user.id, 'block', 'Harassment')).statusCode).toBe(200);
    const [u] = await t.app.ctx.db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, victim.user.id));
    expect(u?.blockedAt).toBeInstanceOf(Date);
    expect((await member({ token: victim.token, id: victim.user.id }, 'GET', `/content/${blogs.id}/posts`)).statusCode).toBe(401);
    // The owner reported: the moderator cannot block them from here.
    await flag(other, `/user/${cast.owner.id}/flag`);
    const owner = await decide(cast.moderator, 'profile', cast.owner.id, 'block');
    expect(fieldErrorsOf(owner)).toEqual([
      { field: 'action', message: 'Organisers (owners, moderators, operators) cannot be blocked from the queue' },
    ]);
  });

  it('lists "Report Application" and answers a "Contact App Owner" message by mail', async () => {
    await flag(other, `/settings/${settings.id}/report`);
    expect((await itemOf('app', cast.tenant.app.id))?.actions).toEqual(['dismiss']);
    const sent = await member(author, 'POST', `/settings/${settings.id}/contact`, { to: 'owner', message: 'Where is the cloakroom?' });
    expect(sent.statusCode, sent.body).toBe(200);
    const contact = (await openQueue(cast.moderator, 'kind=contact')).open[0];
    expect(contact).toMatchObject({ kind: 'contact', excerpt: 'Where is the cloakroom?', author: { id: author.id } });
    expect(contact?.actions).toContain('answer');
    const id = contact?.target_id ?? 0;
    const blank = await consoleCall(t, cast.moderator, 'POST', `${appUrl()}/contact/${id}/answer`, { message: ' ' });
    expect(fieldErrorsOf(blank)).toEqual([{ field: 'message', message: 'Write an answer' }]);
    expect(
      (await consoleCall(t, cast.stranger, 'POST', `/apps/${cast.other.app.id}/moderation/contact/${id}/answer`, { message: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await consoleCall(t, cast.member, 'POST', `${appUrl()}/contact/${id}/answer`, { message: 'x' })).statusCode).toBe(403);
    const answered = await consoleCall(t, cast.moderator, 'POST', `${appUrl()}/contact/${id}/answer`, { message: 'Next to the entrance.' });
    expect(answered.statusCode, answered.body).toBe(200);
    const mail = t.mailer.outbox().find((m) => m.to === 'alex@tenant.test');
    expect(mail).toMatchObject({ replyTo: 'owner@tenant.test' });
    expect(mail?.text).toContain('Next to the entrance.');
    expect(mail?.text).toContain('Where is the cloakroom?');
    // Answered once: a second answer is refused and mails nothing.
    const mailsBefore = t.mailer.outbox().length;
    const again = await consoleCall(t, cast.moderator, 'POST', `${appUrl()}/contact/${id}/answer`, { message: 'Again.' });
    expect(again.statusCode).toBe(422);
    expect(t.mailer.outbox()).toHaveLength(mailsBefore);
    expect((await openQueue(cast.moderator, 'kind=contact')).open).toEqual([]);
    expect((await openQueue(cast.moderator, 'status=done&kind=contact')).done[0]).toMatchObject({ action: 'answer' });
  });

  it('pages the queue with the pagination headers', async () => {
    const res = await consoleCall(t, cast.moderator, 'GET', `${appUrl()}?per-page=1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().open).toHaveLength(1);
    expect(pageHeaders(res).totalCount).toBeGreaterThan(1);
  });
});

describe('moderation queue: live count', () => {
  function consoleSocket(token: string) {
    const s = connect(`${base}/console`, {
      path: SOCKET_PATH,
      auth: { token },
      transports: ['websocket'],
      autoConnect: false,
      reconnection: false,
    });
    sockets.push(s);
    return s;
  }
  const connected = (s: Socket) =>
    new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
      s.connect();
    });
  const watch = (s: Socket, appId: number) =>
    s.emitWithAck('watch', { app_id: appId }) as Promise<{ ok: boolean; status?: number; open?: number }>;

  it('sends the open count to the consoles watching the app when a member reports', async () => {
    const mod = consoleSocket(cast.moderator.token);
    await connected(mod);
    const counts: Array<{ app_id: number; open: number }> = [];
    mod.on('moderationCount', (p: { app_id: number; open: number }) => counts.push(p));
    const first = await watch(mod, cast.tenant.app.id);
    expect(first.ok).toBe(true);
    const post = await newPost('Live');
    await flag(other, `/content/${blogs.id}/posts/${post}/flag`);
    const end = Date.now() + 3000;
    while (!counts.length && Date.now() < end) await sleep(10);
    expect(counts.at(-1)).toEqual({ app_id: cast.tenant.app.id, open: (first.open ?? 0) + 1 });
    // The stranger cannot watch this app; a member cannot even connect; nobody neither.
    const stranger = consoleSocket(cast.stranger.token);
    await connected(stranger);
    expect(await watch(stranger, cast.tenant.app.id)).toEqual({ ok: false, status: 404 });
    await expect(connected(consoleSocket(cast.member.token))).rejects.toThrow(/unauthorized/);
    await expect(connected(consoleSocket('nope'))).rejects.toThrow(/unauthorized/);
  });
});
