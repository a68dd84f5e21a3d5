import { and, eq, getTableName, not, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { MemberColumn } from './module.ts';

/** `table.column`, as the schema walk and the declarations name a column. */
export const columnKey = (c: MemberColumn) => `${getTableName(c.column.table)}.${c.column.name}`;

/**
 * The rule of a member column, the one the schema walk applies (docs/decisions.md "Settings"): a
 * column of the public schema, other than `users.id`, that
 * - is (part of) a foreign key to `users`, or
 * - is a whole number (integer, bigint, smallint) named `user_id`, `*_user_id`, `*_by`, `*_by_id`,
 *   or after a person: `author_id`, `owner_id`, `member_id`, `sender_id`, `recipient_id`,
 *   `creator_id`, `subject_id`, `favorite_id`, `initiator_id`, `invitee_id`, `actor_id`
 *   (a member's id kept without a foreign key, like `networking_meetings.cancelled_by`).
 * Ids inside JSON values are not found: a module that stores one there declares it in words.
 */
export const PERSON_COLUMN =
  '^(user_id|.+_user_id|.+_by|.+_by_id|(author|owner|member|sender|recipient|creator|subject|favorite|initiator|invitee|actor)_id)$';

/** Every member column of the database (see PERSON_COLUMN), as `table.column`, sorted. */
export async function memberColumnsOfSchema(db: Db): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`
      select c.relname || '.' || a.attname as key
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where k.contype = 'f' and k.confrelid = 'public.users'::regclass
      union
      select table_name || '.' || column_name
      from information_schema.columns
      where table_schema = 'public'
        and data_type in ('integer', 'bigint', 'smallint')
        and column_name ~ ${PERSON_COLUMN}
      except
      select 'users.id'
      order by 1`,
  );
  return rows.map((r) => r.key);
}

/** The condition of the member's rows a declared `erase` or `void` column still holds (`except` left out). */
export function stillNamed(c: MemberColumn, userId: number) {
  const mine = eq(c.column, userId);
  return c.treatment === 'erase' && c.except ? and(mine, not(c.except)) : mine;
}

/** The generic step of an account deletion: the declared `erase` rows deleted, the `void` columns set to null. */
export async function eraseMemberRows(db: Db, columns: readonly MemberColumn[], userId: number) {
  for (const c of columns) {
    if (c.treatment === 'erase' && !c.byHook) await db.delete(c.column.table).where(stillNamed(c, userId));
    if (c.treatment === 'void') {
      await db.execute(sql`update ${c.column.table} set ${sql.identifier(c.column.name)} = null where ${stillNamed(c, userId)}`);
    }
  }
}
