import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

export interface PendingSignup {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

/** Opaque access tokens: only the SHA-256 is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens sent by e-mail: confirm, reset, invite, and an account's deletion (settings). */
export const mailTokens = pgTable(
  'mail_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'reset', 'invite', 'delete'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * What a sign-up asked for (password hash, name), applied only when this confirmation link is
     * used: a second sign-up on an unconfirmed address never changes the account behind an older link.
     */
    pending: jsonb('pending').$type<PendingSignup>(),
  },
  (t) => [index('mail_tokens_user_idx').on(t.userId, t.kind)],
);

/** OAuth sign-ins in progress: state (hashed), PKCE verifier, app and provider; single use. */
export const oauthStates = pgTable('oauth_states', {
  id: serial('id').primaryKey(),
  stateHash: text('state_hash').notNull().unique(),
  appId: integer('app_id').notNull(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
