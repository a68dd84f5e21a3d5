import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn } from '../../../platform/columns.ts';
import { users } from '../../users/users.table.ts';

/** What the queue showed of a target when it was decided: the Done tab reads it (a deleted target is gone). */
export interface DecisionSnapshot {
  title: string;
  excerpt: string;
  author: { id: number; name: string } | null;
  reports: number;
}

/**
 * A moderator's decision on a reported target (a post, a profile, a contact message…): dismissed,
 * hidden, deleted, or its author blocked, with the reason. The target is open in the queue again
 * when a report arrives after its latest decision.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    /** The report source's kind: post, comment, listing, profile, contact… */
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    action: text('action', { enum: ['dismiss', 'hide', 'delete', 'block', 'answer'] }).notNull(),
    reason: text('reason').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull().default(''),
    snapshot: jsonb('snapshot').$type<DecisionSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_target_idx').on(t.appId, t.kind, t.targetId, t.createdAt),
    index('moderation_decisions_app_idx').on(t.appId, t.id),
  ],
);
