/**
 * The demo marketplaces: what attendees of a tech conference (light app) and members of a night-life
 * community (dark app) offer each other, with a picture drawn per kind of item.
 */

export type PictureKind =
  | 'ticket'
  | 'desk'
  | 'camera'
  | 'lens'
  | 'room'
  | 'book'
  | 'bike'
  | 'headphones'
  | 'keyboard'
  | 'plant'
  | 'jacket'
  | 'vinyl';

export interface DemoListing {
  title: string;
  /** Major units of the app's currency; null: price on request. */
  price: number | null;
  text: string;
  pictures: PictureKind[];
  /** Index into the demo app's members (0 Anna, 1 Ben, then the others). */
  seller: number;
  /** Hours ago it was listed. */
  hoursAgo: number;
}

export const CONFERENCE_LISTINGS: DemoListing[] = [
  {
    title: 'Day pass for Open Summit, Thursday',
    price: 180,
    text: 'I can only make it on Wednesday after all. Transferable day pass for Thursday, name change done through the registration desk.\n\nHappy to meet at the badge pick-up.',
    pictures: ['ticket'],
    seller: 2,
    hoursAgo: 3,
  },
  {
    title: 'Workshop seat: Kubernetes in practice',
    price: 60,
    text: 'Seat in the sold-out hands-on workshop on Friday morning. Bring your own laptop.',
    pictures: ['ticket'],
    seller: 3,
    hoursAgo: 7,
  },
  {
    title: 'Electric standing desk, 140 × 70 cm',
    price: 240,
    text: 'Dual motor, memory presets, oak-look top. Two years old, no scratches. Pick-up near the venue (10 min walk) or I deliver within the city for a coffee.',
    pictures: ['desk', 'desk'],
    seller: 1,
    hoursAgo: 20,
  },
  {
    title: 'Mirrorless camera body with two batteries',
    price: 520,
    text: 'Sold because I switched systems. Shutter count about 12,000. Comes with charger, two batteries and the original box.',
    pictures: ['camera', 'camera', 'lens'],
    seller: 4,
    hoursAgo: 26,
  },
  {
    title: '35 mm f/1.8 prime lens',
    price: 190,
    text: 'Sharp, light, perfect for talks and portraits in dim rooms. Front and back caps included.',
    pictures: ['lens'],
    seller: 4,
    hoursAgo: 27,
  },
  {
    title: 'Sublet: room 5 minutes from the venue',
    price: 65,
    text: 'Bright room in a shared flat, per night, for the conference week. Fast Wi-Fi, desk, quiet street. Two flatmates who also work in tech.\n\nMessage me for dates.',
    pictures: ['room', 'room'],
    seller: 5,
    hoursAgo: 30,
  },
  {
    title: '"Designing Data-Intensive Applications"',
    price: 25,
    text: 'Well-read paperback, some pencil notes in the replication chapter.',
    pictures: ['book'],
    seller: 0,
    hoursAgo: 34,
  },
  {
    title: 'Bundle of five programming books',
    price: 45,
    text: 'Refactoring, Clean Architecture, The Pragmatic Programmer, Accelerate, Team Topologies. All in good condition.',
    pictures: ['book', 'book'],
    seller: 6,
    hoursAgo: 40,
  },
  {
    title: 'City bike for the week',
    price: 30,
    text: 'Rent my city bike while you are here: lock, lights and basket included. Price for the whole week.',
    pictures: ['bike'],
    seller: 7,
    hoursAgo: 45,
  },
  {
    title: 'Noise-cancelling headphones',
    price: 150,
    text: 'Over-ear, about 30 hours of battery. Great on the train home. Case and cable included.',
    pictures: ['headphones'],
    seller: 2,
    hoursAgo: 52,
  },
  {
    title: 'Mechanical keyboard, brown switches',
    price: 70,
    text: 'Tenkeyless, German layout, USB-C. Some keycaps shine a bit.',
    pictures: ['keyboard'],
    seller: 8,
    hoursAgo: 60,
  },
  {
    title: 'Second monitor arm',
    price: 35,
    text: 'Gas spring arm for one screen up to 32". Desk clamp and grommet mount.',
    pictures: ['desk'],
    seller: 1,
    hoursAgo: 66,
  },
  {
    title: 'Ticket for the speakers’ dinner',
    price: null,
    text: 'A plus-one ticket for the dinner on Thursday evening. Price to agree, I would love it to go to a first-time speaker.',
    pictures: ['ticket'],
    seller: 3,
    hoursAgo: 72,
  },
  {
    title: 'Large monstera for your office',
    price: 20,
    text: 'Moving out after the summit. Healthy plant, about 1 m tall, pot included.',
    pictures: ['plant'],
    seller: 5,
    hoursAgo: 80,
  },
  {
    title: 'Rain jacket, size M',
    price: 40,
    text: 'Forgot how rainy it gets here? Light, packable, worn twice.',
    pictures: ['jacket'],
    seller: 6,
    hoursAgo: 90,
  },
  {
    title: 'Travel tripod',
    price: 55,
    text: 'Carbon, 1.3 kg, folds to 40 cm. Ideal for recording your own talk.',
    pictures: ['camera'],
    seller: 4,
    hoursAgo: 100,
  },
  {
    title: 'Conference T-shirts from previous years',
    price: 5,
    text: 'Six shirts from the 2022–2025 editions, sizes S to XL, each 5 €.',
    pictures: ['jacket'],
    seller: 7,
    hoursAgo: 110,
  },
  {
    title: 'Standing desk converter',
    price: 80,
    text: 'Sits on any table, two levels, keyboard tray. Good if your flat has no room for a second desk.',
    pictures: ['desk'],
    seller: 8,
    hoursAgo: 120,
  },
  {
    title: 'Vinyl collection: electronic classics',
    price: 120,
    text: 'Twenty records from the nineties, sleeves in good shape. Only together.',
    pictures: ['vinyl'],
    seller: 2,
    hoursAgo: 130,
  },
  {
    title: 'Parking space near the venue',
    price: 15,
    text: 'Underground space two streets away, per day, Wednesday to Friday.',
    pictures: ['room'],
    seller: 1,
    hoursAgo: 140,
  },
];

export const COMMUNITY_LISTINGS: DemoListing[] = [
  {
    title: 'Two tickets for Saturday’s warehouse night',
    price: 35,
    text: 'Friends cancelled. Each ticket $35, both together $60.',
    pictures: ['ticket'],
    seller: 2,
    hoursAgo: 5,
  },
  {
    title: 'DJ headphones',
    price: 90,
    text: 'Closed-back, swivel cups, coiled cable. Used at home only.',
    pictures: ['headphones'],
    seller: 1,
    hoursAgo: 18,
  },
  {
    title: 'Crate of house records',
    price: 150,
    text: 'About forty records, mostly 2000s deep house.',
    pictures: ['vinyl', 'vinyl'],
    seller: 3,
    hoursAgo: 40,
  },
  {
    title: 'Film camera, fully working',
    price: 110,
    text: 'Compact 35 mm with flash, tested with a roll last month.',
    pictures: ['camera'],
    seller: 0,
    hoursAgo: 60,
  },
  {
    title: 'Room for the festival weekend',
    price: 70,
    text: 'Per night, near the night bus stop. Towels included.',
    pictures: ['room'],
    seller: 4,
    hoursAgo: 85,
  },
];

const KIND_COLOURS: Record<PictureKind, [string, string, string]> = {
  ticket: ['#ffb347', '#ff7e5f', '#fff'],
  desk: ['#c9d6ff', '#e2e2e2', '#5b4636'],
  camera: ['#434343', '#000000', '#d9d9d9'],
  lens: ['#2c3e50', '#4ca1af', '#e6e6e6'],
  room: ['#a1c4fd', '#c2e9fb', '#6d5a4b'],
  book: ['#f6d365', '#fda085', '#2d3a8c'],
  bike: ['#d4fc79', '#96e6a1', '#1f4e3d'],
  headphones: ['#654ea3', '#eaafc8', '#1b1b1b'],
  keyboard: ['#bdc3c7', '#2c3e50', '#f5f5f5'],
  plant: ['#fdfbfb', '#ebedee', '#2e7d32'],
  jacket: ['#89f7fe', '#66a6ff', '#c0392b'],
  vinyl: ['#141e30', '#243b55', '#111'],
};

/** The object of a picture, drawn in a 800 × 600 box around its centre. */
function shape(kind: PictureKind, c: string): string {
  switch (kind) {
    case 'ticket':
      return `<g transform="rotate(-8 400 300)"><rect x="170" y="190" width="460" height="220" rx="18" fill="${c}"/><circle cx="170" cy="300" r="34" fill="#0003"/><circle cx="630" cy="300" r="34" fill="#0003"/><line x1="480" y1="205" x2="480" y2="395" stroke="#0004" stroke-width="6" stroke-dasharray="14 10"/><rect x="220" y="240" width="200" height="26" rx="6" fill="#0003"/><rect x="220" y="290" width="150" height="18" rx="6" fill="#0002"/><rect x="220" y="325" width="180" height="18" rx="6" fill="#0002"/><text x="555" y="315" font-family="sans-serif" font-size="44" font-weight="700" fill="#0005" text-anchor="middle">VIP</text></g>`;
    case 'desk':
      return `<rect x="170" y="230" width="460" height="34" rx="6" fill="${c}"/><rect x="230" y="264" width="26" height="220" fill="#333"/><rect x="544" y="264" width="26" height="220" fill="#333"/><rect x="190" y="484" width="110" height="16" rx="8" fill="#333"/><rect x="500" y="484" width="110" height="16" rx="8" fill="#333"/><rect x="330" y="120" width="150" height="100" rx="8" fill="#222"/><rect x="395" y="220" width="20" height="12" fill="#222"/>`;
    case 'camera':
      return `<rect x="200" y="200" width="400" height="250" rx="30" fill="${c}"/><rect x="260" y="170" width="120" height="40" rx="10" fill="${c}"/><circle cx="400" cy="325" r="95" fill="#222"/><circle cx="400" cy="325" r="65" fill="#3a5f8a"/><circle cx="380" cy="305" r="18" fill="#fff8"/><circle cx="545" cy="240" r="14" fill="#e74c3c"/>`;
    case 'lens':
      return `<rect x="300" y="170" width="200" height="270" rx="24" fill="${c}"/><rect x="300" y="230" width="200" height="30" fill="#0003"/><rect x="300" y="330" width="200" height="14" fill="#0003"/><ellipse cx="400" cy="170" rx="100" ry="30" fill="#222"/><ellipse cx="400" cy="170" rx="70" ry="20" fill="#3a5f8a"/>`;
    case 'room':
      return `<rect x="160" y="150" width="480" height="320" fill="#fff" opacity=".85"/><rect x="200" y="190" width="160" height="120" fill="#9ecbff"/><line x1="280" y1="190" x2="280" y2="310" stroke="#fff" stroke-width="6"/><rect x="390" y="330" width="220" height="90" rx="12" fill="${c}"/><rect x="390" y="300" width="70" height="40" rx="10" fill="#fff"/><rect x="190" y="400" width="120" height="70" fill="${c}" opacity=".7"/>`;
    case 'book':
      return `<rect x="230" y="170" width="130" height="290" rx="8" fill="${c}"/><rect x="370" y="190" width="110" height="270" rx="8" fill="#c0392b"/><rect x="490" y="160" width="90" height="300" rx="8" fill="#16a085" transform="rotate(6 535 310)"/><rect x="250" y="210" width="90" height="14" fill="#fff8"/><rect x="385" y="230" width="80" height="12" fill="#fff8"/>`;
    case 'bike':
      return `<circle cx="260" cy="380" r="90" fill="none" stroke="${c}" stroke-width="16"/><circle cx="540" cy="380" r="90" fill="none" stroke="${c}" stroke-width="16"/><path d="M260 380 L360 240 L500 240 L540 380 M360 240 L410 380 L500 240 M340 210 L390 210 M490 240 L470 190 L520 190" fill="none" stroke="${c}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'headphones':
      return `<path d="M250 360 C250 170 550 170 550 360" fill="none" stroke="${c}" stroke-width="30" stroke-linecap="round"/><rect x="210" y="330" width="90" height="150" rx="36" fill="${c}"/><rect x="500" y="330" width="90" height="150" rx="36" fill="${c}"/>`;
    case 'keyboard':
      return `<rect x="150" y="220" width="500" height="180" rx="20" fill="#222"/>${Array.from({ length: 4 }, (_, r) => Array.from({ length: 12 }, (_, k) => `<rect x="${172 + k * 39}" y="${238 + r * 38}" width="32" height="30" rx="5" fill="${c}"/>`).join('')).join('')}`;
    case 'plant':
      return `<path d="M330 470 L470 470 L450 560 L350 560 Z" fill="#b5651d"/><path d="M400 470 C380 380 300 340 230 300 C310 280 380 320 400 400 C410 300 460 230 560 200 C500 290 430 330 410 470" fill="${c}"/><ellipse cx="300" cy="260" rx="70" ry="40" fill="${c}" transform="rotate(-30 300 260)"/><ellipse cx="520" cy="300" rx="80" ry="42" fill="${c}" transform="rotate(25 520 300)"/>`;
    case 'jacket':
      return `<path d="M300 150 L360 130 L400 170 L440 130 L500 150 L600 260 L560 300 L520 260 L520 480 L280 480 L280 260 L240 300 L200 260 Z" fill="${c}"/><line x1="400" y1="170" x2="400" y2="480" stroke="#0004" stroke-width="6"/><rect x="310" y="360" width="60" height="10" fill="#0003"/><rect x="430" y="360" width="60" height="10" fill="#0003"/>`;
    case 'vinyl':
      return `<rect x="170" y="150" width="300" height="300" fill="#e67e22"/><circle cx="500" cy="300" r="150" fill="${c}"/><circle cx="500" cy="300" r="120" fill="none" stroke="#333" stroke-width="2"/><circle cx="500" cy="300" r="90" fill="none" stroke="#333" stroke-width="2"/><circle cx="500" cy="300" r="45" fill="#e74c3c"/><circle cx="500" cy="300" r="6" fill="#ddd"/>`;
  }
}

/** A picture of an item for the demo: a gradient and the object (an SVG file's text, turned into a JPEG at seed time). */
export function listingPictureSvg(kind: PictureKind, variant: number): string {
  const [a, b, c] = KIND_COLOURS[kind];
  const angle = variant % 2 ? '1' : '0';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="g" x1="0" y1="0" x2="${angle}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="800" height="600" fill="url(#g)"/><ellipse cx="400" cy="${520 + variant * 10}" rx="300" ry="30" fill="#0002"/>${shape(kind, c)}</svg>`;
}
