import type { ChatEvent } from '@app/contract/schemas/chats';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { appModules, apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';

/**
 * A private chat (two members, `private_key` "<low id>:<high id>" makes it unique per module) or a
 * group. `last_seq` numbers the chat's messages: taken under the chat's row lock, so messages
 * commit in seq order and a client catches up with `after=<seq>`.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id, { onDelete: 'cascade' }),
    appModuleId: integer('app_module_id')
      .notNull()
      .references(() => appModules.id, { onDelete: 'cascade' }),
    isGroup: boolean('is_group').notNull(),
    name: text('name'),
    logoUrl: text('logo_url'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    privateKey: text('private_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chats_private_idx').on(t.appModuleId, t.privateKey)],
);

/** Who is in a chat; `left_at` once they left or were removed (the row stays: a message to it answers 422). */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp('left_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The member has read the chat up to this seq. */
    lastReadSeq: integer('last_read_seq').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** A file of a message: the upload's row as it was when the message was sent. */
export interface MessageFile {
  id: number;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sender's id of the message: a retry with the same one is stored once. */
    clientId: text('client_id').notNull(),
    body: text('body').notNull(),
    /** The message's files (uploads it holds), as they were when sent; their URLs are signed on reading. */
    files: jsonb('files').$type<MessageFile[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A line of the history instead of a message (ChatEvent: left, removed, owner); `user_id` is whom it is about. */
    event: text('event').$type<ChatEvent>(),
  },
  (t) => [
    uniqueIndex('chat_messages_seq_idx').on(t.chatId, t.seq),
    uniqueIndex('chat_messages_client_idx').on(t.chatId, t.userId, t.clientId),
  ],
);
