import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AfterErase, ErasedMember } from '../../platform/module.ts';
import { addEventLine } from './chats.queries.ts';
import { tellEventLine } from './chats.service.ts';
import { chatMembers, chats } from './chats.table.ts';

/**
 * Chats' step of an account deletion (the manifest's onAccountErased), in the deletion's
 * transaction: the member leaves every chat they are in (their messages stay, under "Deleted
 * user"); a group they owned passes to its longest-standing member. Both are lines of the chats'
 * history ("… left", "… is now the owner"), shown to the members after the commit.
 */
export async function eraseChatMember(tx: Db, member: ErasedMember): Promise<AfterErase | undefined> {
  const mine = await tx
    .select({ id: chats.id, moduleId: chats.appModuleId, isGroup: chats.isGroup, ownerId: chats.ownerId })
    .from(chatMembers)
    .innerJoin(chats, eq(chats.id, chatMembers.chatId))
    .where(and(eq(chatMembers.userId, member.userId), isNull(chatMembers.leftAt), eq(chats.appId, member.appId)))
    // The chats' row locks, in one order: a message or a transfer at the same moment waits.
    .orderBy(asc(chats.id))
    .for('update', { of: chats });
  const lines: Array<{ moduleId: number; chatId: number; lineId: number }> = [];
  for (const chat of mine) {
    await tx
      .update(chatMembers)
      .set({ leftAt: new Date() })
      .where(and(eq(chatMembers.chatId, chat.id), eq(chatMembers.userId, member.userId)));
    lines.push({ moduleId: chat.moduleId, chatId: chat.id, lineId: await addEventLine(tx, chat.id, member.userId, 'left') });
    if (!chat.isGroup || chat.ownerId !== member.userId) continue;
    const [heir] = await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chat.id), isNull(chatMembers.leftAt), ne(chatMembers.userId, member.userId)))
      .orderBy(asc(chatMembers.joinedAt), asc(chatMembers.userId))
      .limit(1);
    // Nobody left in the group: it stays without an owner, seen by nobody.
    if (!heir) continue;
    await tx.update(chats).set({ ownerId: heir.userId }).where(eq(chats.id, chat.id));
    lines.push({ moduleId: chat.moduleId, chatId: chat.id, lineId: await addEventLine(tx, chat.id, heir.userId, 'owner') });
  }
  if (lines.length === 0) return undefined;
  return async (ctx) => {
    for (const l of lines) await tellEventLine(ctx, l.moduleId, l.chatId, l.lineId);
  };
}
