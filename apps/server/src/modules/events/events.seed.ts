import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { demoApps, demoParagraph, demoPortraitSvg } from '../../platform/demo.ts';
import { eventTime } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../users/users.table.ts';
import { eventAgendaItems, eventRegistrations, eventSections, eventSpeakers, events } from './events.table.ts';

/**
 * Events around the day the demo is first started: two past ones, one today, and the coming weeks
 * (a workshop with one place left, an online webinar with a join link, a dinner registered on the
 * organiser's site, a sold-out run, an accessibility clinic, a founders' meetup). Anna is registered
 * for a few of them. Times are local to the demo's city (demo-story.ts), like the conference's.
 */

interface DemoEvent {
  day: number;
  start: string;
  minutes: number;
  title: string;
  image: [string, string, string];
  location?: string;
  online?: { label: string; url: string; template: string };
  external?: string;
  guest?: string;
  /** 'full': as many places as registrations; 'one-left': one more; a number: that many places. */
  capacity?: number | 'full' | 'one-left';
  /** How many members are registered (at most the people there are). */
  registrations: number;
  anna?: boolean;
  about: string;
  speakers?: Array<{ name: string; job: string; company: string; color: string; member?: string; bio: string }>;
  sections?: Array<[title: string, html: string]>;
  agenda?: Array<[offsetMinutes: number, minutes: number | null, title: string, about: string]>;
}

const MAYA = {
  name: 'Maya Okafor',
  job: 'Chief Product Officer',
  company: 'Northwind',
  color: '#1e6091',
  bio: 'Maya has led product teams for fifteen years and mentors first-time product managers.',
};
const BEN = {
  name: 'Ben Schmidt',
  job: 'Software Engineer',
  company: 'Open Summit',
  color: '#2b9348',
  member: 'ben@demo.test',
  bio: 'Ben builds real-time systems and cares about apps that stay fast on a cheap phone.',
};
const LUCIA = {
  name: 'Lucía Fernández',
  job: 'Head of Design',
  company: 'Greenleaf',
  color: '#b5179e',
  bio: 'Lucía runs a design team of twenty and teaches accessible interface design.',
};
const CHEF = {
  name: 'Marco Bellini',
  job: 'Head Chef',
  company: 'Riverside Brasserie',
  color: '#9d0208',
  bio: 'Marco cooks seasonal food from farms within a hundred kilometres of the city.',
};
const COACH = {
  name: 'Ingrid Holm',
  job: 'Running Coach',
  company: 'Harbour Runners',
  color: '#0077b6',
  bio: 'Ingrid has coached beginners to their first 10 km for eight years.',
};

const ACCESSIBILITY = [
  'Accessibility',
  '<p>The venue has step-free access and an accessible toilet. Tell us at the door if you need a seat near the front or a quieter spot.</p>',
] as [string, string];

const EVENTS: DemoEvent[] = [
  {
    day: -13,
    start: '18:00',
    minutes: 120,
    title: 'Design systems roundtable',
    image: ['#f6d365', '#fda085', '#7a3b3b'],
    location: 'Greenleaf Studio, Torstraße 109, Berlin',
    guest: 'Members only',
    registrations: 9,
    anna: true,
    about: 'Twelve design leads compare how they keep one design system alive across many brands and teams.',
    speakers: [LUCIA],
    sections: [ACCESSIBILITY],
  },
  {
    day: -5,
    start: '19:00',
    minutes: 150,
    title: 'Community meetup: lightning demos',
    image: ['#8ec5fc', '#e0c3fc', '#3d4e9e'],
    location: 'Factory Berlin, Rheinsberger Str. 76, Berlin',
    guest: 'Guests welcome',
    registrations: 14,
    about: 'Five-minute demos from members, pizza and drinks. Sign up at the door to show what you built.',
    speakers: [BEN],
    agenda: [
      [0, 30, 'Doors open', 'Pizza and drinks.'],
      [30, 60, 'Lightning demos', 'Eight demos of five minutes each.'],
      [90, 60, 'Open floor', 'Meet the presenters.'],
    ],
  },
  {
    day: 0,
    start: '08:30',
    minutes: 90,
    title: 'Product breakfast',
    image: ['#ffecd2', '#fcb69f', '#b35900'],
    location: 'Café Einstein, Unter den Linden 42, Berlin',
    guest: 'Free for members',
    registrations: 6,
    anna: true,
    about: 'Coffee, pastries and an informal chat about what everyone is shipping this month.',
    speakers: [MAYA],
  },
  {
    day: 2,
    start: '14:00',
    minutes: 210,
    title: 'Workshop: accessible forms',
    image: ['#a1c4fd', '#c2e9fb', '#1e6091'],
    location: 'Open Summit Lab, Schlesische Str. 26, Berlin',
    guest: 'Bring a laptop',
    capacity: 'one-left',
    registrations: 11,
    about:
      'A hands-on afternoon: we fix a real sign-up form together with a screen reader and a keyboard only. Places are limited so every participant gets help.',
    speakers: [LUCIA, BEN],
    sections: [
      [
        'What to bring',
        '<ul><li>A laptop with a recent browser</li><li>Headphones (we use screen readers)</li><li>A form of your own, if you have one</li></ul>',
      ],
      ACCESSIBILITY,
    ],
    agenda: [
      [0, 30, 'Welcome and setup', 'Install the tools and meet your table.'],
      [30, 60, 'Screen reader basics', 'Navigate a form with NVDA or VoiceOver.'],
      [90, 15, 'Coffee break', ''],
      [105, 75, 'Fix the form', 'Labels, errors and focus order, in pairs.'],
      [180, 30, 'Show and tell', 'Each pair shows one fix.'],
    ],
  },
  {
    day: 4,
    start: '17:00',
    minutes: 60,
    title: 'Webinar: running hybrid events',
    image: ['#141e30', '#243b55', '#f5f3ce'],
    online: {
      label: 'Zoom webinar',
      url: 'https://zoom.us/j/5550001234',
      template: 'Join the webinar on Zoom: {link} (passcode 2026)',
    },
    guest: 'Open to everyone',
    registrations: 23,
    anna: true,
    about: 'Three organisers on streaming, remote Q&A and keeping online attendees part of the room. Questions welcome in the chat.',
    speakers: [MAYA, BEN],
    agenda: [
      [0, 10, 'Introduction', ''],
      [10, 35, 'Panel discussion', 'What worked, what did not, and what we would do again.'],
      [45, 15, 'Questions from the audience', ''],
    ],
  },
  {
    day: 7,
    start: '20:00',
    minutes: 210,
    title: 'Members’ dinner by the river',
    image: ['#ff9a8b', '#ff6a88', '#2d2a55'],
    location: 'Riverside Brasserie, Holzmarktstraße 25, Berlin',
    external: 'https://www.eventbrite.com/e/open-summit-members-dinner',
    guest: 'Guests welcome (+1)',
    registrations: 7,
    about: 'A seasonal three-course dinner. Tickets are sold on the organiser’s site; tell us here once you have yours.',
    speakers: [CHEF],
    sections: [['Menu', '<p>Three courses with a vegetarian and a vegan option. Tell the organiser about allergies when you book.</p>']],
  },
  {
    day: 10,
    start: '07:30',
    minutes: 90,
    title: 'Sunrise run and coffee',
    image: ['#fddb92', '#d1fdff', '#2b7a3d'],
    location: 'Oberbaum Bridge, Berlin',
    guest: 'All levels',
    capacity: 'full',
    registrations: 8,
    about: 'An easy 6 km along the river at sunrise, then coffee together. The coach keeps the group together.',
    speakers: [COACH],
    sections: [['What to bring', '<p>Running shoes, a water bottle and a layer for the cold start.</p>']],
  },
  {
    day: 14,
    start: '16:00',
    minutes: 120,
    title: 'Accessibility clinic',
    image: ['#d4fc79', '#96e6a1', '#3a5a40'],
    location: 'Open Summit Lab, Schlesische Str. 26, Berlin',
    guest: 'Members only',
    capacity: 20,
    registrations: 6,
    about: 'Bring a screen of your product and get twenty minutes of advice from accessibility specialists.',
    speakers: [LUCIA],
    sections: [ACCESSIBILITY],
  },
  {
    day: 21,
    start: '19:30',
    minutes: 150,
    title: 'Founders’ meetup',
    image: ['#e0c3fc', '#8ec5fc', '#5a189a'],
    location: 'Betahaus, Rudi-Dutschke-Straße 23, Berlin',
    guest: 'Guests welcome',
    registrations: 12,
    about: 'Founders and early employees share one thing that went well and one that did not. Drinks afterwards.',
    speakers: [MAYA],
  },
];

const DARK_EVENTS: DemoEvent[] = [
  {
    day: -3,
    start: '21:00',
    minutes: 120,
    title: 'Night owls meetup',
    image: ['#0f2027', '#2c5364', '#f5f3ce'],
    location: 'The Loft, Kastanienallee 7, Berlin',
    guest: 'Guests welcome',
    registrations: 5,
    about: 'Short talks for people who do their best work after dark.',
    speakers: [BEN],
  },
  {
    day: 3,
    start: '20:00',
    minutes: 90,
    title: 'Hack night',
    image: ['#232526', '#414345', '#ffd36b'],
    location: 'Studio 4, Revaler Str. 99, Berlin',
    capacity: 'one-left',
    registrations: 4,
    about: 'Bring a project, leave with a demo.',
    speakers: [BEN],
    sections: [['What to bring', '<p>A laptop and a charger.</p>']],
    agenda: [
      [0, 15, 'Pitches', 'One minute per project.'],
      [15, 75, 'Hacking', ''],
    ],
  },
  {
    day: 6,
    start: '22:00',
    minutes: 60,
    title: 'Online: late-night product teardown',
    image: ['#141e30', '#243b55', '#9d4edd'],
    online: { label: 'Google Meet', url: 'https://meet.google.com/abc-defg-hij', template: 'Join on Google Meet: {link}' },
    registrations: 6,
    anna: true,
    about: 'We take apart a popular app, screen by screen.',
    speakers: [LUCIA],
  },
];

function eventImageSvg([a, b, c]: [string, string, string], seed: number): string {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = 120 + ((seed * 53 + i * 137) % 420);
    const r = 60 + ((seed + i * 29) % 110);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.08 + (i % 3) * 0.05).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/>${shapes}<path d="M0 630 L0 ${470 + (seed % 60)} Q300 ${400 + (seed % 80)} 600 ${480 + (seed % 40)} T1200 ${450 + (seed % 50)} L1200 630 Z" fill="${c}" opacity=".85"/></svg>`;
}

export const eventsSeed: DemoSeeder = {
  async run({ db, files }) {
    const dir = files ? 'uploads/events' : undefined;
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('events');
      if (!mod) continue;
      const [seeded] = await db.select({ id: events.id }).from(events).where(eq(events.appModuleId, mod.id)).limit(1);
      if (seeded) continue;
      const people = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.appId, demo.app.id))
        .orderBy(asc(users.id));
      const byEmail = new Map(people.map((p) => [p.email, p.id]));
      const anna = byEmail.get('anna@demo.test');
      // Anna registers herself (in the demo): she is never among the others.
      const others = people.filter((p) => p.id !== anna && p.email !== 'admin@demo.test').map((p) => p.id);
      const list = demo.app.key === 'demo' ? EVENTS : DARK_EVENTS;
      for (const [i, ev] of list.entries()) {
        const startsAt = eventTime(ev.day, ev.start);
        const registrants = others
          .slice((i * 3) % Math.max(1, others.length))
          .concat(others)
          .slice(0, ev.registrations);
        const holders = [...new Set(ev.anna && anna ? [anna, ...registrants] : registrants)];
        const capacity = ev.capacity === 'full' ? holders.length : ev.capacity === 'one-left' ? holders.length + 1 : (ev.capacity ?? null);
        const file = `${demo.app.key}-${i}.svg`;
        if (dir) files?.write(path.posix.join(dir, file), eventImageSvg(ev.image, i * 7 + demo.index));
        const [row] = await db
          .insert(events)
          .values({
            appId: demo.app.id,
            appModuleId: mod.id,
            title: ev.title,
            descriptionHtml: demoParagraph(ev.about),
            descriptionText: ev.about,
            imageUrl: dir ? `/uploads/events/${file}` : null,
            startsAt,
            endsAt: new Date(startsAt.getTime() + ev.minutes * 60_000),
            location: ev.location ?? '',
            onlineLocation: ev.online?.label ?? null,
            onlineUrl: ev.online?.url ?? null,
            joinLinkTemplate: ev.online?.template ?? null,
            externalRegistrationUrl: ev.external ?? null,
            guestLabel: ev.guest ?? null,
            capacity,
            registrationsCount: holders.length,
          })
          .returning({ id: events.id });
        if (!row) continue;
        if (holders.length)
          await db.insert(eventRegistrations).values(
            holders.map((userId, k) => ({
              eventId: row.id,
              userId,
              appId: demo.app.id,
              external: Boolean(ev.external),
              createdAt: new Date(startsAt.getTime() - (10 + k) * 3_600_000),
            })),
          );
        const speakers = ev.speakers ?? [];
        if (speakers.length)
          await db.insert(eventSpeakers).values(
            speakers.map((s, position) => {
              const initials = s.name
                .split(' ')
                .map((w) => w[0])
                .join('');
              const photo = `speaker-${demo.app.key}-${i}-${position}.svg`;
              if (dir) files?.write(path.posix.join(dir, photo), demoPortraitSvg(initials, s.color));
              return {
                appId: demo.app.id,
                eventId: row.id,
                userId: s.member ? (byEmail.get(s.member) ?? null) : null,
                name: s.name,
                jobTitle: s.job,
                company: s.company,
                photoUrl: dir ? `/uploads/events/${photo}` : null,
                bioHtml: demoParagraph(s.bio),
                position,
              };
            }),
          );
        if (ev.sections?.length)
          await db.insert(eventSections).values(
            ev.sections.map(([title, bodyHtml], position) => ({
              appId: demo.app.id,
              eventId: row.id,
              title,
              bodyHtml: sanitizeRichText(bodyHtml).html,
              position,
            })),
          );
        if (ev.agenda?.length)
          await db.insert(eventAgendaItems).values(
            ev.agenda.map(([offset, minutes, title, description]) => {
              const at = new Date(startsAt.getTime() + offset * 60_000);
              return {
                appId: demo.app.id,
                eventId: row.id,
                title,
                description,
                startsAt: at,
                endsAt: minutes === null ? null : new Date(at.getTime() + minutes * 60_000),
              };
            }),
          );
      }
    }
  },
};
