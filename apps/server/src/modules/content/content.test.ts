import { activityList } from '@app/contract/schemas/activity';
import { appMenu } from '@app/contract/schemas/app';
import { author as authorSchema, poll as pollSchema, post as postSchema } from '@app/contract/schemas/content';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeModule, makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, pageHeaders } from '../../../test/helpers.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { contentFlags, contentFollows, contentLikes, contentPosts, pollOptions, polls, pollVotes } from './content.table.ts';
import { type ContentWorld, caller, contentWorld, type Member, postCalls } from './content.test-kit.ts';

let rest: Pick<ContentWorld, 'modules'>;

let t: TestApp;
let tenant: Tenant;
let blogs: ModuleRow;
let news: ModuleRow;
let forums: ModuleRow;
let activity: ModuleRow;
let owner: Member;
let member: Member;
let admin: Member;
let stranger: Member;
let strangerBlogs: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({}, { users: 0 });
  ({ tenant, owner, member, admin, stranger, strangerBlogs, ...rest } = await contentWorld(t, ['blogs', 'news', 'forums', 'activity']));
  [blogs, news, forums, activity] = rest.modules as [ModuleRow, ModuleRow, ModuleRow, ModuleRow];
});
afterAll(() => t.close());

const call = caller(() => t);

const postsUrl = (m: ModuleRow | number) => `/content/${typeof m === 'number' ? m : m.id}/posts`;
const postUrl = (m: ModuleRow | number, id: number, rest = '') => `${postsUrl(m)}/${id}${rest}`;

const { create, read } = postCalls(call);

async function list(token: string, m: ModuleRow, query = '') {
  const res = await call(token, 'GET', `${postsUrl(m)}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { posts: postSchema.array().parse(res.json()), res };
}

async function rows(table: typeof contentPosts | typeof polls | typeof pollOptions) {
  const [r] = await t.app.ctx.db.select({ n: count() }).from(table);
  return r?.n ?? -1;
}

const pollBody = (title = 'Lunch?', options = ['Pizza', 'Sushi', 'Salad']) => ({ title, options });

describe('list and search', () => {
  let m: ModuleRow;
  let ids: Record<string, number>;
  beforeAll(async () => {
    m = await makeModule(t, tenant, 'news');
    ids = {};
    // News is the app owner's to post and pin.
    const texts: Array<[string, string | undefined, string]> = [
      ['conf', 'Annual conference', '<p>We meet in Brno.</p>'],
      ['czech', undefined, '<p>Nový příspěvek o konferenci</p>'],
      ['russian', 'Конференция', '<p>Добро пожаловать на встречу</p>'],
      ['plain', 'Coffee break', '<p>Coffee is served at ten.</p>'],
      ['old', 'Old news', '<p>Yesterday things happened.</p>'],
    ];
    for (const [key, title, text] of texts.reverse()) {
      ids[key] = (await create(admin.token, m, { ...(title ? { title } : {}), text })).id;
    }
  });

  it('shows pinned posts first, then newest, with the pagination headers', async () => {
    const pinned = await call(admin.token, 'PUT', postUrl(m, ids.old ?? 0, '/pin'), { pinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(postSchema.parse(pinned.json()).pinned).toBe(true);
    const { posts, res } = await list(member.token, m);
    expect(posts.map((p) => p.id)).toEqual([ids.old, ids.conf, ids.czech, ids.russian, ids.plain]);
    expect(posts[0]?.pinned).toBe(true);
    expect(pageHeaders(res)).toEqual({ pageCount: 1, totalCount: 5, currentPage: 1, perPage: 20 });

    const page2 = await list(member.token, m, '?per-page=2&page=2');
    expect(page2.posts.map((p) => p.id)).toEqual([ids.czech, ids.russian]);
    expect(pageHeaders(page2.res)).toEqual({ pageCount: 3, totalCount: 5, currentPage: 2, perPage: 2 });
    const page3 = await list(member.token, m, '?per-page=2&page=3');
    expect(page3.posts.map((p) => p.id)).toEqual([ids.plain]);

    await call(admin.token, 'PUT', postUrl(m, ids.old ?? 0, '/pin'), { pinned: false });
    expect((await list(member.token, m)).posts.map((p) => p.id)).toEqual([ids.conf, ids.czech, ids.russian, ids.plain, ids.old]);
  });

  it('finds a post by any word of its title or body, by prefix, in any script', async () => {
    const found = async (search: string) => {
      const { posts, res } = await list(member.token, m, `?search=${encodeURIComponent(search)}`);
      expect(pageHeaders(res).totalCount, search).toBe(posts.length);
      return posts.map((p) => p.id).sort();
    };
    expect(await found('conference')).toEqual([ids.conf]);
    expect(await found('conf')).toEqual([ids.conf]);
    expect(await found('Brno')).toEqual([ids.conf]);
    expect(await found('coffee ten')).toEqual([ids.plain]);
    expect(await found('příspěvek')).toEqual([ids.czech]);
    expect(await found('Příspěvek')).toEqual([ids.czech]);
    expect(await found('konfer')).toEqual([ids.czech]);
    expect(await found('конференция')).toEqual([ids.russian]);
    expect(await found('конф')).toEqual([ids.russian]);
    expect(await found('пожаловать')).toEqual([ids.russian]);
    expect(await found('nothing-like-this')).toEqual([]);
    expect(await found('   ')).toEqual([ids.conf, ids.czech, ids.russian, ids.plain, ids.old].sort());
  });

  it('finds words with combining marks, a Turkish capital İ and a word typed decomposed', async () => {
    const n = await makeModule(t, tenant, 'news');
    const hindi = (await create(admin.token, n, { title: 'हिन्दी सत्र', text: '<p>सभी का स्वागत है</p>' })).id;
    const turkish = (await create(admin.token, n, { title: 'İstanbul buluşması', text: '<p>Boğaz turu</p>' })).id;
    const vietnamese = (await create(admin.token, n, { text: '<p>Lớp Ti\u1EBFng Vi\u1EC7t</p>' })).id;
    const found = async (search: string) => (await list(member.token, n, `?search=${encodeURIComponent(search)}`)).posts.map((p) => p.id);
    expect(await found('हिन्दी')).toEqual([hindi]);
    expect(await found('हिन्')).toEqual([hindi]);
    expect(await found('İstanbul')).toEqual([turkish]);
    expect(await found('istanbul boğaz')).toEqual([turkish]);
    expect(await found('Tiê\u0301ng')).toEqual([vietnamese]);
  });

  it('never fails on hostile search strings, and refuses one over 100 characters', async () => {
    for (const search of ['a & b | !c:*', "'); drop table content_posts; --", '\\', ':*', '!!!', '(((', '<->', '%_%', 'a:*B']) {
      const res = await call(member.token, 'GET', `${postsUrl(m)}?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, search).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
    expect(await rows(contentPosts)).toBeGreaterThanOrEqual(5);
    const long = await call(member.token, 'GET', `${postsUrl(m)}?search=${'x'.repeat(101)}`);
    expect(fieldErrorsOf(long).map((e) => e.field)).toEqual(['search']);
    const exact = await call(member.token, 'GET', `${postsUrl(m)}?search=${'x'.repeat(100)}`);
    expect(exact.statusCode).toBe(200);
  });
});

describe('create', () => {
  it('publishes a blog post without a title, and refuses a discussion without one', async () => {
    const p = await create(owner.token, blogs, { text: '<p>Hello <strong>world</strong></p>' });
    expect(p).toMatchObject({
      title: null,
      text: '<p>Hello <strong>world</strong></p>',
      excerpt: 'Hello world',
      app_module_id: blogs.id,
      pinned: false,
      likes_count: 0,
      comments_count: 0,
      poll: null,
      user: { id: owner.user.id, fullname: 'Olga Owner' },
      permissions: { edit: true, delete: true, pin: false, finish_poll: false },
    });
    const before = await rows(contentPosts);
    const res = await call(owner.token, 'POST', postsUrl(forums), { text: '<p>Question</p>' });
    expect(fieldErrorsOf(res)).toEqual([{ field: 'title', message: "Title can't be blank!" }]);
    const blank = await call(owner.token, 'POST', postsUrl(forums), { title: '   ', text: '<p>Question</p>' });
    expect(fieldErrorsOf(blank).map((e) => e.field)).toEqual(['title']);
    expect(await rows(contentPosts)).toBe(before);
  });

  it('refuses an empty body and a body over the limit', async () => {
    const before = await rows(contentPosts);
    for (const text of ['', '   ', '<p></p>', '<p> </p><script>alert(1)</script>']) {
      const res = await call(owner.token, 'POST', postsUrl(blogs), { text });
      expect(
        fieldErrorsOf(res).map((e) => e.field),
        text,
      ).toEqual(['text']);
    }
    const huge = await call(owner.token, 'POST', postsUrl(blogs), { text: `<p>${'a'.repeat(100_000)}</p>` });
    expect(fieldErrorsOf(huge).map((e) => e.field)).toEqual(['text']);
    const missing = await call(owner.token, 'POST', postsUrl(blogs), { title: 'No text' });
    expect(fieldErrorsOf(missing).map((e) => e.field)).toEqual(['text']);
    const unknown = await call(owner.token, 'POST', postsUrl(blogs), { text: '<p>x</p>', user_id: 1 });
    expect(fieldErrorsOf(unknown).map((e) => e.field)).toEqual(['user_id']);
    expect(await rows(contentPosts)).toBe(before);
  });

  it('sanitises hostile HTML before storing it', async () => {
    const p = await create(owner.token, blogs, {
      text:
        '<p onclick="x()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>' +
        '<p><a href="javascript:alert(3)">click</a> <a href="https://ok.test/" style="color:red">ok</a></p>' +
        '<iframe src="https://evil.test"></iframe><style>body{}</style>',
    });
    for (const text of [p.text, (await read(member.token, blogs, p.id)).text]) {
      expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<style|<iframe|style=/i);
      expect(text).toContain('Hi');
      expect(text).toContain('href="https://ok.test/"');
      expect(text).toContain('rel="noopener noreferrer nofollow ugc"');
    }
    const [stored] = await t.app.ctx.db.select().from(contentPosts).where(eq(contentPosts.id, p.id));
    expect(stored?.bodyHtml).toBe(p.text);
    expect(stored?.bodyText).not.toContain('alert');
  });

  it('creates a poll with its options in order', async () => {
    const p = await create(owner.token, forums, { title: 'Vote', text: '<p>Please vote</p>', poll: pollBody() });
    expect(p.poll).toMatchObject({ title: 'Lunch?', status: 'in_progress', votes_count: 0, my_vote: null });
    expect(p.poll?.options.map((o) => [o.text, o.votes_count])).toEqual([
      ['Pizza', 0],
      ['Sushi', 0],
      ['Salad', 0],
    ]);
    expect(p.permissions).toEqual({ edit: true, delete: true, pin: true, finish_poll: true });
    expect((await read(member.token, forums, p.id)).permissions).toEqual({ edit: false, delete: false, pin: false, finish_poll: false });
    expect((await read(admin.token, forums, p.id)).permissions).toEqual({ edit: false, delete: true, pin: false, finish_poll: false });
  });

  it('validates polls with translated messages and writes nothing on failure', async () => {
    const before = [await rows(contentPosts), await rows(polls), await rows(pollOptions)];
    const send = (poll: unknown, headers: Record<string, string> = {}) =>
      call(owner.token, 'POST', postsUrl(forums), { title: 'Poll', text: '<p>Poll</p>', poll }, headers);

    expect(fieldErrorsOf(await send(pollBody('  ')))).toEqual([{ field: 'poll.title', message: "Title can't be blank!" }]);
    expect(fieldErrorsOf(await send(pollBody('x'.repeat(141))))).toEqual([
      { field: 'poll.title', message: 'Title should contain at most 140 characters' },
    ]);
    expect(fieldErrorsOf(await send(pollBody('Q', ['ok', 'x'.repeat(51)])))).toEqual([
      { field: 'poll.options.1', message: 'Option should contain at most 50 characters' },
    ]);
    expect(fieldErrorsOf(await send(pollBody('Q', ['ok', '  '])))).toEqual([
      { field: 'poll.options.1', message: "Option can't be blank!" },
    ]);
    expect(fieldErrorsOf(await send(pollBody('Q', ['only one'])))).toEqual([{ field: 'poll.options', message: 'Add at least 2 options' }]);
    expect(fieldErrorsOf(await send(pollBody('Q', [])))).toEqual([{ field: 'poll.options', message: 'Add at least 2 options' }]);
    const eleven = Array.from({ length: 11 }, (_, i) => `o${i}`);
    expect(fieldErrorsOf(await send(pollBody('Q', eleven))).map((e) => e.field)).toEqual(['poll.options']);
    // 50 characters are fine: the limit is the same in every language.
    const fifty = await send(pollBody('Q', ['ok', 'x'.repeat(50)]));
    expect(fifty.statusCode).toBe(200);
    await call(owner.token, 'DELETE', postUrl(forums, postSchema.parse(fifty.json()).id));

    // Another language gets its own words.
    const de = fieldErrorsOf(await send(pollBody('Q', ['ok', 'x'.repeat(51)]), { cookie: 'locale=de_DE' }));
    expect(de).toHaveLength(1);
    expect(de[0]?.field).toBe('poll.options.1');
    expect(de[0]?.message).toContain('50');
    expect(de[0]?.message).not.toBe('Option should contain at most 50 characters');
    const deTitle = fieldErrorsOf(await send(pollBody(''), { cookie: 'locale=de_DE' }));
    expect(deTitle[0]?.message).not.toBe("Title can't be blank!");
    expect(deTitle[0]?.message.length).toBeGreaterThan(5);

    expect([await rows(contentPosts), await rows(polls), await rows(pollOptions)]).toEqual(before);
  });

  it('edits a post: text, poll replaced and removed, edited_at set', async () => {
    const p = await create(owner.token, forums, { title: 'First', text: '<p>one</p>', poll: pollBody() });
    expect(p.edited_at).toBeNull();
    const res = await call(owner.token, 'PUT', postUrl(forums, p.id), {
      title: 'Second',
      text: '<p>two</p>',
      poll: pollBody('New', ['A', 'B']),
    });
    expect(res.statusCode).toBe(200);
    const edited = postSchema.parse(res.json());
    expect(edited).toMatchObject({ title: 'Second', text: '<p>two</p>' });
    expect(edited.edited_at).not.toBeNull();
    expect(edited.poll?.options.map((o) => o.text)).toEqual(['A', 'B']);
    const kept = postSchema.parse((await call(owner.token, 'PUT', postUrl(forums, p.id), { title: 'Third', text: '<p>3</p>' })).json());
    expect(kept.poll?.title).toBe('New');
    const removed = postSchema.parse(
      (await call(owner.token, 'PUT', postUrl(forums, p.id), { title: 'Third', text: '<p>3</p>', poll: null })).json(),
    );
    expect(removed.poll).toBeNull();
    const [n] = await t.app.ctx.db.select({ n: count() }).from(polls).where(eq(polls.postId, p.id));
    expect(n?.n).toBe(0);
  });
});

describe('permissions', () => {
  it('lets the owner edit, pin, finish the poll and delete; others get 403', async () => {
    const p = await create(owner.token, forums, { title: 'Mine', text: '<p>mine</p>', poll: pollBody() });
    const edit = { title: 'Changed', text: '<p>changed</p>' };
    for (const who of [member, admin]) {
      expect((await call(who.token, 'PUT', postUrl(forums, p.id), edit)).statusCode).toBe(403);
      expect((await call(who.token, 'PUT', postUrl(forums, p.id, '/pin'), { pinned: true })).statusCode).toBe(403);
      expect((await call(who.token, 'POST', postUrl(forums, p.id, '/finish-poll'))).statusCode).toBe(403);
    }
    const refused = await call(member.token, 'DELETE', postUrl(forums, p.id));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).status).toBe(403);
    const unchanged = await read(member.token, forums, p.id);
    expect(unchanged).toMatchObject({ title: 'Mine', pinned: false, edited_at: null });
    expect(unchanged.poll?.status).toBe('in_progress');

    expect(postSchema.parse((await call(owner.token, 'PUT', postUrl(forums, p.id), edit)).json()).title).toBe('Changed');
    expect(postSchema.parse((await call(owner.token, 'PUT', postUrl(forums, p.id, '/pin'), { pinned: true })).json()).pinned).toBe(true);
    const finished = await call(owner.token, 'POST', postUrl(forums, p.id, '/finish-poll'));
    expect(finished.statusCode).toBe(200);
    expect(pollSchema.parse(finished.json()).status).toBe('finished');
    expect((await call(owner.token, 'DELETE', postUrl(forums, p.id))).json()).toEqual({ success: true });
    expect((await call(owner.token, 'GET', postUrl(forums, p.id))).statusCode).toBe(404);
  });

  it('pins in news and forums but not in blogs', async () => {
    const d = await create(owner.token, forums, { title: 'Topic', text: '<p>t</p>' });
    expect(d.permissions.pin).toBe(true);
    expect((await call(owner.token, 'PUT', postUrl(forums, d.id, '/pin'), { pinned: true })).statusCode).toBe(200);
    const b = await create(owner.token, blogs, { text: '<p>b</p>' });
    expect((await call(owner.token, 'PUT', postUrl(blogs, b.id, '/pin'), { pinned: true })).statusCode).toBe(403);
    expect((await read(owner.token, blogs, b.id)).pinned).toBe(false);
  });

  it('lets the app admin delete posts of others but not edit them', async () => {
    const p = await create(member.token, blogs, { text: '<p>by member</p>' });
    expect((await call(admin.token, 'PUT', postUrl(blogs, p.id), { text: '<p>admin words</p>' })).statusCode).toBe(403);
    expect((await read(admin.token, blogs, p.id)).text).toBe('<p>by member</p>');
    expect((await call(admin.token, 'DELETE', postUrl(blogs, p.id))).statusCode).toBe(200);
    expect((await call(member.token, 'GET', postUrl(blogs, p.id))).statusCode).toBe(404);
  });

  it('answers 404 to a user of another tenant on every call with these ids', async () => {
    const p = await create(owner.token, forums, { title: 'Private', text: '<p>p</p>', poll: pollBody() });
    const c = await call(owner.token, 'POST', postUrl(forums, p.id, '/comments'), { text: 'first' });
    const commentId = (c.json() as { id: number }).id;
    const optionId = p.poll?.options[0]?.id ?? 0;
    const calls: Array<[InjectOptions['method'], string, unknown?]> = [
      ['GET', postsUrl(forums)],
      ['POST', postsUrl(forums), { title: 'x', text: '<p>x</p>' }],
      ['GET', postUrl(forums, p.id)],
      ['PUT', postUrl(forums, p.id), { title: 'x', text: '<p>x</p>' }],
      ['DELETE', postUrl(forums, p.id)],
      ['PUT', postUrl(forums, p.id, '/pin'), { pinned: true }],
      ['PUT', postUrl(forums, p.id, '/like'), { liked: true }],
      ['PUT', postUrl(forums, p.id, '/follow'), { followed: true }],
      ['POST', postUrl(forums, p.id, '/flag')],
      ['PUT', postUrl(forums, p.id, '/vote'), { option_id: optionId }],
      ['POST', postUrl(forums, p.id, '/finish-poll')],
      ['GET', postUrl(forums, p.id, '/comments')],
      ['POST', postUrl(forums, p.id, '/comments'), { text: 'x' }],
      ['PUT', postUrl(forums, p.id, `/comments/${commentId}`), { text: 'x' }],
      ['DELETE', postUrl(forums, p.id, `/comments/${commentId}`)],
      ['PUT', postUrl(forums, p.id, `/comments/${commentId}/like`), { liked: true }],
      ['POST', postUrl(forums, p.id, `/comments/${commentId}/flag`)],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(stranger.token, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      // The stranger's own module with this post id is not found either.
      const own = url.replace(`/content/${forums.id}/`, `/content/${strangerBlogs.id}/`);
      if (own.includes(`/posts/${p.id}`)) expect((await call(stranger.token, method, own, body)).statusCode, `${method} ${own}`).toBe(404);
    }
    const after = await read(owner.token, forums, p.id);
    expect(after).toMatchObject({ title: 'Private', pinned: false, likes_count: 0, comments_count: 1, reported: false });
    expect(after.poll?.votes_count).toBe(0);
    expect((await call(stranger.token, 'GET', postsUrl(strangerBlogs))).json()).toEqual([]);
  });

  it('answers 404 to unknown ids, posts of another module and modules of another type', async () => {
    const p = await create(owner.token, blogs, { text: '<p>here</p>' });
    expect((await call(owner.token, 'GET', postUrl(blogs, 2_000_000_000))).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', postUrl(forums, p.id))).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', postUrl(activity, p.id))).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', postsUrl(activity))).statusCode).toBe(404);
    expect((await call(owner.token, 'POST', postsUrl(activity), { text: '<p>x</p>' })).statusCode).toBe(404);
    expect((await call(owner.token, 'GET', postsUrl(999_999))).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', postUrl(blogs, p.id + 100_000))).statusCode).toBe(404);
    expect((await call(owner.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: 1 })).statusCode).toBe(404);
    expect(fieldErrorsOf(await call(owner.token, 'GET', postUrl(blogs, 0))).map((e) => e.field)).toEqual(['id']);
    expect((await t.app.inject({ url: postsUrl(blogs) })).statusCode).toBe(401);
  });
});

describe('likes, follows and flags', () => {
  it('counts a like once, unlikes, and keeps the count equal to the rows', async () => {
    const p = await create(owner.token, blogs, { text: '<p>like me</p>' });
    const like = (m: Member, liked: boolean) => call(m.token, 'PUT', postUrl(blogs, p.id, '/like'), { liked });
    expect(postSchema.parse((await like(member, true)).json())).toMatchObject({ liked: true, likes_count: 1 });
    expect(postSchema.parse((await like(member, true)).json())).toMatchObject({ liked: true, likes_count: 1 });
    await Promise.all([like(admin, true), like(admin, true), like(owner, true)]);
    const likeRows = async () =>
      (
        await t.app.ctx.db
          .select({ n: count() })
          .from(contentLikes)
          .where(and(eq(contentLikes.targetType, 'post'), eq(contentLikes.targetId, p.id)))
      )[0]?.n;
    expect(await likeRows()).toBe(3);
    expect((await read(owner.token, blogs, p.id)).likes_count).toBe(3);
    expect(postSchema.parse((await like(member, false)).json())).toMatchObject({ liked: false, likes_count: 2 });
    expect(postSchema.parse((await like(member, false)).json())).toMatchObject({ liked: false, likes_count: 2 });
    expect(await likeRows()).toBe(2);
    // Each reader sees their own mark.
    expect((await read(member.token, blogs, p.id)).liked).toBe(false);
    expect((await read(admin.token, blogs, p.id)).liked).toBe(true);
    const listed = (await list(member.token, blogs)).posts.find((x) => x.id === p.id);
    expect(listed).toMatchObject({ liked: false, likes_count: 2 });

    // The likes panel: who liked it, newest first, paginated; nobody outside the app sees it.
    const likers = await call(member.token, 'GET', postUrl(blogs, p.id, '/likes'));
    expect(likers.statusCode, likers.body).toBe(200);
    const people = authorSchema.array().parse(likers.json());
    expect(people.map((a) => a.id).sort()).toEqual([owner.user.id, admin.user.id].sort());
    expect(people.find((a) => a.id === admin.user.id)).toEqual({
      id: admin.user.id,
      fullname: 'Ada Admin',
      avatar: null,
      is_verified: false,
    });
    expect(pageHeaders(likers)).toEqual({ pageCount: 1, totalCount: 2, currentPage: 1, perPage: 20 });
    await like(member, true);
    const newest = await call(owner.token, 'GET', postUrl(blogs, p.id, '/likes?per-page=1'));
    expect(
      authorSchema
        .array()
        .parse(newest.json())
        .map((a) => a.id),
    ).toEqual([member.user.id]);
    expect(pageHeaders(newest)).toEqual({ pageCount: 3, totalCount: 3, currentPage: 1, perPage: 1 });
    expect((await call(stranger.token, 'GET', postUrl(blogs, p.id, '/likes'))).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', postUrl(strangerBlogs, p.id, '/likes'))).statusCode).toBe(404);
  });

  it('follows discussions only; the author follows their own', async () => {
    const d = await create(owner.token, forums, { title: 'Follow me', text: '<p>f</p>' });
    expect(d.followed).toBe(true);
    expect((await read(member.token, forums, d.id)).followed).toBe(false);
    const on = await call(member.token, 'PUT', postUrl(forums, d.id, '/follow'), { followed: true });
    expect(postSchema.parse(on.json()).followed).toBe(true);
    expect((await read(admin.token, forums, d.id)).followed).toBe(false);
    const off = await call(owner.token, 'PUT', postUrl(forums, d.id, '/follow'), { followed: false });
    expect(postSchema.parse(off.json()).followed).toBe(false);
    expect((await read(member.token, forums, d.id)).followed).toBe(true);

    const b = await create(owner.token, blogs, { text: '<p>blog</p>' });
    expect(b.followed).toBe(false);
    expect((await call(member.token, 'PUT', postUrl(blogs, b.id, '/follow'), { followed: true })).statusCode).toBe(403);
    expect(
      (
        await call(member.token, 'PUT', postUrl(news, (await create(admin.token, news, { text: '<p>n</p>' })).id, '/follow'), {
          followed: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('marks a flagged post and comment as reported for the flagger only', async () => {
    const p = await create(owner.token, forums, { title: 'Flag me', text: '<p>x</p>' });
    const c = (await call(owner.token, 'POST', postUrl(forums, p.id, '/comments'), { text: 'a comment' })).json() as { id: number };
    expect((await call(member.token, 'POST', postUrl(forums, p.id, '/flag'))).json()).toEqual({ success: true });
    expect((await call(member.token, 'POST', postUrl(forums, p.id, '/flag'))).statusCode).toBe(200);
    expect((await call(member.token, 'POST', postUrl(forums, p.id, `/comments/${c.id}/flag`))).json()).toEqual({ success: true });
    expect((await read(member.token, forums, p.id)).reported).toBe(true);
    expect((await read(owner.token, forums, p.id)).reported).toBe(false);
    expect((await read(admin.token, forums, p.id)).reported).toBe(false);
    const comments = (who: Member) =>
      call(who.token, 'GET', postUrl(forums, p.id, '/comments')).then((r) => r.json() as Array<{ reported: boolean }>);
    expect((await comments(member)).map((x) => x.reported)).toEqual([true]);
    expect((await comments(owner)).map((x) => x.reported)).toEqual([false]);
  });
  it('leaves no like, follow or flag behind when they race the deletion of the post', async () => {
    const [author, reader] = [await makeUser(t, tenant), await makeUser(t, tenant)];
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const d = await create(author.token, forums, { title: `Race ${i}`, text: '<p>r</p>' });
      ids.push(d.id);
      const [del, ...reactions] = await Promise.all([
        call(author.token, 'DELETE', postUrl(forums, d.id)),
        call(reader.token, 'PUT', postUrl(forums, d.id, '/like'), { liked: true }),
        call(reader.token, 'PUT', postUrl(forums, d.id, '/follow'), { followed: true }),
        call(reader.token, 'POST', postUrl(forums, d.id, '/flag')),
      ]);
      expect(del.statusCode).toBe(200);
      for (const r of reactions) expect([200, 404]).toContain(r.statusCode);
    }
    for (const table of [contentLikes, contentFollows, contentFlags]) {
      const [left] = await t.app.ctx.db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.targetType, 'post'), inArray(table.targetId, ids)));
      expect(left?.n).toBe(0);
    }
  });
});

describe('polls', () => {
  it('votes, changes the vote and keeps one vote per member', async () => {
    const p = await create(owner.token, blogs, { text: '<p>poll</p>', poll: pollBody() });
    const [a, b, c] = (p.poll?.options ?? []).map((o) => o.id) as [number, number, number];
    const vote = async (m: Member, optionId: number) => {
      const res = await call(m.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: optionId });
      expect(res.statusCode, res.body).toBe(200);
      return pollSchema.parse(res.json());
    };
    const counts = (x: { options: Array<{ votes_count: number }> }) => x.options.map((o) => o.votes_count);
    let poll = await vote(member, a);
    expect(counts(poll)).toEqual([1, 0, 0]);
    expect(poll).toMatchObject({ my_vote: a, votes_count: 1 });
    poll = await vote(member, b);
    expect(counts(poll)).toEqual([0, 1, 0]);
    expect(poll.my_vote).toBe(b);
    poll = await vote(member, b);
    expect(counts(poll)).toEqual([0, 1, 0]);
    poll = await vote(admin, b);
    expect(counts(poll)).toEqual([0, 2, 0]);
    expect((await read(owner.token, blogs, p.id)).poll).toMatchObject({ my_vote: null, votes_count: 2 });

    // Two votes of one member at once leave exactly one.
    const both = await Promise.all([
      call(owner.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: a }),
      call(owner.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: c }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const after = (await read(owner.token, blogs, p.id)).poll;
    expect(after?.votes_count).toBe(3);
    expect(counts(after ?? { options: [] }).reduce((x, y) => x + y, 0)).toBe(3);
    expect([a, c]).toContain(after?.my_vote);
    const own = after?.options.find((o) => o.id === after.my_vote);
    expect(own?.votes_count).toBe(1);
    const [votes] = await t.app.ctx.db.select({ n: count() }).from(pollVotes).where(eq(pollVotes.userId, owner.user.id));
    expect(votes?.n).toBe(1);
  });

  it('refuses a vote after the poll finished and an option of another poll', async () => {
    const p = await create(owner.token, blogs, { text: '<p>poll 1</p>', poll: pollBody() });
    const q = await create(owner.token, blogs, { text: '<p>poll 2</p>', poll: pollBody() });
    const foreign = q.poll?.options[0]?.id ?? 0;
    const wrong = await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: foreign });
    expect(fieldErrorsOf(wrong)).toEqual([{ field: 'option_id', message: "Choose one of the poll's options" }]);
    await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: p.poll?.options[0]?.id });
    expect(pollSchema.parse((await call(owner.token, 'POST', postUrl(blogs, p.id, '/finish-poll'))).json()).status).toBe('finished');
    const late = await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: p.poll?.options[1]?.id });
    expect(late.statusCode).toBe(422);
    expect(fieldErrorsOf(late)[0]?.message).toBe('This poll has finished, votes are closed');
    const final = (await read(member.token, blogs, p.id)).poll;
    expect(final?.options.map((o) => o.votes_count)).toEqual([1, 0, 0]);
    expect(final?.status).toBe('finished');
    // A post without a poll has nothing to vote on.
    const plain = await create(owner.token, blogs, { text: '<p>no poll</p>' });
    expect((await call(member.token, 'PUT', postUrl(blogs, plain.id, '/vote'), { option_id: foreign })).statusCode).toBe(404);
    expect((await call(owner.token, 'POST', postUrl(blogs, plain.id, '/finish-poll'))).statusCode).toBe(404);
  });

  it('lists who voted for each option in the votes panel, only to members of the app', async () => {
    const p = await create(owner.token, blogs, { text: '<p>panel</p>', poll: pollBody('Panel?', ['Yes', 'No']) });
    const [yes, no] = (p.poll?.options ?? []).map((o) => o.id) as [number, number];
    await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: yes });
    await call(admin.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: yes });
    await call(owner.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: no });
    const res = await call(member.token, 'GET', postUrl(blogs, p.id, '/votes'));
    expect(res.statusCode, res.body).toBe(200);
    const panel = res.json() as Array<{ option_id: number; text: string; votes_count: number; voters: Array<{ fullname: string }> }>;
    expect(panel.map((o) => [o.option_id, o.text, o.votes_count])).toEqual([
      [yes, 'Yes', 2],
      [no, 'No', 1],
    ]);
    // Newest first.
    expect(panel[0]?.voters.map((v) => v.fullname)).toEqual(['Ada Admin', 'Max Member']);
    expect(panel[1]?.voters.map((v) => v.fullname)).toEqual(['Olga Owner']);
    expect((await call(stranger.token, 'GET', postUrl(blogs, p.id, '/votes'))).statusCode).toBe(404);
    const plain = await create(owner.token, blogs, { text: '<p>no poll</p>' });
    expect((await call(member.token, 'GET', postUrl(blogs, plain.id, '/votes'))).statusCode).toBe(404);
  });

  it('keeps the votes of a poll: an edit may send it unchanged or remove it, not change it', async () => {
    const p = await create(owner.token, blogs, { text: '<p>poll</p>', poll: pollBody() });
    const edit = (poll: unknown) => call(owner.token, 'PUT', postUrl(blogs, p.id), { text: '<p>poll, edited</p>', poll });
    // Before anyone voted the owner changes it freely.
    expect((await edit(pollBody('Lunch?', ['Pizza', 'Sushi']))).statusCode).toBe(200);
    const options = (await read(owner.token, blogs, p.id)).poll?.options ?? [];
    await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: options[1]?.id });
    const changed = await edit(pollBody('Lunch?', ['Pizza', 'Tacos']));
    expect(fieldErrorsOf(changed)).toEqual([
      { field: 'poll.title', message: 'People have voted in this poll: it can no longer be changed, only removed' },
    ]);
    const same = await edit(pollBody('Lunch?', ['Pizza', 'Sushi']));
    expect(same.statusCode).toBe(200);
    expect(postSchema.parse(same.json()).poll).toMatchObject({ votes_count: 1, options: [{ votes_count: 0 }, { votes_count: 1 }] });
    const removed = await edit(null);
    expect(postSchema.parse(removed.json()).poll).toBeNull();
  });
});

describe("news is the organiser's channel", () => {
  it('lets only the app owner post and pin in news; members comment and like; blogs and forums stay open', async () => {
    const before = await rows(contentPosts);
    const refused = await call(member.token, 'POST', postsUrl(news), { title: 'Mine', text: '<p>Buy my stuff</p>' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe('Only the organiser posts in the news. You can comment on and like its posts.');
    const de = await call(member.token, 'POST', postsUrl(news), { text: '<p>x</p>' }, { cookie: 'locale=de_DE' });
    expect(de.statusCode).toBe(403);
    expect(errorOf(de).message).toContain('Veranstalter');
    expect(await rows(contentPosts)).toBe(before);

    const p = await create(admin.token, news, { title: 'Doors open at nine', text: '<p>Welcome!</p>' });
    expect(p.permissions).toEqual({ edit: true, delete: true, pin: true, finish_poll: false });
    expect((await read(member.token, news, p.id)).permissions.pin).toBe(false);
    expect((await call(member.token, 'PUT', postUrl(news, p.id, '/pin'), { pinned: true })).statusCode).toBe(403);
    expect((await read(member.token, news, p.id)).pinned).toBe(false);
    expect(postSchema.parse((await call(admin.token, 'PUT', postUrl(news, p.id, '/pin'), { pinned: true })).json()).pinned).toBe(true);
    // Members take part: a comment and a like.
    expect((await call(member.token, 'POST', postUrl(news, p.id, '/comments'), { text: 'See you there' })).statusCode).toBe(200);
    expect((await call(member.token, 'PUT', postUrl(news, p.id, '/like'), { liked: true })).statusCode).toBe(200);
    // A member's news post of old (before the rule) cannot be pinned by its author; the app owner can.
    const [old] = await t.app.ctx.db
      .insert(contentPosts)
      .values({ appId: tenant.app.id, appModuleId: news.id, userId: member.user.id, bodyHtml: '<p>old</p>', bodyText: 'old' })
      .returning({ id: contentPosts.id });
    expect((await call(member.token, 'PUT', postUrl(news, old?.id ?? 0, '/pin'), { pinned: true })).statusCode).toBe(403);
    expect((await call(admin.token, 'PUT', postUrl(news, old?.id ?? 0, '/pin'), { pinned: true })).statusCode).toBe(200);
    expect((await call(admin.token, 'PUT', postUrl(news, old?.id ?? 0, '/pin'), { pinned: false })).statusCode).toBe(200);
    await call(admin.token, 'PUT', postUrl(news, p.id, '/pin'), { pinned: false });

    expect((await create(member.token, blogs, { text: '<p>My blog post</p>' })).permissions.pin).toBe(false);
    expect((await create(member.token, forums, { title: 'My question', text: '<p>?</p>' })).permissions.pin).toBe(true);
  });
});

describe('the budget of notices per sender', () => {
  const menuBubble = async (token: string, moduleId: number) =>
    appMenu.parse((await call(token, 'GET', '/user/app-menu')).json()).menu.find((m) => m.app_module_id === moduleId)?.bubble ?? [];

  it("notifies the others of a member's first 5 posts in an hour; later ones are published quietly", async () => {
    const writer = await makeUser(t, tenant, { firstName: 'Sam', lastName: 'Spammer' });
    const reader = await makeUser(t, tenant, { firstName: 'Rita', lastName: 'Reader' });
    for (const m of [blogs, forums]) await call(reader.token, 'POST', `/content/${m.id}/seen`, {});
    const ids: number[] = [];
    // The budget spans the app's content modules: blog posts and discussions count together.
    for (let i = 0; i < 4; i++) ids.push((await create(writer.token, blogs, { text: `<p>post ${i}</p>` })).id);
    const discussion = await create(writer.token, forums, { title: 'Fifth', text: '<p>5</p>' });
    expect(await menuBubble(reader.token, forums.id)).toEqual([discussion.id]);
    const sixth = await create(writer.token, blogs, { text: '<p>post 6</p>' });
    const seventh = await create(writer.token, blogs, { text: '<p>post 7</p>' });
    // Published and listed as any post, but no bubble for the reader.
    const { posts } = await list(reader.token, blogs);
    expect(posts.map((p) => p.id)).toEqual(expect.arrayContaining([sixth.id, seventh.id]));
    expect([...(await menuBubble(reader.token, blogs.id))].sort((a, b) => a - b)).toEqual(ids);
    // Deleting posts gives no notices back: the budget counts notices sent, not posts standing.
    for (const p of [sixth, seventh, discussion])
      expect(
        (await call(writer.token, 'DELETE', `/content/${p.id === discussion.id ? forums.id : blogs.id}/posts/${p.id}`)).statusCode,
      ).toBe(200);
    const eighth = await create(writer.token, blogs, { text: '<p>post 8</p>' });
    expect(await menuBubble(reader.token, blogs.id)).not.toContain(eighth.id);
    // Another member's budget is their own; the app owner has none.
    const other = await create(reader.token, blogs, { text: '<p>mine</p>' });
    expect(await menuBubble(writer.token, blogs.id)).toContain(other.id);
    for (let i = 0; i < 6; i++) await create(admin.token, news, { text: `<p>announcement ${i}</p>` });
    expect(await menuBubble(reader.token, news.id)).toHaveLength(6);
  });
});

describe('activity and bubbles', () => {
  const menuBubble = async (token: string, moduleId: number) => {
    const res = await call(token, 'GET', '/user/app-menu');
    expect(res.statusCode).toBe(200);
    return appMenu.parse(res.json()).menu.find((m) => m.app_module_id === moduleId)?.bubble;
  };

  it('records the new post in the feed and gives other members a bubble until they open the module', async () => {
    // An author with the whole hour's budget of notices (the suite's owner has spent theirs).
    const author = await makeUser(t, tenant, { firstName: 'Bea', lastName: 'Blogger' });
    for (const m of [member, author]) await call(m.token, 'POST', `/content/${blogs.id}/seen`, {});
    expect(await menuBubble(member.token, blogs.id)).toEqual([]);
    const p = await create(author.token, blogs, { text: '<p>news for all</p>' });
    const d = await create(author.token, forums, { title: 'Where is the Hall?', text: '<p>?</p>' });

    const feed = activityList.parse((await call(member.token, 'GET', '/user/activity')).json());
    const ofPost = feed.find((a) => a.entity_id === p.id && a.module?.app_module_id === blogs.id);
    expect(ofPost?.click_url).toBe(`/blogs/${blogs.id}/post/${p.id}`);
    expect(ofPost?.user.id).toBe(author.user.id);
    const ofDiscussion = feed.find((a) => a.entity_id === d.id && a.module?.app_module_id === forums.id);
    expect(ofDiscussion?.click_url).toBe(`/forums/${forums.id}/where-is-the-hall/${d.id}`);
    // The discussion's name in the path keeps its letters without the accents, in any script.
    const cz = await create(author.token, forums, { title: 'Nový příspěvek: Конференция 2026!', text: '<p>cz</p>' });
    const czItem = activityList.parse((await call(member.token, 'GET', '/user/activity')).json()).find((a) => a.entity_id === cz.id);
    expect(czItem?.click_url).toBe(`/forums/${forums.id}/${encodeURIComponent('novy-prispevek-конференция-2026')}/${cz.id}`);

    expect(await menuBubble(member.token, blogs.id)).toEqual([p.id]);
    expect(await menuBubble(admin.token, blogs.id)).toContain(p.id);
    expect(await menuBubble(author.token, blogs.id)).toEqual([]);
    // Reading has no side effect; the client says when the feed was opened (seen), for one member.
    await list(member.token, blogs);
    await read(member.token, blogs, p.id);
    expect(await menuBubble(member.token, blogs.id)).toEqual([p.id]);
    expect((await call(member.token, 'POST', `/content/${blogs.id}/seen`, {})).statusCode).toBe(200);
    expect(await menuBubble(member.token, blogs.id)).toEqual([]);
    expect(await menuBubble(admin.token, blogs.id)).toContain(p.id);
    // Or one post was opened.
    expect((await call(admin.token, 'POST', `/content/${blogs.id}/seen`, { post_id: p.id })).statusCode).toBe(200);
    expect(await menuBubble(admin.token, blogs.id)).not.toContain(p.id);
  });

  it('gives the followers of a discussion a bubble for a reply', async () => {
    const d = await create(owner.token, forums, { title: 'Followed', text: '<p>f</p>' });
    await call(member.token, 'PUT', postUrl(forums, d.id, '/follow'), { followed: true });
    for (const m of [owner, member, admin]) await call(m.token, 'POST', `/content/${forums.id}/seen`, {});
    expect(await menuBubble(owner.token, forums.id)).toEqual([]);
    expect(await menuBubble(member.token, forums.id)).toEqual([]);

    const reply = await call(member.token, 'POST', postUrl(forums, d.id, '/comments'), { text: 'A reply' });
    expect(reply.statusCode).toBe(200);
    // The author follows their discussion; the replier gets no bubble for their own reply; the admin follows nothing.
    expect(await menuBubble(owner.token, forums.id)).toEqual([d.id]);
    expect(await menuBubble(member.token, forums.id)).toEqual([]);
    expect(await menuBubble(admin.token, forums.id)).toEqual([]);
    // Opening the discussion clears it.
    await call(owner.token, 'POST', `/content/${forums.id}/seen`, { post_id: d.id });
    expect(await menuBubble(owner.token, forums.id)).toEqual([]);

    const feed = activityList.parse((await call(admin.token, 'GET', '/user/activity')).json());
    const item = feed.find((a) => a.entity_id === d.id && a.is_comment);
    expect(item?.click_url).toBe(`/forums/${forums.id}/followed/${d.id}/item/${(reply.json() as { id: number }).id}`);
  });
});

describe('the shared feed page', () => {
  it('shows each reader their own marks and everyone the latest counts', async () => {
    const p = await create(owner.token, blogs, { text: '<p>shared page</p>', poll: pollBody() });
    const first = async (token: string) => (await list(token, blogs)).posts.find((x) => x.id === p.id);
    // Both read the page (the second from the cache), then one likes and votes.
    expect((await first(owner.token))?.liked).toBe(false);
    expect((await first(member.token))?.liked).toBe(false);
    await call(member.token, 'PUT', postUrl(blogs, p.id, '/like'), { liked: true });
    await call(member.token, 'PUT', postUrl(blogs, p.id, '/vote'), { option_id: p.poll?.options[1]?.id });
    const mine = await first(member.token);
    const theirs = await first(owner.token);
    expect(mine).toMatchObject({ liked: true, likes_count: 1 });
    expect(mine?.poll?.my_vote).toBe(p.poll?.options[1]?.id);
    expect(theirs).toMatchObject({ liked: false, likes_count: 1 });
    expect(theirs?.poll).toMatchObject({ my_vote: null, votes_count: 1 });
    // Permissions are the reader's too: the owner may edit, the member not, the admin may delete.
    expect(theirs?.permissions).toMatchObject({ edit: true, delete: true });
    expect(mine?.permissions).toMatchObject({ edit: false, delete: false });
    expect((await first(admin.token))?.permissions).toMatchObject({ edit: false, delete: true });
  });
});

describe('the activity feed after moderation', () => {
  it('forgets a deleted discussion and its replies, and renames an edited one', async () => {
    const d = await create(owner.token, forums, { title: 'To be renamed', text: '<p>r</p>' });
    await call(member.token, 'POST', postUrl(forums, d.id, '/comments'), { text: 'reply' });
    const feed = async () =>
      activityList.parse((await call(admin.token, 'GET', '/user/activity?per-page=50')).json()).filter((a) => a.entity_id === d.id);
    expect((await feed()).length).toBe(2);
    expect((await call(owner.token, 'PUT', postUrl(forums, d.id), { title: 'Renamed', text: '<p>r</p>' })).statusCode).toBe(200);
    expect((await feed()).map((a) => a.module?.forums?.title)).toEqual(['Renamed', 'Renamed']);
    expect((await call(admin.token, 'DELETE', postUrl(forums, d.id))).statusCode).toBe(200);
    expect(await feed()).toEqual([]);
  });
});

describe('rate limit', () => {
  it('answers 429 to writes over the limit, per member', async () => {
    const limited = await createTestApp({ rateLimit: { auth: 20, uploads: 10, writes: 5, windowMs: 60_000 } }, { users: 0 });
    try {
      const tn = await makeTenant(limited, { modules: ['blogs'] });
      const m = tn.modules[0] as ModuleRow;
      const [a, b] = [await makeUser(limited, tn), await makeUser(limited, tn)];
      const write = (token: string, i: number) =>
        limited.app.inject({ method: 'POST', url: postsUrl(m), headers: { 'access-token': token }, payload: { text: `<p>${i}</p>` } });
      const codes: number[] = [];
      for (let i = 0; i < 7; i++) codes.push((await write(a.token, i)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const refused = await write(a.token, 8);
      expect(errorOf(refused).status).toBe(429);
      // Reading is not limited, and another member has their own allowance.
      const read = await limited.app.inject({ url: postsUrl(m), headers: { 'access-token': a.token } });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toHaveLength(5);
      expect((await write(b.token, 9)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
