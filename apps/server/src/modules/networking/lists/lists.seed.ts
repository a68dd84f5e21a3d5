import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows } from '../../../db/client.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { chats } from '../../chats/chats.table.ts';
import { listedMember } from '../../users/profiles.queries.ts';
import { userProfiles } from '../../users/profiles.table.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingMarks } from '../networking.hub.table.ts';
import { awardPoints } from '../networking.points.ts';

type Sections = 'interestedIn' | 'expertIn' | 'lookingFor' | 'topics';
/** Tags added to the demo profiles (appusers seed) so that New has reasons to give, complementary ones too. */
const ANNA: Partial<Record<Sections, string[]>> = {
  interestedIn: ['Event tech', 'Community building'],
  expertIn: ['Community building'],
  lookingFor: ['Design systems', 'UX research'],
};
const BEN: Partial<Record<Sections, string[]>> = {
  interestedIn: ['Event tech', 'Fintech'],
  expertIn: ['Design systems'],
  lookingFor: ['Community building', 'Investors'],
};
/** The generated members in turn get one of these, so Anna's and Ben's New lists start with clear reasons. */
const OTHERS: Array<Partial<Record<Sections, string[]>>> = [
  { expertIn: ['Design systems'] },
  { lookingFor: ['Community building'] },
  { interestedIn: ['Event tech'] },
  { expertIn: ['UX research'] },
  { topics: ['Measuring community health'] },
  { expertIn: ['Investors'] },
];

const merged = (have: string[] | null | undefined, add: string[] | undefined) => {
  const out = [...(have ?? [])];
  for (const t of add ?? []) if (!out.some((x) => x.toLowerCase() === t.toLowerCase())) out.push(t);
  return out.slice(0, 20);
};

/**
 * Demo content of the lists (both demo apps with a networking hub): a few overlapping tags so New
 * explains itself, two members Anna shortlisted and one she skipped, and the contacts the seeded
 * private chats stand for (the chats seed writes messages directly, past the hook that records
 * contacts live): started by the first speaker, connected at the other's first answer.
 */
export const listsSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      if (!demo.byType('networking')) continue;
      const appId = demo.app.id;
      const people = await db
        .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
        .from(users)
        .where(and(eq(users.appId, appId), listedMember(), isNull(users.blockedAt)))
        .orderBy(asc(users.id));
      const anna = people.find((p) => p.email === 'anna@demo.test');
      const ben = people.find((p) => p.email === 'ben@demo.test');
      if (!anna || !ben) continue;
      // Listed members only: tags and marks on someone the lists never show would be lost.
      const others = people.filter((p) => p.id !== anna.id && p.id !== ben.id && !p.isAdmin);

      const plan = new Map<number, Partial<Record<Sections, string[]>>>([
        [anna.id, ANNA],
        [ben.id, BEN],
        ...others.slice(0, 18).map((p, i): [number, Partial<Record<Sections, string[]>>] => [p.id, OTHERS[i % OTHERS.length] ?? {}]),
      ]);
      for (const [userId, add] of plan) {
        const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
        const next = {
          interestedIn: merged(row?.interestedIn, add.interestedIn),
          expertIn: merged(row?.expertIn, add.expertIn),
          lookingFor: merged(row?.lookingFor, add.lookingFor),
          topics: merged(row?.topics, add.topics),
        };
        await db
          .insert(userProfiles)
          .values({ userId, appId, ...next })
          .onConflictDoUpdate({ target: userProfiles.userId, set: next });
      }

      // The contacts of the seeded private chats, from their messages.
      const chatsMod = demo.byType('chats');
      const pairs = chatsMod
        ? await queryRows<{ starter: number; other: number; contacted_at: Date; connected_at: Date | null }>(
            db,
            sql`with firsts as (
                  select m.chat_id, m.user_id, min(m.created_at) as at, min(m.seq) as seq
                  from chat_messages m join ${chats} c on c.id = m.chat_id
                  where c.app_module_id = ${chatsMod.id} and not c.is_group
                  group by m.chat_id, m.user_id)
                select s.user_id as starter, cm.user_id as other, s.at as contacted_at, o.at as connected_at
                from firsts s
                join chat_members cm on cm.chat_id = s.chat_id and cm.user_id <> s.user_id
                left join firsts o on o.chat_id = s.chat_id and o.user_id = cm.user_id
                where not exists (select 1 from firsts e where e.chat_id = s.chat_id and e.seq < s.seq)`,
          )
        : [];
      for (const p of pairs) {
        await db
          .insert(networkingContacts)
          .values({
            lowId: Math.min(p.starter, p.other),
            highId: Math.max(p.starter, p.other),
            appId,
            starterId: p.starter,
            contactedAt: new Date(p.contacted_at),
            connectedAt: p.connected_at ? new Date(p.connected_at) : null,
          })
          .onConflictDoNothing();
        await awardPoints(db, { appId, userId: p.starter, action: 'chatStart', ref: p.other });
        if (p.connected_at) {
          await awardPoints(db, { appId, userId: p.starter, action: 'chatResponse', ref: p.other });
          await awardPoints(db, { appId, userId: p.other, action: 'chatRespond', ref: p.starter });
        }
      }

      // Anna's marks: two shortlisted, one skipped, among members she has no chat with.
      const talked = new Set(pairs.flatMap((p) => [p.starter, p.other]));
      const free = others.filter((p) => !talked.has(p.id));
      const marks: Array<[number | undefined, 'liked' | 'skipped', number]> = [
        [free[0]?.id, 'liked', 26],
        [free[1]?.id, 'liked', 3],
        [free[2]?.id, 'skipped', 1],
      ];
      for (const [targetId, mark, hoursAgo] of marks) {
        if (!targetId) continue;
        await db
          .insert(networkingMarks)
          .values({ appId, userId: anna.id, targetId, mark, createdAt: new Date(Date.now() - hoursAgo * 3_600_000) })
          .onConflictDoNothing();
        await awardPoints(db, { appId, userId: anna.id, action: mark === 'liked' ? 'userLike' : 'userSkip', ref: targetId });
      }
    }
  },
};
