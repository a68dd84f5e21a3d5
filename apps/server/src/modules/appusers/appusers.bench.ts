import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { demoApps } from '../../platform/demo.ts';
import type { BenchScenario, BenchSetup } from '../../platform/module.ts';

/**
 * The directory bench: the demo app filled up to 10,000 listed members (other modules' bench data
 * counts too), each with a profile of interests, made only by `npm run bench`.
 */
export const DIRECTORY_MEMBERS = 10_000;
const TAGS = [
  'AI',
  'Data',
  'Design',
  'Fintech',
  'Climate',
  'Health',
  'Marketing',
  'Sales',
  'Cloud',
  'Security',
  'Mobile',
  'Web3',
  'Robotics',
  'Education',
  'Gaming',
  'Music',
  'Travel',
  'Running',
  'Cooking',
  'Photography',
  'Chess',
  'Startups',
  'Investing',
  'Open source',
];
const TITLES = ['Engineer', 'Data Scientist', 'Designer', 'Product Manager', 'Founder', 'Marketing Lead', 'Investor', 'Researcher'];

export const appusersBenchSetup: BenchSetup = async (db: Db) => {
  const demo = (await demoApps(db)).find((d) => d.app.key === 'demo');
  if (!demo) throw new Error('appusers bench: the demo app is missing');
  const appId = demo.app.id;
  const [have] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from users where app_id = ${appId} and email_confirmed_at is not null`,
  );
  const add = Math.max(0, DIRECTORY_MEMBERS - (have?.n ?? 0));
  const titles = JSON.stringify(TITLES);
  const tags = JSON.stringify(TAGS);
  if (add > 0) {
    await db.execute(sql`
      insert into users (app_id, email, first_name, last_name, job_title, company, location, email_confirmed_at)
      select ${appId}, 'bench-dir-' || i || '@example.test', 'Member', 'Directory ' || i,
             ${titles}::jsonb ->> (i % ${TITLES.length}), 'Company ' || (i % 200), 'City ' || (i % 30), now()
      from generate_series(0, ${add - 1}) i`);
  }
  // Every member without a profile gets interests (and a company when they have none).
  await db.execute(sql`
    insert into user_profiles (user_id, app_id, interested_in, expert_in, hobbies)
    select u.id, ${appId},
           jsonb_build_array(${tags}::jsonb -> (u.id % ${TAGS.length}), ${tags}::jsonb -> ((u.id / 3) % ${TAGS.length})),
           jsonb_build_array(${tags}::jsonb -> ((u.id / 7) % ${TAGS.length})),
           jsonb_build_array(${tags}::jsonb -> ((u.id / 11) % ${TAGS.length}))
    from users u where u.app_id = ${appId}
    on conflict (user_id) do nothing`);
  await db.execute(sql`update users set company = 'Company ' || (id % 200) where app_id = ${appId} and company = ''`);
  const [listed] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int n from users where app_id = ${appId} and email_confirmed_at is not null`,
  );
  console.log(`  directory bench: ${listed?.n ?? 0} listed members in the demo app`);
  await db.execute(sql`analyze`);
  return {};
};

/** Issue target: directory search over 10,000 members at 50 connections, p99 ≤ 50 ms. */
export const appusersBench: BenchScenario[] = [
  {
    name: 'GET directory search over 10,000 users',
    path: '/appusers/{module:appusers}/users?search=data',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
  {
    name: 'GET directory filters over 10,000 users (company and interest, page 2)',
    path: '/appusers/{module:appusers}/users?company=Company%207&interest=ai&page=2&per-page=10',
    auth: 'access-token',
    minRps: 1000,
    maxP99Ms: 50,
    minBareRatio: 0,
  },
];
