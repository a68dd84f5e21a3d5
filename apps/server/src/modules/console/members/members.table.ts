import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, createdAtColumn, userIdColumn } from '../../../platform/columns.ts';

/**
 * Invitation mails still to send after a CSV import: written in the import's transaction, sent by
 * the background mailer (members.mails.ts) a batch at a time, each row deleted once its mail went.
 * A row is claimed (`claimed_at`) before its mail is sent, so two nodes never send it twice; a claim
 * older than a few minutes (a node that died) is taken again. Survives a restart: the mailer drains
 * what is left at start.
 */
export const consoleInviteMails = pgTable(
  'console_invite_mails',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    userId: userIdColumn(),
    /** The mail's language (the app's, or the organiser's when they chose) and the links' base url. */
    locale: text('locale').notNull(),
    baseUrl: text('base_url').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('console_invite_mails_claim_idx').on(t.claimedAt, t.id), index('console_invite_mails_user_idx').on(t.userId)],
);
