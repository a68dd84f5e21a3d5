import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Every console action, kept: who did what to which target of which app, with the values before and
 * after. `app_id` is null for platform actions (an app created by an operator is logged under it).
 * The actor's id is voided when their account is deleted; their name at the time stays in
 * `actor_name` only as "who" of the organisers' own record (an organiser's name, not a member's data
 * they entered elsewhere).
 */
export const consoleAudit = pgTable(
  'console_audit',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id').references(() => apps.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    /** A dotted name: `app.update`, `member.block`, `report.hide`… */
    action: text('action').notNull(),
    targetType: text('target_type').notNull().default(''),
    targetId: text('target_id').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('console_audit_app_idx').on(t.appId, t.id),
    index('console_audit_actor_idx').on(t.actorId),
    // Dots and underscores split words (`member.block` is found by "block"; the parser would keep it whole as a host name).
    index('console_audit_search_idx').using(
      'gin',
      sql`to_tsvector('simple', translate(${t.action} || ' ' || ${t.actorName} || ' ' || ${t.targetType} || ' ' || ${t.targetId}, '._', '  '))`,
    ),
  ],
);
