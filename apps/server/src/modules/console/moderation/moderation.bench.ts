import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { demoApps } from '../../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../../platform/module.ts';

/** Reports made by `npm run bench` in the demo app: posts, comments and profiles, 5,000 in all. */
export const BIG_QUEUE = { posts: 2_500, comments: 1_500, profiles: 1_000 };

/** 5,000 reports in the demo app's queue (issue 22's benchmark), in bulk SQL; the demo operator reads it. */
export const moderationBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('moderation bench: the demo app is missing');
  const appId = demo.app.id;
  const members = sql`(select id from users where app_id = ${appId} and deleted_at is null order by id limit 60)`;
  await db.execute(sql`
    insert into content_flags (app_id, target_type, target_id, user_id, created_at)
    select ${appId}, 'post', p.id, u.id, now() - (random() * interval '7 days')
    from (select id from content_posts where app_id = ${appId} order by id) p cross join ${members} u
    limit ${BIG_QUEUE.posts} on conflict do nothing`);
  await db.execute(sql`
    insert into content_flags (app_id, target_type, target_id, user_id, created_at)
    select ${appId}, 'comment', c.id, u.id, now() - (random() * interval '7 days')
    from (select id from content_comments where app_id = ${appId} order by id) c cross join ${members} u
    limit ${BIG_QUEUE.comments} on conflict do nothing`);
  await db.execute(sql`
    insert into user_flags (app_id, subject_id, reporter_id, created_at)
    select ${appId}, s.id, r.id, now() - (random() * interval '7 days')
    from ${members} s cross join ${members} r where s.id <> r.id
    limit ${BIG_QUEUE.profiles} on conflict do nothing`);
  await db.execute(sql`analyze content_flags`);
  await db.execute(sql`analyze user_flags`);
  return { moderationApp: appId };
};

/** The queue's first page and its count at 50 connections (target p99 ≤ 50 ms). */
export const moderationBench: BenchScenario[] = [
  {
    name: 'GET console moderation queue, 5,000 reports',
    path: '/console/api/apps/{bench:moderationApp}/moderation',
    auth: 'console',
    minRps: 500,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET console moderation count',
    path: '/console/api/apps/{bench:moderationApp}/moderation/count',
    auth: 'console',
    minRps: 500,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];
