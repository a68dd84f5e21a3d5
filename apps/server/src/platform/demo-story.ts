import { zonedToUtc } from '../lib/zoned-time.ts';

/**
 * The light demo app's one event, told once: every seeder that names its city, venue, days, rooms
 * or times (venue page, agenda, events, catalog, news, blogs, chats) reads it here, so the demo
 * never says Rotterdam on one screen and Berlin on the next.
 *
 * The conference runs three days around the day the demo is first started: yesterday, today and
 * tomorrow (a newcomer finds past sessions, one running now and coming ones). Times are wall-clock
 * times in the event's city; `eventTime` turns them into instants.
 */
export const DEMO_EVENT = {
  name: 'Open Summit 2026',
  city: 'Berlin',
  timeZone: 'Europe/Berlin',
  venue: 'Spreeside Congress Centre',
  address: 'Holzmarktstraße 33, 10243 Berlin',
  /** The conference days, as days from the seed day: day one, day two, day three. */
  days: [-1, 0, 1] as const,
  doorsOpen: '09:00',
  /** The opening keynote, on day one. */
  keynote: { time: '10:00', room: 'Hall A', title: 'Opening keynote: Communities that outlast the event' },
  /** The welcome reception on the evening of day one. */
  reception: { time: '18:00', room: 'Roof terrace' },
  /** The conference dinner on the evening of day two. */
  dinner: { time: '20:00', room: 'Riverside Hall' },
  /** Rooms as the floor plan, the agenda and the exhibitors' booths name them. */
  rooms: { keynote: 'Hall A', b: 'Hall B', c: 'Hall C', lab: 'Lab 1', lobby: 'Lobby', terrace: 'Roof terrace', dinner: 'Riverside Hall' },
} as const;

/**
 * The instant of the wall-clock time `hhmm` in the event's city, `day` days from the seed day
 * (its UTC date): `eventTime(-1, '10:00')` is the opening keynote.
 */
export function eventTime(day: number, hhmm: string, now = new Date()): Date {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day));
  return zonedToUtc(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute, second: 0 },
    DEMO_EVENT.timeZone,
  );
}

/** The demo logins as people: the README's accounts with the names every screen shows for them. */
export const DEMO_PEOPLE = {
  admin: { email: 'admin@demo.test', firstName: 'Alex', lastName: 'Admin', jobTitle: 'Community Manager' },
  anna: { email: 'anna@demo.test', firstName: 'Anna', lastName: 'Novak', jobTitle: 'Product Manager' },
  ben: { email: 'ben@demo.test', firstName: 'Ben', lastName: 'Schmidt', jobTitle: 'Software Engineer' },
} as const;

/**
 * The cast the demo's posts, comments and chats speak as, by index: 0 is Anna and 1 Ben (the
 * logins), then the generated attendees in seed order, whose first names are these (the texts
 * name them: "Welcome, Ines!").
 */
export const DEMO_CAST = [
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
] as const;

/**
 * Speakers of the agenda and the events who are not members: no generated attendee bears their
 * names (a "Maya Okafor" in the directory who is not the keynote speaker would be a second person).
 */
export const DEMO_GUEST_NAMES = [
  'Maya Okafor',
  'Lucía Fernández',
  'Tomas Petrauskas',
  'Aiko Tanaka',
  'Oliver Bennett',
  'Sofia Rossi',
  'Jonas Berg',
  'Marco Bellini',
  'Ingrid Holm',
  'Marta Nowak',
];
