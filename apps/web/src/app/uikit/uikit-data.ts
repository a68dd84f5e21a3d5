import type { MenuItem } from '@app/contract/schemas/app';
import type { Attachment, Poll } from '@app/contract/schemas/content';
import type { UrlPreview } from '@app/contract/schemas/pwa';
import type { FilterDef } from '../../ui/filters.ts';
import type { IconName } from '../../ui/icon.tsx';
import type { PreviewPhoto } from '../../ui/photo-preview.tsx';
import type { Person } from '../../ui/related-users.tsx';
import type { SpeakerItem } from '../../ui/speaker-list.tsx';

/**
 * Static demo data of the developer UI kit (/dev/uikit): nothing here comes from the server, so
 * every widget shows the same states on every machine. Pictures are the demo seed's files.
 */

/** Every icon of ui/icon.tsx: the record's type makes a new icon a compile error here until it is listed. */
const ICONS: Record<IconName, true> = {
  news: true,
  agenda: true,
  networking: true,
  chats: true,
  forums: true,
  activity: true,
  blogs: true,
  events: true,
  marketplace: true,
  catalog: true,
  resources: true,
  appusers: true,
  freeform: true,
  webview: true,
  twitter: true,
  profile: true,
  settings: true,
  menu: true,
  close: true,
  search: true,
  filter: true,
  inbox: true,
  back: true,
  next: true,
  logout: true,
  bell: true,
  external: true,
  install: true,
  check: true,
  alert: true,
  mail: true,
  lock: true,
  camera: true,
  globe: true,
  bug: true,
  refresh: true,
  link: true,
  image: true,
  video: true,
  table: true,
  quote: true,
  listBullet: true,
  listNumber: true,
  divider: true,
  undo: true,
  redo: true,
  attach: true,
};
export const ICON_NAMES = Object.keys(ICONS) as IconName[];

export const LONG_TEXT =
  'Registration for the Thursday workshops on accessible design systems and community moderation closes tonight at midnight, so please sign up early';

export const PHOTOS: PreviewPhoto[] = [
  { id: 1, url: '/uploads/demo/harbour.svg', alt: 'The congress centre from the harbour at sunset' },
  { id: 2, url: '/uploads/demo/rooftop.svg', alt: 'The rooftop terrace at night' },
  { id: 3, url: '/uploads/demo/lanyard.svg', alt: 'A conference lanyard with a badge' },
];

export const PEOPLE: Person[] = [
  { id: 9001, fullname: 'Marta Nowak', avatar: null, is_verified: true },
  { id: 9002, fullname: 'Jonas Berg', avatar: null },
  { id: 9003, fullname: 'Aiko Tanaka-Oyelaran de la Fontaine-Whitmore', avatar: null },
  { id: 9004, fullname: 'Lena Fischer', avatar: null },
];

export const SPEAKERS: SpeakerItem[] = [
  { id: 1, name: 'Marta Nowak', photo: null, job_title: 'Head of Community', company: 'Open Summit' },
  { id: 2, name: 'Jonas Berg', photo: null, job_title: 'Principal Engineer', company: 'Nordlight Cloud' },
  {
    id: 3,
    name: 'Aiko Tanaka-Oyelaran de la Fontaine-Whitmore',
    photo: null,
    job_title: 'Director of Accessibility Research and Inclusive Product Strategy',
    company: 'Harbour Congress Centre Foundation',
  },
];

const options = [
  { id: 1, text: 'Keynote on Tuesday morning', votes_count: 12 },
  { id: 2, text: 'Workshops in the afternoon', votes_count: 7 },
  { id: 3, text: LONG_TEXT, votes_count: 1 },
];
export const POLLS: Record<'open' | 'voted' | 'finished', Poll> = {
  open: { title: 'Which session should we record?', status: 'in_progress', options, votes_count: 20, my_vote: null },
  voted: { title: 'Which session should we record?', status: 'in_progress', options, votes_count: 20, my_vote: 2 },
  finished: { title: 'Where should the party be?', status: 'finished', options, votes_count: 20, my_vote: 1 },
};

export const ATTACHMENTS: Attachment[] = [
  {
    id: 1,
    name: 'harbour.svg',
    mime: 'image/svg+xml',
    size: 48_210,
    url: '/uploads/demo/harbour.svg',
    is_image: true,
    width: 1200,
    height: 800,
  },
  {
    id: 2,
    name: 'rooftop.svg',
    mime: 'image/svg+xml',
    size: 39_004,
    url: '/uploads/demo/rooftop.svg',
    is_image: true,
    width: 1200,
    height: 800,
  },
  {
    id: 3,
    name: 'Programme and floor plan, final version for print.pdf',
    mime: 'application/pdf',
    size: 2_456_000,
    url: '#programme.pdf',
    is_image: false,
    width: null,
    height: null,
  },
  {
    id: 4,
    name: 'speakers.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    size: 18_400,
    url: '#speakers.xlsx',
    is_image: false,
    width: null,
    height: null,
  },
];

/** A preview the link widget would fetch: put into the query cache so the kit makes no call. */
export const PREVIEW_URL = 'https://www.harbourcongress.example/plan-your-visit';
export const PREVIEW: UrlPreview['meta'] = {
  title: 'Plan your visit – Harbour Congress Centre',
  description: 'Opening hours, parking, accessibility and the live tram departures.',
  site_name: 'Harbour Congress Centre',
  image: null,
};

export const FILTERS: FilterDef[] = [
  { filter: null, title: 'All', type: 'radio', values: [] },
  {
    filter: 'hall',
    title: 'Hall',
    type: 'multiselect',
    values: [
      { id: 'a', name: 'Hall A' },
      { id: 'b', name: 'Hall B' },
      { id: 'c', name: 'Hall C' },
    ],
  },
  { filter: 'open', title: 'Open now', type: 'switch', values: [{ id: '1', name: 'Open now' }] },
  { filter: 'price', title: 'Price', type: 'slider', min: 0, max: 500 },
  {
    filter: 'sort',
    title: 'Sort',
    type: 'radio',
    values: [
      { id: 'name', name: 'Name' },
      { id: 'newest', name: 'Newest' },
    ],
  },
];

/** Every block of the rich-content vocabulary (spec 1 §2.5), as the server's sanitiser writes it. */
export const RICH_HTML = `<h2>Heading 2: Harbour Congress Centre</h2>
<p>A paragraph with <strong>bold</strong>, <em>italic</em>, <u>underlined</u> text and <a href="https://www.harbourcongress.example/">a link</a>.</p>
<h3>Heading 3: Getting there</h3>
<ul><li>A bulleted list item</li><li>Another item</li></ul>
<ol><li>A numbered list item</li><li>The second step</li></ol>
<h4>Heading 4: Inside</h4>
<figure class="image"><img src="/uploads/demo/harbour.svg" alt="The congress centre from the harbour" width="1200" height="800"><figcaption>An image with a caption</figcaption></figure>
<figure class="image with-border with-background"><img src="/uploads/demo/lanyard.svg" alt="A lanyard with a badge" width="1200" height="800"><figcaption>With border and background</figcaption></figure>
<figure class="image stretched"><img src="/uploads/demo/rooftop.svg" alt="The rooftop terrace at night" width="1200" height="800"><figcaption>Stretched</figcaption></figure>
<blockquote><p>A quote: the best conference venue we have worked with.</p><cite>Marta Nowak</cite></blockquote>
<hr />
<table><thead><tr><th scope="col">From</th><th scope="col">How</th><th scope="col">Time</th></tr></thead><tbody><tr><td>Centraal</td><td>Tram 7</td><td>12 min</td></tr><tr><td>Airport</td><td>Train, then tram 7</td><td>45 min</td></tr></tbody></table>
<aside role="note" class="warning"><strong>A warning</strong><p>The cloakroom closes at 19:00.</p></aside>
<a class="link-card" href="https://www.harbourcongress.example/plan-your-visit"><img src="/uploads/demo/lanyard.svg" alt=""><strong>A link card</strong><span>Opening hours, parking and accessibility.</span></a>`;

const item = (id: number, type: MenuItem['type'], name: string, bubble: number[] = []): MenuItem => ({
  app_module_id: 9000 + id,
  name,
  position: id,
  type,
  icon_name: type,
  icon: null,
  url: `/dev/uikit/footer#${type}`,
  params: {},
  bubble,
});

/** Menus of several lengths for the header and footer variants; bubbles on some entries. */
export const MENU: MenuItem[] = [
  item(1, 'news', 'News', [1, 2, 3]),
  item(2, 'agenda', 'Agenda'),
  item(3, 'chats', 'Chats', [4]),
  item(4, 'networking', 'Networking'),
  item(5, 'activity', 'Activity', [5]),
  item(6, 'catalog', 'Exhibitors'),
  item(7, 'freeform', 'Venue & travel'),
  item(8, 'settings', 'Settings'),
];
export const SHORT_MENU = MENU.slice(0, 3);
export const FIVE_MENU = MENU.slice(0, 5);
