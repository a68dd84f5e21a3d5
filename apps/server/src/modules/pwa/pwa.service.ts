import type { UrlPreview } from '@app/contract/schemas/pwa';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { pwaAudits } from './pwa.table.ts';

export async function recordAudit(
  ctx: Ctx,
  appId: number,
  userId: number | undefined,
  b: { pwaAppMode: string; isPreviewFrame: boolean; deviceType: string },
) {
  await ctx.db
    .insert(pwaAudits)
    .values({ appId, userId, pwaAppMode: b.pwaAppMode, isPreviewFrame: b.isPreviewFrame, deviceType: b.deviceType });
  return { success: true as const };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n) % 0x110000))
    .trim();

/** The content of the first of `names` (in their order of preference) the page declares. */
function meta(html: string, names: string[]): string | undefined {
  const found = new Map<string, string>();
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = tag.match(/\b(?:property|name)\s*=\s*["']([^"']+)["']/i)?.[1]?.toLowerCase();
    if (key && names.includes(key) && !found.has(key)) {
      const content = tag.match(/\bcontent\s*=\s*["']([^"']*)["']/i)?.[1];
      if (content) found.set(key, decode(content));
    }
  }
  for (const name of names) {
    const value = found.get(name);
    if (value) return value;
  }
  return undefined;
}

/** Title, description and image of a remote page, fetched without reaching private networks. */
export async function urlPreview(ctx: Ctx, url: string): Promise<UrlPreview> {
  let page: Awaited<ReturnType<typeof safeFetch>>;
  try {
    page = await safeFetch(url, { maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3, allow: ctx.config.previewAllow });
  } catch {
    throw fieldError('url', 'common.errors.previewFailed');
  }
  const html = page.contentType.includes('html') ? page.body : '';
  const title = meta(html, ['og:title', 'twitter:title']) ?? decode(html.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1] ?? '');
  const description = meta(html, ['og:description', 'twitter:description', 'description']) ?? '';
  const image = meta(html, ['og:image', 'twitter:image']);
  let imageUrl: string | undefined;
  try {
    imageUrl = image ? new URL(image, page.url).toString() : undefined;
  } catch {
    imageUrl = undefined;
  }
  const httpImage = imageUrl && /^https?:/.test(imageUrl) ? { url: imageUrl } : null;
  return {
    success: 1,
    link: page.url,
    meta: {
      title: title.slice(0, 300),
      description: description.slice(0, 1000),
      site_name: (meta(html, ['og:site_name']) ?? new URL(page.url).hostname).slice(0, 200),
      image: httpImage,
    },
  };
}
