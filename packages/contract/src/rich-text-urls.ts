/**
 * The URL rules of rich text, shared by the server's sanitiser (apps/server/src/lib/rich-text.ts)
 * and the web editor, so that what the editor accepts is what the server keeps: the link protocol
 * rule (spec 1 §5) and the three embed services.
 */

/** Longer URLs are no link, image or embed (browsers and servers refuse far shorter ones anyway). */
export const URL_MAX = 2048;

const isC0OrSpace = (code: number) => code <= 0x20;

/**
 * What the WHATWG URL parser ignores: leading/trailing C0 controls and spaces, and tabs/newlines
 * anywhere (`jav&#x09;ascript:`). Index loops, linear in the input: a regex anchored at the end
 * re-scans every inner run of spaces (quadratic: a 100 KB href once froze the server for seconds).
 */
export function urlText(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && isC0OrSpace(value.charCodeAt(start))) start++;
  while (end > start && isC0OrSpace(value.charCodeAt(end - 1))) end--;
  let out = '';
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c !== 0x09 && c !== 0x0a && c !== 0x0d) out += value[i];
  }
  return out;
}

export const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A link target: http, https or mailto; no protocol gets `http://` (spec 1 §5); relative and protocol-relative are refused. */
export function linkHref(raw: string): string | undefined {
  if (raw.length > URL_MAX * 2) return undefined;
  let v = urlText(raw);
  if (v.length > URL_MAX) return undefined;
  if (!v || v.startsWith('/') || v.startsWith('\\') || v.startsWith('#') || v.startsWith('?')) return undefined;
  const scheme = SCHEME.exec(v)?.[1]?.toLowerCase();
  if (!scheme) v = `http://${v}`;
  else if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return undefined;
  try {
    const url = new URL(v);
    if (url.protocol === 'mailto:') return url.href;
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
const SPOTIFY_TYPE = new Set(['track', 'album', 'playlist', 'episode', 'show', 'artist']);
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

/** The origins whose players embedSrc answers: the only frames a page shows (the CSP's `frame-src`). */
export const EMBED_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://open.spotify.com'] as const;

/**
 * The three embed services, rewritten to their canonical player URL: YouTube (privacy-enhanced
 * youtube-nocookie.com), Vimeo and Spotify. Anything else is no embed.
 */
export function embedSrc(raw: string): string | undefined {
  if (raw.length > URL_MAX * 2) return undefined;
  let url: URL;
  try {
    url = new URL(urlText(raw));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com', 'youtu.be'].includes(host)) {
    let id: string | undefined;
    if (host === 'youtu.be') id = parts[0];
    else if (parts[0] === 'embed' || parts[0] === 'shorts') id = parts[1];
    else if (parts[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    return id && parts.length <= 2 && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : undefined;
  }
  if (host === 'player.vimeo.com' || host === 'vimeo.com' || host === 'www.vimeo.com') {
    const id = host === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0];
    return id && VIMEO_ID.test(id) ? `https://player.vimeo.com/video/${id}` : undefined;
  }
  if (host === 'open.spotify.com') {
    const [first, ...rest] = parts[0] === 'embed' ? parts.slice(1) : parts;
    const id = rest[0];
    return first && id && rest.length === 1 && SPOTIFY_TYPE.has(first) && SPOTIFY_ID.test(id)
      ? `https://open.spotify.com/embed/${first}/${id}`
      : undefined;
  }
  return undefined;
}
