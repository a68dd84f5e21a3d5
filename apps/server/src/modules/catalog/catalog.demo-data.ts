import { escAttr as esc } from '../../lib/text.ts';

/**
 * The demo catalogs: the light app's exhibitors of a tech summit, the dark app's partners of a
 * night-life community. Logos are drawn as SVG at seed time (`logoSvg`); contacts are on the demo
 * domain, websites on `.example` (reserved, never a real site).
 */

export interface DemoItem {
  name: string;
  slug: string;
  category: string;
  location: string;
  /** Two brand colours of the logo. */
  colors: [string, string];
  shape: 'circle' | 'square' | 'triangle' | 'wave' | 'hex';
  html: string;
}

export const EXHIBITORS: DemoItem[] = [
  {
    name: 'Nordlight Cloud',
    slug: 'nordlight',
    category: 'Cloud & hosting',
    location: 'Hall A · Booth A12',
    colors: ['#2456d3', '#8ec5fc'],
    shape: 'circle',
    html: '<p>Nordlight runs <strong>carbon-aware cloud regions</strong> in Oslo, Stockholm and Helsinki. Managed PostgreSQL, object storage and Kubernetes with prices in euros and no egress fees inside the Nordics.</p><p>Come by for a live demo of moving a workload to the greenest region at 3 a.m.</p>',
  },
  {
    name: 'Bytewise Academy',
    slug: 'bytewise',
    category: 'Education',
    location: 'Hall B · Booth B03',
    colors: ['#e8590c', '#ffd8a8'],
    shape: 'square',
    html: '<p>Evening and weekend courses in web development, data engineering and product design, taught by people who ship for a living.</p><ul><li>12-week bootcamps</li><li>Company trainings on site</li><li>Scholarships for career changers</li></ul>',
  },
  {
    name: 'Quietkeys Hardware',
    slug: 'quietkeys',
    category: 'Hardware',
    location: 'Hall A · Booth A04',
    colors: ['#343a40', '#adb5bd'],
    shape: 'hex',
    html: '<p>Mechanical keyboards built for open offices: silent switches, hot-swap sockets and aluminium cases milled in Porto.</p><p>Try all twelve switch types at our booth and take home a keycap with your initials.</p>',
  },
  {
    name: 'Shieldwall Security',
    slug: 'shieldwall',
    category: 'Security',
    location: 'Hall A · Booth A20',
    colors: ['#c92a2a', '#ffc9c9'],
    shape: 'triangle',
    html: '<p>Penetration testing, red-team exercises and secure code reviews for SaaS companies. Our team has disclosed more than 200 vulnerabilities in open-source projects.</p><p>Ask us about the <em>two-day threat-modelling workshop</em> for product teams.</p>',
  },
  {
    name: 'Greenbyte Energy',
    slug: 'greenbyte',
    category: 'Sustainability',
    location: 'Hall C · Booth C07',
    colors: ['#2b8a3e', '#b2f2bb'],
    shape: 'wave',
    html: '<p>Software that measures the energy and carbon footprint of your services per request, and suggests where to cut it.</p><p>Integrates with OpenTelemetry in ten minutes.</p>',
  },
  {
    name: 'Pixelforge Studio',
    slug: 'pixelforge',
    category: 'Design',
    location: 'Hall B · Booth B11',
    colors: ['#ae3ec9', '#eebefa'],
    shape: 'square',
    html: '<p>A product design studio of twenty designers and researchers. We design apps that people with low vision, shaky hands or slow connections can use too.</p>',
  },
  {
    name: 'Parcel Post Logistics',
    slug: 'parcelpost',
    category: 'E-commerce',
    location: 'Hall C · Booth C02',
    colors: ['#f08c00', '#ffec99'],
    shape: 'square',
    html: '<p>Same-day delivery in 40 European cities with one API. Labels, tracking pages and returns for shops of every size.</p>',
  },
  {
    name: 'Lumen Analytics',
    slug: 'lumen',
    category: 'Data & AI',
    location: 'Hall A · Booth A08',
    colors: ['#1098ad', '#99e9f2'],
    shape: 'circle',
    html: '<p>Privacy-first product analytics: no cookies, no personal data, hosted in the EU. Funnels, retention and feature adoption in one dashboard.</p><p>Free for open-source projects.</p>',
  },
  {
    name: 'Harbour Coworking',
    slug: 'harbour',
    category: 'Community',
    location: 'Lobby · Stand L1',
    colors: ['#1c7ed6', '#d0ebff'],
    shape: 'wave',
    html: '<p>Three coworking spaces by the water with meeting rooms, a podcast studio and the best espresso in town. Summit guests get a free day pass.</p>',
  },
  {
    name: 'Fieldnote Research',
    slug: 'fieldnote',
    category: 'Design',
    location: 'Hall B · Booth B06',
    colors: ['#5c940d', '#d8f5a2'],
    shape: 'triangle',
    html: '<p>User research on demand: we recruit participants in 18 countries, run interviews and usability tests, and hand you the findings within a week.</p>',
  },
  {
    name: 'Orbit Payments',
    slug: 'orbit',
    category: 'Fintech',
    location: 'Hall A · Booth A15',
    colors: ['#364fc7', '#bac8ff'],
    shape: 'circle',
    html: '<p>Accept cards, SEPA and local wallets with one integration. Transparent pricing, payouts the next day and a sandbox that behaves like production.</p>',
  },
  {
    name: 'Tidewater Robotics',
    slug: 'tidewater',
    category: 'Hardware',
    location: 'Hall C · Booth C11',
    colors: ['#0b7285', '#c5f6fa'],
    shape: 'hex',
    html: '<p>Underwater drones that inspect harbour walls, wind-farm foundations and ship hulls. See the TW-3 in our test tank at the booth.</p>',
  },
  {
    name: 'Kinship HR',
    slug: 'kinship',
    category: 'People & HR',
    location: 'Hall B · Booth B14',
    colors: ['#d6336c', '#fcc2d7'],
    shape: 'circle',
    html: '<p>Onboarding, feedback and time off in one friendly app for teams of 10 to 500. Works in 14 languages, including Lithuanian and Korean.</p>',
  },
  {
    name: 'Stackyard DevTools',
    slug: 'stackyard',
    category: 'Developer tools',
    location: 'Hall A · Booth A01',
    colors: ['#495057', '#ffd43b'],
    shape: 'square',
    html: '<p>Preview environments for every pull request, ready in under a minute, with seeded databases and shareable links.</p><p>Bring your repository: we set it up with you at the booth.</p>',
  },
  {
    name: 'Verdant Foods',
    slug: 'verdant',
    category: 'Catering',
    location: 'Food court · Stand F3',
    colors: ['#37b24d', '#fff3bf'],
    shape: 'wave',
    html: "<p>Plant-based lunch boxes, cold-pressed juices and the summit's official coffee. Order for your team's offsite in advance.</p>",
  },
  {
    name: 'Open Source Guild',
    slug: 'osguild',
    category: 'Community',
    location: 'Lobby · Stand L4',
    colors: ['#212529', '#63e6be'],
    shape: 'hex',
    html: '<p>A non-profit that pays maintainers of the libraries the web runs on. Meet maintainers, pick a good first issue and learn how your company can sponsor.</p>',
  },
];

export const PARTNERS: DemoItem[] = [
  {
    name: 'Afterglow Sound',
    slug: 'afterglow',
    category: 'Audio',
    location: 'Main floor · Stand 1',
    colors: ['#f59f00', '#fff3bf'],
    shape: 'wave',
    html: '<p>Sound systems and engineers for clubs, rooftops and open-air nights. Members rent monitors and mixers at a community price.</p>',
  },
  {
    name: 'Moonlight Records',
    slug: 'moonlight',
    category: 'Music',
    location: 'Main floor · Stand 2',
    colors: ['#5f3dc4', '#d0bfff'],
    shape: 'circle',
    html: "<p>An independent label for electronic and ambient music. Every month we press a vinyl of a community member's debut.</p>",
  },
  {
    name: 'Neon Alley Bar',
    slug: 'neonalley',
    category: 'Venues',
    location: 'Old town · Alley 7',
    colors: ['#e64980', '#ffdeeb'],
    shape: 'square',
    html: "<p>Cocktails, a tiny stage and open-mic Thursdays. Show the app at the door for the member's table.</p>",
  },
  {
    name: 'Lantern Lighting',
    slug: 'lantern',
    category: 'Lighting',
    location: 'Main floor · Stand 3',
    colors: ['#fab005', '#343a40'],
    shape: 'triangle',
    html: "<p>Stage lights, lasers and projection mapping. We light the community's monthly nights for free.</p>",
  },
  {
    name: 'Night Owl Taxis',
    slug: 'nightowl',
    category: 'Transport',
    location: 'Entrance · Stand E1',
    colors: ['#1864ab', '#ffd43b'],
    shape: 'circle',
    html: '<p>Safe rides home from 10 p.m. to 6 a.m., with female drivers on request. Members pay a fixed fare across the city.</p>',
  },
  {
    name: 'Static Print Co.',
    slug: 'staticprint',
    category: 'Merchandise',
    location: 'Gallery · Stand G2',
    colors: ['#212529', '#ff8787'],
    shape: 'hex',
    html: '<p>Screen-printed posters, shirts and tote bags in small runs, on recycled paper and organic cotton.</p>',
  },
  {
    name: 'Rooftop Collective',
    slug: 'rooftop',
    category: 'Venues',
    location: 'Harbour · Pier 4',
    colors: ['#0c8599', '#99e9f2'],
    shape: 'wave',
    html: '<p>A rooftop with a view of the harbour, open for sunset sessions from May to September.</p>',
  },
  {
    name: 'Midnight Bakery',
    slug: 'midnightbakery',
    category: 'Food',
    location: 'Old town · Market 12',
    colors: ['#a61e4d', '#ffe8cc'],
    shape: 'circle',
    html: '<p>Fresh pastries from 11 p.m. until the sun is up. The cardamom bun is famous for a reason.</p>',
  },
  {
    name: 'Quiet Hours Earplugs',
    slug: 'quiethours',
    category: 'Health',
    location: 'Entrance · Stand E2',
    colors: ['#2f9e44', '#d3f9d8'],
    shape: 'square',
    html: '<p>Musician earplugs that lower the volume, not the music. Custom-moulded pairs made on the spot.</p>',
  },
  {
    name: 'Vinyl Vault',
    slug: 'vinylvault',
    category: 'Music',
    location: 'Gallery · Stand G5',
    colors: ['#343a40', '#ced4da'],
    shape: 'circle',
    html: '<p>Second-hand records, listening booths and a weekly crate-digging night with guest DJs.</p>',
  },
  {
    name: 'Glowstick Photo',
    slug: 'glowstick',
    category: 'Photography',
    location: 'Main floor · Stand 6',
    colors: ['#7048e8', '#b2f2bb'],
    shape: 'triangle',
    html: '<p>Event photographers who work without flash. Members get their photos within 48 hours.</p>',
  },
  {
    name: 'Dawn Patrol Yoga',
    slug: 'dawnpatrol',
    category: 'Health',
    location: 'Harbour · Pier 2',
    colors: ['#f76707', '#ffe8cc'],
    shape: 'wave',
    html: '<p>Sunrise yoga after the long nights: gentle stretching and breathing by the water, every Sunday at 6:30.</p>',
  },
];

/** A simple square logo: a brand shape on a tinted background and the name's initials. */
export function logoSvg(item: Pick<DemoItem, 'name' | 'colors' | 'shape'>): string {
  const [main, tint] = item.colors;
  const initials = item.name
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w[0] ?? ''))
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
  const shapes: Record<DemoItem['shape'], string> = {
    circle: `<circle cx="200" cy="150" r="58" fill="${main}" opacity=".25"/>`,
    square: `<rect x="140" y="20" width="100" height="100" rx="18" fill="${main}" opacity=".22" transform="rotate(12 190 70)"/>`,
    triangle: `<path d="M190 20 L250 120 L130 120 Z" fill="${main}" opacity=".22"/>`,
    wave: `<path d="M0 190 Q60 150 120 190 T240 190 L240 240 L0 240 Z" fill="${main}" opacity=".25"/>`,
    hex: `<path d="M200 30 L240 53 L240 99 L200 122 L160 99 L160 53 Z" fill="${main}" opacity=".22"/>`,
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240"><rect width="240" height="240" rx="36" fill="${tint}"/>${shapes[item.shape]}<text x="120" y="150" font-family="Helvetica, Arial, sans-serif" font-size="84" font-weight="700" text-anchor="middle" fill="${main}">${esc(initials)}</text></svg>`;
}
