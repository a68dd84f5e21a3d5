import type { AddressInfo } from 'node:net';
import { PAGE_HTML_MAX } from '@app/contract/schemas/console-pages';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { fieldErrorsOf } from '../../../../test/helpers.ts';
import { connected, socketClient, until } from '../../../../test/sockets.ts';
import { consoleAudit } from '../console.table.ts';
import { type Cast, consoleCall, makeCast, statusesFor } from '../console.test-kit.ts';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});

const OWNER_ONLY = { anon: 401, member: 403, stranger: 404, moderator: 403, owner: 200, operator: 200 };

function pageOf(cast: Cast) {
  const mod = cast.tenant.modules.find((m) => m.type === 'freeform');
  if (!mod) throw new Error('no freeform module');
  return { mod, url: `/apps/${cast.tenant.app.id}/pages/${mod.id}` };
}

/** The page as an attendee of the app reads it. */
async function attendeePage(token: string, moduleId: number) {
  const res = await t.app.inject({ url: `/freeform/${moduleId}/page`, headers: { 'access-token': token } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { html: string; updated_at: string | null };
}

describe('console pages', () => {
  it('lets only the app owner and operators read and replace a page', async () => {
    const cast = await makeCast(t, { modules: ['freeform'] });
    const { url } = pageOf(cast);
    expect(await statusesFor(t, cast, 'GET', url)).toEqual(OWNER_ONLY);
    expect(await statusesFor(t, cast, 'PUT', url, { html: '<p>Hello</p>' })).toEqual(OWNER_ONLY);
  });

  it('answers 404 for another app’s module, a module of another type and one that does not exist', async () => {
    const cast = await makeCast(t, { modules: ['freeform', 'news'] });
    const theirs = cast.other.modules.find((m) => m.type === 'freeform');
    const news = cast.tenant.modules.find((m) => m.type === 'news');
    if (!theirs || !news) throw new Error('no modules');
    const appId = cast.tenant.app.id;
    for (const id of [theirs.id, news.id, 999_999]) {
      expect((await consoleCall(t, cast.owner, 'GET', `/apps/${appId}/pages/${id}`)).statusCode).toBe(404);
      expect((await consoleCall(t, cast.owner, 'PUT', `/apps/${appId}/pages/${id}`, { html: '<p>x</p>' })).statusCode).toBe(404);
    }
    // Their own module through the other app's path: the module is not of that app.
    const mine = pageOf(cast).mod;
    expect((await consoleCall(t, cast.stranger, 'GET', `/apps/${cast.other.app.id}/pages/${mine.id}`)).statusCode).toBe(404);
    expect((await attendeePage((await makeUser(t, cast.other)).token, theirs.id)).html).toBe('');
  });

  it('saves every block of the vocabulary, attendees read it, and the audit log has the change', async () => {
    const cast = await makeCast(t, { modules: ['freeform'] });
    const { mod, url } = pageOf(cast);
    const empty = await consoleCall(t, cast.owner, 'GET', url);
    expect(empty.json()).toMatchObject({ module_id: mod.id, html: '', updated_at: null });
    const html = [
      '<h2>Welcome</h2>',
      '<p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.org/">a link</a></p>',
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>',
      '<blockquote><p>quoted</p></blockquote><hr>',
      '<figure class="image with-border stretched"><img src="/uploads/pic.webp" alt="A hall"><figcaption>The hall</figcaption></figure>',
      '<blockquote><p>Great venue</p><cite>An organiser</cite></blockquote>',
      '<aside class="warning"><strong>Cloakroom</strong><div><p>Closes at 19:00</p></div></aside>',
      '<figure class="embed"><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe></figure>',
      '<table><tbody><tr><td><p>cell</p></td></tr></tbody></table>',
    ].join('');
    const saved = await consoleCall(t, cast.owner, 'PUT', url, { html });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = saved.json() as { html: string; updated_at: string };
    for (const piece of [
      '<h2>Welcome</h2>',
      '<strong>Bold</strong>',
      '<em>italic</em>',
      'href="https://example.org/"',
      '<ul>',
      '<ol>',
      '<blockquote>',
      '<hr',
      'src="/uploads/pic.webp"',
      'iframe',
      '<td>',
    ]) {
      expect(page.html).toContain(piece);
    }
    expect(page.updated_at).not.toBeNull();
    expect((await attendeePage(cast.member.token, mod.id)).html).toBe(page.html);
    expect((await consoleCall(t, cast.owner, 'GET', url)).json()).toMatchObject({ html: page.html, name: mod.name });
    const entries = await t.app.ctx.db
      .select()
      .from(consoleAudit)
      .where(and(eq(consoleAudit.appId, cast.tenant.app.id), eq(consoleAudit.action, 'pages.update')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: cast.owner.id, targetType: 'module', targetId: String(mod.id) });
    expect(entries[0]?.after).toMatchObject({ text: expect.stringContaining('Welcome') });
  });

  it('sanitises hostile HTML', async () => {
    const cast = await makeCast(t, { modules: ['freeform'] });
    const { url } = pageOf(cast);
    const hostile = [
      '<p onclick="alert(1)">hi<script>alert(2)</script></p>',
      '<img src="x" onerror="alert(3)">',
      '<a href="javascript:alert(4)">js</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<style>body{display:none}</style>',
      '<svg><script>alert(5)</script></svg>',
      '<div style="position:fixed">styled</div>',
    ].join('');
    const res = await consoleCall(t, cast.owner, 'PUT', url, { html: hostile });
    expect(res.statusCode, res.body).toBe(200);
    const { html } = res.json() as { html: string };
    expect(html).toContain('hi');
    expect(html).toContain('styled');
    for (const bad of ['onclick', 'onerror', '<script', 'javascript:', 'evil.example', '<style', '<svg', 'style=', 'alert']) {
      expect(html).not.toContain(bad);
    }
  });

  it('refuses a page too long or not a string with 422 on html, in the console’s language', async () => {
    const cast = await makeCast(t, { modules: ['freeform'] });
    const { url } = pageOf(cast);
    const long = await consoleCall(t, cast.owner, 'PUT', url, { html: `<p>${'a'.repeat(PAGE_HTML_MAX)}</p>` });
    expect(long.statusCode).toBe(422);
    expect(fieldErrorsOf(long)).toEqual([{ field: 'html', message: 'The page is too long. Shorten it or split it into several pages.' }]);
    const notText = await consoleCall(t, cast.owner, 'PUT', url, { html: 42 });
    expect(notText.statusCode).toBe(422);
    expect(fieldErrorsOf(notText).map((e) => e.field)).toEqual(['html']);
    const deep = await consoleCall(t, cast.owner, 'PUT', url, { html: `${'<blockquote>'.repeat(30)}x${'</blockquote>'.repeat(30)}` });
    expect(deep.statusCode).toBe(422);
    const extra = await consoleCall(t, cast.owner, 'PUT', url, { html: '<p>x</p>', other: 1 });
    expect(extra.statusCode).toBe(422);
    // Nothing was written.
    expect((await consoleCall(t, cast.owner, 'GET', url)).json()).toMatchObject({ html: '' });
  });

  it('tells the app’s open pages (and no other app’s) that the page changed', async () => {
    const cast = await makeCast(t, { modules: ['freeform'] });
    const { mod, url } = pageOf(cast);
    const theirMember = await makeUser(t, cast.other);
    const mine = socketClient(base, cast.member.token);
    const theirs = socketClient(base, theirMember.token);
    sockets.push(mine, theirs);
    const got: Array<{ app_module_id: number }> = [];
    let other = 0;
    mine.on('freeformPage', (e) => got.push(e));
    theirs.on('freeformPage', () => other++);
    await Promise.all([connected(mine), connected(theirs)]);
    const res = await consoleCall(t, cast.owner, 'PUT', url, { html: '<p>Live</p>' });
    expect(res.statusCode).toBe(200);
    await until(() => got.length === 1);
    expect(got[0]?.app_module_id).toBe(mod.id);
    expect(other).toBe(0);
  });
});
