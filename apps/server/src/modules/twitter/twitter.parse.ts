import { DomHandler, DomUtils, Parser } from 'htmlparser2';
import { RICH_TEXT_MAX_LENGTH, sanitizeRichText } from '../../lib/rich-text.ts';
import type { CachedPost } from './twitter.table.ts';

/**
 * RSS 2.0 and Atom read with htmlparser2 in XML mode: one linear pass over input the fetch already
 * cut at 2 MB. No DTD is read, so no entity is ever expanded (a "billion laughs" stays literal text);
 * elements deeper than MAX_DEPTH are skipped, every kept text is cut at its field's limit, posts stop
 * at MAX_POSTS, pictures at MAX_MEDIA a post. Item HTML goes through the app's sanitiser; what it
 * refuses (too deep, too long) is kept as escaped text. Atom's `type="xhtml"` content is markup inside
 * the feed: its nodes are collected into a DOM (at most HTML_MAX characters of it) and serialised back
 * to HTML (dom-serializer, through htmlparser2's DomUtils) before the same sanitiser.
 */
export const MAX_POSTS = 50;
export const MAX_DEPTH = 64;
export const MAX_MEDIA = 4;
const TEXT_MAX = 1_000;
const HTML_MAX = RICH_TEXT_MAX_LENGTH;
const PLAIN_MAX = 5_000;

export interface ParsedFeed {
  kind: 'rss' | 'atom';
  title: string | null;
  avatar: string | null;
  posts: CachedPost[];
}

/** An absolute http(s) URL (resolved against the feed's), without credentials; `httpsOnly` for pictures. */
export function safeUrl(raw: string | undefined, base: string, httpsOnly = false): string | null {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    if (u.username || u.password) return null;
    if (u.protocol === 'https:' || (!httpsOnly && u.protocol === 'http:')) return u.href;
  } catch {
    // not a URL
  }
  return null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text of HTML (through the parser, not a regex), cut at `max`. */
export function textOf(html: string, max = PLAIN_MAX): string {
  let out = '';
  const p = new Parser({
    ontext(t) {
      if (out.length < max) out += t;
    },
  });
  p.write(html.slice(0, HTML_MAX));
  p.end();
  return out.replace(/\s+/g, ' ').trim().slice(0, max);
}

/** Item HTML as stored: sanitised; when the sanitiser refuses it, its text escaped in a paragraph. */
export function safeHtml(html: string, isText: boolean): string {
  if (isText) return html.trim() ? `<p>${esc(html.trim().slice(0, PLAIN_MAX))}</p>` : '';
  try {
    return sanitizeRichText(html.slice(0, HTML_MAX)).html;
  } catch {
    const text = textOf(html);
    return text ? `<p>${esc(text)}</p>` : '';
  }
}

function isoDate(raw: string): string | null {
  const ms = Date.parse(raw.trim());
  if (!Number.isFinite(ms)) return null;
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  return y >= 1970 && y <= 2200 ? d.toISOString() : null;
}

interface Draft {
  fields: Map<string, string>;
  link: string | undefined;
  /** Atom: the `type` of `content` and `summary` (`html`, `xhtml` or `text`). */
  types: Map<string, 'html' | 'xhtml' | 'text'>;
  media: Array<{ url: string; alt: string }>;
  /** The media:content being read (its media:description becomes the alt text). */
  openMedia: { url: string; alt: string } | undefined;
}

const newDraft = (): Draft => ({ fields: new Map(), link: undefined, types: new Map(), media: [], openMedia: undefined });

/** Atom's xhtml `type`: `html`, `xhtml`, else text (the default, RFC 4287 §3.1.1). */
function atomType(raw: string | undefined): 'html' | 'xhtml' | 'text' {
  const t = (raw ?? '').trim().toLowerCase();
  return t === 'html' || t === 'xhtml' ? t : 'text';
}

/**
 * Collects an Atom xhtml construct's nodes into a DOM while the streaming parse goes on, then
 * serialises them back to HTML. Bounded: once the markup collected reaches `max` characters, later
 * nodes are left out (the sanitiser's length cap would refuse more anyway).
 */
class XhtmlCollector {
  private readonly dom = new DomHandler();
  /** Per open element of the construct: whether it went into the DOM. */
  private readonly open: boolean[] = [];
  private size = 0;
  constructor(private readonly max: number) {}

  openTag(rawName: string, attrs: Record<string, string>) {
    // `xhtml:p` with a namespace prefix is `p`; namespace declarations are no HTML attributes.
    const name = rawName.slice(rawName.lastIndexOf(':') + 1).toLowerCase();
    const attribs: Record<string, string> = {};
    let cost = name.length * 2 + 5;
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'xmlns' || k.startsWith('xmlns:')) continue;
      attribs[k.slice(k.lastIndexOf(':') + 1).toLowerCase()] = v;
      cost += k.length + v.length + 4;
    }
    const keep = this.size + cost <= this.max && (this.open.length === 0 || this.open[this.open.length - 1] === true);
    this.open.push(keep);
    if (!keep) return;
    this.size += cost;
    this.dom.onopentag(name, attribs);
  }

  text(data: string) {
    if (this.open.length && this.open[this.open.length - 1] !== true) return;
    const room = this.max - this.size;
    if (room <= 0) return;
    const cut = data.slice(0, room);
    this.size += cut.length;
    this.dom.ontext(cut);
  }

  closeTag() {
    if (this.open.pop()) this.dom.onclosetag();
  }

  /** The construct's HTML: the inside of its one wrapping `div` (RFC 4287 §3.1.1.3), else all of it. */
  html(): string {
    const nodes = this.dom.root.children.filter((n) => !(n.type === 'text' && !n.data.trim()));
    const [only] = nodes;
    const inner = nodes.length === 1 && only && DomUtils.isTag(only) && only.name === 'div' ? only : this.dom.root;
    return DomUtils.getInnerHTML(inner, { decodeEntities: true });
  }
}

/** Element names whose text a post keeps (lower case, with their prefix). */
const POST_FIELDS = new Set([
  'title',
  'link',
  'guid',
  'id',
  'pubdate',
  'published',
  'updated',
  'dc:date',
  'description',
  'content:encoded',
  'content',
  'summary',
  'dc:creator',
  'author',
  'name',
  'media:description',
]);
const HTML_FIELDS = new Set(['description', 'content:encoded', 'content', 'summary']);

/** Parses a feed; null when the document is not RSS or Atom (HTML, JSON, garbage). */
export function parseFeed(xml: string, feedUrl: string): ParsedFeed | null {
  let kind: 'rss' | 'atom' | null = null;
  let rootSeen = false;
  let depth = 0;
  const stack: string[] = [];
  let itemDepth = -1;
  let draft: Draft | null = null;
  let field: string | null = null;
  let fieldDepth = -1;
  let buffer = '';
  /** The markup of an Atom xhtml field being read (its text goes there instead of `buffer`). */
  let xhtml: XhtmlCollector | null = null;
  const channel = new Map<string, string>();
  const posts: CachedPost[] = [];
  let channelAvatar: string | null = null;

  const parent = () => stack[stack.length - 2];
  const limitOf = (name: string) => (HTML_FIELDS.has(name) ? HTML_MAX : TEXT_MAX);

  const finish = (d: Draft) => {
    if (posts.length >= MAX_POSTS) return;
    const f = (k: string) => d.fields.get(k)?.trim() || undefined;
    const url = safeUrl(d.link ?? f('link'), feedUrl);
    const bodyField = ['content:encoded', 'description', 'content', 'summary'].find((k) => f(k) !== undefined);
    const rawHtml = bodyField ? (f(bodyField) ?? '') : '';
    const title = f('title');
    const html = safeHtml(rawHtml, kind === 'atom' && bodyField !== undefined && (d.types.get(bodyField) ?? 'html') === 'text');
    const id = (f('guid') ?? f('id') ?? url ?? `${title ?? ''}|${f('pubdate') ?? f('published') ?? ''}|${posts.length}`).slice(0, 300);
    const date = f('pubdate') ?? f('published') ?? f('dc:date') ?? f('updated');
    posts.push({
      id,
      url,
      author: {
        name: (f('dc:creator') ?? f('name') ?? f('author') ?? channel.get('title') ?? new URL(feedUrl).host).slice(0, 200),
        avatar: channelAvatar,
      },
      published_at: date ? isoDate(date) : null,
      title: title ? textOf(title, 300) || null : null,
      html,
      media: d.media.slice(0, MAX_MEDIA),
    });
  };

  const addMedia = (d: Draft, raw: string | undefined, alt = '') => {
    const url = safeUrl(raw, feedUrl, true);
    if (!url || d.media.length >= MAX_MEDIA || d.media.some((m) => m.url === url)) return undefined;
    const m = { url, alt };
    d.media.push(m);
    return m;
  };

  const parser = new Parser(
    {
      onopentag(rawName, attrs) {
        depth++;
        if (depth > MAX_DEPTH) return;
        const name = rawName.toLowerCase();
        stack.push(name);
        if (!rootSeen) {
          rootSeen = true;
          kind = name === 'rss' || name === 'rdf:rdf' ? 'rss' : name === 'feed' ? 'atom' : null;
        }
        if (!kind) return;
        if ((name === 'item' || name === 'entry') && !draft) {
          draft = newDraft();
          itemDepth = depth;
          return;
        }
        if (draft) {
          if (xhtml) {
            xhtml.openTag(rawName, attrs);
            return;
          }
          const type = (attrs.type ?? '').toLowerCase();
          if (name === 'enclosure' && type.startsWith('image/')) addMedia(draft, attrs.url);
          else if (name === 'media:content' && (attrs.medium === 'image' || type.startsWith('image/')))
            draft.openMedia = addMedia(draft, attrs.url);
          else if (name === 'link' && kind === 'atom') {
            const rel = (attrs.rel ?? 'alternate').toLowerCase();
            if (rel === 'alternate' && !draft.link) draft.link = attrs.href;
            else if (rel === 'enclosure' && type.startsWith('image/')) addMedia(draft, attrs.href);
          }
          // Atom: type="html" is escaped HTML, "xhtml" markup inside the feed, anything else text.
          const atomBody = (name === 'content' || name === 'summary') && kind === 'atom';
          // Text is kept for direct children of the item, an Atom author's name, a picture's description.
          const direct = depth === itemDepth + 1;
          const atomAuthor = kind === 'atom' && name === 'author';
          if (
            field === null &&
            POST_FIELDS.has(name) &&
            !atomAuthor &&
            (direct || (name === 'name' && parent() === 'author') || name === 'media:description')
          ) {
            field = name;
            fieldDepth = depth;
            buffer = '';
            if (atomBody) {
              const t = atomType(attrs.type);
              draft.types.set(name, t);
              if (t === 'xhtml') xhtml = new XhtmlCollector(HTML_MAX);
            }
          }
          return;
        }
        // Outside items: the channel's title and picture.
        if (field !== null) return;
        if (name === 'title' && (parent() === 'channel' || (kind === 'atom' && depth === 2))) field = 'channel:title';
        else if ((name === 'url' && parent() === 'image') || ((name === 'icon' || name === 'logo') && kind === 'atom' && depth === 2))
          field = 'channel:image';
        if (field !== null) {
          fieldDepth = depth;
          buffer = '';
        }
      },
      ontext(text) {
        if (field === null || depth > MAX_DEPTH) return;
        if (xhtml) {
          xhtml.text(text);
          return;
        }
        const max = field.startsWith('channel:') ? TEXT_MAX : limitOf(field);
        if (buffer.length < max) buffer += text.slice(0, max - buffer.length);
      },
      onclosetag(rawName) {
        const was = depth;
        depth--;
        if (was > MAX_DEPTH) return;
        const name = rawName.toLowerCase();
        stack.pop();
        if (xhtml && was > fieldDepth) {
          xhtml.closeTag();
          return;
        }
        if (field !== null && was === fieldDepth) {
          if (xhtml && draft) {
            if (!draft.fields.get(field)) draft.fields.set(field, xhtml.html());
            xhtml = null;
          }
          if (field === 'channel:title') channel.set('title', textOf(buffer, 200));
          else if (field === 'channel:image') channelAvatar ??= safeUrl(buffer, feedUrl, true);
          else if (draft) {
            if (field === 'media:description' && draft.openMedia) draft.openMedia.alt = textOf(buffer, 500);
            else if (!draft.fields.has(field) || !draft.fields.get(field)) draft.fields.set(field, buffer);
          }
          field = null;
          buffer = '';
        }
        if (draft && name === 'media:content') draft.openMedia = undefined;
        if (draft && was === itemDepth && (name === 'item' || name === 'entry')) {
          finish(draft);
          draft = null;
          itemDepth = -1;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (!kind) return null;
  // Posts carry the avatar found anywhere in the channel (RSS puts <image> before or after the items).
  for (const p of posts) p.author.avatar ??= channelAvatar;
  return { kind, title: channel.get('title') ?? null, avatar: channelAvatar, posts };
}
