import { SESSIONS } from '@app/contract/schemas/networking-sessions';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { demoApps } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { users } from '../../users/users.table.ts';
import { labels, pairRound } from './pairing.ts';
import { networkingSessionMembers, networkingSessionSeats, networkingSessions } from './sessions.table.ts';

const MIN = 60_000;

/**
 * In each demo app with a networking hub: a speed networking session that ended yesterday (three
 * rounds of eight minutes, Anna and Ben among twelve members, so both have a history), and a group
 * networking session planned for later today (groups of four) and a speed networking session
 * tomorrow morning that members can join.
 */
export const sessionsSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('networking');
      if (!mod) continue;
      const people = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.appId, demo.app.id), isNotNull(users.emailConfirmedAt)))
        .orderBy(asc(users.id))
        .limit(16);
      const anna = people.find((p) => p.email === 'anna@demo.test');
      const ben = people.find((p) => p.email === 'ben@demo.test');
      const admin = people.find((p) => p.email === 'admin@demo.test');
      if (!anna || !ben) continue;
      const group = [
        anna.id,
        ben.id,
        ...people.filter((p) => p.id !== anna.id && p.id !== ben.id && p.id !== admin?.id).map((p) => p.id),
      ].slice(0, 12);
      const yesterday = new Date();
      yesterday.setUTCDate(yesterday.getUTCDate() - 1);
      yesterday.setUTCHours(15, 0, 0, 0);
      const rounds = 3;
      const roundSeconds = 8 * 60;
      const [past] = await db
        .insert(networkingSessions)
        .values({
          appId: demo.app.id,
          appModuleId: mod.id,
          title: 'Afternoon speed networking',
          mode: 'speed',
          groupSize: 2,
          startsAt: yesterday,
          rounds,
          roundSeconds,
          topics: ['What brought you to this event?', 'One project you are proud of this year', 'Who should you meet next, and why?'],
          state: 'completed',
          round: rounds,
          phase: 'talk',
          roundStartedAt: new Date(yesterday.getTime() + (rounds - 1) * (roundSeconds * 1000 + SESSIONS.breakSeconds * 1000)),
          readyChecked: rounds,
          endedAt: new Date(yesterday.getTime() + rounds * roundSeconds * 1000 + (rounds - 1) * SESSIONS.breakSeconds * 1000),
          createdBy: admin?.id ?? null,
        })
        .returning({ id: networkingSessions.id });
      if (!past) continue;
      await db.insert(networkingSessionMembers).values(group.map((userId) => ({ sessionId: past.id, userId })));
      const history: number[][] = [];
      for (let round = 1; round <= rounds; round++) {
        // Anna and Ben meet in the first round; the others as the pairing has it.
        const rest = pairRound({ participants: group.slice(2), history, groupSize: 2, seed: demo.index * 31 + round });
        const groups =
          round === 1
            ? [[anna.id, ben.id], ...rest]
            : pairRound({ participants: group, history, groupSize: 2, seed: demo.index * 17 + round });
        const names = labels(groups.length, { numbers: [], symbols: [] }, SESSIONS.symbols, past.id * 13 + round);
        const readyAt = new Date(yesterday.getTime() + (round - 1) * (roundSeconds * 1000 + SESSIONS.breakSeconds * 1000) + 2 * MIN);
        await db.insert(networkingSessionSeats).values(
          groups.flatMap((g, i) =>
            g.map((userId) => ({
              sessionId: past.id,
              round,
              userId,
              number: names[i]?.number ?? i + 1,
              symbol: names[i]?.symbol ?? i,
              readyAt,
            })),
          ),
        );
        history.push(...groups);
      }
      // Later today (at least two hours from now, on a quarter hour).
      const later = new Date(Date.now() + 2 * 60 * MIN);
      later.setUTCMinutes(Math.ceil(later.getUTCMinutes() / 15) * 15, 0, 0);
      const [next] = await db
        .insert(networkingSessions)
        .values({
          appId: demo.app.id,
          appModuleId: mod.id,
          title: 'Group networking: meet your peers',
          mode: 'group',
          groupSize: 4,
          startsAt: later,
          rounds: 4,
          roundSeconds: 10 * 60,
          topics: ['Your biggest challenge this quarter', 'A tool your team cannot live without', 'What would you change about events?'],
          createdBy: admin?.id ?? null,
        })
        .returning({ id: networkingSessions.id });
      // And a speed networking session tomorrow morning, open to join.
      const tomorrow = new Date();
      tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
      tomorrow.setUTCHours(8, 30, 0, 0);
      await db.insert(networkingSessions).values({
        appId: demo.app.id,
        appModuleId: mod.id,
        title: 'Morning speed networking',
        mode: 'speed',
        groupSize: 2,
        startsAt: tomorrow,
        rounds: 5,
        roundSeconds: 6 * 60,
        topics: ['What do you hope to take home from this event?', 'The best advice you got this year'],
        createdBy: admin?.id ?? null,
      });
      const joined = group.slice(2, 8);
      if (next && joined.length > 0)
        await db.insert(networkingSessionMembers).values(joined.map((userId) => ({ sessionId: next.id, userId })));
    }
  },
};
