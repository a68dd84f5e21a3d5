import type { UrlPreview } from '@app/contract/schemas/pwa';
import { Parser } from 'htmlparser2';
import type { Ctx } from '../../context.ts';
import { safeFetch } from '../../lib/safe-fetch.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
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

/** What a preview reads of a page's `<head>`: its title and its meta tags by name or property. */
export interface PageHead {
  title: string;
  metas: Map<string, string>;
}

const MAX_METAS = 200;

/**
 * Reads the `<head>` of an HTML page with a real tokenizer (htmlparser2): one linear pass, entities
 * decoded, reading stopped at `</head>` or `<body>`. No regular expression runs over the page, so a
 * hostile page (thousands of unterminated `<meta ` tags) costs linear time, not quadratic.
 */
export function parseHead(html: string): PageHead {
  const metas = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (done) return;
        if (name === 'body') done = true;
        else if (name === 'title') inTitle = true;
        else if (name === 'meta' && metas.size < MAX_METAS) {
          const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
          const content = (attrs.content ?? '').trim();
          if (key && content && !metas.has(key)) metas.set(key, content);
        }
      },
      ontext(text) {
        if (inTitle && !done && title.length < 1000) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return { title: title.trim(), metas };
}

/** The content of the first of `names` (in their order of preference) the page declares. */
function meta(head: PageHead, names: string[]): string | undefined {
  for (const name of names) {
    const value = head.metas.get(name);
    if (value) return value;
  }
  return undefined;
}

/** How long a link whose page could not be read is answered "no preview" without asking the page again. */
export const PREVIEW_FAILURE_TTL_MS = 10 * 60_000;

/** Links whose preview failed lately: a chat showing three dead links does not fetch them on every view. */
const failedPreviews = defineCache('pwa.preview-failures', () => new TtlCache<true>(PREVIEW_FAILURE_TTL_MS, 5_000));

/** Title, description and image of a remote page, fetched without reaching private networks. */
export async function urlPreview(ctx: Ctx, url: string): Promise<UrlPreview> {
  const failures = ctx.caches.get(failedPreviews);
  const none: UrlPreview = { success: 0, link: url, meta: null };
  if (failures.get(url)) return none;
  let page: Awaited<ReturnType<typeof safeFetch>>;
  try {
    page = await safeFetch(url, { maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3, allow: ctx.config.previewAllow });
  } catch {
    failures.set(url, true);
    return none;
  }
  const head = parseHead(page.contentType.includes('html') ? page.body : '');
  const title = meta(head, ['og:title', 'twitter:title']) ?? head.title;
  const description = meta(head, ['og:description', 'twitter:description', 'description']) ?? '';
  const image = meta(head, ['og:image', 'twitter:image']);
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
      site_name: (meta(head, ['og:site_name']) ?? new URL(page.url).hostname).slice(0, 200),
      image: httpImage,
    },
  };
}
