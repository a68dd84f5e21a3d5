import path from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_PASSWORD, demoApps, rng } from '../../platform/demo.ts';
import { DEMO_CAST, DEMO_GUEST_NAMES, DEMO_PEOPLE } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { bubbles, users } from './users.table.ts';

/** First names of attendees past the cast (never a login's: no second "Anna" beside Anna Novak). */
const FIRST = DEMO_CAST.filter((n) => n !== DEMO_PEOPLE.anna.firstName && n !== DEMO_PEOPLE.ben.firstName);
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

function avatarSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="${color}"/><circle cx="64" cy="50" r="24" fill="#ffffff" opacity=".25"/><path d="M20 128c4-26 22-40 44-40s40 14 44 40z" fill="#ffffff" opacity=".25"/><text x="64" y="72" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" font-weight="700" fill="#fff">${initials}</text></svg>`;
}

/**
 * `count` attendees' names, each full name once, none a login's or a guest speaker's. The first ones
 * are the cast after Anna and Ben in order (demo posts and chats name them), with a last name drawn
 * for each; then drawn pairs, and double-barrelled last names once the pairs run out.
 */
export function attendeeNames(count: number, pick: <T>(list: readonly T[]) => T): Array<{ firstName: string; lastName: string }> {
  const taken = new Set<string>([...Object.values(DEMO_PEOPLE).map((p) => `${p.firstName} ${p.lastName}`), ...DEMO_GUEST_NAMES]);
  const out: Array<{ firstName: string; lastName: string }> = [];
  const take = (firstName: string, lastName: string) => {
    const name = `${firstName} ${lastName}`;
    if (taken.has(name)) return false;
    taken.add(name);
    out.push({ firstName, lastName });
    return true;
  };
  const lastNames = [...LAST, ...LAST.flatMap((a) => LAST.filter((b) => b !== a).map((b) => `${a}-${b}`))];
  const lastFor = (firstName: string) => {
    // A few draws, then the first free one in order: always ends while any last name is free.
    for (let k = 0; k < 8; k++) if (take(firstName, pick(LAST))) return true;
    return lastNames.some((l) => take(firstName, l));
  };
  for (const firstName of FIRST) {
    if (out.length >= count) break;
    lastFor(firstName);
  }
  while (out.length < count) if (!lastFor(pick(FIRST))) break;
  return out;
}

/** The three demo logins and generated attendees in each demo app, with avatars and a few unread bubbles. */
export const usersSeed: DemoSeeder = {
  async run({ db, files, users: count }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const avatarDir = files ? 'uploads/avatars' : undefined;
    for (const demo of await demoApps(db)) {
      const { app } = demo;
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.appId, app.id)).limit(1);
      if (existing) continue;
      const { next, pick } = rng(demo.index);
      const people = [
        { ...DEMO_PEOPLE.admin, isAdmin: true },
        { ...DEMO_PEOPLE.anna, isAdmin: false },
        { ...DEMO_PEOPLE.ben, isAdmin: false },
        ...attendeeNames(count, pick).map(({ firstName, lastName }, i) => {
          const local = `${firstName}.${lastName}.${i}`
            .normalize('NFD')
            .replace(/[^\w.]/g, '')
            .toLowerCase();
          return { email: `${local}@example.test`, firstName, lastName, jobTitle: pick(TITLES), isAdmin: false };
        }),
      ];
      const userRows = await db
        .insert(users)
        .values(
          people.map((p, i) => {
            const initials = `${p.firstName[0]}${p.lastName[0]}`;
            const file = `demo-${app.key}-${i}.svg`;
            if (avatarDir) files?.write(path.posix.join(avatarDir, file), avatarSvg(initials, COLORS[i % COLORS.length] ?? '#333'));
            return {
              appId: app.id,
              ...p,
              passwordHash,
              company: pick(COMPANIES),
              location: pick(CITIES),
              avatarUrl: avatarDir ? `/uploads/avatars/${file}` : null,
              isVerified: i < 3 || next() < 0.15,
              emailConfirmedAt: new Date(),
            };
          }),
        )
        .returning({ id: users.id });
      // Anna has networking requests and activity (her unread chats come with the chats seed).
      const anna = userRows[1];
      const networking = demo.byType('networking');
      const activity = demo.byType('activity');
      if (anna && networking && activity) {
        await db
          .insert(bubbles)
          .values([
            ...[1, 2].map((itemId) => ({ userId: anna.id, appModuleId: networking.id, itemId })),
            { userId: anna.id, appModuleId: activity.id, itemId: 1 },
          ]);
      }
    }
  },
};
