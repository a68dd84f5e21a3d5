import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import type { DemoSeeder, SeedFiles } from '../../platform/module.ts';
import { demoImageSvg } from '../content/content.demo-images.ts';
import { uploads } from '../content/content.table.ts';
import { users } from '../users/users.table.ts';
import { resourceItems } from './resources.table.ts';

type Who = 'admin' | 'anna' | 'ben';
type DemoNode =
  | { type: 'folder'; title: string; by: Who; days: number; children: DemoNode[] }
  | { type: 'link'; title: string; url: string; by: Who; days: number }
  | { type: 'pdf'; title: string; name: string; lines: string[]; by: Who; days: number; hidden?: boolean }
  | { type: 'image'; title: string; name: string; picture: string; by: Who; days: number };

const pdf = (title: string, name: string, by: Who, days: number, lines: string[], hidden?: boolean): DemoNode => ({
  type: 'pdf',
  title,
  name,
  lines,
  by,
  days,
  ...(hidden ? { hidden } : {}),
});

/** The light demo app's tree: slides, photos and the sponsor kit, the practical links, and a draft the admin keeps hidden. */
const DEMO_TREE: DemoNode[] = [
  {
    type: 'folder',
    title: 'Slides',
    by: 'admin',
    days: 6,
    children: [
      pdf('Opening keynote: The next ten years of events', 'opening-keynote.pdf', 'admin', 2, [
        'Opening keynote',
        'The next ten years of events',
        'Hybrid is the default, not the exception.',
        'Community outlives the conference week.',
      ]),
      pdf('Designing hybrid formats that work', 'hybrid-formats.pdf', 'anna', 1, [
        'Designing hybrid formats that work',
        'One stage, two audiences.',
        'Give remote attendees a host of their own.',
      ]),
      pdf('Community building 101', 'community-building-101.pdf', 'ben', 1, [
        'Community building 101',
        'Start small, meet often, write things down.',
      ]),
      pdf('Sponsor activation case studies', 'sponsor-activation.pdf', 'admin', 0, [
        'Sponsor activation case studies',
        'Three booths that drew a crowd, and why.',
      ]),
    ],
  },
  {
    type: 'folder',
    title: 'Photos',
    by: 'admin',
    days: 5,
    children: [
      { type: 'image', title: 'Registration desk, day one', name: 'registration-desk.jpg', picture: 'lanyard', by: 'anna', days: 1 },
      { type: 'image', title: 'Hall A before the keynote', name: 'hall-a.jpg', picture: 'hallway', by: 'ben', days: 1 },
      { type: 'image', title: 'Photo walk along the Spree', name: 'spree-walk.jpg', picture: 'harbour', by: 'anna', days: 2 },
      {
        type: 'image',
        title: 'Welcome reception on the roof terrace',
        name: 'welcome-reception.jpg',
        picture: 'rooftop',
        by: 'admin',
        days: 1,
      },
    ],
  },
  {
    type: 'folder',
    title: 'Sponsor kit',
    by: 'admin',
    days: 5,
    children: [
      pdf('Sponsor prospectus 2026', 'sponsor-prospectus-2026.pdf', 'admin', 5, [
        'Sponsor prospectus 2026',
        'Packages: Gold, Silver, Community partner.',
        'Booth sizes 3x2 m and 6x3 m.',
      ]),
      pdf('Logo and brand guidelines', 'brand-guidelines.pdf', 'admin', 4, [
        'Logo and brand guidelines',
        'Clear space: the height of the mark on every side.',
      ]),
      { type: 'link', title: 'Booth booking form', url: 'https://forms.example.org/booth-booking', by: 'admin', days: 4 },
    ],
  },
  { type: 'link', title: 'Venue map', url: 'https://www.openstreetmap.org/#map=17/52.3791/4.9003', by: 'admin', days: 6 },
  { type: 'link', title: 'Wi-Fi guide', url: 'https://help.example.org/conference-wifi', by: 'admin', days: 6 },
  { type: 'link', title: 'Code of conduct', url: 'https://confcodeofconduct.com/', by: 'admin', days: 6 },
  pdf('Conference programme', 'conference-programme.pdf', 'admin', 3, [
    'Conference programme',
    'Day 1: keynote, tracks, welcome drinks.',
    'Day 2: workshops, networking, closing panel.',
  ]),
  pdf('Speaker briefing (draft)', 'speaker-briefing-draft.pdf', 'admin', 0, ['Speaker briefing (draft)', 'Not for sharing yet.'], true),
];

/** The dark app's smaller tree. */
const DARK_TREE: DemoNode[] = [
  {
    type: 'folder',
    title: 'Handouts',
    by: 'admin',
    days: 4,
    children: [
      pdf('Meetup format guide', 'meetup-format-guide.pdf', 'admin', 3, [
        'Meetup format guide',
        'Ninety minutes, two talks, one long break.',
      ]),
      { type: 'image', title: 'Last meetup', name: 'last-meetup.jpg', picture: 'rooftop', by: 'anna', days: 2 },
    ],
  },
  { type: 'link', title: 'House rules', url: 'https://community.example.org/house-rules', by: 'admin', days: 5 },
  { type: 'link', title: 'Community forum', url: 'https://community.example.org/', by: 'ben', days: 1 },
];

/** A PDF escape of a line of ASCII text. */
const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');

/**
 * A small, valid one-page PDF (A4, Helvetica) with a title and lines of text: the cross-reference
 * table's offsets are counted from the bytes, so readers open it without repairing it.
 */
export function demoPdf(lines: string[]): Buffer {
  const [title = '', ...rest] = lines;
  const text = [
    'BT /F1 24 Tf 60 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 13 Tf 0 -40 Td',
    ...rest.flatMap((l) => [`(${pdfText(l)}) Tj`, '0 -22 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Stores a demo file in the files folder with its upload row, held by the item. */
async function storeFile(db: Db, files: SeedFiles, at: { appId: number; userId: number }, node: DemoNode) {
  let data: Buffer;
  let mime: string;
  let width: number | null = null;
  let height: number | null = null;
  if (node.type === 'image') {
    const out = await sharp(Buffer.from(demoImageSvg(node.picture)))
      .resize(1200)
      .jpeg({ quality: 70, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    data = out.data;
    mime = 'image/jpeg';
    width = out.info.width;
    height = out.info.height;
  } else if (node.type === 'pdf') {
    data = demoPdf(node.lines);
    mime = 'application/pdf';
  } else return null;
  const stored = `content/${randomUUID()}.${node.type === 'image' ? 'jpg' : 'pdf'}`;
  files.write(`files/${stored}`, data);
  const [row] = await db
    .insert(uploads)
    .values({ ...at, path: stored, name: node.name, mime, size: data.length, width, height, held: true })
    .returning({ id: uploads.id });
  return row?.id ?? null;
}

/**
 * The demo resources: a conference's slides, photos and sponsor kit in folders, practical links at
 * the root, and a draft only its owner (the admin) sees. Files are real (small PDFs, JPEGs drawn
 * from the demo pictures) in the files folder; without one (tests) the files are left out.
 */
export const resourcesSeed: DemoSeeder = {
  async run({ db, files }) {
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('resources');
      if (!mod) continue;
      const [seeded] = await db.select({ id: resourceItems.id }).from(resourceItems).where(eq(resourceItems.appModuleId, mod.id)).limit(1);
      if (seeded) continue;
      const people = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.appId, demo.app.id), inArray(users.email, ['admin@demo.test', 'anna@demo.test', 'ben@demo.test'])));
      const idOf = (who: Who) => people.find((p) => p.email === `${who}@demo.test`)?.id;
      const put = async (node: DemoNode, folderId: number | null, order: number) => {
        const userId = idOf(node.by) ?? idOf('admin');
        if (userId === undefined) return;
        const at = new Date(now - node.days * 86_400_000 - order * 3_600_000);
        const base = { appId: demo.app.id, appModuleId: mod.id, userId, folderId, title: node.title, createdAt: at, updatedAt: at };
        if (node.type === 'folder') {
          const [row] = await db
            .insert(resourceItems)
            .values({ ...base, type: 'folder' })
            .returning({ id: resourceItems.id });
          if (row) for (const [i, child] of node.children.entries()) await put(child, row.id, i);
          return;
        }
        if (node.type === 'link') {
          await db.insert(resourceItems).values({ ...base, type: 'link', url: node.url });
          return;
        }
        if (!files) return;
        const uploadId = await storeFile(db, files, { appId: demo.app.id, userId }, node);
        if (uploadId === null) return;
        await db
          .insert(resourceItems)
          .values({ ...base, type: node.type === 'image' ? 'image' : 'file', uploadId, active: !(node.type === 'pdf' && node.hidden) });
      };
      for (const [i, node] of (demo.index === 1 ? DEMO_TREE : DARK_TREE).entries()) await put(node, null, i);
    }
  },
};
