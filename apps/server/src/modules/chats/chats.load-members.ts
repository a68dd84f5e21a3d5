import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { hashToken } from '../../lib/tokens.ts';

/**
 * Members for a load run (`npm run bench`'s chat scenario, `npm run soak`): `count` confirmed users
 * of the app, each with a day's access token (`tokenOf(i)`, straight into the database), in group
 * chats of `group` (member i is in chat i / group). Answers each member's id, token and chat, in order.
 */
export async function insertChatGroups(
  db: Db,
  opts: { appId: number; moduleId: number; count: number; group: number; label: string; tokenOf: (i: number) => string },
): Promise<Array<{ userId: number; token: string; chat: number }>> {
  const { appId, moduleId, count, group, label, tokenOf } = opts;
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const users = await queryRows<{ id: number }>(
    db,
    sql`insert into users (app_id, email, first_name, last_name, job_title, email_confirmed_at)
        select ${appId}, ${`${slug}-`} || i || '@example.test', ${label}, 'Member ' || i, 'Load tester', now()
        from generate_series(0, ${count - 1}) i
        returning id`,
  );
  const ids = users.map((u) => u.id).sort((x, y) => x - y);
  const tokens = ids.map((_, i) => tokenOf(i));
  const rows = ids.map((id, i) => ({ user_id: id, token_hash: hashToken(tokens[i] as string), group: Math.floor(i / group) }));
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, expires_at)
    select r.user_id, r.token_hash, now() + interval '1 day'
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id int, token_hash text, "group" int)`);
  const chats = await queryRows<{ id: number }>(
    db,
    sql`insert into chats (app_id, app_module_id, is_group, name)
        select ${appId}, ${moduleId}, true, ${`${label} group `} || g from generate_series(0, ${Math.ceil(count / group) - 1}) g
        returning id`,
  );
  const chatIds = chats.map((c) => c.id).sort((x, y) => x - y);
  await db.execute(sql`
    insert into chat_members (chat_id, user_id)
    select (${JSON.stringify(chatIds)}::jsonb ->> r."group")::int, r.user_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(user_id int, token_hash text, "group" int)`);
  return rows.map((r, i) => ({ userId: r.user_id, token: tokens[i] as string, chat: chatIds[r.group] as number }));
}
