import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { activities } from '../modules/activity/activity.table.ts';
import { appDomains, appModules, apps } from '../modules/apps/apps.table.ts';
import { bubbles, users } from '../modules/users/users.table.ts';
import type { Db } from './client.ts';

export const DEMO_PASSWORD = 'demo1234!';
export const DEMO_LOGINS = ['admin@demo.test', 'anna@demo.test', 'ben@demo.test'];

const FIRST = [
  'Anna',
  'Ben',
  'Chloé',
  'David',
  'Elif',
  'Felix',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Xavier',
  'Yara',
  'Zoltan',
  'Aiko',
  'Bruno',
  'Carla',
  'Dmitri',
  'Eva',
  'Farid',
  'Greta',
  'Hana',
  'Ivan',
  'Julia',
  'Kwame',
  'Lena',
  'Marco',
  'Nina',
];
const LAST = [
  'Novak',
  'Schmidt',
  'Dubois',
  'Rossi',
  'Kowalski',
  'García',
  'Silva',
  'Jansen',
  'Andersson',
  'Petrenko',
  'Kim',
  'Kazlauskas',
  'Müller',
  'Fischer',
  'Bianchi',
  'Moreau',
  'Lopez',
  'Costa',
  'Nielsen',
  'Horvat',
  'Ivanova',
  'Okafor',
  'Tanaka',
  'Brown',
  'Dvořák',
];
const TITLES = [
  'Product Manager',
  'Software Engineer',
  'Head of Marketing',
  'Founder & CEO',
  'UX Designer',
  'Data Scientist',
  'Sales Director',
  'Event Manager',
  'Community Lead',
  'CTO',
  'Investor',
  'Research Fellow',
  'Journalist',
  'Operations Manager',
  'Partnerships Lead',
];
const COMPANIES = [
  'Northwind',
  'Lumen Labs',
  'Bluefin',
  'Acme Corp',
  'Kestrel AI',
  'Orbital',
  'Greenleaf',
  'Helix Bio',
  'Quanta',
  'Riverstone',
  'Solace Health',
  'Tidal Energy',
];
const CITIES = ['Vilnius', 'Berlin', 'Lisbon', 'Prague', 'Amsterdam', 'Paris', 'Warsaw', 'Stockholm', 'Kyiv', 'Madrid', 'Milan', 'Seoul'];
const COLORS = ['#1e6091', '#6a4c93', '#2b9348', '#c1121f', '#b5179e', '#0077b6', '#7f5539', '#3a5a40', '#9d0208', '#5a189a'];

/** Deterministic pseudo-random numbers so every seed is the same. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function avatarSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="${color}"/><circle cx="64" cy="50" r="24" fill="#ffffff" opacity=".25"/><path d="M20 128c4-26 22-40 44-40s40 14 44 40z" fill="#ffffff" opacity=".25"/><text x="64" y="72" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

const DEMO_MODULES: Array<[type: string, name: string]> = [
  ['news', 'News'],
  ['agenda', 'Agenda'],
  ['networking', 'Networking'],
  ['chats', 'Chats'],
  ['forums', 'Forums'],
  ['activity', 'Activity'],
  ['blogs', 'Blog'],
  ['events', 'Events'],
  ['marketplace', 'Marketplace'],
  ['catalog', 'Exhibitors'],
  ['resources', 'Resources'],
  ['appusers', 'Attendees'],
  ['freeform', 'Venue & travel'],
  ['webview', 'Website'],
  ['twitter', 'Social wall'],
  ['profile', 'My profile'],
  ['settings', 'Settings'],
];
const DARK_MODULES: Array<[string, string]> = [
  ['activity', 'Activity'],
  ['agenda', 'Programme'],
  ['networking', 'Meet people'],
  ['chats', 'Messages'],
  ['news', 'Updates'],
  ['profile', 'Profile'],
  ['settings', 'Settings'],
];

const ACTIONS = ['activity.joined', 'activity.posted', 'activity.commented', 'activity.liked', 'activity.registered', 'activity.connected'];

interface SeedOptions {
  dataDir?: string | undefined;
  /** Generated attendees per demo app besides the three demo logins. */
  users?: number;
}

/** Creates the two demo apps unless they exist. Returns true when it seeded. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const [existing] = await db.select({ id: apps.id }).from(apps).where(eq(apps.key, 'demo'));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const count = opts.users ?? 300;
  const avatarDir = opts.dataDir ? path.join(opts.dataDir, 'uploads', 'avatars') : undefined;
  if (avatarDir) fs.mkdirSync(avatarDir, { recursive: true });

  await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(apps)
      .values({
        key: 'demo',
        name: 'Open Summit 2026',
        mainColor: '#2456d3',
        bgColor: '#f4f6fb',
        theme: 'light',
        menuStyle: 'classic',
        ownerEmail: 'admin@demo.test',
        signupTitle: 'Join Open Summit 2026',
        currencyTitle: 'EUR',
        currencySymbol: '€',
      })
      .returning();
    const [dark] = await tx
      .insert(apps)
      .values({
        key: 'demo-dark',
        name: 'Nightline Community',
        mainColor: '#f59f00',
        bgColor: '#111418',
        theme: 'dark',
        menuStyle: 'large',
        timeFormat: '12H',
        ownerEmail: 'admin@demo.test',
        currencyTitle: 'USD',
        currencySymbol: '$',
        currencyBefore: true,
      })
      .returning();
    if (!demo || !dark) throw new Error('seed: apps not created');
    // An app that is not published yet: its pages show "App is unavailable".
    const [closed] = await tx
      .insert(apps)
      .values({
        key: 'demo-unpublished',
        name: 'Coming Soon Expo',
        mainColor: '#6a4c93',
        isPublished: false,
        ownerEmail: 'admin@demo.test',
      })
      .returning();

    await tx.insert(appDomains).values([
      { domain: 'localhost', appId: demo.id },
      { domain: '127.0.0.1', appId: demo.id },
    ]);

    for (const [app, mods, seed] of [
      [demo, DEMO_MODULES, 1],
      [dark, DARK_MODULES, 2],
    ] as const) {
      const moduleRows = await tx
        .insert(appModules)
        .values(mods.map(([type, name], i) => ({ appId: app.id, type, name, position: i + 1, iconName: type })))
        .returning();
      const rand = rng(seed);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
      const people = [
        { email: 'admin@demo.test', firstName: 'Alex', lastName: 'Admin', jobTitle: 'Community Manager', isAdmin: true },
        { email: 'anna@demo.test', firstName: 'Anna', lastName: 'Novak', jobTitle: 'Product Manager', isAdmin: false },
        { email: 'ben@demo.test', firstName: 'Ben', lastName: 'Schmidt', jobTitle: 'Software Engineer', isAdmin: false },
        ...Array.from({ length: count }, (_, i) => {
          const firstName = pick(FIRST);
          const lastName = pick(LAST);
          const local = `${firstName}.${lastName}.${i}`
            .normalize('NFD')
            .replace(/[^\w.]/g, '')
            .toLowerCase();
          return { email: `${local}@example.test`, firstName, lastName, jobTitle: pick(TITLES), isAdmin: false };
        }),
      ];
      const userRows = await tx
        .insert(users)
        .values(
          people.map((p, i) => {
            const initials = `${p.firstName[0]}${p.lastName[0]}`;
            const file = `demo-${app.key}-${i}.svg`;
            if (avatarDir) fs.writeFileSync(path.join(avatarDir, file), avatarSvg(initials, COLORS[i % COLORS.length] ?? '#333'));
            return {
              appId: app.id,
              ...p,
              passwordHash,
              company: pick(COMPANIES),
              location: pick(CITIES),
              avatarUrl: avatarDir ? `/uploads/avatars/${file}` : null,
              isVerified: i < 3 || rand() < 0.15,
              emailConfirmedAt: new Date(),
            };
          }),
        )
        .returning({ id: users.id });
      const now = Date.now();
      const linkable = moduleRows.filter((m) => !['profile', 'settings', 'webview'].includes(m.type));
      await tx.insert(activities).values(
        Array.from({ length: 80 }, (_, i) => {
          const m = pick(linkable);
          return {
            appId: app.id,
            userId: pick(userRows).id,
            appModuleId: m.id,
            action: pick(ACTIONS),
            entityId: i + 1,
            isComment: rand() < 0.3,
            isLike: rand() < 0.2,
            clickUrl: `/${m.type}/${m.id}`,
            createdAt: new Date(now - i * (7 + Math.floor(rand() * 90)) * 60_000),
          };
        }),
      );
      const anna = userRows[1];
      const byType = (t: string) => moduleRows.find((m) => m.type === t);
      const chats = byType('chats');
      const networking = byType('networking');
      const activity = byType('activity');
      if (anna && chats && networking && activity) {
        await tx
          .insert(bubbles)
          .values([
            ...[1, 2, 3].map((itemId) => ({ userId: anna.id, appModuleId: chats.id, itemId })),
            ...[1, 2].map((itemId) => ({ userId: anna.id, appModuleId: networking.id, itemId })),
            { userId: anna.id, appModuleId: activity.id, itemId: 1 },
          ]);
      }
    }
    // Last, so the demo apps' module ids stay 1–17 and 18–24.
    if (closed) await tx.insert(appModules).values({ appId: closed.id, type: 'news', name: 'News', position: 1, iconName: 'news' });
  });
  return true;
}
