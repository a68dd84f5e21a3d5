import { randomBytes } from 'node:crypto';
import type { Locale } from '@app/contract/constants';
import type { AccountExport } from '@app/contract/schemas/settings';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { fieldError, HttpError, notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { checkPassword } from '../../lib/passwords.ts';
import { escAttr as esc } from '../../lib/text.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { eraseMemberRows } from '../../platform/member-data.ts';
import type { AfterErase } from '../../platform/module.ts';
import type { Scope } from '../../platform/scope.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { accessTokens, mailTokens } from '../auth/auth.table.ts';
import { chatMessages } from '../chats/chats.table.ts';
import { contentComments, contentPosts } from '../content/content.table.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { accountErasers, memberColumns } from '../index.ts';
import { userFavorites, userNotes, userProfiles } from '../users/profiles.table.ts';
import { users } from '../users/users.table.ts';
import { findPreferences } from './settings.queries.ts';

/**
 * What account deletion writes over the member's row: every personal column of `users`. A new
 * personal column of `users` is added HERE (and nowhere else), with the value that erases it. The
 * name is emptied and `deleted_at` set: readers see "Deleted user" in their own language.
 */
export const ERASED_USER_COLUMNS = {
  firstName: '',
  lastName: '',
  locale: null,
  jobTitle: '',
  company: '',
  location: '',
  avatarUrl: null,
  passwordHash: null,
  isAdmin: false,
  isModerator: false,
  isOperator: false,
  blockedAt: null,
  isVerified: false,
  emailConfirmedAt: null,
  notificationMode: 'none',
  inappEnabled: false,
  lastSeenAt: null,
} satisfies Partial<typeof users.$inferInsert>;

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
 * Deletes the account with the right password (eraseAccount). Posts, comments and messages stay
 * under "Deleted user". Then the cached tokens, sockets, pictures and pages that showed the member go.
 */
export async function deleteAccount(ctx: Ctx, scope: Scope, password: string) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const [current] = await ctx.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!current) throw notFound();
  // An account without a password confirms by mail (deletionMail); no password ever matches here.
  if (!(await checkPassword(current.hash, password))) throw fieldError('password', 'settings.errors.passwordIncorrect');
  return eraseAccount(ctx, appId, userId);
}

/** Minutes a deletion link lives; links a member may ask for per hour. */
export const DELETION_LINK = { minutes: 60, perHour: 3 } as const;

/**
 * "Delete Account" for an account without a password (social sign-in only): mails a one-time link
 * to the account's address (only its hash is stored; a new one voids the older); following it
 * deletes the account (confirmDeletion). A stolen access token alone cannot delete the account,
 * and the owner learns of the attempt from the mail. At most three an hour.
 */
export async function deletionMail(ctx: Ctx, scope: Scope, moduleId: number, baseUrl: string) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const [u] = await ctx.db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)));
  if (!u) throw notFound();
  if (u.hash) throw fieldError('_popup', 'settings.errors.usePassword');
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    // Serialises a member's requests (the row lock), so the hourly count holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const sent = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(mailTokens)
      .where(
        and(
          eq(mailTokens.userId, userId),
          eq(mailTokens.kind, 'delete'),
          gt(mailTokens.expiresAt, new Date(Date.now() + (DELETION_LINK.minutes - 60) * 60_000)),
        ),
      );
    if ((sent[0]?.n ?? 0) >= DELETION_LINK.perHour) throw fieldError('_popup', 'settings.errors.tooManyLinks');
    await tx
      .update(mailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(mailTokens.userId, userId), eq(mailTokens.kind, 'delete'), isNull(mailTokens.usedAt)));
    await tx.insert(mailTokens).values({
      userId,
      kind: 'delete',
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + DELETION_LINK.minutes * 60_000),
    });
  });
  const link = `${baseUrl}/settings/${moduleId}?delete_token=${encodeURIComponent(token)}`;
  try {
    await ctx.mailer.send({ to: u.email, ...deletionMailText(scope.locale, scope.tenant, link) });
  } catch (err) {
    const e = (err ?? {}) as { code?: unknown };
    ctx.log.warn({ code: typeof e.code === 'string' ? e.code : undefined, app: appId }, 'settings: deletion mail failed');
    throw new HttpError(503, 'settings.errors.mailFailed');
  }
  return { success: true as const, email: u.email };
}

/** The deletion mail; the greeting and signature are the contact mails' (settings.mail). */
function deletionMailText(locale: Locale, app: AppRow, link: string) {
  const t = (k: string) =>
    translate(locale, k.includes('.') ? `settings.${k}` : `settings.deletionMail.${k}`, { app: app.name, minutes: DELETION_LINK.minutes });
  const subject = t('subject');
  const text = [t('mail.greeting'), '', t('body'), '', `${t('action')}: ${link}`, '', t('notYou'), '', t('mail.signature')].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${esc(t('mail.greeting'))}</p><p>${esc(t('body'))}</p>
<p><a href="${esc(link)}" style="display:inline-block;padding:10px 18px;border-radius:6px;color:#fff;background:#b42318;text-decoration:none">${esc(t('action'))}</a></p>
<p>${esc(t('notYou'))}</p><p>${esc(t('mail.signature'))}</p></body></html>`;
  return { subject, text, html, link, fromName: app.name };
}

/**
 * The deletion link was followed: the account it was sent for (in this app, else 404) is erased,
 * the link used up in the same transaction. A used link answers 410 "already used", an expired one
 * 410 "expired".
 */
export async function confirmDeletion(ctx: Ctx, tenant: AppRow, token: string) {
  const [link] = await ctx.db
    .select({ id: mailTokens.id, userId: mailTokens.userId, usedAt: mailTokens.usedAt, expiresAt: mailTokens.expiresAt })
    .from(mailTokens)
    .innerJoin(users, eq(users.id, mailTokens.userId))
    .where(and(eq(mailTokens.tokenHash, hashToken(token)), eq(mailTokens.kind, 'delete'), eq(users.appId, tenant.id)));
  if (!link) throw notFound();
  if (link.usedAt) throw new HttpError(410, 'settings.errors.linkUsed');
  if (link.expiresAt.getTime() <= Date.now()) throw new HttpError(410, 'settings.errors.linkExpired');
  return eraseAccount(ctx, tenant.id, link.userId, link.id);
}

/**
 * Erases an account in one transaction (`linkId`, a deletion link, used up in it): each module's
 * onAccountErased, then the rows every module's `memberData` declares 'erase' deleted and 'void'
 * columns emptied (nothing here names a module's table), the personal columns of `users`
 * overwritten (ERASED_USER_COLUMNS), the e-mail replaced and every session revoked. Then the cached
 * tokens, sockets, pictures and pages that showed the member go, and the modules' after-commit work runs.
 */
export async function eraseAccount(ctx: Ctx, appId: number, userId: number, linkId?: number) {
  const { revoked, after } = await ctx.db.transaction(async (tx) => {
    if (linkId !== undefined) {
      const used = await tx
        .update(mailTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(mailTokens.id, linkId), isNull(mailTokens.usedAt)))
        .returning({ id: mailTokens.id });
      // Followed twice at once: the second finds it used.
      if (used.length === 0) throw new HttpError(410, 'settings.errors.linkUsed');
    }
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)))
      .for('update');
    if (!row) throw notFound();
    // Each module's own step (its manifest's onAccountErased), while the member's rows are all there.
    const after: AfterErase[] = [];
    for (const erase of accountErasers()) {
      const then = await erase(tx, { appId, userId });
      if (then) after.push(then);
    }
    // Every module's declared member columns (its manifest's memberData): 'erase' rows deleted, 'void' columns emptied.
    await eraseMemberRows(tx, memberColumns(), userId);
    await tx
      .update(users)
      .set({ ...ERASED_USER_COLUMNS, email: erasedEmail(userId), deletedAt: new Date() })
      .where(and(eq(users.appId, appId), eq(users.id, userId)));
    const hashes = await tx
      .update(accessTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(accessTokens.userId, userId), isNull(accessTokens.revokedAt)))
      .returning({ hash: accessTokens.tokenHash });
    return {
      revoked: hashes.map((h) => h.hash),
      after,
    };
  });
  for (const h of revoked) ctx.tokens.drop(h);
  ctx.io?.in(`user:${userId}`).disconnectSockets(true);
  // Each module's work after the commit (pictures' files, caches on every node, notices to others).
  for (const then of after) {
    await then(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'settings: work of a module after an account deletion failed'));
  }
  return { success: true as const };
}
