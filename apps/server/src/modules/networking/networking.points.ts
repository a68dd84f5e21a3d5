import { NETWORKING_POINTS, type NetworkingChange, type PointAction } from '@app/contract/schemas/networking-hub';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { listsChanged } from './lists/lists.caches.ts';
import { networkingMembers, networkingPoints } from './networking.hub.table.ts';
import { standingsChanged } from './score/score.service.ts';

/** One qualifying action (spec 3 §9): who gets the points, for what, about what. */
export interface Award {
  appId: number;
  userId: number;
  action: PointAction;
  /** What the action was about (a member's id, a meeting's, a topic's): the action counts once per ref. */
  ref?: string | number;
}

/**
 * Writes awards to the ledger and adds them to the members' totals, in one statement whatever
 * their number (a round of 2,000 members is one round trip): an award whose ledger row is there
 * already (a retried or raced request, the same action again) adds nothing. Answers the members
 * who got points now. The caller makes sure the members belong to their `appId`; call
 * `afterScoreChange` after the commit.
 */
export async function awardAll(db: Db, awards: readonly Award[]): Promise<number[]> {
  if (awards.length === 0) return [];
  const rows = awards.map((a) => ({
    user_id: a.userId,
    app_id: a.appId,
    action: a.action,
    ref: String(a.ref ?? ''),
    points: NETWORKING_POINTS[a.action],
  }));
  const got = await queryRows<{ user_id: number }>(
    db,
    sql`with ins as (
          insert into ${networkingPoints} (user_id, app_id, action, ref, points)
          select user_id, app_id, action, ref, points
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(user_id int, app_id int, action text, ref text, points int)
          on conflict do nothing
          returning user_id, app_id, points)
        insert into ${networkingMembers} (user_id, app_id, points)
        select user_id, app_id, sum(points)::int from ins group by user_id, app_id
        on conflict (user_id) do update
          set points = ${networkingMembers}.points + excluded.points, updated_at = now()
        returning user_id`,
  );
  return got.map((r) => r.user_id);
}

/** One award (see awardAll): whether points were given now. */
export async function awardPoints(db: Db, a: Award): Promise<boolean> {
  return (await awardAll(db, [a])).length > 0;
}

/**
 * Takes back every award about a thing that is gone (a deleted topic: its creation, the likes and
 * comments on it), so creating and deleting is no way to farm points: ledger rows whose action is
 * one of `actions` and whose ref is `ref` or starts with `ref:`. One statement; answers the members
 * whose totals fell (call afterScoreChange after the commit).
 */
export async function revokePoints(db: Db, appId: number, actions: readonly PointAction[], ref: string | number): Promise<number[]> {
  const r = String(ref);
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`with gone as (
          delete from ${networkingPoints}
          where app_id = ${appId} and action in (${sql.join(
            actions.map((a) => sql`${a}`),
            sql`, `,
          )})
            and (ref = ${r} or starts_with(ref, ${`${r}:`}))
          returning user_id, points),
        per as (select user_id, sum(points)::int as points from gone group by user_id)
        update ${networkingMembers} m set points = greatest(0, m.points - per.points), updated_at = now()
        from per where m.user_id = per.user_id
        returning m.user_id`,
  );
  return rows.map((x) => x.user_id);
}

/**
 * After a write that changed members' points, marks or contacts (committed): their levels and badges
 * are computed again, their open hub screens refetch what changed (`networkingActivity`, to their
 * `user:` rooms on every node), and the app's leaderboard follows (score/score.service.ts).
 */
export async function afterScoreChange(
  ctx: Ctx,
  appId: number,
  userIds: readonly number[],
  what: NetworkingChange[] = ['score'],
): Promise<void> {
  if (userIds.length === 0) return;
  // Their cached networker lists first, so the refetch the event causes reads them fresh.
  if (what.includes('lists')) listsChanged(ctx, appId, userIds);
  await standingsChanged(ctx, appId, userIds, what);
}
