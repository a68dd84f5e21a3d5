import { and, asc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { demoApps, rng } from '../../../platform/demo.ts';
import type { DemoSeeder } from '../../../platform/module.ts';
import { users } from '../../users/users.table.ts';
import { type Award, awardAll } from '../networking.points.ts';
import { networkingTopicComments, networkingTopicLikes, networkingTopicMembers, networkingTopics } from './topics.table.ts';

const HOUR = 3_600_000;

interface DemoTopic {
  title: string;
  description: string;
  /** Who wrote it: anna, ben or the n-th other member. */
  by: 'anna' | 'ben' | number;
  hoursAgo: number;
  comments: Array<{ by: 'anna' | 'ben' | number; text: string }>;
  /** How many other members like and joined it. */
  likes: number;
  joins: number;
}

const TOPICS: DemoTopic[] = [
  {
    title: 'AI in event ticketing',
    description:
      'Dynamic pricing, fraud detection, chat assistants that answer "where is my ticket?" at 2 a.m. Where does AI actually help attendees, and where does it just add friction? Bring examples from your own events.',
    by: 0,
    hoursAgo: 50,
    comments: [
      {
        by: 'ben',
        text: 'We tried a support chatbot last season: it solved about 40% of questions on its own. The rest still needed a human, but faster.',
      },
      { by: 1, text: 'Dynamic pricing made our early-bird buyers angry when prices later dropped. Be careful with that one.' },
      { by: 'anna', text: 'Fraud detection on resales has been the clear win for us. Happy to share our setup over a coffee.' },
    ],
    likes: 6,
    joins: 5,
  },
  {
    title: "Hybrid events that don't feel like a webinar",
    description:
      'Remote attendees often get a camera pointed at a stage. What have you done to give them their own experience: a separate host, breakout rooms, live polls, a studio feel?',
    by: 'anna',
    hoursAgo: 30,
    comments: [
      { by: 2, text: 'A dedicated online host changed everything for us. Someone who talks to the remote audience, not just the room.' },
      { by: 'ben', text: 'Short formats! 20-minute sessions with a Q&A keep people online much better than an hour-long keynote.' },
    ],
    likes: 5,
    joins: 4,
  },
  {
    title: 'Sponsorship ROI: what numbers convince your partners?',
    description:
      'Badge scans, booth visits, session sponsorship impressions, qualified leads… Which metrics do your sponsors really care about, and how do you report them after the event?',
    by: 'ben',
    hoursAgo: 22,
    comments: [
      {
        by: 3,
        text: 'Qualified leads, every time. We share a short report a week after the event with lead quality scored by the sales team.',
      },
      { by: 0, text: 'Some of our sponsors value brand presence more than leads. Ask them before the event what success looks like.' },
    ],
    likes: 4,
    joins: 6,
  },
  {
    title: 'Sustainable catering at scale',
    description:
      'Plant-based by default, less food waste, reusable cups for 3,000 people. What worked, and what did attendees complain about?',
    by: 1,
    hoursAgo: 70,
    comments: [{ by: 'anna', text: 'Plant-based by default with meat on request: hardly anyone asked, and the catering bill went down.' }],
    likes: 3,
    joins: 3,
  },
  {
    title: 'Keeping the community alive between events',
    description:
      'Most of our attendees disappear for eleven months. Meetups, newsletters, online office hours? Share what keeps your community talking all year round.',
    by: 2,
    hoursAgo: 12,
    comments: [
      {
        by: 'ben',
        text: 'Monthly online office hours with one speaker from the last edition. Small, but the same faces keep coming back.',
      },
      { by: 4, text: 'Local meetups run by volunteers: we give them a budget and a slide template, they do the rest.' },
    ],
    likes: 4,
    joins: 4,
  },
  {
    title: 'Accessibility checklist for venues',
    description:
      'Step-free access, quiet rooms, captions on every stage, clear signage. Let us build a checklist together that any organiser can use when visiting a venue.',
    by: 'anna',
    hoursAgo: 5,
    comments: [
      { by: 3, text: 'Add: seats reserved near the stage for people with hearing aids, and a loop system that has actually been tested.' },
    ],
    likes: 3,
    joins: 5,
  },
  {
    title: 'First-time speakers: how do you coach them?',
    description: 'We want more new voices on stage. How do you prepare first-time speakers: rehearsals, mentors, shorter slots?',
    by: 4,
    hoursAgo: 2,
    comments: [],
    likes: 1,
    joins: 2,
  },
];

/**
 * Topics to discuss in each demo app with a networking hub: seven topics by Anna, Ben and other
 * members, with likes, members and comments, and the points they earned (as the live calls give them).
 */
export const topicsSeed: DemoSeeder = {
  async run({ db }) {
    for (const demo of await demoApps(db)) {
      const mod = demo.byType('networking');
      if (!mod) continue;
      const appId = demo.app.id;
      const people = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(and(eq(users.appId, appId), isNotNull(users.emailConfirmedAt), isNull(users.deletedAt), ne(users.email, 'admin@demo.test')))
        .orderBy(asc(users.id))
        .limit(30);
      const anna = people.find((p) => p.email === 'anna@demo.test');
      const ben = people.find((p) => p.email === 'ben@demo.test');
      const others = people.filter((p) => p !== anna && p !== ben);
      if (!anna || !ben) continue;
      // With few members (a small seed), the other members' parts go to Anna and Ben in turn.
      const nth = (n: number) => others[n % Math.max(others.length, 1)]?.id ?? (n % 2 ? ben.id : anna.id);
      const who = (by: DemoTopic['by']) => (by === 'anna' ? anna.id : by === 'ben' ? ben.id : nth(by));
      const rand = rng(demo.index * 7 + 3).next;
      const now = Date.now();
      const awards: Award[] = [];
      for (const [i, d] of TOPICS.entries()) {
        const authorId = who(d.by);
        const createdAt = new Date(now - d.hoursAgo * HOUR);
        const [row] = await db
          .insert(networkingTopics)
          .values({
            appId,
            appModuleId: mod.id,
            userId: authorId,
            title: d.title,
            description: d.description,
            createdAt,
            updatedAt: createdAt,
            activeAt: createdAt,
          })
          .returning({ id: networkingTopics.id });
        if (!row) continue;
        const topicId = row.id;
        awards.push({ appId, userId: authorId, action: 'topicCreate', ref: topicId });
        // Anna and Ben like and join most topics; then a few others each.
        const pool = [anna.id, ben.id, ...others.slice(0, 12).map((o) => o.id)].filter((id) => id !== authorId);
        const shuffled = [
          ...pool.slice(0, 2).filter(() => i % 3 !== 2),
          ...pool
            .slice(2)
            .map((id) => ({ id, r: rand() }))
            .sort((a, b) => a.r - b.r)
            .map((x) => x.id),
        ];
        const at = (k: number) => new Date(createdAt.getTime() + (k + 1) * 0.05 * d.hoursAgo * HOUR);
        const likers = shuffled.slice(0, d.likes);
        const joiners = [authorId, ...shuffled.slice(0, d.joins)];
        if (likers.length)
          await db.insert(networkingTopicLikes).values(likers.map((userId, k) => ({ appId, topicId, userId, createdAt: at(k) })));
        await db
          .insert(networkingTopicMembers)
          .values(joiners.map((userId, k) => ({ appId, topicId, userId, createdAt: k ? at(k) : createdAt })));
        for (const userId of likers) {
          awards.push({ appId, userId, action: 'topicLike', ref: topicId });
          awards.push({ appId, userId: authorId, action: 'topicLiked', ref: `${topicId}:${userId}` });
        }
        const comments = d.comments.map((c, k) => ({ appId, topicId, userId: who(c.by), body: c.text, createdAt: at(k * 2 + 1) }));
        if (comments.length) await db.insert(networkingTopicComments).values(comments);
        for (const c of comments) {
          if (c.userId === authorId) continue;
          awards.push({ appId, userId: c.userId, action: 'topicComment', ref: topicId });
          awards.push({ appId, userId: authorId, action: 'topicCommenter', ref: `${topicId}:${c.userId}` });
        }
        const last = [createdAt, ...comments.map((c) => c.createdAt), ...likers.map((_, k) => at(k))].sort(
          (a, b) => b.getTime() - a.getTime(),
        )[0];
        if (last) await db.update(networkingTopics).set({ activeAt: last }).where(eq(networkingTopics.id, topicId));
      }
      await awardAll(db, awards);
    }
  },
};
