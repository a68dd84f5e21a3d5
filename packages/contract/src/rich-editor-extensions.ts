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
    Embed,
    LinkCard,
    Placeholder.configure({ placeholder }),
  ];
}
