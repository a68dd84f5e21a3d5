import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import { DEMO_EVENT } from '../../platform/demo-story.ts';
import type { DemoSeeder, SeedFiles } from '../../platform/module.ts';
import { demoImageSvg } from '../content/content.demo-images.ts';
import { uploads } from '../content/content.table.ts';
import { bubbles, users } from '../users/users.table.ts';
import { chatMembers, chatMessages, chats } from './chats.table.ts';

/**
 * Demo chats: Anna (the demo login) has private chats and groups with history, some of it unread
 * (her chats bubble counts them); groups she owns come first, then private chats and a group of Ben's. Speakers are the
 * demo app's members by seed order: 0 is Anna, 1 Ben, then generated attendees.
 */
interface DemoChat {
  /** null: a private chat between Anna and `members[0]`. */
  group: { name: string; ownerIndex: number } | null;
  /** Member indexes besides Anna. */
  members: number[];
  /** Speaker index (0 = Anna), text, minutes ago, and a picture sent with it (a demo image's key and name). */
  lines: Array<[number, string, number, DemoFile?]>;
  /** Messages at the end that Anna has not read. */
  unread: number;
}

interface DemoFile {
  image: string;
  name: string;
}

const DEMO_CHATS: DemoChat[] = [
  {
    group: { name: 'Speakers lounge', ownerIndex: 0 },
    members: [1, 2, 3, 4],
    lines: [
      [0, 'Welcome everyone! This is our place for last-minute changes during the event.', 2900],
      [4, `Thanks Anna. Is there a clicker in ${DEMO_EVENT.rooms.keynote}?`, 2880],
      [0, 'Yes, the technician keeps two at the front desk.', 2870],
      [2, 'Slides are due at 9:00 tomorrow, right?', 1420],
      [1, 'Right, upload them to the shared folder and tell the stage manager.', 1410],
      [1, 'And here is the view from the stage, so you know what to expect.', 1405, { image: 'hallway', name: 'view-from-the-stage.jpg' }],
      [3, `My session moved to ${DEMO_EVENT.rooms.b}, same time.`, 90],
      [4, 'Noted, I will announce it at the end of mine.', 30],
    ],
    unread: 2,
  },
  {
    group: { name: 'Volunteers crew', ownerIndex: 0 },
    members: [5, 7],
    lines: [
      [0, 'Thanks for helping at the registration desk today!', 700],
      [7, 'Happy to. Badges for late arrivals are in the blue box.', 690],
      [5, 'I will cover the cloakroom after lunch.', 400],
    ],
    unread: 0,
  },
  {
    group: { name: 'Workshop team', ownerIndex: 0 },
    members: [2, 8],
    lines: [
      [8, `${DEMO_EVENT.rooms.lab} has 40 seats, we expect 55. Shall we ask for chairs?`, 1300],
      [0, 'Yes please, and let us open the side wall.', 1290],
    ],
    unread: 0,
  },
  {
    group: { name: 'Sponsors desk', ownerIndex: 0 },
    members: [6, 9],
    lines: [
      [9, 'The sponsor banners arrive at 8:00 at the loading dock.', 2000],
      [0, 'Great, I will meet the driver there.', 1990],
    ],
    unread: 0,
  },
  {
    group: null,
    members: [1],
    lines: [
      [1, 'Morning! Are you going to the keynote?', 320],
      [0, 'Yes, I saved us two seats in row 5.', 318],
      [1, 'Perfect, I will bring coffee ☕', 317],
      [1, 'The queue at the entrance is huge, go through the side door by the cloakroom.', 65],
      [1, 'See you at the networking lunch?', 12],
    ],
    unread: 2,
  },
  {
    group: null,
    members: [2],
    lines: [
      [2, 'Hi Anna, thanks for the great question in the opening keynote.', 1500],
      [0, 'Thank you! Your point about open standards stuck with me.', 1490],
      [2, 'Would you like to continue over a 1:1 meeting this afternoon?', 1480],
      [0, 'Sure, 15:30 at the meeting point works for me.', 1470],
    ],
    unread: 0,
  },
  {
    group: null,
    members: [3],
    lines: [[3, 'Hello! I am speaking in room B at 14:00 about community apps. Drop by if you can.', 40]],
    unread: 1,
  },
  {
    group: { name: 'Day 2 dinner plans', ownerIndex: 1 },
    members: [1, 5, 6],
    lines: [
      [1, `Conference dinner at ${DEMO_EVENT.dinner.time} in the ${DEMO_EVENT.rooms.dinner}: I reserved a table for 8.`, 600],
      [1, `This is the place: https://www.openstreetmap.org/search?query=${encodeURIComponent(DEMO_EVENT.address)}`, 598],
      [5, 'Count me in!', 590],
      [0, 'Me too, and I can bring two colleagues from the workshop.', 580],
      [6, 'Does the place have vegetarian options?', 300],
      [1, 'Yes, a full vegetarian menu.', 290],
    ],
    unread: 0,
  },
];

/**
 * A demo picture as a message's file: drawn from the demo SVG, stored as JPEG in the files folder,
 * with its upload row held by the message. Without a files folder (tests) the message has no file.
 */
async function demoFile(db: Db, files: SeedFiles | undefined, at: { appId: number; userId: number }, file: DemoFile) {
  if (!files) return null;
  const { data, info } = await sharp(Buffer.from(demoImageSvg(file.image)))
    .resize(1200)
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  const stored = `content/${randomUUID()}.jpg`;
  files.write(`files/${stored}`, data);
  const [row] = await db
    .insert(uploads)
    .values({
      ...at,
      path: stored,
      name: file.name,
      mime: 'image/jpeg',
      size: data.length,
      width: info.width,
      height: info.height,
      held: true,
    })
    .returning({ id: uploads.id });
  if (!row) throw new Error('insert uploads returned nothing');
  return [{ id: row.id, name: file.name, mime: 'image/jpeg', size: data.length, width: info.width, height: info.height }];
}

export const chatsSeed: DemoSeeder = {
  async run({ db, files }) {
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('chats');
      if (!mod) continue;
      const [seeded] = await db.select({ id: chats.id }).from(chats).where(eq(chats.appModuleId, mod.id)).limit(1);
      if (seeded) continue;
      const people = await db
        .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
        .from(users)
        .where(eq(users.appId, demo.app.id))
        .orderBy(asc(users.id));
      const anna = people.find((p) => p.email === 'anna@demo.test');
      if (!anna) continue;
      const ben = people.find((p) => p.email === 'ben@demo.test');
      const others = people.filter((p) => p.id !== anna.id && p.id !== ben?.id && !p.isAdmin);
      // Index 0 is Anna, 1 Ben, then the attendees in seed order.
      const cast = [anna.id, ...(ben ? [ben.id] : []), ...others.map((p) => p.id)];
      const who = (i: number) => cast[i % cast.length] as number;
      // With few members (test databases) the cast wraps round: one private chat per pair.
      const pairs = new Set<string>();
      for (const [k, c] of DEMO_CHATS.entries()) {
        const memberIds = [...new Set([anna.id, ...c.members.map(who)])];
        if (memberIds.length < 2) continue;
        const other = memberIds[1] as number;
        const pair = `${Math.min(anna.id, other)}:${Math.max(anna.id, other)}`;
        if (!c.group) {
          if (pairs.has(pair)) continue;
          pairs.add(pair);
        }
        const last = c.lines.at(-1);
        const [row] = await db
          .insert(chats)
          .values({
            appId: demo.app.id,
            appModuleId: mod.id,
            isGroup: c.group !== null,
            name: c.group?.name ?? null,
            ownerId: c.group ? who(c.group.ownerIndex) : anna.id,
            privateKey: c.group ? null : pair,
            lastSeq: c.lines.length,
            lastMessageAt: last ? new Date(now - last[2] * 60_000) : null,
            createdAt: new Date(now - ((c.lines[0]?.[2] ?? 60) + 5) * 60_000 - k),
          })
          .returning({ id: chats.id });
        if (!row) throw new Error('insert chats returned nothing');
        const readUpTo = c.lines.length - c.unread;
        await db.insert(chatMembers).values(
          memberIds.map((userId) => ({
            chatId: row.id,
            userId,
            joinedAt: new Date(now - ((c.lines[0]?.[2] ?? 60) + 5) * 60_000),
            // Everyone else has read it all; Anna is `unread` messages behind.
            lastReadSeq: userId === anna.id ? readUpTo : c.lines.length,
          })),
        );
        const values = [];
        for (const [i, [speaker, text, minutesAgo, file]] of c.lines.entries()) {
          const userId = who(speaker);
          values.push({
            chatId: row.id,
            seq: i + 1,
            userId,
            clientId: `demo-${k}-${i}`,
            body: text,
            files: file ? await demoFile(db, files, { appId: demo.app.id, userId }, file) : null,
            createdAt: new Date(now - minutesAgo * 60_000),
          });
        }
        await db.insert(chatMessages).values(values);
        if (c.unread > 0) await db.insert(bubbles).values({ userId: anna.id, appModuleId: mod.id, itemId: row.id }).onConflictDoNothing();
      }
    }
  },
};
