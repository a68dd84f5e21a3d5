import type { ChatChange, ChatDetail, chatInput } from '@app/contract/schemas/chats';
import { CHAT_LIMITS, CHAT_LOGO } from '@app/contract/schemas/chats';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { normaliseImage, UploadFolder } from '../../lib/images.ts';
import { clearBubbles, dropItemBubbles } from '../../platform/bubbles.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { uploads } from '../content/content.table.ts';
import { removeFiles } from '../content/content.uploads.ts';
import { users } from '../users/users.table.ts';
import { fileSigner } from './chats.files.ts';
import { addEventLine, findChat, findChatOf, findMessage, memberIds, membersOf, readMarksOf } from './chats.queries.ts';
import { chatMembers, chatMessages, chats, type MessageFile } from './chats.table.ts';

/** Chats and their members (issue 9); messages are in chats.messages.ts. */

export async function chatsModule(ctx: Ctx, scope: Scope, moduleId: number) {
  return requireModule(ctx, scope, 'chats', moduleId);
}

export const atOf = (scope: Scope, moduleId: number) => ({ appId: scope.tenant.id, moduleId, userId: scope.user.id });

/** Tells these users' screens that a chat changed (their lists and open chat refetch). */
export function tellChat(ctx: Ctx, userIds: readonly number[], change: ChatChange) {
  if (!ctx.io || userIds.length === 0) return;
  ctx.io.to(userIds.map((u) => `user:${u}`)).emit('chatChanged', change);
}

/**
 * Shows a stored line of the chat's history (addEventLine) to its current members: their open chat
 * adds it, and members and owner are read again.
 */
export async function tellEventLine(ctx: Ctx, moduleId: number, chatId: number, lineId: number) {
  // A line has no files: nothing to sign.
  const message = await findMessage(ctx.db, chatId, { id: lineId }, () => '');
  if (message) tellChat(ctx, await memberIds(ctx.db, chatId), { chat_id: chatId, app_module_id: moduleId, what: 'event', message });
}

/**
 * The chat for a call of its member: 404 when it is not in this app and module or the caller was
 * never in it (nobody outside learns of it); `left` lets a caller answer 422 instead.
 */
export async function memberChat(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, opts: { allowLeft?: boolean } = {}) {
  const mod = await chatsModule(ctx, scope, moduleId);
  const found = await findChat(ctx.db, atOf(scope, mod.id), chatId);
  if (!found || found.membership === 'none' || (found.membership === 'left' && !opts.allowLeft)) throw notFound();
  return { mod, chat: found.chat, membership: found.membership };
}

export async function chatDetail(ctx: Ctx, scope: Scope, moduleId: number, chatId: number): Promise<ChatDetail> {
  const chat = await findChatOf(ctx.db, atOf(scope, moduleId), chatId, await fileSigner(ctx, scope.user.id));
  if (!chat) throw notFound();
  const [members, marks] = await Promise.all([membersOf(ctx.db, { id: chat.id, ownerId: chat.owner_id }), readMarksOf(ctx.db, chat.id)]);
  return { ...chat, members, read_marks: marks.filter((m) => m.user_id !== scope.user.id) };
}

/** The other users named, checked to be members of the caller's app (422 on the list otherwise). */
async function otherUsers(ctx: Ctx, scope: Scope, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== scope.user.id);
  if (wanted.length === 0) throw fieldError('user_ids', 'chats.errors.selectUser');
  const found = await ctx.db
    .select({ id: users.id, deletedAt: users.deletedAt })
    .from(users)
    .where(and(eq(users.appId, scope.tenant.id), inArray(users.id, wanted)));
  if (found.length !== wanted.length) throw fieldError('user_ids', 'chats.errors.unknownUser');
  // An erased account is gone: nobody starts a chat with it or adds it to a group.
  if (found.some((u) => u.deletedAt !== null)) throw notFound();
  return wanted;
}

function groupName(raw: string | undefined): string {
  const name = (raw ?? '').trim();
  if (!name) throw fieldError('name', 'chats.errors.nameRequired');
  if (name.length > CHAT_LIMITS.nameMax) throw fieldError('name', 'chats.errors.nameTooLong');
  return name;
}

/**
 * Starts a private chat, or answers the one the two already have (restored from the archive of
 * the one who starts it), or creates a group owned by the caller.
 */
export async function createChat(ctx: Ctx, scope: Scope, moduleId: number, input: z.output<typeof chatInput>): Promise<ChatDetail> {
  const mod = await chatsModule(ctx, scope, moduleId);
  const others = await otherUsers(ctx, scope, input.user_ids);
  const me = scope.user.id;
  let chatId: number;
  if (input.chat_type === 'chat') {
    if (others.length !== 1) throw fieldError('user_ids', 'chats.errors.privateOne');
    const other = others[0] as number;
    const key = `${Math.min(me, other)}:${Math.max(me, other)}`;
    chatId = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(chats)
        .values({ appId: scope.tenant.id, appModuleId: mod.id, isGroup: false, ownerId: me, privateKey: key })
        .onConflictDoNothing()
        .returning({ id: chats.id });
      if (made) {
        await tx.insert(chatMembers).values([me, other].map((userId) => ({ chatId: made.id, userId })));
        return made.id;
      }
      const [existing] = await tx
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.appModuleId, mod.id), eq(chats.privateKey, key)));
      if (!existing) throw new Error('private chat neither inserted nor found');
      await tx
        .update(chatMembers)
        .set({ archivedAt: null })
        .where(and(eq(chatMembers.chatId, existing.id), eq(chatMembers.userId, me)));
      return existing.id;
    });
  } else {
    const name = groupName(input.name);
    chatId = await ctx.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(chats)
        .values({ appId: scope.tenant.id, appModuleId: mod.id, isGroup: true, name, ownerId: me })
        .returning({ id: chats.id });
      if (!made) throw new Error('insert chats returned nothing');
      await tx.insert(chatMembers).values([me, ...others].map((userId) => ({ chatId: made.id, userId })));
      return made.id;
    });
  }
  tellChat(ctx, [me, ...others], { chat_id: chatId, app_module_id: mod.id, what: 'chat' });
  return chatDetail(ctx, scope, mod.id, chatId);
}

/** The group's owner, for the calls only the owner may make. */
async function ownedGroup(ctx: Ctx, scope: Scope, moduleId: number, chatId: number) {
  const found = await memberChat(ctx, scope, moduleId, chatId);
  if (!found.chat.isGroup || found.chat.ownerId !== scope.user.id) throw forbidden();
  return found;
}

export async function renameChat(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, name: string) {
  const { mod, chat } = await ownedGroup(ctx, scope, moduleId, chatId);
  await ctx.db
    .update(chats)
    .set({ name: groupName(name) })
    .where(eq(chats.id, chat.id));
  tellChat(ctx, await memberIds(ctx.db, chat.id), { chat_id: chat.id, app_module_id: mod.id, what: 'chat' });
  return chatDetail(ctx, scope, mod.id, chat.id);
}

/** Group logos: public like avatars, a 512 px WebP each. */
const logos = (ctx: Ctx) => new UploadFolder(ctx.storage, 'chat-logos');
const logoRules = {
  field: CHAT_LOGO.field,
  size: 512,
  maxBytes: CHAT_LIMITS.logoMaxBytes,
  typeError: 'profile.errors.avatarType',
  pixelsError: 'profile.errors.avatarPixels',
  tooLargeError: 'chats.errors.logoTooLarge',
};

/** Sets a group's logo (its owner), deleting the one it replaces; the members' screens refresh. */
export async function saveLogo(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, data: Buffer) {
  const { mod, chat } = await ownedGroup(ctx, scope, moduleId, chatId);
  const image = await normaliseImage(data, logoRules);
  await logos(ctx).replace(image, 'webp', (url) =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.select({ logo: chats.logoUrl }).from(chats).where(eq(chats.id, chat.id)).for('update');
      if (!row) throw notFound();
      await tx.update(chats).set({ logoUrl: url }).where(eq(chats.id, chat.id));
      return { old: row.logo };
    }),
  );
  tellChat(ctx, await memberIds(ctx.db, chat.id), { chat_id: chat.id, app_module_id: mod.id, what: 'chat' });
  return chatDetail(ctx, scope, mod.id, chat.id);
}

/**
 * Inside the transaction that deletes messages (or their chat): deletes the uploads they held and
 * answers the stored files, removed once it has committed.
 */
export async function dropFiles(tx: Db, messages: Array<{ files: MessageFile[] | null }>): Promise<string[]> {
  const ids = messages.flatMap((m) => (m.files ?? []).map((f) => f.id));
  if (ids.length === 0) return [];
  const removed = await tx
    .delete(uploads)
    .where(and(inArray(uploads.id, ids), eq(uploads.held, true)))
    .returning({ path: uploads.path });
  return removed.map((r) => r.path);
}

export async function deleteChat(ctx: Ctx, scope: Scope, moduleId: number, chatId: number) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  if (chat.ownerId !== scope.user.id) throw forbidden();
  const members = await memberIds(ctx.db, chat.id);
  const gone = await ctx.db.transaction(async (tx) => {
    // The chat's row first: a message being stored (it locks the row too) commits before its files are read, or waits and finds no chat.
    const [locked] = await tx.select({ logo: chats.logoUrl }).from(chats).where(eq(chats.id, chat.id)).for('update');
    if (!locked) throw notFound();
    const withFiles = await tx
      .select({ files: chatMessages.files })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chat.id), isNotNull(chatMessages.files)));
    const paths = await dropFiles(tx, withFiles);
    await tx.delete(chats).where(eq(chats.id, chat.id));
    return { paths, logo: locked.logo };
  });
  await removeFiles(ctx, gone.paths);
  await logos(ctx).remove(gone.logo ?? undefined);
  await dropItemBubbles(ctx, scope.tenant.id, mod.id, chat.id);
  tellChat(ctx, members, { chat_id: chat.id, app_module_id: mod.id, what: 'removed' });
  return { success: true as const };
}

export async function setArchived(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, archived: boolean) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  await ctx.db
    .update(chatMembers)
    .set({ archivedAt: archived ? new Date() : null })
    .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, scope.user.id)));
  tellChat(ctx, [scope.user.id], { chat_id: chat.id, app_module_id: mod.id, what: 'chat' });
  return chatDetail(ctx, scope, mod.id, chat.id);
}

/** Adds members to a group (its owner); people who left come back. */
export async function addMembers(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, ids: readonly number[]) {
  const { mod, chat } = await ownedGroup(ctx, scope, moduleId, chatId);
  const others = await otherUsers(ctx, scope, ids);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(chatMembers)
      // The history is there to read, not unread: a (re)joining member starts with what comes next.
      .values(
        others.map((userId) => ({ chatId: chat.id, userId, lastReadSeq: sql`(select last_seq from ${chats} where id = ${chat.id})` })),
      )
      .onConflictDoUpdate({
        target: [chatMembers.chatId, chatMembers.userId],
        set: {
          leftAt: null,
          archivedAt: null,
          lastReadSeq: sql`case when ${chatMembers.leftAt} is null then ${chatMembers.lastReadSeq} else excluded.last_read_seq end`,
          joinedAt: sql`case when ${chatMembers.leftAt} is null then ${chatMembers.joinedAt} else now() end`,
        },
      });
    const [n] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chat.id), isNull(chatMembers.leftAt)));
    if ((n?.n ?? 0) > CHAT_LIMITS.membersMax)
      throw fieldError('user_ids', 'chats.errors.tooManyMembers', { length: CHAT_LIMITS.membersMax });
  });
  tellChat(ctx, await memberIds(ctx.db, chat.id), { chat_id: chat.id, app_module_id: mod.id, what: 'chat' });
  return chatDetail(ctx, scope, mod.id, chat.id);
}

/**
 * Removes a member (the group's owner) or leaves (the member themself). The owner hands the group
 * over first (422); a private chat is archived, not left. The one who goes stops receiving at once:
 * messages reach the current members only, and their screens are told.
 */
export async function removeMember(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, userId: number) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  const self = userId === scope.user.id;
  // Someone who is not in the chat (of this app or not) is not found, whoever asks.
  if (!(await memberIds(ctx.db, chat.id)).includes(userId)) throw notFound();
  if (!chat.isGroup) throw forbidden();
  if (self && chat.ownerId === scope.user.id) throw fieldError('_popup', 'chats.errors.transferFirst');
  if (!self && chat.ownerId !== scope.user.id) throw forbidden();
  const line = await ctx.db.transaction(async (tx) => {
    const gone = await tx
      .update(chatMembers)
      .set({ leftAt: new Date() })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)))
      .returning({ userId: chatMembers.userId });
    if (gone.length === 0) throw notFound();
    return addEventLine(tx, chat.id, userId, self ? 'left' : 'removed');
  });
  await clearBubbles(ctx, scope.tenant.id, mod.id, userId, [chat.id]);
  tellChat(ctx, [userId], { chat_id: chat.id, app_module_id: mod.id, what: 'removed' });
  await tellEventLine(ctx, mod.id, chat.id, line);
  return { success: true as const };
}

export async function transferOwner(ctx: Ctx, scope: Scope, moduleId: number, chatId: number, userId: number) {
  const { mod, chat } = await memberChat(ctx, scope, moduleId, chatId);
  // Someone outside the chat (of this app or not) is refused on the field, whoever asks.
  const members = await memberIds(ctx.db, chat.id);
  if (!members.includes(userId)) throw fieldError('user_id', 'chats.errors.notMember');
  if (!chat.isGroup || chat.ownerId !== scope.user.id) throw forbidden();
  if (userId === scope.user.id) throw fieldError('user_id', 'chats.errors.transferSelf');
  const line = await ctx.db.transaction(async (tx) => {
    await tx.update(chats).set({ ownerId: userId }).where(eq(chats.id, chat.id));
    return addEventLine(tx, chat.id, userId, 'owner');
  });
  await tellEventLine(ctx, mod.id, chat.id, line);
  return chatDetail(ctx, scope, mod.id, chat.id);
}
