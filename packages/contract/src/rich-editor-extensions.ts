import { type AnyExtension, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { linkHref } from './rich-text-urls.ts';

/**
 * The content kit's Tiptap setup, shared by the attendee app's editor (posts, discussions) and the
 * console's rich text field (descriptions, free-form pages): the same nodes produce the same HTML,
 * which is the server sanitiser's vocabulary (apps/server/src/lib/rich-text.ts). Browser-only: the
 * server never imports this file.
 */

/** An inline image longer than this (a data: URL) is "too big" (spec 1 §5); the server refuses it too. */
export const INLINE_IMAGE_MAX = 10_240;

/** Cells of the default table (spec: 2 × 3). */
export const TABLE = { rows: 2, cols: 3 } as const;

/** Headers 2–4: the page's title is the only h1. */
export const HEADING_LEVELS = [2, 3, 4] as const;

/** `<figure class="embed"><iframe src>` of YouTube, Vimeo or Spotify, as the server keeps it. */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({ src: { default: null } }),
  parseHTML: () => [{ tag: 'figure.embed', getAttrs: (el) => ({ src: (el as HTMLElement).querySelector('iframe')?.getAttribute('src') }) }],
  renderHTML: ({ HTMLAttributes }) => [
    'figure',
    { class: 'embed' },
    [
      'iframe',
      mergeAttributes({
        src: HTMLAttributes.src,
        loading: 'lazy',
        allowfullscreen: 'true',
        sandbox: 'allow-scripts allow-same-origin allow-presentation',
      }),
    ],
  ],
});

/** The link tool's card (spec 1 §2.5): title, description and site of the page. */
export const LinkCard = Node.create({
  name: 'linkCard',
  group: 'block',
  atom: true,
  addAttributes: () => ({ href: { default: null }, title: { default: '' }, description: { default: '' }, site: { default: '' } }),
  parseHTML: () => [
    {
      tag: 'a.link-card',
      getAttrs: (el) => {
        const a = el as HTMLElement;
        const spans = a.querySelectorAll('span');
        return {
          href: a.getAttribute('href'),
          title: a.querySelector('strong')?.textContent ?? '',
          description: spans[0]?.textContent ?? '',
          site: spans[1]?.textContent ?? '',
        };
      },
    },
  ],
  renderHTML: ({ HTMLAttributes: a }) => [
    'a',
    { class: 'link-card', href: a.href, target: '_blank', rel: 'noopener noreferrer nofollow ugc' },
    ['strong', {}, a.title || a.href],
    ['span', {}, a.description],
    ['span', {}, a.site],
  ],
});

/** The looks of a picture (spec 1 §2.5): a border, a background, or the full width. */
export const FIGURE_LOOKS = ['border', 'background', 'stretched'] as const;
export type FigureLook = (typeof FIGURE_LOOKS)[number];
const LOOK_CLASS: Record<FigureLook, string> = { border: 'with-border', background: 'with-background', stretched: 'stretched' };

/**
 * A picture with its caption and looks: `<figure class="image with-border…"><img><figcaption>`,
 * as the server keeps it. An atom: the caption and looks are set when it is inserted.
 */
export const Figure = Node.create({
  name: 'figure',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    src: { default: null },
    alt: { default: '' },
    caption: { default: '' },
    border: { default: false },
    background: { default: false },
    stretched: { default: false },
  }),
  parseHTML: () => [
    {
      tag: 'figure',
      priority: 60,
      getAttrs: (el) => {
        const fig = el as HTMLElement;
        const img = fig.querySelector('img');
        if (fig.classList.contains('embed') || !img) return false;
        return {
          src: img.getAttribute('src'),
          alt: img.getAttribute('alt') ?? '',
          caption: fig.querySelector('figcaption')?.textContent ?? '',
          border: fig.classList.contains('with-border'),
          background: fig.classList.contains('with-background'),
          stretched: fig.classList.contains('stretched'),
        };
      },
    },
  ],
  renderHTML: ({ HTMLAttributes: a }) => {
    const classes = ['image', ...FIGURE_LOOKS.filter((look) => a[look]).map((look) => LOOK_CLASS[look])].join(' ');
    const img = ['img', a.alt ? { src: a.src, alt: a.alt } : { src: a.src }];
    return a.caption ? ['figure', { class: classes }, img, ['figcaption', {}, a.caption]] : ['figure', { class: classes }, img];
  },
});

/** A warning (spec 1 §2.5): `<aside class="warning"><strong>title</strong><p>message</p></aside>`. */
export const Warning = Node.create({
  name: 'warning',
  group: 'block',
  content: 'paragraph+',
  defining: true,
  addAttributes: () => ({ title: { default: '' } }),
  parseHTML: () => [
    {
      tag: 'aside.warning',
      getAttrs: (el) => ({ title: (el as HTMLElement).querySelector(':scope > strong')?.textContent ?? '' }),
      // The message: the aside without its title.
      contentElement: (el) => {
        const copy = el.cloneNode(true) as HTMLElement;
        copy.querySelector(':scope > strong')?.remove();
        return copy;
      },
    },
  ],
  renderHTML: ({ HTMLAttributes: a }) => ['aside', { class: 'warning' }, ['strong', {}, a.title], ['div', {}, 0]],
});

/** A quote's caption: `<cite>` after the quote's paragraphs (spec 1 §2.5 "quote with caption"). */
export const Cite = Node.create({
  name: 'cite',
  group: 'block',
  content: 'inline*',
  marks: '',
  parseHTML: () => [{ tag: 'cite' }],
  renderHTML: () => ['cite', {}, 0],
});

/**
 * The extensions of the content kit's editor: headers 2–4, no code blocks, links detected as one
 * types (http(s) and mailto only, opening in a new tab), images, 2 × 3 tables, embeds, link cards.
 */
export function richTextExtensions({ placeholder = '' }: { placeholder?: string } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      codeBlock: false,
      link: {
        autolink: true,
        linkOnPaste: false,
        openOnClick: false,
        defaultProtocol: 'http',
        protocols: ['mailto'],
        isAllowedUri: (url) => Boolean(linkHref(url)),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow ugc' },
      },
    }),
    Image.configure({ allowBase64: true }),
    Table.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    Figure,
    Warning,
    Cite,
    Embed,
    LinkCard,
    Placeholder.configure({ placeholder }),
  ];
}
