import { NETWORKING_POINTS, type PointAction } from '@app/contract/schemas/networking-hub';
import { LEADERBOARD } from '@app/contract/schemas/networking-score';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { users } from '../../users/users.table.ts';
import { networkingContacts, networkingPoints } from '../networking.hub.table.ts';
import { leaderCut } from './badges.ts';
import { addBadge, appRanking, isComplete, standingFacts } from './score.queries.ts';
import { recomputeStandings } from './score.service.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Step = [action: PointAction, agoMs: number];

/**
 * Point histories of demo members, by how they use the hub: each step an action some time ago (its
 * `ref` is another member, a meeting or topic number made up for the demo). Index 0–2 need a
 * complete profile with a photo (the levels 5, 4 and 3 they show rest on it).
 */
const HISTORIES: Array<{ steps: Step[]; seenAgoMs?: number; connections?: number; legendOnce?: boolean }> = [
  // An engaged networker: answers chats and 1:1s right now (level 5), connector, meetmaster, push.
  {
    steps: [
      ['profileComplete', 3 * DAY],
      ['pushEnabled', 3 * DAY],
      ['userLike', 2 * DAY],
      ['userLike', 2 * DAY],
      ['userLike', 30 * HOUR],
      ['chatStart', 26 * HOUR],
      ['chatStart', 20 * HOUR],
      ['meetRequest', 20 * HOUR],
      ['topicCreate', 10 * HOUR],
      ['meetAccept', 3 * HOUR],
      ['chatRespond', 50 * MIN],
      ['session', 40 * MIN],
    ],
    seenAgoMs: 5 * MIN,
    connections: 3,
  },
  // A rising star: started chats this morning (level 4).
  {
    steps: [
      ['profileComplete', 2 * DAY],
      ['userLike', 5 * HOUR],
      ['userLike', 5 * HOUR],
      ['userSkip', 5 * HOUR],
      ['chatStart', 2 * HOUR],
      ['meetRequest', 90 * MIN],
    ],
    seenAgoMs: 20 * MIN,
    connections: 1,
  },
  // Ready to network: profile done, online now (level 3), was a Legend yesterday.
  {
    steps: [
      ['profileComplete', 4 * DAY],
      ['pushEnabled', 4 * DAY],
      ['topicLike', 30 * HOUR],
      ['topicComment', 28 * HOUR],
      ['userLike', 26 * HOUR],
    ],
    seenAgoMs: 10 * MIN,
    legendOnce: true,
  },
  // Passive: looked around once, some days ago.
  {
    steps: [
      ['userLike', 3 * DAY],
      ['userSkip', 3 * DAY],
    ],
  },
  // Inactive: nothing yet.
  { steps: [] },
  // A steady member: 1:1s and topics over the last days, offline now.
  {
    steps: [
      ['profileComplete', 5 * DAY],
      ['meetRequest', 4 * DAY],
      ['meetAccepted', 4 * DAY],
      ['topicCreate', 3 * DAY],
      ['topicLiked', 3 * DAY],
      ['topicCommenter', 2 * DAY],
      ['userLike', 2 * DAY],
    ],
  },
];

/** Anna and Ben: a little history, no meetmaster yet (their first 1:1 request earns it). */
const DEMO_LOGIN_STEPS: Step[] = [
  ['userLike', 26 * HOUR],
  ['userLike', 25 * HOUR],
  ['userSkip', 25 * HOUR],
];

async function seedApp(db: Db, appId: number) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.appId, appId), isNotNull(users.emailConfirmedAt), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const ids = people.map((p) => p.id);
  if (ids.length < 4) return;
  const facts = await standingFacts(db, appId, ids);
  const complete = new Set(facts.filter(isComplete).map((f) => f.id));
  const logins = people.filter((p) => /^(anna|ben)@demo\.test$/.test(p.email)).map((p) => p.id);
  const admin = people.find((p) => p.email === 'admin@demo.test')?.id;
  const others = ids.filter((id) => !logins.includes(id) && id !== admin);
  // The complete profiles first, for the histories that need one; every third member keeps only what the other seeds gave.
  const ordered = [...others.filter((id) => complete.has(id)), ...others.filter((id) => !complete.has(id))];
  const now = Date.now();
  const ledger: Array<typeof networkingPoints.$inferInsert> = [];
  const seen: Array<{ id: number; at: Date }> = [];
  const contacts: Array<typeof networkingContacts.$inferInsert> = [];
  const legends: number[] = [];
  const add = (userId: number, steps: Step[], k: number) =>
    steps.forEach(([action, ago], j) => {
      if (action === 'profileComplete' && !complete.has(userId)) return;
      const once = action === 'profileComplete' || action === 'pushEnabled';
      ledger.push({
        userId,
        appId,
        action,
        ref: once ? '' : `demo-${k}-${j}`,
        points: NETWORKING_POINTS[action],
        createdAt: new Date(now - ago - (k % 7) * MIN),
      });
    });
  const picked = ordered.filter((_, i) => i % 3 !== 2).slice(0, 40);
  picked.forEach((id, i) => {
    const kind = i < 3 ? i : 3 + ((i - 3) % (HISTORIES.length - 3));
    const h = HISTORIES[kind];
    if (!h) return;
    // Later members get a shorter share of the history, so the totals spread.
    const steps = i < 3 ? h.steps : h.steps.slice(0, Math.max(0, h.steps.length - (i % 4)));
    // Beyond the first three, some variety: online now, a few connections, push allowed.
    const extra: Step[] = i >= 3 && i % 6 === 2 && steps.length ? [['pushEnabled', 2 * DAY]] : [];
    add(id, [...steps, ...extra], i);
    const seenAgo = h.seenAgoMs ?? (i >= 3 && i % 4 === 0 ? 15 * MIN : undefined);
    if (seenAgo !== undefined) seen.push({ id, at: new Date(now - seenAgo) });
    if (h.legendOnce) legends.push(id);
    const connections = h.connections ?? (i >= 3 && i % 5 === 1 && steps.length ? 3 : 0);
    for (let c = 0; c < connections; c++) {
      const other = ordered[(i + c + 7) % ordered.length];
      if (other === undefined || other === id) continue;
      contacts.push({
        lowId: Math.min(id, other),
        highId: Math.max(id, other),
        appId,
        starterId: id,
        contactedAt: new Date(now - (30 - c) * HOUR),
        connectedAt: new Date(now - (29 - c) * HOUR),
      });
    }
  });
  for (const id of logins) add(id, complete.has(id) ? [['profileComplete', 2 * DAY], ...DEMO_LOGIN_STEPS] : DEMO_LOGIN_STEPS, id);
  if (ledger.length) await db.insert(networkingPoints).values(ledger).onConflictDoNothing();
  if (contacts.length) await db.insert(networkingContacts).values(contacts).onConflictDoNothing();
  for (const s of seen) await db.update(users).set({ lastSeenAt: s.at }).where(eq(users.id, s.id));
  // Totals from the ledger (the other hub seeds' awards included); ties go to who got there first.
  await db.execute(sql`
    insert into networking_members (user_id, app_id, points, updated_at)
    select user_id, ${appId}, sum(points)::int, max(created_at) from ${networkingPoints}
    where app_id = ${appId} group by user_id
    on conflict (user_id) do update set points = excluded.points, updated_at = excluded.updated_at`);
  for (let i = 0; i < ids.length; i += 500) await recomputeStandings(db, undefined, appId, ids.slice(i, i + 500), now);
  if (legends.length) await addBadge(db, appId, legends, 'legend');
  const ranking = await appRanking(db, appId);
  const leaders = ranking.slice(0, leaderCut(ranking.length, LEADERBOARD.leaderShare)).map((r) => r.id);
  await addBadge(db, appId, leaders, 'leader');
}

/**
 * The hub's standings in both demo apps: point histories for members (every level, held and
 * missing badges), then every member's level and badges computed from what all the hub seeds made.
 */
export const scoreSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      if (!demo.byType('networking')) continue;
      await seedApp(db, demo.app.id);
    }
  },
};
