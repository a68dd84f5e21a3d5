import { randomBytes } from 'node:crypto';
import type { AccountExport } from '@app/contract/schemas/settings';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { UploadFolder } from '../../lib/images.ts';
import { checkPassword } from '../../lib/passwords.ts';
import type { Scope } from '../../platform/scope.ts';
import { activityPages } from '../activity/activity.service.ts';
import { accessTokens, mailTokens } from '../auth/auth.table.ts';
import { chatMessages } from '../chats/chats.table.ts';
import { commentPages, feedPages } from '../content/content.caches.ts';
import { contentComments, contentFollows, contentPosts } from '../content/content.table.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { pushSubscriptions } from '../push/push.table.ts';
import { directoryChanged, favoritesChanged } from '../users/profiles.caches.ts';
import { userFavorites, userNotes, userProfiles } from '../users/profiles.table.ts';
import { bubbles, users } from '../users/users.table.ts';
import { findPreferences } from './settings.queries.ts';
import { appReports, contactMails, notificationPreferences } from './settings.table.ts';

/** The name content keeps once its author deleted the account. */
export const DELETED_NAME = { firstName: 'Deleted', lastName: 'user' } as const;

/**
 * What account deletion writes over the member's row: every personal column of `users`. A new
 * personal column of `users` is added HERE (and nowhere else), with the value that erases it.
 */
export const ERASED_USER_COLUMNS = {
  ...DELETED_NAME,
  jobTitle: '',
  company: '',
  location: '',
  avatarUrl: null,
  passwordHash: null,
  isAdmin: false,
  isVerified: false,
  emailConfirmedAt: null,
  notificationMode: 'none',
  inappEnabled: false,
} satisfies Partial<typeof users.$inferInsert>;

/**
 * Personal rows deleted with the account: each a table and the condition naming the member. A
 * new table of personal data (per member) is added HERE. Content others read (posts, comments,
 * chat messages) stays, under the anonymised name.
 */
const ERASED_ROWS = (userId: number) =>
  [
    [userProfiles, eq(userProfiles.userId, userId)],
    // Favourites both ways, notes the member wrote and notes others kept about the member.
    [userFavorites, or(eq(userFavorites.userId, userId), eq(userFavorites.favoriteId, userId))],
    [userNotes, or(eq(userNotes.authorId, userId), eq(userNotes.subjectId, userId))],
    [pushSubscriptions, eq(pushSubscriptions.userId, userId)],
    [notificationPreferences, eq(notificationPreferences.userId, userId)],
    [bubbles, eq(bubbles.userId, userId)],
    [mailTokens, eq(mailTokens.userId, userId)],
    [contentFollows, eq(contentFollows.userId, userId)],
    [appReports, eq(appReports.userId, userId)],
    [contactMails, eq(contactMails.userId, userId)],
  ] as const;

/** Each list of the export holds at most this many of the newest items. */
export const EXPORT_LIMIT = 1_000;

const iso = (d: Date | string | null) => (d === null ? '' : new Date(d).toISOString());

/** "Download my data": the member's own data, read in one snapshot. */
export async function exportAccount(ctx: Ctx, scope: Scope): Promise<AccountExport> {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  return ctx.db.transaction(async (tx) => {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)));
    if (!u) throw notFound();
    const [profile] = await tx.select().from(userProfiles).where(eq(userProfiles.userId, userId));
    const prefs = await findPreferences(tx, appId, userId);
    const posts = await tx
      .select({
        id: contentPosts.id,
        title: contentPosts.title,
        text: contentPosts.bodyText,
        at: contentPosts.createdAt,
        m: contentPosts.appModuleId,
      })
      .from(contentPosts)
      .where(and(eq(contentPosts.appId, appId), eq(contentPosts.userId, userId)))
      .orderBy(desc(contentPosts.id))
      .limit(EXPORT_LIMIT);
    const comments = await tx
      .select({ id: contentComments.id, post: contentComments.postId, text: contentComments.body, at: contentComments.createdAt })
      .from(contentComments)
      .where(eq(contentComments.userId, userId))
      .orderBy(desc(contentComments.id))
      .limit(EXPORT_LIMIT);
    const messages = await tx
      .select({ id: chatMessages.id, chat: chatMessages.chatId, text: chatMessages.body, at: chatMessages.createdAt })
      .from(chatMessages)
      .where(eq(chatMessages.userId, userId))
      .orderBy(desc(chatMessages.id))
      .limit(EXPORT_LIMIT);
    const registrations = await tx
      .select({ id: events.id, title: events.title, at: eventRegistrations.createdAt })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(and(eq(eventRegistrations.appId, appId), eq(eventRegistrations.userId, userId)))
      .orderBy(desc(eventRegistrations.createdAt))
      .limit(EXPORT_LIMIT);
    const favorites = await tx
      .select({ id: userFavorites.favoriteId, at: userFavorites.createdAt })
      .from(userFavorites)
      .where(eq(userFavorites.userId, userId))
      .limit(EXPORT_LIMIT);
    const notes = await tx
      .select({ id: userNotes.subjectId, text: userNotes.text, at: userNotes.updatedAt })
      .from(userNotes)
      .where(eq(userNotes.authorId, userId))
      .limit(EXPORT_LIMIT);
    const toggles = (channel: 'inapp' | 'push') => {
      const out = { chats: true, discussions: true, news: true, events: true, admin: true, blog: true };
      for (const p of prefs) out[p.category] = p[channel];
      return out;
    };
    const { userId: _u, appId: _a, ...profileData } = profile ?? { userId: 0, appId: 0 };
    return {
      exported_at: new Date().toISOString(),
      app: { key: scope.tenant.key, name: scope.tenant.name },
      account: {
        id: u.id,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        job_title: u.jobTitle,
        company: u.company,
        location: u.location,
        avatar_url: u.avatarUrl,
        created_at: iso(u.createdAt),
      },
      profile: profile ? (profileData as Record<string, unknown>) : null,
      notification_preferences: { inapp: toggles('inapp'), push: toggles('push') },
      posts: posts.map((p) => ({ id: p.id, title: p.title, text: p.text, created_at: iso(p.at), app_module_id: p.m })),
      comments: comments.map((c) => ({ id: c.id, post_id: c.post, text: c.text, created_at: iso(c.at) })),
      chat_messages: messages.map((m) => ({ id: m.id, chat_id: m.chat, text: m.text, created_at: iso(m.at) })),
      event_registrations: registrations.map((r) => ({ event_id: r.id, title: r.title, created_at: iso(r.at) })),
      favorites: favorites.map((f) => ({ user_id: f.id, created_at: iso(f.at) })),
      notes: notes.map((n) => ({ user_id: n.id, text: n.text, updated_at: iso(n.at) })),
      limit_per_list: EXPORT_LIMIT,
    };
  });
}

/** An address no one can own (`.invalid`), unique per account, so the real one may sign up again. */
const erasedEmail = (userId: number) => `deleted-${userId}-${randomBytes(6).toString('hex')}@deleted.invalid`;

/**
 * Deletes the account: with the right password, in one transaction, the personal columns are
 * overwritten (ERASED_USER_COLUMNS), the e-mail replaced, every personal row deleted
 * (ERASED_ROWS) and every session revoked. Posts, comments and messages stay under "Deleted user".
 * Then the cached tokens, sockets, pictures and pages that showed the member go.
 */
export async function deleteAccount(ctx: Ctx, scope: Scope, password: string) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const [current] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!current) throw notFound();
  if (!(await checkPassword(current.hash, password))) throw fieldError('password', 'settings.errors.passwordIncorrect');
  const { revoked, fans, pictures } = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: users.avatarUrl })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)))
      .for('update');
    if (!row) throw notFound();
    const [profile] = await tx.select({ photo: userProfiles.photoUrl }).from(userProfiles).where(eq(userProfiles.userId, userId));
    // Members who kept the member among their favourites: their cached sets go too.
    const fans = await tx.select({ id: userFavorites.userId }).from(userFavorites).where(eq(userFavorites.favoriteId, userId));
    await eraseRows(tx, userId);
    await tx
      .update(users)
      .set({ ...ERASED_USER_COLUMNS, email: erasedEmail(userId) })
      .where(and(eq(users.appId, appId), eq(users.id, userId)));
    const hashes = await tx
      .update(accessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
      .returning({ hash: accessTokens.tokenHash });
    return {
      revoked: hashes.map((h) => h.hash),
      fans: fans.map((f) => f.id),
      pictures: { avatar: row.avatar, photo: profile?.photo ?? null },
    };
  });
  for (const h of revoked) ctx.tokens.drop(h);
  ctx.io?.in(`user:${userId}`).disconnectSockets(true);
  await new UploadFolder(ctx.config.dataDir, 'avatars').remove(pictures.avatar).catch(() => undefined);
  await new UploadFolder(ctx.config.dataDir, 'photos').remove(pictures.photo).catch(() => undefined);
  // Pages that showed the name or picture, on every node.
  ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${appId}:` });
  ctx.bus.publish({ t: 'cache', name: feedPages.name, prefix: '' });
  ctx.bus.publish({ t: 'cache', name: commentPages.name, prefix: '' });
  directoryChanged(ctx, appId);
  for (const fan of [userId, ...fans]) favoritesChanged(ctx, appId, fan);
  return { success: true as const };
}

async function eraseRows(db: Db, userId: number) {
  for (const [table, where] of ERASED_ROWS(userId)) await db.delete(table).where(where);
}
