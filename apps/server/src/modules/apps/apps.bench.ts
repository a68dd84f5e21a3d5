import { MODULE_TYPES } from '@app/contract/constants';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { BenchScenario, BenchSetup } from '../../platform/module.ts';
import { insertAccessToken } from '../auth/auth.queries.ts';

/** The app of the many-modules bench: its menu must answer as fast as the demo app's 17 modules. */
const MANY_KEY = 'bench-menu-40';
const MANY_MODULES = 40;

/**
 * A second app with 40 modules (every type, again and again) and one member with two unread items
 * in each module, signed in with a token made here: the bench's `{bench:menu40Token}`.
 */
export const appsBenchSetup: BenchSetup = async (db: Db) => {
  const [app] = await queryRows<{ id: number }>(
    db,
    sql`insert into apps (key, name) values (${MANY_KEY}, 'Forty modules') on conflict (key) do update set name = excluded.name returning id`,
  );
  if (!app) throw new Error('apps bench: the 40-module app was not made');
  const types = JSON.stringify(Array.from({ length: MANY_MODULES }, (_, i) => MODULE_TYPES[i % MODULE_TYPES.length]));
  await db.execute(sql`delete from app_modules where app_id = ${app.id}`);
  await db.execute(sql`
    insert into app_modules (app_id, type, name, position)
    select ${app.id}, t.type, initcap(t.type) || ' ' || t.i, t.i
    from jsonb_array_elements_text(${types}::jsonb) with ordinality as t(type, i)`);
  const [member] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (app_id, email, first_name, last_name, job_title, email_confirmed_at)
        values (${app.id}, 'bench-menu-40@example.test', 'Many', 'Modules', 'Tester', now()) returning id`,
  );
  if (!member) throw new Error('apps bench: the 40-module member was not made');
  await db.execute(sql`
    insert into bubbles (user_id, app_module_id, item_id)
    select ${member.id}, m.id, n from app_modules m, generate_series(1, 2) n where m.app_id = ${app.id}
    on conflict do nothing`);
  const token = newToken();
  await insertAccessToken(db, member.id, hashToken(token), new Date(Date.now() + 86_400_000));
  return { menu40Token: token };
};

export const appsBench: BenchScenario[] = [
  { name: 'GET /user/app-config', path: '/user/app-config', auth: 'app-key', minRps: 5000, minBareRatio: 0.6 },
  { name: 'GET /user/app-menu', path: '/user/app-menu', auth: 'access-token', minRps: 1500, maxP99Ms: 50, minBareRatio: 0.5 },
  // "However many modules an app has": the same call for a member of an app with 40 modules.
  {
    name: 'GET /user/app-menu (40 modules)',
    path: '/user/app-menu',
    auth: 'access-token',
    token: '{bench:menu40Token}',
    minRps: 1500,
    maxP99Ms: 50,
    minBareRatio: 0.5,
  },
];
