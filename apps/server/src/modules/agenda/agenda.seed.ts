import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { demoApps, demoParagraph, demoPortraitSvg } from '../../platform/demo.ts';
import { DEMO_EVENT, eventTime } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../users/users.table.ts';
import {
  agendaQuestions,
  agendaQuestionVotes,
  agendaRatings,
  agendaRooms,
  agendaSchedule,
  agendaSessionSpeakers,
  agendaSessions,
  agendaSpeakers,
  agendaTracks,
} from './agenda.table.ts';

/**
 * A three-day conference around the day the demo is first started: yesterday, today and tomorrow,
 * so a newcomer finds past sessions (rated), one running now (its Q&A is busy) and coming ones.
 * Anna's personal schedule holds a few sessions, two of them at the same time. Ben speaks, so he
 * moderates his session's Q&A. Days, rooms and local times are the demo's one event (demo-story.ts).
 */

const TRACKS: Array<[string, string]> = [
  ['Main stage', '#2456d3'],
  ['Product & design', '#b5179e'],
  ['Engineering', '#2b7a3d'],
  ['Workshops', '#b35900'],
];

/** Name, job title, company, colour of the portrait; `member` names a demo login who is this speaker. */
const SPEAKERS: Array<{ name: string; job: string; company: string; color: string; member?: string; bio: string }> = [
  {
    name: 'Maya Okafor',
    job: 'Chief Product Officer',
    company: 'Northwind',
    color: '#1e6091',
    bio: 'Maya has led product teams for fifteen years, most recently taking Northwind from one app to a platform used in 40 countries.',
  },
  {
    name: 'Ben Schmidt',
    job: 'Software Engineer',
    company: 'Open Summit',
    color: '#2b9348',
    member: 'ben@demo.test',
    bio: 'Ben builds real-time systems and cares about apps that stay fast on a cheap phone in a crowded hall.',
  },
  {
    name: 'Lucía Fernández',
    job: 'Head of Design',
    company: 'Greenleaf',
    color: '#b5179e',
    bio: 'Lucía runs a design team of twenty and teaches accessible interface design at the Madrid School of Design.',
  },
  {
    name: 'Tomas Petrauskas',
    job: 'Staff Engineer',
    company: 'Kestrel AI',
    color: '#6a4c93',
    bio: 'Tomas works on machine learning infrastructure and has spoken at thirty conferences about shipping models safely.',
  },
  {
    name: 'Aiko Tanaka',
    job: 'Research Lead',
    company: 'Helix Bio',
    color: '#c1121f',
    bio: 'Aiko leads user research for clinical software, where a confusing screen can cost more than time.',
  },
  {
    name: 'Oliver Bennett',
    job: 'Founder',
    company: 'Tidal Energy',
    color: '#0077b6',
    bio: 'Oliver founded two companies in clean energy and mentors early-stage founders in Lisbon.',
  },
  {
    name: 'Sofia Rossi',
    job: 'Engineering Manager',
    company: 'Quanta',
    color: '#7f5539',
    bio: 'Sofia manages platform teams and writes about calm, sustainable on-call rotations.',
  },
  {
    name: 'Jonas Berg',
    job: 'Developer Advocate',
    company: 'Orbital',
    color: '#3a5a40',
    bio: 'Jonas helps developers get started with open standards and runs the Stockholm web meetup.',
  },
];

/** Day (0 yesterday, 1 today, 2 tomorrow), start "HH:MM" in the event's city, minutes, track index (null: everyone), title, speakers, room. */
type DemoSession = [
  day: number,
  start: string,
  minutes: number,
  track: number | null,
  title: string,
  speakers: number[],
  room: string,
  about: string,
];

const SESSIONS: DemoSession[] = [
  [
    0,
    DEMO_EVENT.doorsOpen,
    60,
    null,
    'Registration and breakfast',
    [],
    DEMO_EVENT.rooms.lobby,
    'Pick up your badge, grab a coffee and meet the other attendees.',
  ],
  [
    0,
    DEMO_EVENT.keynote.time,
    45,
    0,
    DEMO_EVENT.keynote.title,
    [0],
    DEMO_EVENT.rooms.keynote,
    'Why some event communities keep talking for years and others go quiet the day after, and what product choices make the difference.',
  ],
  [
    0,
    '11:00',
    40,
    1,
    'Designing for the crowded hall',
    [2],
    DEMO_EVENT.rooms.b,
    'Attendees use the app standing, walking and with one hand. Patterns that survive a conference floor.',
  ],
  [
    0,
    '11:00',
    40,
    2,
    'Real-time at scale without the drama',
    [1],
    DEMO_EVENT.rooms.c,
    'Sockets, rooms and back-pressure: how to keep live updates fast for thousands of phones on a congested network.',
  ],
  [
    0,
    '12:00',
    90,
    3,
    'Workshop: Accessible forms in an afternoon',
    [2, 4],
    DEMO_EVENT.rooms.lab,
    'Bring a laptop. We fix a real sign-up form together with a screen reader and a keyboard only.',
  ],
  [0, '13:30', 60, null, 'Lunch', [], DEMO_EVENT.rooms.lobby, 'Vegetarian and vegan options are marked at the buffet.'],
  [
    0,
    '14:30',
    40,
    0,
    'Funding your second product',
    [5],
    DEMO_EVENT.rooms.keynote,
    'Lessons from raising money for a company that already has one product that works.',
  ],
  [
    0,
    '15:30',
    40,
    2,
    'Machine learning features users trust',
    [3],
    DEMO_EVENT.rooms.c,
    'Explaining predictions, handling errors gracefully and knowing when not to automate.',
  ],
  [
    0,
    '16:30',
    40,
    1,
    'Research on a shoestring',
    [4],
    DEMO_EVENT.rooms.b,
    'Five research methods that fit into a sprint and a budget of zero.',
  ],
  [
    0,
    DEMO_EVENT.reception.time,
    120,
    null,
    'Welcome reception',
    [],
    DEMO_EVENT.rooms.terrace,
    'Drinks and music on the roof terrace. Bring your badge.',
  ],
  [1, '09:30', 30, null, 'Morning coffee', [], DEMO_EVENT.rooms.lobby, 'Fresh coffee and pastries before the first session.'],
  [
    1,
    '10:00',
    45,
    0,
    'Keynote: The open event stack',
    [7, 0],
    DEMO_EVENT.rooms.keynote,
    'Open standards for schedules, badges and calendars, and why organisers should own their attendee data.',
  ],
  [
    1,
    '11:00',
    40,
    2,
    'Offline-first apps for venues with bad Wi-Fi',
    [1, 7],
    DEMO_EVENT.rooms.c,
    'Service workers, caches and queues that keep an app useful when the network is not.',
  ],
  [
    1,
    '11:00',
    40,
    1,
    'Brand systems for white-label products',
    [2],
    DEMO_EVENT.rooms.b,
    'One design system, hundreds of brands: tokens, contrast checks and dark themes.',
  ],
  [
    1,
    '12:00',
    90,
    3,
    'Workshop: Your first calendar feed',
    [7],
    DEMO_EVENT.rooms.lab,
    'We build an iCalendar feed that follows schedule changes, and subscribe to it from three calendar apps.',
  ],
  [1, '13:30', 60, null, 'Lunch', [], DEMO_EVENT.rooms.lobby, 'Lunch is served in the foyer and on the terrace.'],
  [
    1,
    '14:30',
    40,
    0,
    'Panel: Hybrid events after the hype',
    [0, 5, 6],
    DEMO_EVENT.rooms.keynote,
    'Three organisers on what stayed and what went once everyone was allowed back in the room.',
  ],
  [
    1,
    '15:30',
    40,
    2,
    'Calm on-call for small teams',
    [6],
    DEMO_EVENT.rooms.c,
    'Rotations, runbooks and alerts that wake people only when it matters.',
  ],
  [
    1,
    '15:30',
    40,
    1,
    'Onboarding that does not feel like homework',
    [4],
    DEMO_EVENT.rooms.b,
    'Progressive profiles, helpful empty states and the art of asking less.',
  ],
  [
    1,
    '16:30',
    40,
    0,
    'Fireside chat: Building in public',
    [5, 7],
    DEMO_EVENT.rooms.keynote,
    'Two founders on sharing numbers, roadmaps and mistakes with their community.',
  ],
  [
    1,
    DEMO_EVENT.dinner.time,
    180,
    null,
    'Conference dinner',
    [],
    DEMO_EVENT.rooms.dinner,
    'A seated dinner by the river. Buses leave from the main entrance at 18:30.',
  ],
  [2, '10:00', 40, 0, 'Lightning talks', [1, 3, 6], DEMO_EVENT.rooms.keynote, 'Eight talks of five minutes each, from the community.'],
  [
    2,
    '11:00',
    40,
    2,
    'Privacy by default in event apps',
    [3],
    DEMO_EVENT.rooms.c,
    'What attendee data to keep, what to forget, and how to make the right thing the easy thing.',
  ],
  [
    2,
    '11:00',
    40,
    1,
    'Metrics that matter for communities',
    [0],
    DEMO_EVENT.rooms.b,
    'Beyond sign-ups: measuring conversations, connections and return visits.',
  ],
  [
    2,
    '12:00',
    90,
    3,
    'Workshop: Networking formats that work',
    [5, 4],
    DEMO_EVENT.rooms.lab,
    'Speed networking, small groups and 1:1 meetings: we try each one and compare notes.',
  ],
  [
    2,
    '13:30',
    45,
    0,
    'Closing keynote: See you next year',
    [0],
    DEMO_EVENT.rooms.keynote,
    'Highlights, thanks and the dates of next year\u2019s summit.',
  ],
];

const DARK_SESSIONS: DemoSession[] = [
  [0, '19:00', 60, 0, 'Night owls meetup', [1], 'Loft', 'An evening of short talks for people who do their best work after dark.'],
  [0, '20:30', 45, 1, 'Late-night product teardown', [2], 'Studio', 'We take apart a popular app, screen by screen.'],
  [1, '19:00', 60, 0, 'Community AMA', [0], 'Loft', 'Ask the organisers anything about the community and its plans.'],
  [1, '20:30', 90, 1, 'Hack night', [1, 3], 'Studio', 'Bring a project, leave with a demo.'],
  [2, '19:00', 45, 0, 'Show and tell', [3], 'Loft', 'Members show what they built this month.'],
];

const QUESTIONS = [
  'How do you handle reconnections when a whole hall switches networks at once?',
  'Will the slides be shared after the session?',
  'What would you do differently if you started again today?',
  'Is there an open-source version of what you showed?',
  'How do you test this on cheap Android phones?',
];

export const agendaSeed: DemoSeeder = {
  async run({ db, files }) {
    const dir = files ? 'uploads/avatars' : undefined;
    const today = new Date();
    today.setUTCHours(0, 0, 0, 0);
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('agenda');
      if (!mod) continue;
      const [seeded] = await db
        .select({ id: agendaSessions.id })
        .from(agendaSessions)
        .where(eq(agendaSessions.appModuleId, mod.id))
        .limit(1);
      if (seeded) continue;
      const dark = demo.app.key !== 'demo';
      const people = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.appId, demo.app.id))
        .orderBy(asc(users.id));
      const byEmail = new Map(people.map((p) => [p.email, p.id]));
      const tracks = await db
        .insert(agendaTracks)
        .values(
          (dark ? TRACKS.slice(0, 2) : TRACKS).map(([name, color], i) => ({
            appId: demo.app.id,
            appModuleId: mod.id,
            name,
            color,
            position: i,
          })),
        )
        .returning({ id: agendaTracks.id });
      const speakers = await db
        .insert(agendaSpeakers)
        .values(
          SPEAKERS.map((s, i) => {
            const initials = s.name
              .split(' ')
              .map((w) => w[0])
              .join('');
            const file = `speaker-${demo.app.key}-${i}.svg`;
            if (dir) files?.write(path.posix.join(dir, file), demoPortraitSvg(initials, s.color));
            return {
              appId: demo.app.id,
              appModuleId: mod.id,
              userId: s.member ? (byEmail.get(s.member) ?? null) : null,
              name: s.name,
              jobTitle: s.job,
              company: s.company,
              photoUrl: dir ? `/uploads/avatars/${file}` : null,
              bioHtml: demoParagraph(s.bio),
            };
          }),
        )
        .returning({ id: agendaSpeakers.id });
      const list = dark ? DARK_SESSIONS : SESSIONS;
      // The rooms the sessions name, in order of first use: the console's grid has its columns.
      const roomNames = [...new Set(list.map(([, , , , , , room]) => room).filter(Boolean))];
      const rooms = roomNames.length
        ? await db
            .insert(agendaRooms)
            .values(roomNames.map((name, position) => ({ appId: demo.app.id, appModuleId: mod.id, name, position })))
            .returning({ id: agendaRooms.id, name: agendaRooms.name })
        : [];
      const roomId = new Map(rooms.map((r) => [r.name, r.id]));
      const rows = await db
        .insert(agendaSessions)
        .values(
          list.map(([day, start, minutes, track, title, , room, about]) => {
            const startsAt = eventTime(DEMO_EVENT.days[0] + day, start);
            return {
              appId: demo.app.id,
              appModuleId: mod.id,
              trackId: track === null ? null : (tracks[track]?.id ?? null),
              title,
              descriptionHtml: demoParagraph(about),
              descriptionText: about,
              location: room,
              roomId: roomId.get(room) ?? null,
              startsAt,
              endsAt: new Date(startsAt.getTime() + minutes * 60_000),
            };
          }),
        )
        .returning({ id: agendaSessions.id, startsAt: agendaSessions.startsAt });
      const links = list.flatMap(([, , , , , who], i) =>
        who.flatMap((s, position) => {
          const sessionId = rows[i]?.id;
          const speakerId = speakers[s]?.id;
          return sessionId && speakerId ? [{ sessionId, speakerId, position }] : [];
        }),
      );
      if (links.length) await db.insert(agendaSessionSpeakers).values(links);

      // Anna's schedule: the opening keynote, both 11:00 sessions of today (they overlap), the
      // calendar workshop and the closing keynote; a few attendees schedule the rest.
      const anna = byEmail.get('anna@demo.test');
      const attendees = people.map((p) => p.id);
      const pickIdx = dark ? [0, 2, 3] : [1, 12, 13, 14, 25];
      const schedule: Array<{ userId: number; sessionId: number; appId: number }> = [];
      const counts = new Map<number, number>();
      for (const [i, row] of rows.entries()) {
        const holders = attendees.filter((_, k) => (k + i) % 3 === 0 && attendees[k] !== anna);
        if (anna && pickIdx.includes(i)) holders.push(anna);
        for (const userId of holders) schedule.push({ userId, sessionId: row.id, appId: demo.app.id });
        counts.set(row.id, holders.length);
      }
      if (schedule.length) await db.insert(agendaSchedule).values(schedule);
      for (const [sessionId, n] of counts)
        await db.update(agendaSessions).set({ attendeesCount: n }).where(eq(agendaSessions.id, sessionId));

      // Ratings of yesterday's sessions by a few attendees.
      const past = rows.filter((r) => r.startsAt.getTime() < today.getTime());
      for (const [i, row] of past.entries()) {
        const raters = attendees.slice(3, 3 + 4 + (i % 4));
        if (raters.length === 0) continue;
        const values = raters.map((userId, k) => ({
          sessionId: row.id,
          userId,
          appId: demo.app.id,
          rating: 3 + ((i + k) % 3),
          comment: k === 0 ? 'Clear, practical and well paced.' : '',
        }));
        await db.insert(agendaRatings).values(values);
        const sum = values.reduce((a, v) => a + v.rating, 0);
        await db.update(agendaSessions).set({ ratingsCount: values.length, ratingsSum: sum }).where(eq(agendaSessions.id, row.id));
      }

      // A busy Q&A in today's real-time session (Ben's, which he moderates) and in the opening keynote.
      for (const sessionIndex of dark ? [0] : [12, 1]) {
        const sessionId = rows[sessionIndex]?.id;
        if (!sessionId) continue;
        for (const [k, text] of QUESTIONS.entries()) {
          const asker = attendees[(3 + k * 2) % attendees.length];
          if (!asker) continue;
          const voters = attendees.slice(4, 4 + ((k * 3 + 2) % 6)).filter((v) => v !== asker);
          const [q] = await db
            .insert(agendaQuestions)
            .values({
              appId: demo.app.id,
              sessionId,
              userId: asker,
              text,
              votesCount: voters.length,
              answeredAt: k === 1 ? new Date() : null,
              createdAt: new Date(Date.now() - (60 - k * 7) * 60_000),
            })
            .returning({ id: agendaQuestions.id });
          if (q && voters.length) await db.insert(agendaQuestionVotes).values(voters.map((userId) => ({ questionId: q.id, userId })));
        }
      }
    }
  },
};
