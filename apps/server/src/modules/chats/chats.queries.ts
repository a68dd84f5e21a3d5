import { randomUUID } from 'node:crypto';
import type { Chat, ChatEvent, ChatMember, ChatMessage } from '@app/contract/schemas/chats';
import type { Attachment } from '@app/contract/schemas/content';
import { and, asc, desc, eq, gt, ilike, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { uploads } from '../content/content.table.ts';
import { listedMember } from '../users/profiles.queries.ts';
import { fullName } from '../users/users.service.ts';
import { users } from '../users/users.table.ts';
import type { Sign } from './chats.files.ts';
import { chatMembers, chatMessages, chats, type MessageFile } from './chats.table.ts';

/** Reads of chats (issue 9): a reader's chats as the list shows them, members, messages. */

/** A LIKE pattern matching the text anywhere, its own % and _ taken literally. */
const containing = (text: string | undefined) => (text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined);

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export type ChatRow = typeof chats.$inferSelect;

/** One row of the list query: the chat, the reader's membership, the other member (private) and the last message. */
interface ListRow {
  id: number;
  app_module_id: number;
  is_group: boolean;
  name: string | null;
  logo_url: string | null;
  owner_id: number | null;
  created_at: Date | string;
  last_message_at: Date | string | null;
  archived_at: Date | string | null;
  last_read_seq: number;
  members_count: number;
  unread_count: number;
  other_id: number | null;
  other_first_name: string | null;
  other_last_name: string | null;
  other_avatar_url: string | null;
  m_id: number | null;
  m_seq: number | null;
  m_client_id: string | null;
  m_body: string | null;
  m_files: MessageFile[] | null;
  m_event: ChatEvent | null;
  m_created_at: Date | string | null;
  m_edited_at: Date | string | null;
  m_user_id: number | null;
  m_first_name: string | null;
  m_last_name: string | null;
  m_avatar_url: string | null;
  m_is_verified: boolean | null;
}

/** The reader's chats of a module (or one of them), with what the list shows. */
function chatRows(
  db: Db,
  at: { appId: number; moduleId: number; userId: number },
  where: { chatId?: number; archived?: boolean; search?: string; limit?: number; offset?: number },
) {
  const search = containing(where.search) ?? null;
  return queryRows<ListRow>(
    db,
    sql`
    select c.id, c.app_module_id, c.is_group, c.name, c.logo_url, c.owner_id, c.created_at, c.last_message_at,
           mm.archived_at, mm.last_read_seq,
           (select count(*)::int from ${chatMembers} x where x.chat_id = c.id and x.left_at is null) as members_count,
           (select count(*)::int from ${chatMessages} u
             where u.chat_id = c.id and u.seq > mm.last_read_seq and u.user_id <> ${at.userId} and u.event is null) as unread_count,
           o.id as other_id, o.first_name as other_first_name, o.last_name as other_last_name, o.avatar_url as other_avatar_url,
           lm.id as m_id, lm.seq as m_seq, lm.client_id as m_client_id, lm.body as m_body, lm.files as m_files, lm.event as m_event, lm.created_at as m_created_at,
           lm.edited_at as m_edited_at, lm.user_id as m_user_id, lu.first_name as m_first_name, lu.last_name as m_last_name,
           lu.avatar_url as m_avatar_url, lu.is_verified as m_is_verified
    from ${chatMembers} mm
      join ${chats} c on c.id = mm.chat_id
      left join lateral (
        select u.id, u.first_name, u.last_name, u.avatar_url from ${chatMembers} x join ${users} u on u.id = x.user_id
        where x.chat_id = c.id and x.user_id <> ${at.userId} order by x.left_at nulls first, x.user_id limit 1
      ) o on not c.is_group
      left join lateral (
        select * from ${chatMessages} m where m.chat_id = c.id order by m.seq desc limit 1
      ) lm on true
      left join ${users} lu on lu.id = lm.user_id
    where mm.user_id = ${at.userId} and mm.left_at is null and c.app_id = ${at.appId} and c.app_module_id = ${at.moduleId}
      ${where.chatId === undefined ? sql`` : sql`and c.id = ${where.chatId}`}
      ${where.archived === undefined ? sql`` : where.archived ? sql`and mm.archived_at is not null` : sql`and mm.archived_at is null`}
      ${search === null ? sql`` : sql`and (c.name ilike ${search} or (o.first_name || ' ' || o.last_name) ilike ${search})`}
    order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
    ${where.limit === undefined ? sql`` : sql`limit ${where.limit} offset ${where.offset ?? 0}`}`,
  );
}

function toChat(r: ListRow, userId: number, sign: Sign): Chat {
  const isOwner = r.owner_id === userId;
  const otherName = `${r.other_first_name ?? ''} ${r.other_last_name ?? ''}`.trim();
  const last: ChatMessage | null =
    r.m_id === null
      ? null
      : {
          id: r.m_id,
          chat_id: r.id,
          seq: r.m_seq ?? 0,
          client_id: r.m_client_id ?? '',
          text: r.m_body ?? '',
          attachments: attachmentsOf(r.id, r.m_files, sign),
          user: {
            id: r.m_user_id ?? 0,
            fullname: `${r.m_first_name ?? ''} ${r.m_last_name ?? ''}`.trim(),
            avatar: r.m_avatar_url,
            is_verified: r.m_is_verified ?? false,
          },
          created_at: iso(r.m_created_at) ?? '',
          edited_at: iso(r.m_edited_at),
          event: r.m_event,
        };
  return {
    id: r.id,
    app_module_id: r.app_module_id,
    chat_type: r.is_group ? 'group' : 'chat',
    name: r.is_group ? (r.name ?? '') : otherName,
    logo: r.is_group ? r.logo_url : r.other_avatar_url,
    owner_id: r.owner_id,
    members_count: r.members_count,
    archived: r.archived_at !== null,
    last_message: last,
    unread_count: r.unread_count,
    last_read_seq: r.last_read_seq,
    updated_at: iso(r.last_message_at ?? r.created_at) ?? '',
    permissions: {
      edit: r.is_group && isOwner,
      manage_members: r.is_group && isOwner,
      transfer: r.is_group && isOwner,
      // An owner hands the group over first; a private chat is archived, not left.
      leave: r.is_group && !isOwner,
      delete: isOwner,
    },
  };
}

export async function listChats(
  db: Db,
  at: { appId: number; moduleId: number; userId: number },
  q: { archived: boolean; search?: string | undefined; limit: number; offset: number },
  sign: Sign,
) {
  const rows = await chatRows(db, at, q);
  return rows.map((r) => toChat(r, at.userId, sign));
}

export async function countChats(db: Db, at: { appId: number; moduleId: number; userId: number }, archived: boolean): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(
      and(
        eq(chatMembers.userId, at.userId),
        isNull(chatMembers.leftAt),
        eq(chats.appId, at.appId),
        eq(chats.appModuleId, at.moduleId),
        archived ? sql`${chatMembers.archivedAt} is not null` : isNull(chatMembers.archivedAt),
      ),
    );
  return r?.n ?? 0;
}

/** One chat as its member sees it in the list, or undefined when the reader is not (or no longer) in it. */
export async function findChatOf(
  db: Db,
  at: { appId: number; moduleId: number; userId: number },
  chatId: number,
  sign: Sign,
): Promise<Chat | undefined> {
  const [r] = await chatRows(db, at, { chatId });
  return r ? toChat(r, at.userId, sign) : undefined;
}

/** A person as chats show them (members, people to start a chat with), by name. */
const personRow = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  isVerified: users.isVerified,
  jobTitle: users.jobTitle,
  deletedAt: users.deletedAt,
};
const byName = [asc(users.firstName), asc(users.lastName), asc(users.id)];
const toPerson = (u: {
  id: number;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isVerified: boolean;
  jobTitle: string;
  deletedAt: Date | null;
}) => ({
  id: u.id,
  fullname: fullName(u),
  avatar: u.avatarUrl,
  is_verified: u.isVerified,
  job_title: u.jobTitle,
});

/** Members of the app other than `userId`, by name, matching `search` (name or job title). */
export async function searchPeople(
  db: Db,
  appId: number,
  userId: number,
  q: { search?: string | undefined; limit: number; offset: number },
) {
  const like = containing(q.search);
  const where = and(
    eq(users.appId, appId),
    ne(users.id, userId),
    // Who may be listed (users module); someone who opted out only for those already sharing a chat with them.
    listedMember(
      users,
      sql`exists (select 1 from ${chatMembers} mine join ${chatMembers} theirs on theirs.chat_id = mine.chat_id
        where mine.user_id = ${userId} and mine.left_at is null and theirs.user_id = ${users.id} and theirs.left_at is null)`,
    ),
    like ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.jobTitle, like)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(personRow)
      .from(users)
      .where(where)
      .orderBy(...byName)
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items: rows.map(toPerson), total: count?.n ?? 0 };
}

/** The chat's current members, owner first, then by name. */
export async function membersOf(db: Db, chat: { id: number; ownerId: number | null }): Promise<ChatMember[]> {
  const rows = await db
    .select(personRow)
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(and(eq(chatMembers.chatId, chat.id), isNull(chatMembers.leftAt)))
    .orderBy(...byName);
  const members = rows.map((u) => ({ ...toPerson(u), is_owner: u.id === chat.ownerId }));
  return [...members.filter((m) => m.is_owner), ...members.filter((m) => !m.is_owner)];
}

export async function readMarksOf(db: Db, chatId: number) {
  const rows = await db
    .select({ user_id: chatMembers.userId, seq: chatMembers.lastReadSeq })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt)));
  return rows;
}

/** Ids of the chat's current members. */
export async function memberIds(db: Db, chatId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt)));
  return rows.map((r) => r.id);
}

/** The chat of this app and module with the user's membership: a member, one who left (or was removed), or none. */
export async function findChat(db: Db, at: { appId: number; moduleId: number; userId: number }, chatId: number) {
  const [r] = await db
    .select({ chat: chats, memberId: chatMembers.userId, leftAt: chatMembers.leftAt })
    .from(chats)
    .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, at.userId)))
    .where(and(eq(chats.id, chatId), eq(chats.appId, at.appId), eq(chats.appModuleId, at.moduleId)));
  if (!r) return undefined;
  const membership: 'member' | 'left' | 'none' = r.memberId === null ? 'none' : r.leftAt === null ? 'member' : 'left';
  return { chat: r.chat, membership };
}

const messageRow = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  seq: chatMessages.seq,
  clientId: chatMessages.clientId,
  body: chatMessages.body,
  files: chatMessages.files,
  event: chatMessages.event,
  createdAt: chatMessages.createdAt,
  editedAt: chatMessages.editedAt,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarUrl: users.avatarUrl,
  isVerified: users.isVerified,
  deletedAt: users.deletedAt,
};
type MessageRow = {
  id: number;
  chatId: number;
  seq: number;
  clientId: string;
  body: string;
  files: MessageFile[] | null;
  event: ChatEvent | null;
  createdAt: Date;
  editedAt: Date | null;
  userId: number;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isVerified: boolean;
  deletedAt: Date | null;
};

/** A message's files as the client gets them: with URLs signed for the reader (chats.files.ts). */
export function attachmentsOf(chatId: number, files: MessageFile[] | null, sign: Sign): Attachment[] {
  return (files ?? []).map((f) => ({ ...f, url: sign(chatId, f.id), is_image: f.mime.startsWith('image/') }));
}

/** An upload's row (a message's file, to serve). */
export async function findUpload(db: Db, id: number) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

/** Whether the user is in the chat now (not left, not removed). */
export async function isCurrentMember(db: Db, chatId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ chatId: chatMembers.chatId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)));
  return row !== undefined;
}

export function toMessage(r: MessageRow, sign: Sign): ChatMessage {
  return {
    id: r.id,
    chat_id: r.chatId,
    seq: r.seq,
    client_id: r.clientId,
    text: r.body,
    attachments: attachmentsOf(r.chatId, r.files, sign),
    user: { id: r.userId, fullname: fullName(r), avatar: r.avatarUrl, is_verified: r.isVerified },
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt ? r.editedAt.toISOString() : null,
    event: r.event,
  };
}

/**
 * Adds a line to the chat's history (someone left, was removed, owns the group now), numbered like a
 * message under the chat's row lock; it is not unread and makes no bubble or push. Answers its id.
 */
export async function addEventLine(db: Db, chatId: number, userId: number, event: ChatEvent): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with c as (update ${chats} set last_seq = last_seq + 1 where id = ${chatId} returning last_seq)
    insert into ${chatMessages} (chat_id, seq, user_id, client_id, body, event)
    select ${chatId}, c.last_seq, ${userId}, ${`event:${randomUUID()}`}, '', ${event} from c
    returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('chat event line not stored');
  return id;
}

/** Messages oldest first: after a seq (catching up), before one (older history), or the newest page. */
export async function pageMessages(
  db: Db,
  chatId: number,
  q: { before?: number | undefined; after?: number | undefined; limit: number },
  sign: Sign,
) {
  const base = db.select(messageRow).from(chatMessages).innerJoin(users, eq(users.id, chatMessages.userId));
  if (q.after !== undefined) {
    const rows = await base
      .where(and(eq(chatMessages.chatId, chatId), gt(chatMessages.seq, q.after)))
      .orderBy(asc(chatMessages.seq))
      .limit(q.limit);
    return rows.map((r) => toMessage(r, sign));
  }
  const rows = await base
    .where(and(eq(chatMessages.chatId, chatId), q.before === undefined ? undefined : lt(chatMessages.seq, q.before)))
    .orderBy(desc(chatMessages.seq))
    .limit(q.limit);
  return rows.reverse().map((r) => toMessage(r, sign));
}

export async function findMessage(db: Db, chatId: number, where: { id: number } | { userId: number; clientId: string }, sign: Sign) {
  const [r] = await db
    .select(messageRow)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        'id' in where
          ? eq(chatMessages.id, where.id)
          : and(eq(chatMessages.userId, where.userId), eq(chatMessages.clientId, where.clientId)),
      ),
    );
  return r ? toMessage(r, sign) : undefined;
}
