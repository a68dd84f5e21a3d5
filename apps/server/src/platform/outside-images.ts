// Pictures from other sites in rich text (docs/decisions.md "Rich text"): fetched once, when the text
// is saved, through the safe fetch, re-encoded, and stored among our public uploads; the saved HTML
// names our copy, so a reader's browser never asks another site for anything (no tracking pixels)
// and the page's CSP allows images from our origin only.
import { createHash } from 'node:crypto';
import type { Ctx } from '../context.ts';
import { fieldError } from '../lib/errors.ts';
import { normaliseImage } from '../lib/images.ts';
import { outsideImages, type RichTextOptions, sanitizeRichText } from '../lib/rich-text.ts';
import { safeFetch } from '../lib/safe-fetch.ts';
import { TtlCache } from '../lib/ttl-cache.ts';
import { defineCache } from './caches.ts';
import type { Scope } from './scope.ts';
import { chargeUpload } from './upload-budget.ts';

export const OUTSIDE_IMAGES = {
  /** Pictures from elsewhere one text may hold (more: 422 on the field). */
  max: 10,
  /** Largest picture fetched, in bytes; a bigger one is dropped. */
  maxBytes: 5 * 1024 * 1024,
  /** All of a text's pictures are fetched within this time (three at a time); the late ones are dropped. */
  timeoutMs: 8000,
  concurrency: 3,
  /** The stored copy's longer side at most (WebP). */
  size: 1600,
  folder: 'rich',
} as const;

const imageRules = {
  field: 'text',
  size: OUTSIDE_IMAGES.size,
  fit: 'inside',
  maxBytes: OUTSIDE_IMAGES.maxBytes,
  typeError: 'common.errors.invalid',
  pixelsError: 'common.errors.invalid',
  tooLargeError: 'common.errors.invalid',
} as const;

/**
 * Our copy of one picture: fetched through the safe fetch (public addresses only, bounded size and
 * time, redirects checked), read by its bytes, re-encoded as WebP without metadata, and stored under
 * a name made of its content (the same picture twice is one file). Undefined when anything fails.
 */
async function copyOf(ctx: Ctx, url: string, deadline: number): Promise<{ path: string; received: number } | undefined> {
  const timeoutMs = deadline - Date.now();
  if (timeoutMs <= 0) return undefined;
  try {
    const res = await safeFetch(url, {
      maxBytes: OUTSIDE_IMAGES.maxBytes,
      timeoutMs,
      maxRedirects: 3,
      allow: ctx.config.previewAllow,
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1' },
    });
    if (res.truncated || res.status !== 200) return { path: '', received: res.bytes.length };
    const image = await normaliseImage(res.bytes, imageRules).catch(() => undefined);
    if (!image) return { path: '', received: res.bytes.length };
    const name = `${createHash('sha256').update(image).digest('hex').slice(0, 40)}.webp`;
    // Named by its content: writing the same picture again replaces it with the same bytes.
    await ctx.storage.put(`uploads/${OUTSIDE_IMAGES.folder}/${name}`, image, 'image/webp');
    return { path: `/uploads/${OUTSIDE_IMAGES.folder}/${name}`, received: res.bytes.length };
  } catch {
    return undefined;
  }
}

/** Our copies by the other site's URL, per node, for what is fetched again and again (a social wall's pictures). */
const knownCopies = defineCache('outside-images', () => new TtlCache<string>(24 * 3600 * 1000, 5_000));

/**
 * Our copies of pictures a server task reads from other sites (a social wall's photos and avatars),
 * by their URL: at most `max` fetched now (each URL once a day per node), the rest missing this time.
 */
export async function ownCopies(ctx: Ctx, urls: readonly string[], max = 20): Promise<Map<string, string>> {
  const cache = ctx.caches.get(knownCopies);
  const copies = new Map<string, string>();
  const wanted: string[] = [];
  for (const url of new Set(urls)) {
    const known = cache.get(url);
    if (known) copies.set(url, known);
    else if (wanted.length < max) wanted.push(url);
  }
  const deadline = Date.now() + OUTSIDE_IMAGES.timeoutMs;
  const worker = async () => {
    for (let url = wanted.shift(); url !== undefined; url = wanted.shift()) {
      const copy = await copyOf(ctx, url, deadline);
      if (!copy?.path) continue;
      cache.set(url, copy.path);
      copies.set(url, copy.path);
    }
  };
  await Promise.all(Array.from({ length: OUTSIDE_IMAGES.concurrency }, worker));
  return copies;
}

/**
 * Sanitises rich text whose pictures from other sites become our own copies, fetched now (each is
 * an upload of the author: it takes from the member's and the app's upload budgets, 429 when spent).
 * A picture that cannot be fetched or read in time is dropped. More than `OUTSIDE_IMAGES.max`
 * pictures from elsewhere: 422 on the field.
 */
export async function sanitizeWithOwnImages(
  ctx: Ctx,
  scope: Pick<Scope, 'tenant' | 'user'>,
  html: string,
  opts: Omit<RichTextOptions, 'outsideImage'> = {},
): Promise<{ html: string; text: string }> {
  const urls = outsideImages(html, opts);
  if (urls.length === 0) return sanitizeRichText(html, opts);
  if (urls.length > OUTSIDE_IMAGES.max) throw fieldError(opts.field ?? 'text', 'common.errors.tooManyImages', { max: OUTSIDE_IMAGES.max });
  const copies = new Map<string, string>();
  const deadline = Date.now() + OUTSIDE_IMAGES.timeoutMs;
  const queue = [...urls];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const settle = chargeUpload(ctx, scope, { headers: {} }, OUTSIDE_IMAGES.maxBytes);
      const copy = await copyOf(ctx, url, deadline);
      settle(copy?.received ?? 0);
      if (copy?.path) copies.set(url, copy.path);
    }
  };
  await Promise.all(Array.from({ length: Math.min(OUTSIDE_IMAGES.concurrency, urls.length) }, worker));
  return sanitizeRichText(html, { ...opts, outsideImage: (url) => copies.get(url) });
}
