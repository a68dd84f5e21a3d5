import type { UrlPreview } from '@app/contract/schemas/pwa';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { api } from '../lib/api.ts';
import './link-preview.css';

/** Trailing punctuation that ends a sentence rather than the link. */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}', '"', "'", '»', '”']);

/** The web link a word is (http or https, without the sentence's trailing punctuation), if any; and what follows it. */
function linkIn(word: string): { href: string; rest: string } | undefined {
  if (!/^https?:\/\/[^\s/$.?#]/i.test(word)) return undefined;
  let end = word.length;
  while (end > 0 && TRAILING.has(word.charAt(end - 1))) end--;
  const href = word.slice(0, end);
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  } catch {
    return undefined;
  }
  return { href, rest: word.slice(end) };
}

/** The words of a text with its whitespace kept: one pass, bounded by the text's length. */
const pieces = (text: string) => text.split(/(\s+)/);

/** The first web link of a text, for its preview card. */
export function firstLink(text: string): string | undefined {
  for (const p of pieces(text)) {
    const link = linkIn(p);
    if (link) return link.href;
  }
  return undefined;
}

/** Plain text with its web links made clickable (opened in a new tab); everything else stays text. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {pieces(text).map((p, i) => {
        const link = linkIn(p);
        return link ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
          <Fragment key={i}>
            <a href={link.href} target="_blank" rel="noopener noreferrer nofollow ugc">
              {link.href}
            </a>
            {link.rest}
          </Fragment>
        ) : (
          p
        );
      })}
    </>
  );
}

/**
 * The card of a link (spec 1 §2.5 link tool): title, description and site of the page from
 * POST /pwa/get-url-preview, cached per URL for the session; nothing when the page gives none.
 */
export function LinkPreview({ url }: { url: string }) {
  const preview = useQuery({
    queryKey: ['url-preview', url],
    // A link without a preview is remembered as such (null, not an error): an errored query would be
    // asked again by every message that shows the link, on every view.
    queryFn: ({ signal }) =>
      api<UrlPreview>('/pwa/get-url-preview', { method: 'POST', body: { url }, silent: true, signal }).then(
        (r) => r.data.meta,
        (err: unknown) => {
          // Left before the answer: asked again on the next view.
          if (signal.aborted) throw err;
          return null;
        },
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    retry: false,
  });
  const meta = preview.data;
  if (!meta || !(meta.title || meta.description)) return null;
  return (
    <a className="link-preview" href={url} target="_blank" rel="noopener noreferrer nofollow ugc">
      <strong>{meta.title || url}</strong>
      {meta.description ? <span>{meta.description}</span> : null}
      {/* The address's own host, not the page's claim of a site name. */}
      <span className="link-preview-site">{new URL(url).hostname}</span>
    </a>
  );
}
