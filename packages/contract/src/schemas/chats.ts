import { z } from 'zod';
/**
 * Chats (issue 9): private chats between two members and groups, under `/chats/:app_module_id/…`
 * of a chats module of the caller's app. Messages are stored before they are acknowledged, carry
 * the sender's `client_id` (sending twice stores once) and a per-chat `seq` that orders them:
 * a client that reconnects asks for `after=<last seq it has>` (docs/decisions.md "Chats").
 * New messages and changes reach the members' sockets (ServerToClientEvents below).
 */
import { CHAT_LIMITS } from '../chat-constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { appModuleParam, moduleId, okBody, pageQuery } from './common.ts';
import { attachment, author } from './content.ts';

export { CHAT_LIMITS, CHAT_LOGO, CHAT_UPLOAD } from '../chat-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const seq = z.coerce.number().int().min(0).max(2_147_483_647);

export const chatParams = z.object({ app_module_id: moduleId, id }).strict();
export const chatMemberParams = z.object({ app_module_id: moduleId, id, user_id: id }).strict();
export const messageParams = z.object({ app_module_id: moduleId, id, message_id: id }).strict();

export const chatType = z.enum(['chat', 'group']);
export type ChatType = z.infer<typeof chatType>;

/**
 * A line the chat shows instead of a message (stored with the chat, every member sees it): the
 * message's `user` left, was removed, or is now the group's owner. Shown in the reader's language.
 */
export const chatEvent = z.enum(['left', 'removed', 'owner']);
export type ChatEvent = z.infer<typeof chatEvent>;

export const chatMessage = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  /** Order within the chat (gaps where messages were deleted). */
  seq: z.number().int(),
  /** The sender's id of this message, as sent. */
  client_id: z.string(),
  /** Empty when the message is only files. */
  text: z.string(),
  attachments: z.array(attachment),
  user: author,
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** Set on a line of the chat's history (chatEvent), null on a message. */
  event: chatEvent.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatMember = author.extend({ is_owner: z.boolean(), job_title: z.string() });
export type ChatMember = z.infer<typeof chatMember>;

export const chat = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  chat_type: chatType,
  /** The group's name, or the other member's name in a private chat. */
  name: z.string(),
  /** The group's logo, or the other member's avatar in a private chat. */
  logo: z.string().nullable(),
  owner_id: z.number().int().nullable(),
  members_count: z.number().int(),
  archived: z.boolean(),
  last_message: chatMessage.nullable(),
  /** Messages of others after the reader's read mark. */
  unread_count: z.number().int(),
  /** The reader's read mark (a seq). */
  last_read_seq: z.number().int(),
  /** Newest activity: last message, else creation. Lists are ordered by it. */
  updated_at: z.string(),
  permissions: z.object({
    edit: z.boolean(),
    manage_members: z.boolean(),
    transfer: z.boolean(),
    leave: z.boolean(),
    delete: z.boolean(),
  }),
});
export type Chat = z.infer<typeof chat>;

/** A chat with its members (the chat screen's header and member list). */
export const chatDetail = chat.extend({
  members: z.array(chatMember),
  /** Read marks of the other members: who has read up to where. */
  read_marks: z.array(z.object({ user_id: z.number().int(), seq: z.number().int() })),
});
export type ChatDetail = z.infer<typeof chatDetail>;

const groupName = z
  .string()
  .trim()
  .min(1, { error: 'chats.errors.nameRequired' })
  .max(CHAT_LIMITS.nameMax, { error: 'chats.errors.nameTooLong' });

export const chatInput = z
  .object({
    chat_type: chatType,
    /** The other members (a private chat: exactly one). */
    user_ids: z
      .array(id)
      .min(1, { error: 'chats.errors.selectUser' })
      .max(CHAT_LIMITS.membersMax, { error: 'chats.errors.tooManyMembers' }),
    /** Required for a group. */
    name: z.string().optional(),
  })
  .strict();
export type ChatInput = z.input<typeof chatInput>;

export const chatUpdate = z.object({ name: groupName }).strict();
export const membersInput = z
  .object({ user_ids: z.array(id).min(1, { error: 'chats.errors.selectUser' }).max(CHAT_LIMITS.membersMax) })
  .strict();
export const ownerInput = z.object({ user_id: id }).strict();
export const archiveInput = z.object({ archived: z.boolean() }).strict();
export const readInput = z.object({ seq }).strict();

const messageText = z
  .string()
  .trim()
  .min(1, { error: 'chats.errors.messageBlank' })
  .max(CHAT_LIMITS.messageMax, { error: 'chats.errors.messageTooLong' });

const messageFields = z.object({
  /** The sender's id for this message (a UUID): a retry with the same id is stored once. */
  client_id: z.string().trim().min(1).max(CHAT_LIMITS.clientIdMax),
  /** May be empty when the message carries files. */
  text: z.string().trim().max(CHAT_LIMITS.messageMax, { error: 'chats.errors.messageTooLong' }).default(''),
  /** Uploads of the sender (CHAT_UPLOAD), not yet in another message or post. */
  attachment_ids: z.array(id).max(CHAT_LIMITS.attachmentsMax, { error: 'chats.errors.tooManyFiles' }).default([]),
});

/** A message needs text or at least one file. */
const notBlank = (m: { text: string; attachment_ids: number[] }) => m.text.length > 0 || m.attachment_ids.length > 0;
const blank = { error: 'chats.errors.messageBlank', path: ['text'] };

export const messageInput = messageFields.strict().refine(notBlank, blank);
export type MessageInput = z.input<typeof messageInput>;

export const messageEdit = z.object({ text: messageText }).strict();
export const messagesDelete = z.object({ ids: z.array(id).min(1).max(CHAT_LIMITS.deleteMax) }).strict();

export const chatListQuery = pageQuery
  .extend({
    archived: z.enum(['0', '1']).default('0'),
    search: z.string().trim().max(100).optional(),
  })
  .strict();

export const messageListQuery = z
  .object({
    /** Older history: messages before this seq (newest first up to `limit`, answered oldest first). */
    before: seq.optional(),
    /** Catching up: messages after this seq, oldest first. */
    after: seq.optional(),
    limit: z.coerce.number().int().min(1).max(CHAT_LIMITS.pageMax).default(CHAT_LIMITS.pageDefault),
  })
  .strict();

export const userSearchQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() }).strict();
export const chatUser = author.extend({ job_title: z.string() });

/** Socket events of chats: what a client sends (validated with these schemas) and what it receives. */
export const chatSend = messageFields.extend({ app_module_id: moduleId, chat_id: id }).strict().refine(notBlank, blank);
export type ChatSend = z.input<typeof chatSend>;
export const chatTypingInput = z.object({ app_module_id: moduleId, chat_id: id }).strict();

/** The answer of `chatSend`'s acknowledgement: the stored message, or why not (translated). */
export type ChatSendAck = { ok: true; message: ChatMessage } | { ok: false; status: number; message: string };

/** A new message as every member receives it (spec 1 §3 Chat message event). */
export const chatMessageEvent = z.object({
  id: z.number().int(),
  message: z.string(),
  chat: z.object({
    id: z.number().int(),
    app_module_id: z.number().int(),
    is_group: z.boolean(),
    chat_type: chatType,
    /** As the recipients see it: the group's name, or the sender's in a private chat. */
    chat_name: z.string(),
    logo: z.string().nullable(),
  }),
  sender: z.object({ id: z.number().int(), fullname: z.string(), avatar: z.string().nullable() }),
  item: chatMessage,
});
export type ChatMessageEvent = z.infer<typeof chatMessageEvent>;

export type ChatChange =
  | { chat_id: number; app_module_id: number; what: 'edited'; message: ChatMessage }
  | { chat_id: number; app_module_id: number; what: 'deleted'; ids: number[] }
  | { chat_id: number; app_module_id: number; what: 'read'; user_id: number; seq: number }
  /** A line of the chat's history (someone left, was removed, is the new owner): members and owner changed too. */
  | { chat_id: number; app_module_id: number; what: 'event'; message: ChatMessage }
  /** Name, members or owner changed; `removed`: the reader is no longer in it (or it is gone). */
  | { chat_id: number; app_module_id: number; what: 'chat' | 'removed' };

declare module '../realtime.ts' {
  interface ClientToServerEvents {
    chatSend: (payload: ChatSend, ack: (answer: ChatSendAck) => void) => void;
    chatTyping: (payload: z.input<typeof chatTypingInput>) => void;
  }
  interface ServerToClientEvents {
    chatMessage: (payload: ChatMessageEvent) => void;
    chatChanged: (payload: ChatChange) => void;
    chatTyping: (payload: { chat_id: number; user: { id: number; fullname: string } }) => void;
  }
}

const tag = 'chats';

export const chatsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/chats/:app_module_id/chats',
    params: appModuleParam,
    query: chatListQuery,
    response: z.array(chat),
    tag,
    summary: "The reader's chats, newest activity first (archived=1: the archived ones)",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats',
    params: appModuleParam,
    body: chatInput,
    response: chatDetail,
    tag,
    summary: 'Start a private chat (answers the existing one with that member) or create a group',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/chats/:app_module_id/chats/:id',
    params: chatParams,
    response: chatDetail,
    tag,
    summary: 'One chat with its members and read marks',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/chats/:app_module_id/chats/:id',
    params: chatParams,
    body: chatUpdate,
    response: chatDetail,
    tag,
    summary: 'Rename a group (its owner)',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/chats/:app_module_id/chats/:id',
    params: chatParams,
    response: okBody,
    tag,
    summary: 'Delete a chat and its history for everybody (its owner)',
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/archive',
    params: chatParams,
    body: archiveInput,
    response: chatDetail,
    tag,
    summary: 'Archive or restore a chat for the reader',
  }),
  addMembers: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/members',
    params: chatParams,
    body: membersInput,
    response: chatDetail,
    tag,
    summary: 'Add members to a group (its owner)',
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/chats/:app_module_id/chats/:id/members/:user_id',
    params: chatMemberParams,
    response: okBody,
    tag,
    summary: 'Remove a member (the owner), or leave (yourself; an owner transfers first)',
  }),
  transfer: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/owner',
    params: chatParams,
    body: ownerInput,
    response: chatDetail,
    tag,
    summary: 'Make another member the owner (the owner)',
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/chats/:app_module_id/chats/:id/messages',
    params: chatParams,
    query: messageListQuery,
    response: z.array(chatMessage),
    tag,
    summary: 'Messages oldest first: the newest page, older ones (before=seq) or the ones missed (after=seq)',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/messages',
    params: chatParams,
    body: messageInput,
    response: chatMessage,
    tag,
    summary: 'Send a message (stored once per client_id; also the chatSend socket event)',
  }),
  edit: defineEndpoint({
    method: 'PUT',
    path: '/chats/:app_module_id/chats/:id/messages/:message_id',
    params: messageParams,
    body: messageEdit,
    response: chatMessage,
    tag,
    summary: 'Edit your message',
  }),
  deleteMessages: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/messages/delete',
    params: chatParams,
    body: messagesDelete,
    response: okBody,
    tag,
    summary: 'Delete your messages (one or several selected)',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/chats/:app_module_id/chats/:id/read',
    params: chatParams,
    body: readInput,
    response: okBody,
    tag,
    summary: 'Mark the chat read up to seq (clears its bubble, tells the members)',
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/chats/:app_module_id/users',
    params: appModuleParam,
    query: userSearchQuery,
    response: z.array(chatUser),
    tag,
    summary: 'Members of the app one can start a chat with (search by name)',
  }),
};
