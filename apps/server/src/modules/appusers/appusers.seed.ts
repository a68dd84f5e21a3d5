import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { demoApps, demoPortraitSvg, rng } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { userFavorites, userNotes, userProfiles } from '../users/profiles.table.ts';
import { users } from '../users/users.table.ts';

const INTERESTS = [
  'AI',
  'Accessibility',
  'Climate tech',
  'Community building',
  'Data visualisation',
  'Design systems',
  'Developer tools',
  'E-commerce',
  'Edtech',
  'Event tech',
  'Fintech',
  'Growth marketing',
  'Health tech',
  'Open source',
  'Privacy',
  'Product discovery',
  'Remote work',
  'Security',
  'Sustainability',
  'UX research',
];
const HOBBIES = [
  'Bouldering',
  'Chess',
  'Cycling',
  'Film photography',
  'Gardening',
  'Jazz',
  'Running',
  'Sailing',
  'Sourdough',
  'Board games',
];
const LOOKING = [
  'Co-founder',
  'Investors',
  'First customers',
  'Mentors',
  'Speaking slots',
  'New hires',
  'Partners in the Baltics',
  'Beta testers',
];
const TOUCHPOINTS = ['Morning coffee', 'Lunch break', 'Keynote hall', 'Networking lounge', 'Booth 12', 'After-party', 'Workshop room B'];
const TOPICS = [
  'Hiring in a tight market',
  'Pricing experiments',
  'Building for accessibility',
  'AI in everyday products',
  'Remote team rituals',
  'Measuring community health',
  'Privacy by design',
];
const PITCHES = [
  'I help product teams ship the right thing sooner, with research that takes days, not months.',
  'Building tools that make event organisers’ lives calmer. Happy to swap stories about chaos at registration desks.',
  'Data nerd who turns messy spreadsheets into decisions. Ask me about dashboards nobody reads.',
  'Founder of a small studio designing accessible apps for public services.',
  'Investor in early-stage climate and health startups; always glad to hear a bold idea in two minutes.',
  'Engineer by training, community builder by accident. I run meetups in three cities.',
  'Marketing lead who believes in fewer, better campaigns. Looking for partners for a joint webinar series.',
  'Researcher working on privacy-friendly analytics. Open to pilots with teams of any size.',
];
const COLORS = ['#1e6091', '#6a4c93', '#2b9348', '#c1121f', '#b5179e', '#0077b6', '#7f5539', '#3a5a40'];

/**
 * Complete profiles for the demo members (pitch, interests, social links, touchpoints, a portrait
 * photo for many), so the directory and profile pages look real; a few favorites and private
 * notes for Anna. Runs after the users seed (modules/index.ts order).
 */
export const appusersSeed: DemoSeeder = {
  async run({ db, files }) {
    const dir = files ? 'uploads/photos' : undefined;
    for (const demo of await demoApps(db)) {
      const appId = demo.app.id;
      const { next, pick } = rng(100 + demo.index);
      const some = <T>(list: readonly T[], n: number) => [...new Set(Array.from({ length: n }, () => pick(list)))];
      const members = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.appId, appId))
        .orderBy(asc(users.id));
      if (members.length === 0) continue;
      const rows = members.map((m, i) => {
        const slug = `${m.firstName}-${m.lastName}`
          .normalize('NFD')
          .replace(/[^\w-]/g, '')
          .toLowerCase();
        let photoUrl: string | null = null;
        // The demo logins and about half of the others have a profile photo.
        if (dir && (i < 3 || next() < 0.5)) {
          const file = `demo-${demo.app.key}-${m.id}.svg`;
          files?.write(
            path.posix.join(dir, file),
            demoPortraitSvg(`${m.firstName[0] ?? ''}${m.lastName[0] ?? ''}`, COLORS[i % COLORS.length] ?? '#333'),
          );
          photoUrl = `/uploads/photos/${file}`;
        }
        // A few members leave most sections empty, as real people do.
        const sparse = i >= 3 && next() < 0.15;
        return {
          userId: m.id,
          appId,
          pitch: sparse ? '' : pick(PITCHES),
          additionalInfo: sparse || next() < 0.5 ? '' : 'Happy to meet between sessions — send me a message in the app.',
          publicEmail: sparse ? '' : `${slug}@example.test`,
          socialUrls: sparse ? [] : [`https://www.linkedin.com/in/${slug}`, ...(next() < 0.4 ? [`https://github.com/${slug}`] : [])],
          interestedIn: some(INTERESTS, sparse ? 1 : 3),
          expertIn: sparse ? [] : some(INTERESTS, 2),
          lookingFor: sparse ? [] : some(LOOKING, 2),
          hobbies: sparse ? [] : some(HOBBIES, 2),
          touchpoints: sparse ? [] : some(TOUCHPOINTS, 2),
          topics: sparse ? [] : some(TOPICS, 2),
          photoUrl,
          // One member in fifty keeps out of the directory; one in ten hides the e-mail.
          listedInDirectory: i < 3 || next() >= 0.02,
          emailVisibility: i >= 3 && next() < 0.1 ? ('nobody' as const) : ('members' as const),
        };
      });
      await db.insert(userProfiles).values(rows).onConflictDoNothing();
      // Anna: a few favorites and private notes.
      const anna = members.find((m) => m.email === 'anna@demo.test');
      if (!anna) continue;
      const others = members.filter((m) => m.id !== anna.id && !m.email.endsWith('@demo.test'));
      const favorites = others.slice(0, 6);
      if (favorites.length) {
        await db
          .insert(userFavorites)
          .values(favorites.map((f) => ({ userId: anna.id, favoriteId: f.id, appId })))
          .onConflictDoNothing();
      }
      const notes = [
        'Met at the welcome coffee. Wants to pilot our check-in app in spring — send the deck.',
        'Great talk on accessibility audits. Ask about their screen-reader test panel.',
        'Possible speaker for our next meetup; prefers e-mail over calls.',
      ];
      const noteRows = notes.flatMap((text, i) => (others[i] ? [{ authorId: anna.id, subjectId: others[i].id, appId, text }] : []));
      if (noteRows.length) await db.insert(userNotes).values(noteRows).onConflictDoNothing();
    }
  },
};
