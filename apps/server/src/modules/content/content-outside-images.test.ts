// Pictures from other sites in a post's text (docs/decisions.md "Rich text"): fetched once when the
// post is saved and stored as our own copies; a reader's browser never asks another site.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { post as postSchema } from '@app/contract/schemas/content';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { fieldErrorsOf } from '../../../test/helpers.ts';
import { storedBytes } from '../../../test/storage.ts';
import { DEFAULT_UPLOAD_QUOTA } from '../../config.ts';

let t: TestApp;
let site: http.Server;
let origin = '';
const hits: string[] = [];
let token = '';
let blogs = 0;

beforeAll(async () => {
  const picture = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'camera-owner' } } })
    .toBuffer();
  site = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url?.startsWith('/picture.jpg')) res.writeHead(200, { 'content-type': 'image/jpeg' }).end(picture);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'image/png' }).end('<html>not a picture</html>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({ previewAllow: [`127.0.0.1:${port}`], uploadQuota: { ...DEFAULT_UPLOAD_QUOTA, memberFiles: 12 } }, { users: 0 });
  const tenant = await makeTenant(t, { modules: ['blogs'] });
  blogs = tenant.modules[0]?.id ?? 0;
  ({ token } = await makeUser(t, tenant));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => site.close(resolve));
});

const publish = (text: string) =>
  t.app.inject({ method: 'POST', url: `/content/${blogs}/posts`, headers: { 'access-token': token }, payload: { text } });

describe('pictures from other sites', () => {
  it('are fetched once when the post is saved and stored as our copy; what fails is dropped', async () => {
    const res = await publish(
      `<p>Look</p><figure class="image"><img src="${origin}/picture.jpg?u=1" alt="Sky"></figure>` +
        `<p><img src="${origin}/page.html"><img src="${origin}/gone.png"><img src="https://127.0.0.1:1/x.png"></p>`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const post = postSchema.parse(res.json());
    const src = /<img src="([^"]+)" alt="Sky"/.exec(post.text)?.[1] ?? '';
    expect(src).toMatch(/^\/uploads\/rich\/[0-9a-f]{40}\.webp$/);
    // Nothing of another site is left in the stored text.
    expect(post.text).not.toContain('127.0.0.1');
    expect(post.text.match(/<img/g)).toHaveLength(1);
    expect(hits.filter((h) => h.startsWith('/picture.jpg'))).toHaveLength(1);
    // Our copy: a WebP at most 1600 px without the camera's metadata, served from our origin.
    const file = (await storedBytes(t.app, src.slice(1))) ?? Buffer.alloc(0);
    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    expect(file.includes(Buffer.from('camera-owner'))).toBe(false);
    const served = await t.app.inject({ url: src });
    expect(served.statusCode).toBe(200);
    // Reading the post asks the other site nothing.
    const before = hits.length;
    const read = await t.app.inject({ url: `/content/${blogs}/posts/${post.id}`, headers: { 'access-token': token } });
    expect(read.json().text).toBe(post.text);
    expect(hits.length).toBe(before);
  });

  it('count against the upload budget and are limited per text (translated 422)', async () => {
    const many = Array.from({ length: 11 }, (_, i) => `<img src="${origin}/picture.jpg?n=${i}">`).join('');
    const res = await t.app.inject({
      method: 'POST',
      url: `/content/${blogs}/posts`,
      headers: { 'access-token': token, cookie: 'locale=de_DE' },
      payload: { text: `<p>x${many}</p>` },
    });
    expect(res.statusCode).toBe(422);
    expect(fieldErrorsOf(res)).toEqual([{ field: 'text', message: 'Ein Text darf höchstens 10 Bilder von anderen Websites enthalten.' }]);
    // 12 files an hour for this member: the 4 pictures above took 4, 10 more do not fit.
    const ten = Array.from({ length: 10 }, (_, i) => `<img src="${origin}/picture.jpg?m=${i}">`).join('');
    expect((await publish(`<p>y${ten}</p>`)).statusCode).toBe(429);
  });
});
