import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { demoApps } from '../../platform/demo.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { bubbles, users } from '../users/users.table.ts';
import { networkingMeetings } from './networking.table.ts';

type NewMeeting = typeof networkingMeetings.$inferInsert;

const HOUR = 3_600_000;

/** The start of a day relative to today (UTC), plus hours and minutes. */
function at(days: number, hours: number, minutes = 0) {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() + days * 24 * HOUR + hours * HOUR + minutes * 60_000);
}

/**
 * Demo 1:1 meetings between Anna and Ben (and one more member) in each demo app with a networking
 * hub: two requests waiting for Anna's answer (her menu bubble), one accepted for tomorrow, one that
 * has passed, one Ben declined, and one Anna sent that waits for an answer.
 */
export const networkingSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('networking');
      if (!mod) continue;
      const people = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.appId, demo.app.id), isNotNull(users.emailConfirmedAt)))
        .orderBy(asc(users.id))
        .limit(20);
      const anna = people.find((p) => p.email === 'anna@demo.test');
      const ben = people.find((p) => p.email === 'ben@demo.test');
      if (!anna || !ben) continue;
      // A third member (not one who shares a first name with the two, which would read oddly).
      const third = people.find(
        (p) => p.id !== anna.id && p.id !== ben.id && p.email !== 'admin@demo.test' && !/^(anna|ben)$/i.test(p.firstName),
      );
      const tz = 'Europe/Berlin';
      const base = { appId: demo.app.id, timezoneName: tz };
      const rows: NewMeeting[] = [
        {
          ...base,
          initiatorId: ben.id,
          inviteeId: anna.id,
          timeStart: at(2, 9, 30),
          duration: 30,
          location: 'Coffee bar by the main stage',
          title: 'Hi Anna! I saw your talk on community onboarding. Could we compare notes on how you run your first-week calls?',
        },
        {
          ...base,
          initiatorId: anna.id,
          inviteeId: ben.id,
          timeStart: at(1, 13, 0),
          duration: 15,
          location: 'Meeting point B, level 1',
          title: 'Quick sync on the partner workshop: who brings the slides?',
          status: 'accepted',
          acceptedAt: at(-1, 16, 0),
          version: 1,
        },
        {
          ...base,
          initiatorId: ben.id,
          inviteeId: anna.id,
          timeStart: at(-3, 10, 0),
          duration: 45,
          location: 'Lounge, 2nd floor',
          title: 'Lunch-and-learn debrief: what worked, what to change next time.',
          status: 'accepted',
          acceptedAt: at(-5, 12, 0),
          version: 1,
        },
        {
          ...base,
          initiatorId: anna.id,
          inviteeId: ben.id,
          timeStart: at(3, 15, 0),
          duration: 60,
          location: 'Online (link in chat)',
          title: 'Would you walk me through your ticketing setup? An hour should do.',
          status: 'rejected',
          version: 1,
        },
      ];
      // Anna's own waiting request goes to a fourth member: one request at a time waits between two people.
      const fourth = people.find(
        (p) => third && ![third.id, anna.id, ben.id].includes(p.id) && p.email !== 'admin@demo.test' && !/^(anna|ben)$/i.test(p.firstName),
      );
      if (third) {
        rows.push({
          ...base,
          initiatorId: third.id,
          inviteeId: anna.id,
          timeStart: at(4, 11, 0),
          duration: 15,
          location: 'Registration desk',
          title: 'We are both in the mentoring track. Fancy a quick hello before the afternoon sessions?',
        });
      }
      if (fourth) {
        rows.push({
          ...base,
          initiatorId: anna.id,
          inviteeId: fourth.id,
          timeStart: at(2, 14, 15),
          duration: 15,
          location: 'Sponsor booth 12',
          title: 'Loved your question at the panel. Fifteen minutes to talk about volunteer programmes?',
        });
      }
      const ids = await db
        .insert(networkingMeetings)
        .values(rows)
        .returning({ id: networkingMeetings.id, inviteeId: networkingMeetings.inviteeId, status: networkingMeetings.status });
      // The requests waiting for an answer are the invitees' menu bubbles (in place of the stand-in
      // bubbles the users seed gave the hub before meetings existed).
      const waiting = ids.filter((r) => r.status === 'pending');
      await db.delete(bubbles).where(eq(bubbles.appModuleId, mod.id));
      if (waiting.length)
        await db
          .insert(bubbles)
          .values(waiting.map((r) => ({ userId: r.inviteeId, appModuleId: mod.id, itemId: r.id })))
          .onConflictDoNothing();
    }
  },
};
