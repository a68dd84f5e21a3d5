import type { ChatMessage, ChatMessageEvent } from '@app/contract/schemas/chats';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { queryRows } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { wellFormed } from '../../lib/text.ts';
import { batchPerDatabase } from '../../lib/write-batch.ts';
import { addBubbles, clearBubbles } from '../../platform/bubbles.ts';
import type { Scope } from '../../platform/scope.ts';
import { uploads } from '../content/content.table.ts';
import { removeFiles } from '../content/content.uploads.ts';
import { notePrivateMessage } from '../networking/networking.contacts.ts';
import { queuePush } from '../push/push.service.ts';
import { bubbles, users } from '../users/users.table.ts';
import { fileSigner, readerSigners } from './chats.files.ts';
import { attachmentsOf, findMessage, memberIds, pageMessages } from './chats.queries.ts';
import { chatsModule, dropFiles, memberChat, tellChat } from './chats.service.ts';
import { chatMembers, chatMessages, chats, type MessageFile } from './chats.table.ts';

/**
 * Messages (issue 9): stored before they are acknowledged, once per client id, numbered per chat
 * under the chat's row lock, sent to the current members' sockets, and pushed to members with no
 * open app. Messages sent together go in one statement (WriteBatch, docs/decisions.md).
 */

/** The per-member allowance messages draw on, over HTTP (send, edit, delete) and the socket (chatSend). */
export const MESSAGES_BUDGET = 'chat';
/** Typing signals: no HTTP twin, an allowance of their own per member across its sockets. */
export const TYPING_BUDGET = 'chat-typing';

interface NewMessage {
  appId: number;
  moduleId: number;
  chatId: number;
  userId: number;
  clientId: string;
  text: string;
  /** The message's files, already claimed in the same transaction (null: none). */
  files: MessageFile[] | null;
}

interface SentRow {
  ord: number;
  chat: boolean;
  member: boolean;
  left: boolean;
  id: number | null;
  seq: number | null;
  body: string | null;
  files: MessageFile[] | null;
  created_at: Date | string | null;
  edited_at: Date | string | null;
  fresh: boolean;
  is_group: boolean | null;
  name: string | null;
  logo_url: string | null;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  is_verified: boolean;
  members: number[] | null;
  /** Other members without this chat's bubble: the ones whose bubble this message writes. */
  no_bubble: number[] | null;
}

/**
 * Stores messages in one statement. Per message: the chat must be in the sender's app and module
 * and the sender a current member. It locks the chats (id order: two batches never deadlock),
 * numbers each message after the chat's last seq, stores it unless the sender's client id is
 * already stored (then answers that one), moves the chat's counter and the sender's read mark
 * (one has read what one answers), and answers the current members to send it to.
 */
async function insertMessages(db: Ctx['db'], items: NewMessage[]): Promise<SentRow[]> {
  const input = JSON.stringify(
    items.map((m, ord) => ({
      ord,
      app_id: m.appId,
      module_id: m.moduleId,
      chat_id: m.chatId,
      user_id: m.userId,
      client_id: m.clientId,
      body: m.text,
      files: m.files,
    })),
  );
  return queryRows<SentRow>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(ord int, app_id int, module_id int, chat_id int, user_id int, client_id text, body text, files jsonb)),
    chat as (
      select c.id, c.app_id, c.app_module_id, c.is_group, c.name, c.logo_url, c.last_seq from ${chats} c
      where c.id in (select chat_id from input)
      order by c.id
      for no key update),
    member as (
      select mm.chat_id, mm.user_id, mm.left_at from ${chatMembers} mm
      where (mm.chat_id, mm.user_id) in (select chat_id, user_id from input)),
    known as (
      select m.* from ${chatMessages} m
      where (m.chat_id, m.user_id, m.client_id) in (select chat_id, user_id, client_id from input)),
    ok as (
      select i.*, row_number() over (partition by i.chat_id order by i.ord) as n
      from input i
        join chat c on c.id = i.chat_id and c.app_id = i.app_id and c.app_module_id = i.module_id
        join member mm on mm.chat_id = i.chat_id and mm.user_id = i.user_id and mm.left_at is null
      where not exists (select 1 from known k where k.chat_id = i.chat_id and k.user_id = i.user_id and k.client_id = i.client_id)
        and i.ord = (select min(j.ord) from input j where j.chat_id = i.chat_id and j.user_id = i.user_id and j.client_id = i.client_id)),
    numbered as (
      select ok.ord, ok.chat_id, ok.user_id, ok.client_id, ok.body, ok.files, c.last_seq + ok.n as seq
      from ok join chat c on c.id = ok.chat_id),
    added as (
      insert into ${chatMessages} (chat_id, seq, user_id, client_id, body, files)
      select chat_id, seq, user_id, client_id, body, files from numbered
      on conflict (chat_id, user_id, client_id) do nothing
      returning id, chat_id, seq, user_id, client_id, body, files, created_at),
    bumped as (
      update ${chats} c set last_seq = s.seq, last_message_at = s.at
      from (select chat_id, max(seq) as seq, max(created_at) as at from added group by chat_id) s
      where c.id = s.chat_id),
    read_own as (
      update ${chatMembers} mm set last_read_seq = s.seq
      from (select chat_id, user_id, max(seq) as seq from added group by chat_id, user_id) s
      where mm.chat_id = s.chat_id and mm.user_id = s.user_id and mm.last_read_seq < s.seq)
    select i.ord, c.id is not null as chat, (mm.user_id is not null and mm.left_at is null) as member, mm.left_at is not null as left,
           coalesce(a.id, k.id) as id, coalesce(a.seq, k.seq) as seq, coalesce(a.body, k.body) as body,
           coalesce(a.files, k.files) as files,
           coalesce(a.created_at, k.created_at) as created_at, k.edited_at,
           (nb.ord is not null and a.seq = nb.seq) as fresh,
           c.is_group, c.name, c.logo_url,
           u.first_name, u.last_name, u.avatar_url, u.is_verified,
           case when nb.ord is not null then
             (select array_agg(x.user_id order by x.user_id) from ${chatMembers} x where x.chat_id = i.chat_id and x.left_at is null)
           end as members,
           case when nb.ord is not null then
             (select array_agg(x.user_id order by x.user_id) from ${chatMembers} x
              where x.chat_id = i.chat_id and x.left_at is null and x.user_id <> i.user_id
                and not exists (select 1 from ${bubbles} b
                                where b.user_id = x.user_id and b.app_module_id = i.module_id and b.item_id = i.chat_id))
           end as no_bubble
    from input i
      left join chat c on c.id = i.chat_id and c.app_id = i.app_id and c.app_module_id = i.module_id
      left join member mm on mm.chat_id = i.chat_id and mm.user_id = i.user_id and c.id is not null
      left join numbered nb on nb.ord = i.ord
      left join added a on a.chat_id = i.chat_id and a.user_id = i.user_id and a.client_id = i.client_id
      left join known k on k.chat_id = i.chat_id and k.user_id = i.user_id and k.client_id = i.client_id
      left join ${users} u on u.id = i.user_id
    order by i.ord`,
  );
}

const storeOne = batchPerDatabase(insertMessages);

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

/**
 * Stores a message with files in one transaction: a retry of a stored one answers it; otherwise the
 * sender's uploads are claimed (their own, of this app, in no post or other message: else 422 and
 * nothing is kept) and the message stored with them (insertMessages, alone: files are rare).
 */
async function storeWithFiles(ctx: Ctx, item: Omit<NewMessage, 'files'>, uploadIds: number[]): Promise<SentRow | ChatMessage> {
  const ids = [...new Set(uploadIds)];
  return ctx.db.transaction(async (tx) => {
    const known = await findMessage(tx, item.chatId, { userId: item.userId, clientId: item.clientId }, await fileSigner(ctx, item.userId));
    if (known) return known;
    const claimed = await tx
      .update(uploads)
      .set({ held: true })
      .where(
        and(
          inArray(uploads.id, ids),
          eq(uploads.appId, item.appId),
          eq(uploads.userId, item.userId),
          isNull(uploads.postId),
          eq(uploads.held, false),
        ),
      )
      .returning({
        id: uploads.id,
        name: uploads.name,
        mime: uploads.mime,
        size: uploads.size,
        width: uploads.width,
        height: uploads.height,
      });
    if (claimed.length !== ids.length) throw fieldError('attachment_ids', 'content.errors.uploadGone');
    const files = ids.map((id) => claimed.find((f) => f.id === id)).filter((f) => f !== undefined);
    const [row] = await insertMessages(tx, [{ ...item, files }]);
    if (!row) throw new Error('insertMessages answered nothing');
    // Not stored (no such chat, not a member): the claim is undone with the transaction.
    if (!row.fresh) throw sendRefusal(row);
    return row;
  });
}

/** Why insertMessages did not store a message: unknown chat (404), left it (422), never in it (404). */
function sendRefusal(r: SentRow) {
  if (!r.chat) return notFound();
  if (!r.member) return r.left ? fieldError('_popup', 'chats.errors.notMember') : notFound();
  return new Error('chat message neither stored nor refused');
}

/**
 * Sends a message (HTTP or the chatSend socket event). Answers the stored message; the same
 * client id again answers the message stored the first time, and nobody receives it twice.
 */
export async function sendMessage(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  chatId: number,
  input: { client_id: string; text: string; attachment_ids: number[] },
): Promise<ChatMessage> {
  // The statement checks the chat and the membership; only the module is looked up (cached) first.
  const mod = await chatsModule(ctx, scope, moduleId);
  const text = wellFormed(input.text);
  const item = { appId: scope.tenant.id, moduleId: mod.id, chatId, userId: scope.user.id, clientId: input.client_id, text };
  let r: SentRow | ChatMessage;
  if (input.attachment_ids.length) {
    // Files are rare: the chat is checked first, so a chat of another app or one never in is 404
    // whatever the files, and one left is 422 before any file is claimed.
    const { membership } = await memberChat(ctx, scope, mod.id, chatId, { allowLeft: true });
    if (membership === 'left') throw fieldError('_popup', 'chats.errors.notMember');
    r = await storeWithFiles(ctx, item, input.attachment_ids).catch(async (err: unknown) => {
      // The same client id stored meanwhile (a retry racing the first send): answer that message.
      const stored = await findMessage(
        ctx.db,
        chatId,
        { userId: scope.user.id, clientId: input.client_id },
        await fileSigner(ctx, scope.user.id),
      );
      if (stored) return stored;
      throw err;
    });
  } else {
    r = await storeOne(ctx.db, { ...item, files: null });
  }
  if (!('ord' in r)) return r;
  const sign = await fileSigner(ctx, scope.user.id);
  if (!r.chat || !r.member) throw sendRefusal(r);
  if (r.id === null || r.seq === null) {
    // The same client id stored meanwhile by another node: answer that one.
    const stored = await findMessage(ctx.db, chatId, { userId: scope.user.id, clientId: input.client_id }, sign);
    if (!stored) throw new Error('chat message neither stored nor found');
    return stored;
  }
  const fullname = `${r.first_name} ${r.last_name}`.trim();
  const message: ChatMessage = {
    id: r.id,
    chat_id: chatId,
    seq: r.seq,
    client_id: input.client_id,
    text: r.body ?? text,
    attachments: attachmentsOf(chatId, r.files, sign),
    user: { id: scope.user.id, fullname, avatar: r.avatar_url, is_verified: r.is_verified },
    created_at: iso(r.created_at),
    edited_at: r.edited_at === null ? null : iso(r.edited_at),
    event: null,
  };
  if (r.fresh && r.members) {
    const isGroup = r.is_group ?? false;
    const event: ChatMessageEvent = {
      id: message.id,
      // Notices and pushes show the text, or the first file's name for a message of files only.
      message: message.text || message.attachments[0]?.name || '',
      chat: {
        id: chatId,
        app_module_id: mod.id,
        is_group: isGroup,
        chat_type: isGroup ? 'group' : 'chat',
        // As the recipients see it: a private chat carries the sender's name and picture.
        chat_name: isGroup ? (r.name ?? '') : fullname,
        logo: isGroup ? r.logo_url : r.avatar_url,
      },
      sender: { id: scope.user.id, fullname, avatar: r.avatar_url },
      item: message,
    };
    deliver(ctx, scope, mod.id, r.members, r.no_bubble ?? [], event, r.files);
    // A private chat's messages make the two Contacted, then Connected, in the networking hub.
    const other = isGroup ? undefined : r.members.find((u) => u !== scope.user.id);
    if (other !== undefined)
      void notePrivateMessage(ctx, scope.tenant.id, scope.user.id, other).catch((err: unknown) =>
        ctx.log.warn({ err, chat: chatId }, 'chat message: networking contact not noted'),
      );
  }
  return message;
}

/**
 * Sockets of the current members now; bubbles and pushes after (the sender's answer does not wait
 * for them). The chat's bubble is written only for members who do not have it (the statement
 * looked): in a busy chat most have it, which spares a bubble write per member per message. A
 * bubble cleared while a message is being stored comes back with the next one.
 */
function deliver(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  members: number[],
  noBubble: number[],
  event: ChatMessageEvent,
  files: MessageFile[] | null,
) {
  if (!files?.length) ctx.io?.to(members.map((u) => `user:${u}`)).emit('chatMessage', event);
  else {
    // File URLs are signed for each reader (chats.files.ts): one event per member, files are rare.
    void readerSigners(ctx)
      .then((signers) => {
        for (const u of members) {
          const item = { ...event.item, attachments: attachmentsOf(event.chat.id, files, signers(u)) };
          ctx.io?.to(`user:${u}`).emit('chatMessage', { ...event, item });
        }
      })
      .catch((err: unknown) => ctx.log.warn({ err, chat: event.chat.id }, 'chat message: delivery failed'));
  }
  const others = members.filter((u) => u !== scope.user.id);
  void addBubbles(ctx, scope.tenant.id, moduleId, event.chat.id, noBubble)
    .then(() => pushToOffline(ctx, scope.tenant.id, others, event))
    .catch((err: unknown) => ctx.log.warn({ err, chat: event.chat.id }, 'chat message: bubbles or pushes failed'));
}

/**
 * Members with no socket open on any node get a web push (category Chats: not to those who turned
 * it off), one notification per chat, handed to the background sender.
 */
async function pushToOffline(ctx: Ctx, appId: number, userIds: number[], event: ChatMessageEvent) {
  if (userIds.length === 0) return;
  const offline = await offlineUsers(ctx, userIds);
  const body = event.message.length > 140 ? `${event.message.slice(0, 139)}…` : event.message;
  queuePush(
    ctx,
    appId,
    'chats',
    { userIds: offline },
    {
      title: event.chat.chat_name,
      body: event.chat.is_group ? `${event.sender.fullname}: ${body}` : body,
      url: `/chats/${event.chat.app_module_id}/${event.chat.chat_type}/${event.chat.id}`,
      tag: `chat-${event.chat.id}`,
    },
  );
}

/** The users with no socket: this node's rooms first, then (several nodes) the others'. */
async function offlineUsers(ctx: Ctx, userIds: number[]): Promise<number[]> {
  const io = ctx.io;
  if (!io) return userIds;
  const rooms = io.of('/').adapter.rooms;
  const notHere = userIds.filter((u) => !rooms.get(`user:${u}`)?.size);
  if (notHere.length === 0 || !ctx.database.pool) return notHere;
  const sockets = await io
    .in(notHere.map((u) => `user:${u}`))
    .timeout(2_000)
    .fetchSockets()
    .catch(() => []);
  const online = new Set(sockets.map((s) => (s.data as { userId?: number }).userId));
  return notHere.filter((u) => !online.has(u));
}

export async function listMessages(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  chatId: number,
  q: { before?: number | undefined; after?: number | undefined; limit: number },
) {
  const { chat } = await memberChat(ctx, scope, moduleId, chatId);
  return pageMessages(ctx.db, chat.id, q, await fileSigner(ctx, scope.user.id));
}

export async function editMessage(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, messageId: number, text: string) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  const sign = await fileSigner(ctx, scope.user.id);
  const found = await findMessage(ctx.db, chat.id, { id: messageId }, sign);
  if (!found) throw notFound();
  // A history line ("X is now the owner") names its subject but is nobody's to change.
  if (found.user.id !== scope.user.id || found.event) throw forbidden();
  await ctx.db
    .update(chatMessages)
    .set({ body: wellFormed(text), editedAt: new Date() })
    .where(eq(chatMessages.id, messageId));
  const message = await findMessage(ctx.db, chat.id, { id: messageId }, sign);
  if (!message) throw notFound();
  const members = await memberIds(ctx.db, chat.id);
  if (message.attachments.length === 0) tellChat(ctx, members, { chat_id: chat.id, app_module_id: mod.id, what: 'edited', message });
  else {
    // File URLs are signed for each reader.
    const signers = await readerSigners(ctx);
    for (const u of members) {
      const mine = { ...message, attachments: attachmentsOf(chat.id, message.attachments, signers(u)) };
      tellChat(ctx, [u], { chat_id: chat.id, app_module_id: mod.id, what: 'edited', message: mine });
    }
  }
  return message;
}

/** Deletes the caller's own messages among these (one, or several selected); others' are refused (403). */
export async function deleteMessages(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, ids: readonly number[]) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  const wanted = [...new Set(ids)];
  const deleted = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: chatMessages.id, userId: chatMessages.userId, event: chatMessages.event })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), inArray(chatMessages.id, wanted)))
      .for('update');
    if (rows.length !== wanted.length) throw notFound();
    if (rows.some((r) => r.userId !== scope.user.id || r.event !== null)) throw forbidden();
    const gone = await tx
      .delete(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), inArray(chatMessages.id, wanted)))
      .returning({ files: chatMessages.files });
    return { ids: wanted, paths: await dropFiles(tx, gone) };
  });
  await removeFiles(ctx, deleted.paths);
  tellChat(ctx, await memberIds(ctx.db, chat.id), { chat_id: chat.id, app_module_id: mod.id, what: 'deleted', ids: deleted.ids });
  return { success: true as const };
}

/** Marks the chat read up to `seq` (never backwards): its bubble goes, the other members see the read mark. */
export async function markRead(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, seq: number) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  const upTo = Math.min(seq, chat.lastSeq);
  const moved = await ctx.db
    .update(chatMembers)
    .set({ lastReadSeq: upTo })
    .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, scope.user.id), sql`${chatMembers.lastReadSeq} < ${upTo}`))
    .returning({ seq: chatMembers.lastReadSeq });
  // Read to the end: nothing unread is left, so the menu's bubble for this chat goes, unless a
  // message of someone else came after the read mark meanwhile (its bubble stays).
  if (upTo >= chat.lastSeq) {
    const unread = sql`exists (select 1 from ${chatMessages} m join ${chatMembers} mm on mm.chat_id = m.chat_id and mm.user_id = ${scope.user.id}
      where m.chat_id = ${chat.id} and m.seq > mm.last_read_seq and m.user_id <> ${scope.user.id})`;
    await clearBubbles(ctx, scope.tenant.id, mod.id, scope.user.id, [chat.id], sql`not ${unread}`);
  }
  if (moved.length > 0) {
    tellChat(ctx, await memberIds(ctx.db, chat.id), {
      chat_id: chat.id,
      app_module_id: mod.id,
      what: 'read',
      user_id: scope.user.id,
      seq: upTo,
    });
  }
  return { success: true as const };
}

/** "… is typing": to the other members' sockets, nothing stored. */
export async function typing(ctx: Ctx, scope: Scope, moduleId: number, chatId: number) {
  const { chat } = await memberChat(ctx, scope, moduleId, chatId);
  const [me] = await ctx.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, scope.user.id));
  const others = (await memberIds(ctx.db, chat.id)).filter((u) => u !== scope.user.id);
  if (!ctx.io || others.length === 0) return;
  ctx.io.to(others.map((u) => `user:${u}`)).emit('chatTyping', {
    chat_id: chat.id,
    user: { id: scope.user.id, fullname: `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim() },
  });
}
