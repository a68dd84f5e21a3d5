import type { Locale } from '@app/contract/constants';
import {
  type ImportPreview,
  type ImportResult,
  INVITES_PER_DAY,
  type InviteBody,
  MEMBER_IMPORT,
  type MemberProfile,
  type MemberRow,
  type MembersQuery,
  type RolesBody,
} from '@app/contract/schemas/console-members';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, isUniqueViolation, notFound, ValidationError } from '../../../lib/errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { defineCache } from '../../../platform/caches.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import { voidMailTokens } from '../../auth/auth.queries.ts';
import { type MailContext, sendInvitation } from '../../auth/auth.service.ts';
import { eraseAccount } from '../../settings/settings.account.ts';
import { directoryChanged } from '../../users/profiles.caches.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from '../../users/users.queries.ts';
import { audit } from '../console.audit.ts';
import { blockAccount } from '../console.block.ts';
import { type ConsoleActor, forgetActor } from '../console.policy.ts';
import { consoleAudit } from '../console.table.ts';
import { type ParsedImport, parseImport, type RawImportError } from './members.import.ts';
import { kickInviteMailer } from './members.mails.ts';
import * as q from './members.queries.ts';

const E = 'console-members.errors';
/** Invitation mails one address gets at most per hour from resends. */
const INVITES_PER_HOUR = 3;
/** Hours an invitation link lives (auth.service's MAIL_TOKEN_HOURS.invite). */
const INVITE_HOURS = 24 * 14;

/**
 * The list's totals by app and filters: counting 10,000 rows costs more than a page, and the list is
 * paged back and forth. The console's own writes drop an app's totals on every node at once; others'
 * (a sign-up, a confirmation) show in the total within the time to live (the rows are always read live).
 */
const memberTotals = defineCache('console-member-totals', () => new TtlCache<number>(15_000, 5_000));
/**
 * Pages of the list, for a few seconds: an organiser's screen (and a console left open by several)
 * asks for the same first pages again and again, and PGlite answers about one query a millisecond.
 * The console's own changes drop them on every node at once; changes made elsewhere (a sign-up, a
 * profile edit) show within `PAGE_TTL_MS`.
 */
const PAGE_TTL_MS = 5_000;
const memberPages = defineCache('console-member-pages', () => new TtlCache<MemberRow[]>(PAGE_TTL_MS, 2_000));

/** After a write of the console about an app's members: its cached totals and pages go, on every node. */
function dropTotals(ctx: Ctx, appId: number) {
  ctx.bus.publish({ t: 'cache', name: memberTotals.name, prefix: `${appId}:` });
  ctx.bus.publish({ t: 'cache', name: memberPages.name, prefix: `${appId}:` });
}

export async function listMembers(ctx: Ctx, app: AppRow, query: MembersQuery): Promise<{ rows: MemberRow[]; total: number }> {
  const key = `${app.id}:${query.role ?? ''}:${query.status ?? ''}:${q.prefixQuery(query.q ?? '')}`;
  const cache = ctx.caches.get(memberTotals);
  let total = cache.get(key);
  if (total === undefined) {
    const epoch = cache.epoch;
    total = await q.countMembers(ctx.db, app.id, query);
    cache.setIfUnchanged(key, total, epoch);
  }
  // A page past the end is empty without asking the database.
  if ((query.page - 1) * query['per-page'] >= total) return { rows: [], total };
  const pages = ctx.caches.get(memberPages);
  const pageKey = `${key}:${query.page}:${query['per-page']}`;
  let rows = pages.get(pageKey);
  if (rows === undefined) {
    const epoch = pages.epoch;
    rows = await q.pageMembers(ctx.db, app.id, query);
    pages.setIfUnchanged(pageKey, rows, epoch);
  }
  return { rows, total };
}

export async function getMember(ctx: Ctx, app: AppRow, userId: number): Promise<MemberProfile> {
  const row = await q.findMemberRow(ctx.db, app.id, userId);
  if (!row) throw notFound();
  const f = await q.memberFacts(ctx.db, app.id, userId);
  if (!f) throw notFound();
  return {
    ...row,
    location: f.location,
    is_verified: f.isVerified,
    counts: {
      registrations: Number(f.registrations),
      posts: Number(f.posts),
      comments: Number(f.comments),
      reports: Number(f.profileReports) + Number(f.contentReports),
      sessions: Number(f.sessions),
    },
    invitation: row.status === 'invited' && f.inviteExpires ? { expires_at: new Date(f.inviteExpires).toISOString() } : null,
  };
}

async function rowOf(ctx: Ctx, app: AppRow, userId: number): Promise<MemberRow> {
  const row = await q.findMemberRow(ctx.db, app.id, userId);
  if (!row) throw notFound();
  return row;
}

/** Sends an invitation mail; a mail server failing is logged, the organiser can resend (never a 5xx). */
async function mailInvitation(ctx: Ctx, app: AppRow, user: UserRow, m: MailContext): Promise<boolean> {
  try {
    await sendInvitation(ctx, app, user, m);
    return true;
  } catch (err) {
    ctx.log.warn({ err, user: user.id }, 'console: invitation mail failed');
    return false;
  }
}

/** Invites one address: a new account without password, and the existing invitation mail. */
/**
 * Takes `count` of the app's daily invitations (INVITES_PER_DAY, counted from the audit log's
 * invitations and imports of the last 24 hours, so every node agrees), inside the caller's
 * transaction with the app's row locked (two imports at once cannot both take the rest), or refuses.
 */
async function takeInvitations(tx: Db, appId: number, count: number): Promise<void> {
  await tx.execute(sql`select id from apps where id = ${appId} for update`);
  const [row] = await tx
    .select({
      used: sql<number>`coalesce(sum(case when ${consoleAudit.action} = 'member.import' then coalesce((${consoleAudit.after}->>'created')::int, 0) else 1 end), 0)::int`,
    })
    .from(consoleAudit)
    .where(
      and(
        eq(consoleAudit.appId, appId),
        inArray(consoleAudit.action, ['member.invite', 'member.import']),
        gt(consoleAudit.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  const left = Math.max(0, INVITES_PER_DAY - Number(row?.used ?? 0));
  if (count > left) throw fieldError('_popup', `${E}.dailyInvites`, { max: INVITES_PER_DAY, left });
}

export async function inviteMember(ctx: Ctx, actor: ConsoleActor, app: AppRow, body: InviteBody, m: MailContext): Promise<MemberRow> {
  const user = await ctx.db
    .transaction(async (tx) => {
      if (await findUserByEmail(tx, app.id, body.email)) throw fieldError('email', `${E}.alreadyMember`);
      await takeInvitations(tx, app.id, 1);
      const u = await insertUser(tx, { appId: app.id, email: body.email, firstName: body.first_name, lastName: body.last_name });
      await audit(tx, actor, {
        appId: app.id,
        action: 'member.invite',
        targetType: 'user',
        targetId: u.id,
        after: { email: u.email, firstName: u.firstName, lastName: u.lastName },
      });
      return u;
    })
    .catch((err: unknown) => {
      // Two invitations of one address at once: the second finds it taken.
      if (isUniqueViolation(err)) throw fieldError('email', `${E}.alreadyMember`);
      throw err;
    });
  await mailInvitation(ctx, app, user, m);
  dropTotals(ctx, app.id);
  return rowOf(ctx, app, user.id);
}

/** A member whose invitation is still pending, locked in `tx`; else 404 (gone) or 422 (already joined). */
async function pendingInvite(tx: Parameters<typeof q.lockMember>[0], app: AppRow, userId: number) {
  const u = await q.lockMember(tx, app.id, userId);
  if (!u) throw notFound();
  if (u.passwordHash || u.emailConfirmedAt || u.blockedAt) throw fieldError('_popup', `${E}.notInvited`);
  return u;
}

export async function resendInvite(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number, m: MailContext) {
  const user = await ctx.db.transaction(async (tx) => {
    const u = await pendingInvite(tx, app, userId);
    // Links of the last hour: a link expires INVITE_HOURS after it was sent.
    const since = new Date(Date.now() + (INVITE_HOURS - 1) * 3_600_000);
    if ((await q.invitesSentSince(tx, u.id, since)) >= INVITES_PER_HOUR) throw fieldError('_popup', `${E}.tooManyMails`);
    await voidMailTokens(tx, u.id, ['invite']);
    await audit(tx, actor, { appId: app.id, action: 'member.invite.resend', targetType: 'user', targetId: u.id });
    return u;
  });
  if (!(await mailInvitation(ctx, app, user, m))) throw fieldError('_popup', `${E}.mailFailed`);
  return { success: true as const };
}

/**
 * Revokes a pending invitation: the account that never joined goes with its links and queued mail
 * (its row deleted in the transaction of the audit entry), so the address may be invited again.
 */
export async function revokeInvite(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number) {
  await ctx.db.transaction(async (tx) => {
    const u = await pendingInvite(tx, app, userId);
    await audit(tx, actor, {
      appId: app.id,
      action: 'member.invite.revoke',
      targetType: 'user',
      targetId: u.id,
      before: { email: u.email },
    });
    await q.deleteAccountRow(tx, app.id, u.id);
  });
  dropTotals(ctx, app.id);
  return { success: true as const };
}

/** Only an operator changes what an operator's account is or may do. */
function guardTarget(actor: ConsoleActor, target: UserRow) {
  if (target.isOperator && !actor.isOperator) throw fieldError('_popup', `${E}.operatorProtected`);
}

export async function setRoles(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number, body: RolesBody): Promise<MemberRow> {
  await ctx.db.transaction(async (tx) => {
    const owners = await q.lockOwners(tx, app.id);
    const u = await q.lockMember(tx, app.id, userId);
    if (!u) throw notFound();
    guardTarget(actor, u);
    // An owner cannot leave their app without an owner (an operator can: they reach every app).
    if (u.isAdmin && !body.owner && !actor.isOperator && owners.length <= 1) throw fieldError('owner', `${E}.lastOwner`);
    if (u.isAdmin === body.owner && u.isModerator === body.moderator) return;
    await updateUser(tx, app.id, u.id, { isAdmin: body.owner, isModerator: body.moderator });
    await audit(tx, actor, {
      appId: app.id,
      action: 'member.roles',
      targetType: 'user',
      targetId: u.id,
      before: { owner: u.isAdmin, moderator: u.isModerator },
      after: { owner: body.owner, moderator: body.moderator },
    });
  });
  forgetActor(ctx, userId);
  dropTotals(ctx, app.id);
  return rowOf(ctx, app, userId);
}

/**
 * Blocks a member: `blocked_at` set and every session revoked in one transaction; then the token
 * caches of every node drop them (the database trigger announces the revoked hashes; this node's at
 * once) and their sockets on every node are disconnected (the Socket.IO adapter carries it).
 */
export async function blockMember(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number): Promise<MemberRow> {
  if (userId === actor.userId) throw fieldError('_popup', `${E}.notYourself`);
  const after = await ctx.db.transaction(async (tx) => {
    const u = await q.lockMember(tx, app.id, userId);
    if (!u) throw notFound();
    guardTarget(actor, u);
    const blocked = await blockAccount(tx, app.id, u.id);
    if (!blocked) return undefined;
    await q.dropInviteMailsOf(tx, u.id);
    await audit(tx, actor, { appId: app.id, action: 'member.block', targetType: 'user', targetId: u.id });
    return blocked;
  });
  after?.(ctx);
  dropTotals(ctx, app.id);
  return rowOf(ctx, app, userId);
}

export async function unblockMember(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number): Promise<MemberRow> {
  await ctx.db.transaction(async (tx) => {
    const u = await q.lockMember(tx, app.id, userId);
    if (!u) throw notFound();
    guardTarget(actor, u);
    if (!u.blockedAt) return;
    await updateUser(tx, app.id, u.id, { blockedAt: null });
    await audit(tx, actor, { appId: app.id, action: 'member.unblock', targetType: 'user', targetId: u.id });
  });
  forgetActor(ctx, userId);
  directoryChanged(ctx, app.id);
  dropTotals(ctx, app.id);
  return rowOf(ctx, app, userId);
}

/**
 * Deletes the account through the member's own erasure path (settings.account.ts), which runs its
 * own transaction; the audit entry is written once the erasure committed.
 */
export async function deleteMember(ctx: Ctx, actor: ConsoleActor, app: AppRow, userId: number) {
  if (userId === actor.userId) throw fieldError('_popup', `${E}.notYourself`);
  const u = await q.lockMember(ctx.db, app.id, userId);
  if (!u) throw notFound();
  guardTarget(actor, u);
  await eraseAccount(ctx, app.id, userId);
  await audit(ctx.db, actor, {
    appId: app.id,
    action: 'member.delete',
    targetType: 'user',
    targetId: u.id,
    before: { email: u.email, name: `${u.firstName} ${u.lastName}`.trim() },
  });
  dropTotals(ctx, app.id);
  return { success: true as const };
}

/** The import's errors as 422 fields `line.<n>.<column>`, the first one a popup naming how many. */
function importFailure(errors: RawImportError[]) {
  return new ValidationError([
    { field: '_popup', message: `${E}.csv.hasErrors`, vars: { count: errors.length } },
    ...errors.map((e) => ({
      field: `line.${e.line}${e.column ? `.${e.column}` : ''}`,
      message: e.key,
      ...(e.vars ? { vars: e.vars } : {}),
    })),
  ]);
}

async function checkFile(ctx: Ctx, app: AppRow, data: Buffer) {
  const parsed: ParsedImport = parseImport(data);
  const existing = await q.existingEmails(
    ctx.db,
    app.id,
    parsed.rows.map((r) => r.email),
  );
  const fresh = parsed.rows.filter((r) => !existing.has(r.email));
  return { parsed, fresh, already: parsed.rows.length - fresh.length };
}

/** What an import of this file would do; nothing is written. */
export async function previewImport(ctx: Ctx, app: AppRow, data: Buffer, locale: Locale): Promise<ImportPreview> {
  const { parsed, fresh, already } = await checkFile(ctx, app, data);
  return {
    to_create: fresh.length,
    already_members: already,
    errors: parsed.errors.map((e) => ({ line: e.line, column: e.column, message: translate(locale, e.key, e.vars) })),
    errors_truncated: parsed.errors.length >= MEMBER_IMPORT.maxErrors,
    rows: fresh.slice(0, MEMBER_IMPORT.previewRows).map((r) => ({
      line: r.line,
      email: r.email,
      first_name: r.firstName,
      last_name: r.lastName,
      company: r.company,
      job_title: r.jobTitle,
    })),
  };
}

/**
 * Imports a file without errors in one transaction: the new accounts (invited, no password) and
 * their queued invitation mails, sent after the commit by the background mailer. Addresses that
 * already have an account are left as they are. A file with errors imports nothing (422).
 */
export async function importMembers(ctx: Ctx, actor: ConsoleActor, app: AppRow, data: Buffer, m: MailContext): Promise<ImportResult> {
  const { parsed, fresh, already } = await checkFile(ctx, app, data);
  if (parsed.errors.length) throw importFailure(parsed.errors);
  const ids = await ctx.db.transaction(async (tx) => {
    await takeInvitations(tx, app.id, fresh.length);
    const made = await q.insertInvited(tx, app.id, fresh);
    await q.queueInviteMails(tx, app.id, made, m.locale, m.baseUrl);
    await audit(tx, actor, {
      appId: app.id,
      action: 'member.import',
      targetType: 'app',
      targetId: app.id,
      after: { created: made.length, alreadyMembers: already + (fresh.length - made.length) },
    });
    return made;
  });
  kickInviteMailer(ctx);
  dropTotals(ctx, app.id);
  return { created: ids.length, already_members: already + (fresh.length - ids.length), mails_queued: ids.length };
}
