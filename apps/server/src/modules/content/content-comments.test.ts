import type { AddressInfo } from 'node:net';
import { type Comment, type ContentChange, comment as commentSchema } from '@app/contract/schemas/content';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf, pageHeaders, sleep } from '../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../test/sockets.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { contentComments, contentFlags, contentLikes } from './content.table.ts';
import { caller, type Member, postCalls } from './content.test-kit.ts';

let t: TestApp;
let base: string;
let tenant: Tenant;
let blogs: ModuleRow;
let forums: ModuleRow;
let owner: Member;
let member: Member;
let third: Member;
let admin: Member;
let stranger: Member;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  tenant = await makeTenant(t, { modules: ['blogs', 'forums'] });
  [blogs, forums] = tenant.modules as [ModuleRow, ModuleRow];
  owner = await makeUser(t, tenant, { firstName: 'Olga', lastName: 'Owner' });
  member = await makeUser(t, tenant, { firstName: 'Max', lastName: 'Member' });
  third = await makeUser(t, tenant, { firstName: 'Tom', lastName: 'Third' });
  admin = await makeUser(t, tenant, { firstName: 'Ada', lastName: 'Admin', isAdmin: true });
  stranger = await makeUser(t, await makeTenant(t, { modules: ['blogs'] }));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const call = caller(() => t);

const postUrl = (m: ModuleRow, id: number, rest = '') => `/content/${m.id}/posts/${id}${rest}`;

const { create, read } = postCalls(call);

async function comment(who: Member, m: ModuleRow, postId: number, text: string, parentId?: number): Promise<Comment> {
  const res = await call(who.token, 'POST', postUrl(m, postId, '/comments'), { text, ...(parentId ? { parent_id: parentId } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return commentSchema.parse(res.json());
}

async function comments(who: Member, m: ModuleRow, postId: number, query = '') {
  const res = await call(who.token, 'GET', `${postUrl(m, postId, '/comments')}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { items: commentSchema.array().parse(res.json()), res };
}

describe('comments', () => {
  it('adds comments and replies four levels deep, listed in thread order', async () => {
    const p = await create(owner.token, blogs, { text: '<p>Thread</p>' });
    expect(p.last_reply_at).toBeNull();
    const c1 = await comment(member, blogs, p.id, 'First');
    const c2 = await comment(third, blogs, p.id, 'Second');
    const r1 = await comment(owner, blogs, p.id, 'Reply to first', c1.id);
    const r2 = await comment(third, blogs, p.id, 'Reply to reply', r1.id);
    const r3 = await comment(member, blogs, p.id, 'Deeper still', r2.id);
    const r1b = await comment(admin, blogs, p.id, 'Another reply to first', c1.id);
    const r2c = await comment(owner, blogs, p.id, 'Reply to second', c2.id);

    expect(c1).toMatchObject({ post_id: p.id, parent_id: null, depth: 0, reply_to: null, text: 'First', likes_count: 0, edited_at: null });
    expect(c1.user).toMatchObject({ id: member.user.id, fullname: 'Max Member' });
    expect(c1.permissions).toEqual({ edit: true, delete: true });
    expect(r3).toMatchObject({ parent_id: r2.id, depth: 3, reply_to: { id: third.user.id, fullname: 'Tom Third' } });

    const { items, res } = await comments(owner, blogs, p.id);
    expect(items.map((c) => c.id)).toEqual([c1.id, r1.id, r2.id, r3.id, r1b.id, c2.id, r2c.id]);
    expect(items.map((c) => c.depth)).toEqual([0, 1, 2, 3, 1, 0, 1]);
    expect(items.map((c) => c.parent_id)).toEqual([null, c1.id, r1.id, r2.id, c1.id, null, c2.id]);
    expect(items.map((c) => c.reply_to?.id ?? null)).toEqual([
      null,
      member.user.id,
      owner.user.id,
      third.user.id,
      member.user.id,
      null,
      third.user.id,
    ]);
    expect(pageHeaders(res)).toEqual({ pageCount: 1, totalCount: 7, currentPage: 1, perPage: 20 });
    // The owner of the post does not get to edit or delete others' comments.
    expect(items.map((c) => c.permissions)).toEqual(
      items.map((c) => ({ edit: c.user.id === owner.user.id, delete: c.user.id === owner.user.id })),
    );
    expect((await comments(admin, blogs, p.id)).items.map((c) => c.permissions.delete)).toEqual(items.map(() => true));

    // Pages keep the thread order.
    const page2 = await comments(owner, blogs, p.id, '?per-page=3&page=2');
    expect(page2.items.map((c) => c.id)).toEqual([r3.id, r1b.id, c2.id]);
    expect(pageHeaders(page2.res)).toEqual({ pageCount: 3, totalCount: 7, currentPage: 2, perPage: 3 });

    const after = await read(member.token, blogs, p.id);
    expect(after.comments_count).toBe(7);
    expect(after.last_reply_at).not.toBeNull();
    expect(Date.parse(after.last_reply_at ?? '')).toBeGreaterThanOrEqual(Date.parse(r2c.created_at) - 1000);
  });

  it('takes many comments at once (one statement): each lands and is counted, a bad one fails alone', async () => {
    const p = await create(owner.token, blogs, { text: '<p>Busy</p>' });
    const other = await create(owner.token, blogs, { text: '<p>Other</p>' });
    const top = await comment(member, blogs, p.id, 'Top');
    const elsewhere = await comment(member, blogs, other.id, 'Elsewhere');
    const people = [owner, member, third, admin];
    const sends = Array.from({ length: 24 }, (_, i) => {
      const who = people[i % people.length] as Member;
      // Every sixth replies to a comment of another post (422), every fifth to the top comment.
      const parent = i % 6 === 5 ? elsewhere.id : i % 5 === 4 ? top.id : undefined;
      return call(who.token, 'POST', postUrl(blogs, p.id, '/comments'), {
        text: `Comment ${i} \ud800`,
        ...(parent ? { parent_id: parent } : {}),
      });
    });
    const stray = call(stranger.token, 'POST', postUrl(blogs, p.id, '/comments'), { text: 'Not my app' });
    const [res, strayRes] = [await Promise.all(sends), await stray];
    expect(strayRes.statusCode).toBe(404);
    const bad = res.filter((_, i) => i % 6 === 5);
    expect(bad.map((r) => r.statusCode)).toEqual(bad.map(() => 422));
    expect(fieldErrorsOf(bad[0] as (typeof res)[number]).map((e) => e.field)).toEqual(['parent_id']);
    const good = res.filter((_, i) => i % 6 !== 5);
    expect(good.map((r) => r.statusCode)).toEqual(good.map(() => 200));
    const made = good.map((r) => commentSchema.parse(r.json()));
    for (const [k, c] of made.entries()) {
      const i = res.indexOf(good[k] as (typeof res)[number]);
      expect(c).toMatchObject({
        post_id: p.id,
        text: `Comment ${i} \ufffd`,
        parent_id: i % 5 === 4 ? top.id : null,
        depth: i % 5 === 4 ? 1 : 0,
      });
      expect(c.user.id).toBe((people[i % people.length] as Member).user.id);
      expect(c.reply_to?.id ?? null).toBe(i % 5 === 4 ? member.user.id : null);
    }
    expect(new Set(made.map((c) => c.id)).size).toBe(made.length);
    expect((await read(owner.token, blogs, p.id)).comments_count).toBe(1 + made.length);
    const { items } = await comments(owner, blogs, p.id, '?per-page=100');
    expect(items.map((c) => c.id).sort((a, b) => a - b)).toEqual([top.id, ...made.map((c) => c.id)].sort((a, b) => a - b));
    expect((await read(owner.token, blogs, other.id)).comments_count).toBe(1);
  });

  it('refuses a blank comment, one over the limit, and a parent of another post', async () => {
    const p = await create(owner.token, blogs, { text: '<p>P</p>' });
    const q = await create(owner.token, blogs, { text: '<p>Q</p>' });
    const onQ = await comment(member, blogs, q.id, 'on Q');
    const [before] = await t.app.ctx.db.select({ n: count() }).from(contentComments);
    for (const text of ['', '   ', '\n\t']) {
      expect(fieldErrorsOf(await call(member.token, 'POST', postUrl(blogs, p.id, '/comments'), { text }))).toEqual([
        { field: 'text', message: "Comment can't be empty" },
      ]);
    }
    const long = await call(member.token, 'POST', postUrl(blogs, p.id, '/comments'), { text: 'x'.repeat(5001) });
    expect(fieldErrorsOf(long).map((e) => e.field)).toEqual(['text']);
    const foreign = await call(member.token, 'POST', postUrl(blogs, p.id, '/comments'), { text: 'hi', parent_id: onQ.id });
    expect(fieldErrorsOf(foreign)).toEqual([{ field: 'parent_id', message: 'The comment you replied to has been deleted' }]);
    const unknown = await call(member.token, 'POST', postUrl(blogs, p.id, '/comments'), { text: 'hi', parent_id: 2_000_000_000 });
    expect(fieldErrorsOf(unknown).map((e) => e.field)).toEqual(['parent_id']);
    const [after] = await t.app.ctx.db.select({ n: count() }).from(contentComments);
    expect(after?.n).toBe(before?.n);
    expect((await read(member.token, blogs, p.id)).comments_count).toBe(0);
    expect((await call(member.token, 'GET', postUrl(blogs, p.id, `/comments/${onQ.id}`))).statusCode).toBe(404);
  });

  it('keeps a comment as plain text, exactly as written (the page shows it as text, never as markup)', async () => {
    const p = await create(owner.token, blogs, { text: '<p>P</p>' });
    const raw = 'a < b && c > d <script>alert(1)</script> "quoted" \'single\'\nsecond line  ';
    const c = await comment(member, blogs, p.id, raw);
    expect(c.text).toBe(raw.trim());
    expect((await comments(owner, blogs, p.id)).items[0]?.text).toBe(raw.trim());
    const [stored] = await t.app.ctx.db.select({ body: contentComments.body }).from(contentComments).where(eq(contentComments.id, c.id));
    expect(stored?.body).toBe(raw.trim());
    const edited = await call(member.token, 'PUT', postUrl(blogs, p.id, `/comments/${c.id}`), { text: '  Příspěvek 👍 конференция  ' });
    expect(commentSchema.parse(edited.json()).text).toBe('Příspěvek 👍 конференция');
  });

  it('lets the author edit a comment; others get 403', async () => {
    const p = await create(owner.token, blogs, { text: '<p>P</p>' });
    const c = await comment(member, blogs, p.id, 'Original');
    const url = postUrl(blogs, p.id, `/comments/${c.id}`);
    for (const who of [owner, admin, third]) expect((await call(who.token, 'PUT', url, { text: 'Hacked' })).statusCode).toBe(403);
    expect(fieldErrorsOf(await call(member.token, 'PUT', url, { text: '  ' })).map((e) => e.field)).toEqual(['text']);
    const res = await call(member.token, 'PUT', url, { text: 'Corrected' });
    expect(res.statusCode).toBe(200);
    const edited = commentSchema.parse(res.json());
    expect(edited).toMatchObject({ id: c.id, text: 'Corrected' });
    expect(edited.edited_at).not.toBeNull();
    expect((await comments(third, blogs, p.id)).items.map((x) => [x.text, x.edited_at !== null])).toEqual([['Corrected', true]]);
    expect((await call(stranger.token, 'PUT', url, { text: 'x' })).statusCode).toBe(404);
  });

  it('deletes a comment with its replies and their likes; the admin deletes others', async () => {
    const p = await create(owner.token, blogs, { text: '<p>P</p>' });
    const top = await comment(member, blogs, p.id, 'Top');
    const r1 = await comment(third, blogs, p.id, 'R1', top.id);
    const r2 = await comment(owner, blogs, p.id, 'R2', r1.id);
    const keep = await comment(third, blogs, p.id, 'Keep');
    const keepReply = await comment(member, blogs, p.id, 'Keep reply', keep.id);
    await call(owner.token, 'PUT', postUrl(blogs, p.id, `/comments/${r2.id}/like`), { liked: true });
    await call(owner.token, 'POST', postUrl(blogs, p.id, `/comments/${r1.id}/flag`));
    expect((await read(owner.token, blogs, p.id)).comments_count).toBe(5);

    for (const who of [owner, third]) {
      expect((await call(who.token, 'DELETE', postUrl(blogs, p.id, `/comments/${top.id}`))).statusCode).toBe(403);
    }
    const del = await call(member.token, 'DELETE', postUrl(blogs, p.id, `/comments/${top.id}`));
    expect(del.json()).toEqual({ success: true });
    expect((await comments(owner, blogs, p.id)).items.map((c) => c.id)).toEqual([keep.id, keepReply.id]);
    expect((await read(owner.token, blogs, p.id)).comments_count).toBe(2);
    const reactions = async (table: typeof contentLikes) =>
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.targetType, 'comment'), eq(table.targetId, table === contentLikes ? r2.id : r1.id)))
      )[0]?.n;
    expect(await reactions(contentLikes)).toBe(0);
    expect(await reactions(contentFlags)).toBe(0);
    expect((await call(member.token, 'DELETE', postUrl(blogs, p.id, `/comments/${top.id}`))).statusCode).toBe(404);

    // The last reply is the newest comment left.
    expect((await read(owner.token, blogs, p.id)).last_reply_at).toBe(keepReply.created_at);
    await call(member.token, 'DELETE', postUrl(blogs, p.id, `/comments/${keepReply.id}`));
    expect((await read(owner.token, blogs, p.id)).last_reply_at).toBe(keep.created_at);

    // The app admin removes another member's comment (with its reply), but cannot edit it.
    expect((await call(admin.token, 'PUT', postUrl(blogs, p.id, `/comments/${keep.id}`), { text: 'x' })).statusCode).toBe(403);
    expect((await call(admin.token, 'DELETE', postUrl(blogs, p.id, `/comments/${keep.id}`))).statusCode).toBe(200);
    expect((await comments(owner, blogs, p.id)).items).toEqual([]);
    expect(await read(owner.token, blogs, p.id)).toMatchObject({ comments_count: 0, last_reply_at: null });
  });

  it('never leaves a reply without its parent when the reply races the deletion of its thread', async () => {
    const p = await create(owner.token, blogs, { text: '<p>Race</p>' });
    const [a, b] = [await makeUser(t, tenant), await makeUser(t, tenant)];
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const top = await comment(a, blogs, p.id, `top ${i}`);
      const mid = await comment(a, blogs, p.id, `mid ${i}`, top.id);
      const [del, rep] = await Promise.all([
        call(a.token, 'DELETE', postUrl(blogs, p.id, `/comments/${top.id}`)),
        call(b.token, 'POST', postUrl(blogs, p.id, '/comments'), { text: 'reply', parent_id: mid.id }),
      ]);
      expect(del.statusCode).toBe(200);
      // Before the deletion the reply is made and then deleted with the thread; after it, its parent is gone.
      expect([200, 404, 422]).toContain(rep.statusCode);
      seen.add(String(rep.statusCode));
      const { items } = await comments(a, blogs, p.id, '?per-page=100');
      expect(items).toEqual([]);
      expect((await read(a.token, blogs, p.id)).comments_count).toBe(0);
    }
    const [left] = await t.app.ctx.db.select({ n: count() }).from(contentComments).where(eq(contentComments.postId, p.id));
    expect(left?.n).toBe(0);
    expect(seen.size).toBeGreaterThan(0);
  });

  it('leaves no like or flag behind when they race the deletion of the comment', async () => {
    const p = await create(owner.token, blogs, { text: '<p>Race</p>' });
    const [a, b] = [await makeUser(t, tenant), await makeUser(t, tenant)];
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const top = await comment(a, blogs, p.id, `top ${i}`);
      const reply = await comment(a, blogs, p.id, `reply ${i}`, top.id);
      ids.push(top.id, reply.id);
      const [del, ...reactions] = await Promise.all([
        call(a.token, 'DELETE', postUrl(blogs, p.id, `/comments/${top.id}`)),
        call(b.token, 'PUT', postUrl(blogs, p.id, `/comments/${reply.id}/like`), { liked: true }),
        call(b.token, 'POST', postUrl(blogs, p.id, `/comments/${reply.id}/flag`)),
        call(b.token, 'PUT', postUrl(blogs, p.id, `/comments/${top.id}/like`), { liked: true }),
      ]);
      expect(del.statusCode).toBe(200);
      for (const r of reactions) expect([200, 404]).toContain(r.statusCode);
    }
    for (const table of [contentLikes, contentFlags]) {
      const [left] = await t.app.ctx.db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.targetType, 'comment'), inArray(table.targetId, ids)));
      expect(left?.n).toBe(0);
    }
  });

  it('likes a comment once per member', async () => {
    const p = await create(owner.token, blogs, { text: '<p>P</p>' });
    const c = await comment(member, blogs, p.id, 'Like me');
    const like = (who: Member, liked: boolean) => call(who.token, 'PUT', postUrl(blogs, p.id, `/comments/${c.id}/like`), { liked });
    await Promise.all([like(owner, true), like(owner, true)]);
    expect(commentSchema.parse((await like(third, true)).json())).toMatchObject({ liked: true, likes_count: 2 });
    expect(commentSchema.parse((await like(owner, false)).json())).toMatchObject({ liked: false, likes_count: 1 });
    expect((await comments(third, blogs, p.id)).items[0]).toMatchObject({ liked: true, likes_count: 1 });
    expect((await comments(member, blogs, p.id)).items[0]).toMatchObject({ liked: false, likes_count: 1 });
  });

  it('deletes a post with its comments and their reactions', async () => {
    const p = await create(owner.token, forums, { title: 'Going away', text: '<p>P</p>' });
    const c = await comment(member, forums, p.id, 'c');
    await call(third.token, 'PUT', postUrl(forums, p.id, `/comments/${c.id}/like`), { liked: true });
    await call(third.token, 'POST', postUrl(forums, p.id, `/comments/${c.id}/flag`));
    expect((await call(admin.token, 'DELETE', postUrl(forums, p.id))).statusCode).toBe(200);
    const left = async (table: typeof contentLikes) =>
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(table)
          .where(and(eq(table.targetType, 'comment'), eq(table.targetId, c.id)))
      )[0]?.n;
    expect([await left(contentLikes), await left(contentFlags)]).toEqual([0, 0]);
    const [rows] = await t.app.ctx.db.select({ n: count() }).from(contentComments).where(eq(contentComments.postId, p.id));
    expect(rows?.n).toBe(0);
    expect((await call(member.token, 'GET', postUrl(forums, p.id, '/comments'))).statusCode).toBe(404);
  });
});

function client(token: string) {
  const received: ContentChange[] = [];
  const socket = socketClient(base, token);
  socket.on('contentChanged', (payload: ContentChange) => {
    received.push(payload);
  });
  sockets.push(socket);
  return { socket, received };
}

describe('Socket.IO contentChanged', () => {
  it('reaches the members of the app on a new comment, not users of another tenant', async () => {
    const p = await create(owner.token, forums, { title: 'Live', text: '<p>live</p>' });
    const mine = client(member.token);
    const other = client(stranger.token);
    await Promise.all([connected(mine.socket), connected(other.socket)]);
    await comment(third, forums, p.id, 'Hello live');
    await until(() => mine.received.some((e) => e.what === 'comment'));
    expect(mine.received).toEqual([{ app_module_id: forums.id, post_id: p.id, what: 'comment' }]);
    await call(owner.token, 'PUT', postUrl(forums, p.id, '/like'), { liked: true });
    await until(() => mine.received.length === 2);
    expect(mine.received[1]).toEqual({ app_module_id: forums.id, post_id: p.id, what: 'like' });
    await sleep(200);
    expect(other.received).toEqual([]);
  });
});
