import { embedSrc, linkHref, SCHEME, URL_MAX, urlText } from '@app/contract/rich-text-urls';
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { fieldError } from './errors';

export { embedSrc, linkHref };

/**
 * Rich text (posts, discussions, comments) is stored as HTML restricted to a fixed vocabulary
 * (docs/decisions.md, "Rich text"). Every write goes through `sanitizeRichText`; the web app renders
 * the stored HTML as-is. The parsing is htmlparser2's (through sanitize-html): one linear pass, no
 * regular expression ever looks at markup, only at single attribute values (URLs, numbers).
 */

export interface RichTextOptions {
  /** Field the 422 names (default `text`). */
  field?: string;
  /** Longest input accepted, in characters, checked before parsing (default 100 000). */
  maxLength?: number;
  /**
   * What an image from another site becomes (its http(s) URL as written, parsed): our own copy's
   * path, or undefined to drop it. Without this every such image is dropped: a reader's browser
   * never loads a picture from elsewhere (tracking pixels; the page's CSP allows only our origin).
   */
  outsideImage?: (url: string) => string | undefined;
}

export const RICH_TEXT_MAX_LENGTH = 100_000;
export const RICH_TEXT_MAX_DEPTH = 20;
/** A `data:` image longer than this gets "Image too big" (spec); shorter ones are dropped silently. */
export const DATA_IMAGE_MAX = 10_240;

const LINK_REL = 'noopener noreferrer nofollow ugc';
const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation';

/**
 * An image source: a same-origin `/uploads/…` path, or what `outside` makes of an http(s) URL (our
 * copy, or nothing); `data:` is dropped (refused when long: "Image too big").
 */
function imageSrc(raw: string, field: string, outside: RichTextOptions['outsideImage']): string | undefined {
  const v = urlText(raw);
  const scheme = SCHEME.exec(v)?.[1]?.toLowerCase();
  if (scheme === 'data') {
    if (v.length > DATA_IMAGE_MAX) throw fieldError(field, 'common.errors.imageTooBig');
    return undefined;
  }
  try {
    if (!scheme) {
      if (!v.startsWith('/uploads/')) return undefined;
      const base = 'http://same.origin';
      const url = new URL(v, base);
      if (url.origin !== base || !url.pathname.startsWith('/uploads/')) return undefined;
      return url.pathname + url.search;
    }
    if ((scheme !== 'http' && scheme !== 'https') || v.length > URL_MAX || !outside) return undefined;
    const url = new URL(v);
    if (!url.hostname || url.username || url.password) return undefined;
    const local = outside(url.href);
    return local?.startsWith('/uploads/') ? local : undefined;
  } catch {
    return undefined;
  }
}

/** A small positive integer attribute (colspan, rowspan, width, height) or nothing. */
function smallInt(value: string | undefined, max: number): string | undefined {
  if (value === undefined || !/^\s*[0-9]{1,5}\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? String(n) : undefined;
}

function pick(attribs: sanitizeHtml.Attributes, entries: Record<string, string | undefined>): sanitizeHtml.Attributes {
  const out: sanitizeHtml.Attributes = {};
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) out[k] = v;
  if (attribs.class !== undefined) out.class = attribs.class;
  return out;
}

const BLOCKS = ['p', 'h2', 'h3', 'h4', 'blockquote', 'cite', 'hr', 'ul', 'ol', 'li', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const MEDIA = ['figure', 'figcaption', 'img', 'aside', 'span', 'iframe'];
const INLINE = ['strong', 'b', 'em', 'i', 'u', 's', 'code', 'mark', 'br', 'a'];

/** The vocabulary as implemented (exported for the tests and the docs). */
export const ALLOWED_TAGS = [...BLOCKS, ...MEDIA, ...INLINE];

/** Tags whose content is dropped with them (their text is no text the author wrote for readers). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'iframe',
  'svg',
  'math',
  'object',
  'embed',
  'select',
  'head',
];

/** Elements after which the plain text gets a space (so `<p>a</p><p>b</p>` reads "a b"). */
const TEXT_BREAKS = new Set([...BLOCKS, 'figure', 'figcaption', 'aside', 'br', 'img', 'iframe', 'div']);

/** Plain text of sanitised HTML: entities decoded, a space between blocks, whitespace collapsed. */
function plainText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (t) => parts.push(t),
      onopentag: (name) => TEXT_BREAKS.has(name) && parts.push(' '),
      onclosetag: (name) => TEXT_BREAKS.has(name) && parts.push(' '),
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * The images from other sites that `html` holds, as `outsideImage` would be asked for them (in
 * order, each once). Throws what `sanitizeRichText` throws.
 */
export function outsideImages(html: string, opts: Omit<RichTextOptions, 'outsideImage'> = {}): string[] {
  const urls = new Set<string>();
  sanitizeRichText(html, {
    ...opts,
    outsideImage: (url) => {
      urls.add(url);
      return undefined;
    },
  });
  return [...urls];
}

/**
 * Sanitises rich text to the vocabulary. Throws a 422 field error (`opts.field`, default `text`) for
 * input over `opts.maxLength` characters (before parsing), nesting deeper than 20 elements, or a
 * `data:` image over 10 240 characters ("Image too big").
 */
export function sanitizeRichText(html: string, opts: RichTextOptions = {}): { html: string; text: string } {
  const field = opts.field ?? 'text';
  if (html.length > (opts.maxLength ?? RICH_TEXT_MAX_LENGTH)) throw fieldError(field, 'common.errors.tooLong');

  // The raw element stack as the parser sees it (every tag, allowed or not): the depth limit and the iframe's parent.
  const stack: { name: string; attribs: sanitizeHtml.Attributes }[] = [];

  const out = sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      th: [{ name: 'scope', multiple: false, values: ['row', 'col', 'rowgroup', 'colgroup'] }],
      td: ['colspan', 'rowspan'],
      iframe: ['src', 'sandbox', 'allowfullscreen', 'loading', 'referrerpolicy'],
      aside: [{ name: 'role', multiple: false, values: ['note'] }],
    },
    allowedClasses: {
      figure: ['image', 'with-border', 'with-background', 'stretched', 'embed'],
      aside: ['warning'],
      a: ['link-card'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'], iframe: ['https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: ['www.youtube-nocookie.com', 'player.vimeo.com', 'open.spotify.com'],
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    enforceHtmlBoundary: false,
    onOpenTag: (name, attribs) => {
      stack.push({ name, attribs });
      if (stack.length > RICH_TEXT_MAX_DEPTH) throw fieldError(field, 'common.errors.invalid');
    },
    onCloseTag: () => {
      stack.pop();
    },
    transformTags: {
      // A warning is a note inside the post, not a page landmark (an <aside> in <main> is one).
      aside: (tagName, attribs) => ({ tagName, attribs: pick(attribs, { role: 'note' }) }),
      a: (tagName, attribs) => {
        const href = attribs.href === undefined ? undefined : linkHref(attribs.href);
        return { tagName, attribs: pick(attribs, href ? { href, target: '_blank', rel: LINK_REL } : {}) };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: pick(
          {},
          {
            src: attribs.src === undefined ? undefined : imageSrc(attribs.src, field, opts.outsideImage),
            alt: attribs.alt,
            width: smallInt(attribs.width, 10_000),
            height: smallInt(attribs.height, 10_000),
          },
        ),
      }),
      td: (tagName, attribs) => ({
        tagName,
        attribs: pick({}, { colspan: smallInt(attribs.colspan, 100), rowspan: smallInt(attribs.rowspan, 100) }),
      }),
      iframe: (tagName, attribs): sanitizeHtml.Tag => {
        // Only as the child of <figure class="embed"> (onOpenTag has already pushed the iframe itself).
        const parent = stack[stack.length - 2];
        const inEmbed = parent?.name === 'figure' && (parent.attribs.class ?? '').split(/\s+/).includes('embed');
        const src = inEmbed && attribs.src !== undefined ? embedSrc(attribs.src) : undefined;
        // A refused iframe keeps its name (a renamed tag leaks: sanitize-html's rename map outlives a
        // discarded element and renames the next close tag at that depth) and goes by exclusiveFilter.
        if (!src) return { tagName, attribs: {} };
        return {
          tagName,
          attribs: { src, sandbox: EMBED_SANDBOX, allowfullscreen: '', loading: 'lazy', referrerpolicy: 'strict-origin-when-cross-origin' },
        };
      },
    },
    // An iframe's content is never shown by a browser (raw text); drop it here too.
    textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
    // An image without a source and a refused iframe (no source) disappear whole, content included.
    exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
  });
  // The limit is of what is stored: sanitising adds attributes (a link's target and rel).
  if (out.length > (opts.maxLength ?? RICH_TEXT_MAX_LENGTH)) throw fieldError(field, 'common.errors.tooLong');
  return { html: out, text: plainText(out) };
}
