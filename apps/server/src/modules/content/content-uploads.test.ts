import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Attachment,
  attachment as attachmentSchema,
  CONTENT_LIMITS,
  type Post,
  post as postSchema,
} from '@app/contract/schemas/content';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, type Tenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { errorOf, fieldErrorsOf, multipart } from '../../../test/helpers.ts';
import { storedBytes, storedExists } from '../../../test/storage.ts';
import type { ModuleRow } from '../apps/apps.queries.ts';
import { apps } from '../apps/apps.table.ts';
import { uploads } from './content.table.ts';
import { caller, contentWorld, type Member } from './content.test-kit.ts';
import { currentExpiry, sweepOrphanUploads, sweepStrayFiles, urlSigner } from './content.uploads.ts';

let t: TestApp;
let tenant: Tenant;
let blogs: ModuleRow;
let owner: Member;
let member: Member;
let admin: Member;
let stranger: Member;
let strangerBlogs: ModuleRow;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 1000, windowMs: 60_000 } }, { users: 0 });
  const world = await contentWorld(t, ['blogs', 'activity']);
  ({ tenant, owner, member, admin, stranger, strangerBlogs } = world);
  blogs = world.modules[0] as ModuleRow;
});
afterAll(() => t.close());

const send = (token: string, filename: string, data: Buffer, m: ModuleRow | number = blogs, field = 'file') => {
  const body = multipart(field, filename, data);
  return t.app.inject({
    method: 'POST',
    url: `/content/${typeof m === 'number' ? m : m.id}/uploads`,
    headers: { 'access-token': token, ...body.headers },
    payload: body.payload,
  });
};

async function upload(token: string, filename: string, data: Buffer): Promise<Attachment> {
  const res = await send(token, filename, data);
  expect(res.statusCode, res.body).toBe(200);
  return attachmentSchema.parse(res.json());
}

const call = caller(() => t);

const postsUrl = (m: ModuleRow) => `/content/${m.id}/posts`;

async function create(token: string, body: Record<string, unknown>): Promise<Post> {
  const res = await call(token, 'POST', postsUrl(blogs), { text: '<p>With files</p>', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return postSchema.parse(res.json());
}

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .toFormat(format)
    .toBuffer();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** The storage key of an upload's file (on disk or in the bucket). */
async function diskPath(id: number): Promise<string> {
  const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, id));
  if (!row) throw new Error(`no upload ${id}`);
  return `files/${row.path}`;
}

const exists = (key: string) => storedExists(t.app, key);
async function bytesOf(key: string): Promise<Buffer> {
  const data = await storedBytes(t.app, key);
  if (!data) throw new Error(`no stored file ${key}`);
  return data;
}

const fetchFile = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('upload', () => {
  it('stores an image re-encoded without metadata, answers the attachment with a signed url', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff000080' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const a = await upload(owner.token, 'holiday.png', png);
    expect(a).toMatchObject({ name: 'holiday.png', mime: 'image/png', is_image: true, width: 300, height: 200 });
    expect(a.url).toMatch(new RegExp(`^/files/${a.id}\\?exp=\\d+&sig=[\\w-]+$`));
    const stored = await bytesOf(await diskPath(a.id));
    expect(stored.length).toBe(a.size);
    expect(stored.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, a.id));
    expect(row).toMatchObject({ postId: null, userId: owner.user.id, appId: tenant.app.id });
    // Not under the public /uploads/ folder.
    expect(row?.path.startsWith('content/')).toBe(true);
    expect(await exists(`uploads/${row?.path ?? 'x'}`)).toBe(false);
  });

  it('scales an image above 1600 px down to 1600 px, stored as JPEG quality 70', async () => {
    const a = await upload(owner.token, 'panorama.png', await image(3200, 1000));
    expect(a).toMatchObject({ mime: 'image/jpeg', name: 'panorama.jpg', width: 1600, height: 500, is_image: true });
    const meta = await sharp(await bytesOf(await diskPath(a.id))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 500]);
    const tall = await upload(owner.token, 'tall.webp', await image(800, 2400, 'webp'));
    expect([tall.mime, tall.width, tall.height]).toEqual(['image/jpeg', 533, 1600]);
  });

  it('reads the type from the bytes, not the name: PDF bytes named .png are a PDF, HTML named .jpg is refused', async () => {
    const pdf = await upload(owner.token, 'invoice.png', PDF);
    expect(pdf).toMatchObject({ mime: 'application/pdf', name: 'invoice.pdf', is_image: false, width: null, height: null });
    for (const [name, data] of [
      ['page.jpg', HTML],
      ['page.html', HTML],
      ['script.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['broken.jpg', Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01, 0x02])],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const res = await send(owner.token, name, data);
      expect(fieldErrorsOf(res), name).toEqual([
        { field: 'file', message: "This type of file can't be uploaded. Choose an image (JPEG, PNG, WebP, GIF), a PDF or a ZIP file." },
      ]);
    }
    const zip = await upload(owner.token, 'report.docx', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]));
    expect([zip.mime, zip.name]).toEqual(['application/zip', 'report.docx']);
  });

  it('refuses a file above the app max_upload_size with the spec message', async () => {
    await t.app.ctx.db
      .update(apps)
      .set({ maxUploadSize: 1024 * 1024 })
      .where(eq(apps.id, tenant.app.id));
    t.app.ctx.apps.invalidate();
    try {
      const before = await t.app.ctx.db.select().from(uploads);
      const res = await send(owner.token, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
      expect(fieldErrorsOf(res)).toEqual([{ field: 'file', message: 'You can upload no more than 1 MB at once.' }]);
      expect(await t.app.ctx.db.select().from(uploads)).toHaveLength(before.length);
    } finally {
      await t.app.ctx.db
        .update(apps)
        .set({ maxUploadSize: 10 * 1024 * 1024 })
        .where(eq(apps.id, tenant.app.id));
      t.app.ctx.apps.invalidate();
    }
  });

  it('is a call of a content module of the caller app: 404 for another app, 401 without a token', async () => {
    expect((await send(stranger.token, 'a.pdf', PDF, blogs)).statusCode).toBe(404);
    expect((await send(owner.token, 'a.pdf', PDF, strangerBlogs)).statusCode).toBe(404);
    const activity = tenant.modules[1] as ModuleRow;
    expect((await send(owner.token, 'a.pdf', PDF, activity)).statusCode).toBe(404);
    const body = multipart('file', 'a.pdf', PDF);
    const anon = await t.app.inject({ method: 'POST', url: `/content/${blogs.id}/uploads`, headers: body.headers, payload: body.payload });
    expect(anon.statusCode).toBe(401);
    expect(fieldErrorsOf(await send(owner.token, 'a.pdf', PDF, blogs, 'other'))[0]?.field).toBe('file');
  });
});

describe('serving', () => {
  let img: Attachment;
  let pdf: Attachment;
  beforeAll(async () => {
    img = await upload(owner.token, 'photo.jpg', await image(40, 30, 'jpeg'));
    pdf = await upload(owner.token, 'Ünïcode; name (1).pdf', PDF);
  });

  it('serves an image inline and a document as a download, with nosniff and a cache matching the expiry', async () => {
    const res = await fetchFile(img.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(5 * 3600);
    expect(maxAge).toBeLessThanOrEqual(7 * 3600);
    expect(String(res.headers['cache-control'])).toContain('private');
    expect(res.rawPayload.length).toBe(img.size);

    const doc = await fetchFile(pdf.url, { accept: 'text/html' });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''%C3%9Cn%C3%AFcode%3B%20name%20%281%29.pdf`);
    expect(doc.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses a url without a valid signature (403), forged or of another file, and an expired one', async () => {
    const u = new URL(img.url, 'http://x');
    const exp = u.searchParams.get('exp');
    const sig = u.searchParams.get('sig') ?? '';
    for (const url of [
      `/files/${img.id}`,
      `/files/${img.id}?exp=${exp}`,
      `/files/${img.id}?exp=${exp}&sig=${'A'.repeat(sig.length)}`,
      `/files/${img.id}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/files/${pdf.id}?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await fetchFile(url, { 'access-token': stranger.token });
      expect(res.statusCode, url).toBe(403);
      expect(res.body).not.toContain('PDF');
    }
    // Signed for an expiry that has passed.
    const sign = await urlSigner(t.app.ctx, Date.now() - 8 * 3600 * 1000);
    expect(Number(new URL(sign(img.id), 'http://x').searchParams.get('exp'))).toBeLessThan(Date.now() / 1000);
    expect((await fetchFile(sign(img.id))).statusCode).toBe(403);
    expect(currentExpiry()).toBeGreaterThan(Date.now() / 1000 + 6 * 3600 - 1);
  });

  it('answers 404 for a signed url of a file that is gone', async () => {
    const a = await upload(owner.token, 'gone.pdf', PDF);
    await t.app.ctx.db.delete(uploads).where(eq(uploads.id, a.id));
    expect((await fetchFile(a.url)).statusCode).toBe(404);
  });
});

describe('posts with files', () => {
  it('attaches a cover and attachments, shown in list and detail with fresh signed urls', async () => {
    const cover = await upload(owner.token, 'cover.png', await image(1200, 600));
    const a1 = await upload(owner.token, 'agenda.pdf', PDF);
    const a2 = await upload(owner.token, 'map.png', await image(50, 50));
    const p = await create(owner.token, { cover_image_id: cover.id, attachment_ids: [a1.id, a2.id, a1.id] });
    expect(p.cover_image).toMatchObject({ id: cover.id, is_image: true, width: 1200, height: 600 });
    expect(p.attachments.map((a) => a.id)).toEqual([a1.id, a2.id]);
    const rows = await t.app.ctx.db.select().from(uploads).where(eq(uploads.postId, p.id));
    expect(rows).toHaveLength(3);

    const list = await call(member.token, 'GET', postsUrl(blogs));
    const listed = postSchema
      .array()
      .parse(list.json())
      .find((x) => x.id === p.id);
    expect(listed?.cover_image?.id).toBe(cover.id);
    expect(listed?.attachments.map((a) => a.name)).toEqual(['agenda.pdf', 'map.png']);
    // Another member of the app loads the cover through its url, as an <img> would (no header).
    const res = await fetchFile(listed?.cover_image?.url ?? '');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('edits: absent keeps the files, a new list replaces them and the dropped files leave the disk', async () => {
    const cover = await upload(owner.token, 'cover.png', await image(100, 100));
    const a1 = await upload(owner.token, 'one.pdf', PDF);
    const a2 = await upload(owner.token, 'two.pdf', PDF);
    const p = await create(owner.token, { cover_image_id: cover.id, attachment_ids: [a1.id, a2.id] });
    const url = `${postsUrl(blogs)}/${p.id}`;
    const kept = postSchema.parse((await call(owner.token, 'PUT', url, { text: '<p>Edited</p>' })).json());
    expect([kept.cover_image?.id, kept.attachments.map((a) => a.id)]).toEqual([cover.id, [a1.id, a2.id]]);

    const files = await Promise.all([cover.id, a1.id].map(diskPath));
    const edited = await call(owner.token, 'PUT', url, { text: '<p>Edited</p>', cover_image_id: null, attachment_ids: [a2.id] });
    expect(edited.statusCode, edited.body).toBe(200);
    const e = postSchema.parse(edited.json());
    expect([e.cover_image, e.attachments.map((a) => a.id)]).toEqual([null, [a2.id]]);
    for (const f of files) expect(await exists(f)).toBe(false);
    expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.postId, p.id))).toHaveLength(1);
  });

  it('refuses more attachments than the limit with the spec message', async () => {
    const ids = Array.from({ length: CONTENT_LIMITS.attachmentsMax + 1 }, (_, i) => i + 1);
    const res = await call(owner.token, 'POST', postsUrl(blogs), { text: '<p>Many</p>', attachment_ids: ids });
    expect(fieldErrorsOf(res)).toEqual([
      {
        field: 'attachment_ids',
        message: `You have exceeded max number of attachments. Max attachments is ${CONTENT_LIMITS.attachmentsMax}.`,
      },
    ]);
  });

  it("never attaches someone else's upload, one of another app, one of another post, or a document as cover", async () => {
    const mine = await upload(owner.token, 'mine.png', await image(20, 20));
    const theirs = await upload(member.token, 'theirs.pdf', PDF);
    const countBefore = (await t.app.ctx.db.execute(sql`select count(*)::int as n from content_posts`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    const refuse = async (body: Record<string, unknown>, field: string, token = owner.token) => {
      const res = await call(token, 'POST', postsUrl(blogs), { text: '<p>Try</p>', ...body });
      expect(fieldErrorsOf(res)[0]?.field, JSON.stringify(body)).toBe(field);
    };
    await refuse({ attachment_ids: [theirs.id] }, 'attachment_ids');
    await refuse({ cover_image_id: mine.id }, 'cover_image_id', member.token);
    await refuse({ cover_image_id: theirs.id }, 'cover_image_id', member.token);
    await refuse({ attachment_ids: [2_000_000_000] }, 'attachment_ids');
    // A member of another app with an id of this app.
    const res = await call(stranger.token, 'POST', postsUrl(strangerBlogs), { text: '<p>Try</p>', attachment_ids: [mine.id] });
    expect(fieldErrorsOf(res)[0]?.field).toBe('attachment_ids');
    // A failed create attaches nothing and makes no post.
    const countAfter = (await t.app.ctx.db.execute(sql`select count(*)::int as n from content_posts`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    expect(countAfter.rows[0]?.n).toBe(countBefore.rows[0]?.n);
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, mine.id));
    expect(row?.postId).toBeNull();
    // Attached to one post, it cannot be taken by another.
    await create(owner.token, { attachment_ids: [mine.id] });
    await refuse({ attachment_ids: [mine.id] }, 'attachment_ids');
    // The member's own document attached to their post, but not as its cover.
    const doc = await upload(member.token, 'doc.pdf', PDF);
    await refuse({ cover_image_id: doc.id }, 'cover_image_id', member.token);
    expect(fieldErrorsOf(await call(member.token, 'POST', postsUrl(blogs), { text: '<p>x</p>', cover_image_id: doc.id }))[0]?.message).toBe(
      'The cover must be an image.',
    );
  });

  it('attaches one upload to one post when two creates race for it', async () => {
    const a = await upload(owner.token, 'race.pdf', PDF);
    const results = await Promise.all(
      [1, 2].map(() => call(owner.token, 'POST', postsUrl(blogs), { text: '<p>Race</p>', attachment_ids: [a.id] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = postSchema.parse(results.find((r) => r.statusCode === 200)?.json());
    const [row] = await t.app.ctx.db.select().from(uploads).where(eq(uploads.id, a.id));
    expect(row?.postId).toBe(winner.id);
  });

  it('deleting a post (owner or admin) removes its files from disk', async () => {
    for (const who of [owner, admin]) {
      const cover = await upload(owner.token, 'c.png', await image(30, 30));
      const att = await upload(owner.token, 'a.pdf', PDF);
      const p = await create(owner.token, { cover_image_id: cover.id, attachment_ids: [att.id] });
      const files = await Promise.all([cover.id, att.id].map(diskPath));
      for (const f of files) expect(await exists(f)).toBe(true);
      const res = await call(who.token, 'DELETE', `${postsUrl(blogs)}/${p.id}`);
      expect(res.statusCode, res.body).toBe(200);
      for (const f of files) expect(await exists(f)).toBe(false);
      expect(await t.app.ctx.db.select().from(uploads).where(eq(uploads.postId, p.id))).toHaveLength(0);
      expect((await fetchFile(p.cover_image?.url ?? '')).statusCode).toBe(404);
    }
  });
});

describe('sweep', () => {
  it('removes uploads never attached after a day, rows and files, and leaves recent and attached ones', async () => {
    const old = await upload(owner.token, 'old.pdf', PDF);
    const recent = await upload(owner.token, 'recent.pdf', PDF);
    const attached = await upload(owner.token, 'attached.pdf', PDF);
    await create(owner.token, { attachment_ids: [attached.id] });
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    for (const id of [old.id, attached.id]) await t.app.ctx.db.update(uploads).set({ createdAt: dayAgo }).where(eq(uploads.id, id));
    const oldFile = await diskPath(old.id);
    const keptFiles = await Promise.all([recent.id, attached.id].map(diskPath));
    // A batch of one: the sweep goes on until no old orphan is left.
    expect(await sweepOrphanUploads(t.app.ctx, undefined, 1)).toBeGreaterThanOrEqual(1);
    expect(await exists(oldFile)).toBe(false);
    for (const f of keptFiles) expect(await exists(f)).toBe(true);
    const left = (await t.app.ctx.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toEqual(expect.arrayContaining([recent.id, attached.id]));
    expect(errorOf(await fetchFile(old.url)).status).toBe(404);
  });
});

describe('stray files', () => {
  it('removes old files no upload row names (a post gone by cascade), never young ones or known ones', async () => {
    const gone = await upload(owner.token, 'gone.pdf', PDF);
    const kept = await upload(owner.token, 'kept.pdf', PDF);
    const [goneFile, keptFile] = (await Promise.all([gone.id, kept.id].map(diskPath))) as [string, string];
    // Not one of the server's names: never touched.
    const foreign = 'files/content/notes.txt';
    await t.app.ctx.storage.put(foreign, Buffer.from('x'));
    // The files' times come from the store (a bucket's are whole seconds): a cut-off between two of them.
    await sleep(1100);
    const cutoff = Date.now();
    await sleep(1100);
    const young = await upload(owner.token, 'young.pdf', PDF);
    const youngFile = await diskPath(young.id);
    // Rows removed without their files, as a cascade would; the first one and the known one are old.
    await t.app.ctx.db.delete(uploads).where(sql`${uploads.id} in (${gone.id}, ${young.id})`);
    // At least the one gone (earlier tests of this file may have left old strays too).
    expect(await sweepStrayFiles(t.app.ctx, Date.now() - cutoff)).toBeGreaterThanOrEqual(1);
    expect(await Promise.all([goneFile, youngFile, keptFile, foreign].map(exists))).toEqual([false, true, true, true]);
  });
});

describe('limits', () => {
  it('limits uploads per member (429) in a bucket of their own', async () => {
    const limited = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 3, windowMs: 60_000 } }, { users: 0 });
    try {
      const tn = await makeTenant(limited, { modules: ['blogs'] });
      const m = tn.modules[0] as ModuleRow;
      const [a, b] = [await makeUser(limited, tn), await makeUser(limited, tn)];
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const body = multipart('file', 'a.pdf', PDF);
        const res = await limited.app.inject({
          method: 'POST',
          url: `/content/${m.id}/uploads`,
          headers: { 'access-token': a.token, ...body.headers },
          payload: body.payload,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const body = multipart('file', 'b.pdf', PDF);
      const other = await limited.app.inject({
        method: 'POST',
        url: `/content/${m.id}/uploads`,
        headers: { 'access-token': b.token, ...body.headers },
        payload: body.payload,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
