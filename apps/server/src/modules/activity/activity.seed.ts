import { asc, eq } from 'drizzle-orm';
import { demoApps } from '../../platform/demo.ts';
import { DEMO_CAST } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { users } from '../users/users.table.ts';
import { insertActivities } from './activity.queries.ts';
import { joinedLine } from './activity.service.ts';

const HOUR = 3_600_000;
/** Attendees who joined in the last day (the others had joined before the first demo post). */
const LATECOMERS = 6;

/**
 * Each demo member's "joined the community" line, as a real sign-up writes it (`joinedLine`, the
 * line `recordJoinedOnce` records), in one statement: nobody is connected to be told yet.
 * The other lines of the demo feed are written by the seeders of what they are about (posts,
 * discussions and comments by the content seed), through the same functions as a member's writes.
 */
export const activitySeed: DemoSeeder = {
  async run({ db }) {
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const members = await db.select().from(users).where(eq(users.appId, demo.app.id)).orderBy(asc(users.id));
      // Late joiners only past the cast (the cast writes posts from two weeks ago on).
      const late = members.length > DEMO_CAST.length + 1 + LATECOMERS ? LATECOMERS : 0;
      const lines = members.flatMap((member, i) => {
        const fromEnd = members.length - i;
        const at =
          fromEnd <= late
            ? now - (fromEnd * 3 + 1) * HOUR
            : // Three weeks to two weeks ago, in sign-up order.
              now - (21 * 24 - (i / Math.max(1, members.length - late)) * 7 * 24) * HOUR;
        return joinedLine(member, new Date(at)) ?? [];
      });
      if (lines.length) await insertActivities(db, lines);
    }
  },
};
