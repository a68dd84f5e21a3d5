import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../platform/module.ts';
import { appModules } from '../apps/apps.table.ts';
import { contentComments, contentPosts } from './content.table.ts';

/**
 * Issue 8's big module, made only by `npm run bench` in its own data folder: a blog of the demo app
 * (its own menu row after the demo's blog) with 10,000 posts and 100,000 comments, one post holding
 * 5,000 of them. Posts are by the demo app's members, a minute apart; every 50th mentions a
 * lighthouse (the search word, 200 posts). Comments come in fours: a comment and three replies.
 */
export const BIG_BLOG = { posts: 10_000, comments: 100_000, busyPostComments: 5_000, searchWord: 'lighthouse' };

const TOPICS = ['keynote', 'workshop', 'coffee', 'networking', 'panel', 'venue', 'speakers', 'schedule', 'dinner', 'badge'];

async function insertBigBlog(db: Db): Promise<{ moduleId: number; busyPost: number; quietPost: number }> {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('content bench: the demo app is missing');
  const appId = demo.app.id;
  const position = Math.max(0, ...demo.modules.map((m) => m.position)) + 1;
  const [mod] = await db
    .insert(appModules)
    .values({ appId, type: 'blogs', name: 'Big blog (bench)', position, iconName: 'blogs' })
    .returning({ id: appModules.id });
  if (!mod) throw new Error('insert app_modules returned nothing');
  const moduleId = mod.id;
  const topics = `{${TOPICS.join(',')}}`;

  // Post i (1 = newest) is i minutes old, by member i modulo the members.
  await db.execute(sql`
    with members as (select array_agg(id order by id) as ids from users where app_id = ${appId})
    insert into content_posts (app_id, app_module_id, user_id, title, body_html, body_text, created_at)
    select ${appId}, ${moduleId}, m.ids[1 + i % cardinality(m.ids)], 'Post ' || i, '<p>' || t.body || '</p>', t.body,
           now() - make_interval(mins => i)
    from members m, generate_series(1, ${BIG_BLOG.posts}) i,
         lateral (select 'Day ' || (1 + i % 3) || ' notes: the ' || (${topics}::text[])[1 + i % 10] || ' and the '
                         || (${topics}::text[])[1 + (i / 10) % 10] || ' were worth the trip'
                         || case when i % 50 = 0 then ', and the view from the ' || ${BIG_BLOG.searchWord} || ' at sunset' else '' end
                         || '. Thanks to everyone who came by number ' || i || '.' as body) t`);

  // Comment k (0-based) of block k / 4: the block's first is a comment, the other three reply to it.
  // The first busyPostComments go to the newest post, the rest spread over all posts by block.
  const [base] = await db.select({ id: sql<number>`coalesce(max(${contentComments.id}), 0)`.mapWith(Number) }).from(contentComments);
  const first = base?.id ?? 0;
  await db.execute(sql`
    with members as (select array_agg(id order by id) as ids from users where app_id = ${appId}),
         posts as (select array_agg(id order by created_at desc, id desc) as ids from content_posts where app_module_id = ${moduleId}),
         c as (select k, ${first} + 1 + k as id, ${first} + 1 + k - k % 4 as top from generate_series(0, ${BIG_BLOG.comments - 1}) k)
    insert into content_comments (id, app_id, post_id, parent_id, depth, path, user_id, body, created_at)
    select c.id, ${appId},
           case when c.k < ${BIG_BLOG.busyPostComments} then p.ids[1] else p.ids[1 + (c.k / 4) % cardinality(p.ids)] end,
           case when c.k % 4 = 0 then null else c.top end,
           case when c.k % 4 = 0 then 0 else 1 end,
           case when c.k % 4 = 0 then lpad(c.id::text, 10, '0') else lpad(c.top::text, 10, '0') || '.' || lpad(c.id::text, 10, '0') end,
           m.ids[1 + c.k % cardinality(m.ids)],
           'Comment ' || c.k || ' on the ' || (${topics}::text[])[1 + c.k % 10] || '.',
           now() - make_interval(secs => ${BIG_BLOG.comments} - c.k)
    from c, members m, posts p`);
  await db.execute(sql`select setval(pg_get_serial_sequence('content_comments', 'id'), ${first + BIG_BLOG.comments})`);
  await db.execute(sql`
    update content_posts p set comments_count = s.n, last_reply_at = s.last
    from (select post_id, count(*)::int as n, max(created_at) as last from content_comments group by post_id) s
    where s.post_id = p.id and p.app_module_id = ${moduleId}`);
  const ids = await db
    .select({ id: contentPosts.id })
    .from(contentPosts)
    .where(eq(contentPosts.appModuleId, moduleId))
    .orderBy(desc(contentPosts.createdAt), desc(contentPosts.id))
    .limit(2);
  const [busy, quiet] = ids;
  if (!busy || !quiet) throw new Error('content bench: no posts inserted');
  await db.execute(sql`analyze`);
  return { moduleId, busyPost: busy.id, quietPost: quiet.id };
}

export const contentBenchSetup: BenchSetup = async (db) => {
  const r = await insertBigBlog(db);
  return { contentBigBlog: r.moduleId, contentBusyPost: r.busyPost, contentQuietPost: r.quietPost };
};

const FIRST_PAGE = 'GET big blog feed, page 1';
const feed = '/content/{bench:contentBigBlog}/posts';

/** Issue 8's targets on the big blog (50 connections, PGlite, 2 cores); the bare-ratio is not one of them. */
export const contentBench: BenchScenario[] = [
  { name: FIRST_PAGE, path: feed, auth: 'access-token', minRps: 500, maxP99Ms: 50, minBareRatio: 0 },
  {
    name: 'GET big blog feed, page 200',
    path: `${feed}?page=200`,
    auth: 'access-token',
    minRps: 300,
    maxP99Vs: { of: FIRST_PAGE, factor: 3 },
    minBareRatio: 0,
  },
  {
    name: `GET big blog comments (${BIG_BLOG.busyPostComments.toLocaleString('en-US')})`,
    path: `${feed}/{bench:contentBusyPost}/comments`,
    auth: 'access-token',
    minRps: 300,
    minBareRatio: 0,
  },
  {
    name: `GET big blog search "${BIG_BLOG.searchWord}"`,
    path: `${feed}?search=${BIG_BLOG.searchWord}`,
    auth: 'access-token',
    minRps: 300,
    maxP99Ms: 100,
    minBareRatio: 0,
  },
  {
    name: 'POST big blog comment',
    path: `${feed}/{bench:contentQuietPost}/comments`,
    auth: 'access-token',
    method: 'POST',
    body: { text: 'Benchmark comment: the view was worth the climb.' },
    minRps: 500,
    minBareRatio: 0,
  },
];
