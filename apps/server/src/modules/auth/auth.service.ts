import type { Locale } from '@app/contract/constants';
import type { RegisterBody, SessionAnswer } from '@app/contract/schemas/auth';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, HttpError, RetryLater } from '../../lib/errors.ts';
import { actionMail } from '../../lib/mail.ts';
import { checkPassword, hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordJoinedOnce } from '../activity/activity.service.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from '../users/users.queries.ts';
import {
  consumeMailToken,
  countMailTokensSince,
  findTokenUser,
  insertAccessToken,
  insertMailToken,
  isBlocked,
  isMailTokenLive,
  revokeAccessToken,
  revokeUserTokens,
  updateUserLocale,
  voidMailTokens,
} from './auth.queries.ts';
import type { PendingSignup } from './auth.table.ts';

const SESSION_DAYS = 365;
const MAIL_TOKEN_HOURS = { confirm: 72, reset: 1, invite: 24 * 14 } as const;

interface CachedToken {
  userId: number;
  appId: number;
  expiresAt: number;
  at: number;
  /** The member's stored language (null: never sent). */
  locale: string | null;
}

/** Who a live token belongs to, and the member's stored language. */
export interface TokenUser {
  userId: number;
  appId: number;
  tokenHash: string;
  locale: string | null;
}

/** Live tokens whose hash is kept, at most (a full map starts over: no LRU bookkeeping per request). */
const MAX_HASHES = 20_000;

/**
 * Token look-ups are on every authenticated call, so live tokens are cached; a revoked or deleted
 * token is dropped on every node at once (the database announces it on the cache bus), and
 * `ttlMs` is only a safety net.
 */
export class TokenCache {
  private map = new Map<string, CachedToken>();
  /**
   * The SHA-256 of raw tokens that resolved to a live session, so the hot path does not hash on
   * every request (a third of our own per-request CPU). Only the hash is cached, never the answer:
   * every look-up still goes through `map`, which a revocation empties on every node.
   */
  private hashes = new Map<string, { hash: string; at: number }>();
  /** Counts drops: a look-up that a drop overtook is answered but not cached. */
  private drops = 0;
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** The token's hash: cached for tokens that resolved to a session within `ttlMs`, else computed. */
  private hashOf(token: string, now: number): string {
    const hit = this.hashes.get(token);
    if (hit && now - hit.at < this.ttlMs) return hit.hash;
    return hashToken(token);
  }

  private rememberHash(token: string, hash: string, now: number): void {
    if (this.hashes.size >= MAX_HASHES) this.hashes.clear();
    this.hashes.set(token, { hash, at: now });
  }

  /** The cached answer for a live token, without waiting; undefined when it must be looked up. */
  peek(token: string): TokenUser | undefined {
    const now = Date.now();
    const tokenHash = this.hashOf(token, now);
    const hit = this.map.get(tokenHash);
    if (hit && now - hit.at < this.ttlMs && hit.expiresAt > now)
      return { userId: hit.userId, appId: hit.appId, tokenHash, locale: hit.locale };
    return undefined;
  }

  async resolve(token: string): Promise<TokenUser | undefined> {
    const now = Date.now();
    const tokenHash = this.hashOf(token, now);
    const hit = this.map.get(tokenHash);
    if (hit && now - hit.at < this.ttlMs && hit.expiresAt > now)
      return { userId: hit.userId, appId: hit.appId, tokenHash, locale: hit.locale };
    const drops = this.drops;
    const row = await findTokenUser(this.db, tokenHash);
    if (!row) {
      this.map.delete(tokenHash);
      this.hashes.delete(token);
      return undefined;
    }
    const found = { userId: row.userId, appId: row.appId, tokenHash, locale: row.locale };
    if (drops !== this.drops) return found;
    // Only a token that named a live session gets its hash kept: made-up tokens cannot fill the map.
    this.rememberHash(token, tokenHash, now);
    if (this.map.size > 50_000) this.map.clear();
    this.map.set(tokenHash, { userId: row.userId, appId: row.appId, expiresAt: row.expiresAt.getTime(), at: now, locale: row.locale });
    return found;
  }

  /**
   * Stores the language the member's client sent when it is not the stored one (pushes are written
   * in it): one write when it changes, not one per request; the cached entry takes it at once.
   */
  rememberLocale(found: TokenUser, locale: string, onError: (err: unknown) => void): void {
    if (found.locale === locale) return;
    const hit = this.map.get(found.tokenHash);
    if (hit) hit.locale = locale;
    void updateUserLocale(this.db, found.userId, locale).catch(onError);
  }

  drop(tokenHash: string): void {
    this.map.delete(tokenHash);
    this.drops++;
  }

  clear(): void {
    this.map.clear();
    this.hashes.clear();
    this.drops++;
  }
}

export interface MailContext {
  locale: Locale;
  /** Base url for links in mail (PUBLIC_URL or the request's origin). */
  baseUrl: string;
}

export async function createSession(db: Db, user: UserRow): Promise<SessionAnswer> {
  const token = newToken();
  await insertAccessToken(db, user.id, hashToken(token), new Date(Date.now() + SESSION_DAYS * 86_400_000));
  return { access_token: token, user_id: user.id };
}

/** Mails of one kind a recipient gets at most per hour (sign-up and reset links): no mail bombing. */
const MAILS_PER_RECIPIENT_HOUR = 3;

/** Whether this recipient already got its hourly share of links of this kind (counted in the database: every node agrees). */
async function recipientLimited(db: Db, userId: number, kind: 'confirm' | 'reset'): Promise<boolean> {
  // A link expires MAIL_TOKEN_HOURS after it was sent: those expiring later than that minus an hour were sent in the last hour.
  const since = new Date(Date.now() + (MAIL_TOKEN_HOURS[kind] - 1) * 3_600_000);
  return (await countMailTokensSince(db, userId, kind, since)) >= MAILS_PER_RECIPIENT_HOUR;
}

async function sendActionMail(
  ctx: Ctx,
  tenant: AppRow,
  user: UserRow,
  kind: 'confirm' | 'reset' | 'invite',
  m: MailContext,
  pending?: PendingSignup,
) {
  const token = newToken();
  await insertMailToken(ctx.db, {
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + MAIL_TOKEN_HOURS[kind] * 3_600_000),
    ...(pending ? { pending } : {}),
  });
  const page = { confirm: 'confirmEmail', reset: 'resetPassword', invite: 'confirmInvite' }[kind];
  const link = `${m.baseUrl}/login/${page}?token=${encodeURIComponent(token)}&app=${encodeURIComponent(tenant.key)}`;
  // A sign-up's name is whatever the sender typed: the confirmation greets the address instead, so
  // nobody can put words into a mail sent to someone else. Confirmed accounts' names are their owners'.
  const name = kind === 'confirm' || !user.emailConfirmedAt ? user.email : `${user.firstName} ${user.lastName}`.trim() || user.email;
  await ctx.mailer.send({
    to: user.email,
    ...actionMail(kind, { locale: m.locale, app: tenant.name, name, link, color: tenant.mainColor }),
  });
}

/**
 * Failed sign-ins slow the guesser down without locking the owner out: per address and account,
 * each failure after the third doubles the wait before the next try (up to 15 minutes); per
 * account from any address, only past 20 failures and up to a minute, so a crowd of addresses can
 * slow an account a little but never lock it. A successful password reset clears the account.
 */
const FREE_TRIES = { address: 3, account: 20 };
const MAX_WAIT_MS = { address: 15 * 60_000, account: 60_000 };
const FORGET_AFTER_MS = 60 * 60_000;

interface Failures {
  count: number;
  last: number;
}
type FailureLog = Map<string, { account: Failures; byAddress: Map<string, Failures> }>;
/** Per server instance (its context), so two apps in one process (tests) never share counts. */
const failureLogs = new WeakMap<Ctx, FailureLog>();
function failuresOf(ctx: Ctx): FailureLog {
  let log = failureLogs.get(ctx);
  if (!log) {
    log = new Map();
    failureLogs.set(ctx, log);
  }
  return log;
}

const waitMs = (f: Failures | undefined, free: number, max: number) =>
  f && f.count >= free ? Math.max(0, f.last + Math.min(max, 1000 * 2 ** (f.count - free)) - Date.now()) : 0;

function checkSignInDelay(ctx: Ctx, key: string, address: string) {
  const failedLogins = failuresOf(ctx);
  const entry = failedLogins.get(key);
  if (!entry) return;
  if (Date.now() - entry.account.last > FORGET_AFTER_MS) {
    failedLogins.delete(key);
    return;
  }
  const wait = Math.max(
    waitMs(entry.byAddress.get(address), FREE_TRIES.address, MAX_WAIT_MS.address),
    waitMs(entry.account, FREE_TRIES.account, MAX_WAIT_MS.account),
  );
  if (wait > 0) throw new RetryLater(wait);
}

function countFailure(ctx: Ctx, key: string, address: string) {
  const failedLogins = failuresOf(ctx);
  const now = Date.now();
  if (failedLogins.size > 100_000) failedLogins.clear();
  const entry = failedLogins.get(key) ?? { account: { count: 0, last: now }, byAddress: new Map<string, Failures>() };
  entry.account = { count: entry.account.count + 1, last: now };
  if (entry.byAddress.size > 1_000) entry.byAddress.clear();
  const mine = entry.byAddress.get(address);
  entry.byAddress.set(address, { count: (mine?.count ?? 0) + 1, last: now });
  failedLogins.set(key, entry);
}

function clearFailures(ctx: Ctx, key: string, address?: string) {
  const failedLogins = failuresOf(ctx);
  if (address === undefined) failedLogins.delete(key);
  else failedLogins.get(key)?.byAddress.delete(address);
}

const limitKey = (tenant: AppRow, email: string) => `${tenant.id}:${email.toLowerCase()}`;

export async function checkEmail(ctx: Ctx, tenant: AppRow, email: string) {
  const user = await findUserByEmail(ctx.db, tenant.id, email);
  return { registered: Boolean(user?.passwordHash) };
}

export async function login(ctx: Ctx, tenant: AppRow, email: string, password: string, address: string): Promise<SessionAnswer> {
  const key = limitKey(tenant, email);
  checkSignInDelay(ctx, key, address);
  const user = await findUserByEmail(ctx.db, tenant.id, email);
  const ok = await checkPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    countFailure(ctx, key, address);
    throw fieldError('password', 'auth.errors.wrongCredentials');
  }
  clearFailures(ctx, key, address);
  if (user.blockedAt) throw fieldError('_popup', 'auth.errors.blocked');
  if (!user.emailConfirmedAt) throw fieldError('_popup', 'auth.errors.unconfirmed');
  return createSession(ctx.db, user);
}

/**
 * The console's sign-in: which of one address's accounts (in any app, at most a few) take this
 * password, with the same slowing down of guessers as the app's sign-in, counted for the address
 * across apps. No account costs the same time as a wrong password.
 */
export async function matchingAccounts(
  ctx: Ctx,
  candidates: UserRow[],
  email: string,
  password: string,
  address: string,
): Promise<UserRow[]> {
  const key = `console:${email.toLowerCase()}`;
  checkSignInDelay(ctx, key, address);
  const matched: UserRow[] = [];
  if (!candidates.length) await checkPassword(null, password);
  for (const u of candidates) if (await checkPassword(u.passwordHash ?? null, password)) matched.push(u);
  if (!matched.length) {
    countFailure(ctx, key, address);
    throw fieldError('password', 'auth.errors.wrongCredentials');
  }
  clearFailures(ctx, key, address);
  return matched;
}

export async function register(ctx: Ctx, tenant: AppRow, body: RegisterBody, m: MailContext) {
  if (tenant.signupMode !== 'open') throw fieldError('_popup', 'auth.errors.signupClosed');
  const existing = await findUserByEmail(ctx.db, tenant.id, body.email);
  // A confirmed account is taken; an unconfirmed one may sign up again to get a new link.
  if (existing?.passwordHash && existing.emailConfirmedAt) throw fieldError('email', 'auth.errors.alreadyRegistered');
  const answer = { email: existing?.email ?? body.email, confirmation_required: true as const };
  // Past its hourly share the address gets no more mail; the answer stays the same (no enumeration).
  if (existing && (await recipientLimited(ctx.db, existing.id, 'confirm'))) return answer;
  const passwordHash = await hashPassword(body.password);
  const pending: PendingSignup = { passwordHash, firstName: body.first_name, lastName: body.last_name };
  const user = await ctx.db.transaction(async (tx) => {
    if (!existing) {
      // A new account: whoever confirms the link sent to the address gets it with this password.
      const u = await insertUser(tx, {
        appId: tenant.id,
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
      });
      if (!u) throw new HttpError(409, 'common.errors.generic');
      return u;
    }
    // An unconfirmed account signed up again (perhaps by someone else): nothing changes until a link
    // is used, older links die, and the password and name come with the newest link only.
    await voidMailTokens(tx, existing.id, ['confirm']);
    const u = await updateUser(tx, tenant.id, existing.id, { passwordHash: null });
    if (!u) throw new HttpError(409, 'common.errors.generic');
    return u;
  });
  await sendActionMail(ctx, tenant, user, 'confirm', m, pending);
  return answer;
}

export async function confirmEmail(ctx: Ctx, tenant: AppRow, token: string): Promise<SessionAnswer> {
  return ctx.db
    .transaction(async (tx) => {
      const used = await consumeMailToken(tx, 'confirm', hashToken(token), tenant.id);
      if (!used) throw fieldError('_popup', 'auth.errors.linkExpired');
      const p = used.pending;
      if (await isBlocked(tx, used.userId)) throw fieldError('_popup', 'auth.errors.blocked');
      const user = await updateUser(tx, tenant.id, used.userId, {
        emailConfirmedAt: new Date(),
        ...(p ? { passwordHash: p.passwordHash, firstName: p.firstName, lastName: p.lastName } : {}),
      });
      if (!user) throw fieldError('_popup', 'auth.errors.linkExpired');
      await voidMailTokens(tx, user.id, ['confirm']);
      return { session: await createSession(tx, user), user };
    })
    .then(async ({ session, user }) => {
      await recordJoinedOnce(ctx, user);
      return session;
    });
}

export async function forgotPassword(ctx: Ctx, tenant: AppRow, email: string, m: MailContext) {
  const user = await findUserByEmail(ctx.db, tenant.id, email);
  // Same answer whether or not the address is known, blocked, or past its hourly share of mails: no enumeration.
  if (user && !user.blockedAt && !(await recipientLimited(ctx.db, user.id, 'reset'))) await sendActionMail(ctx, tenant, user, 'reset', m);
  return { success: true as const };
}

/** Sets a new password from a reset or invite link; every older session is revoked. */
async function setPasswordWithToken(ctx: Ctx, tenant: AppRow, kind: 'reset' | 'invite', token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const { user, revoked } = await ctx.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, kind, hashToken(token), tenant.id);
    if (!used) throw fieldError('_popup', 'auth.errors.linkExpired');
    // A link sent before the organisers blocked the account opens nothing.
    if (await isBlocked(tx, used.userId)) throw fieldError('_popup', 'auth.errors.blocked');
    const u = await updateUser(tx, tenant.id, used.userId, { passwordHash, emailConfirmedAt: new Date() });
    if (!u) throw fieldError('_popup', 'auth.errors.linkExpired');
    // A new password voids every other link of the account (an older reset link, a pending sign-up).
    await voidMailTokens(tx, u.id, ['confirm', 'reset', 'invite']);
    return { user: u, revoked: await revokeUserTokens(tx, u.id) };
  });
  for (const h of revoked) ctx.tokens.drop(h);
  // The owner proved control of the address: whatever slowed their sign-ins is lifted.
  clearFailures(ctx, limitKey(tenant, user.email));
  ctx.io?.in(`user:${user.id}`).disconnectSockets(true);
  return user;
}

export async function resetPassword(ctx: Ctx, tenant: AppRow, token: string, password: string) {
  await setPasswordWithToken(ctx, tenant, 'reset', token, password);
  return { success: true as const };
}

export async function confirmInvite(ctx: Ctx, tenant: AppRow, token: string, password: string): Promise<SessionAnswer> {
  const user = await setPasswordWithToken(ctx, tenant, 'invite', token, password);
  await recordJoinedOnce(ctx, user);
  return createSession(ctx.db, user);
}

/** Sends an existing account the invitation mail with a new link (the console's invitations). */
export async function sendInvitation(ctx: Ctx, tenant: AppRow, user: UserRow, m: MailContext): Promise<void> {
  await sendActionMail(ctx, tenant, user, 'invite', m);
}

/** Invites an e-mail to the app (used by the seed and the admin side). */
export async function invite(ctx: Ctx, tenant: AppRow, email: string, m: MailContext) {
  const user = (await findUserByEmail(ctx.db, tenant.id, email)) ?? (await insertUser(ctx.db, { appId: tenant.id, email }));
  await sendActionMail(ctx, tenant, user, 'invite', m);
  return user;
}

/** Whether a reset or invitation link can still be used, so the page shows its form or the error at once. */
export async function checkMailToken(ctx: Ctx, tenant: AppRow, kind: 'reset' | 'invite', token: string) {
  if (!(await isMailTokenLive(ctx.db, kind, hashToken(token), tenant.id))) throw fieldError('_popup', 'auth.errors.linkExpired');
  return { valid: true as const };
}

export async function logout(ctx: Ctx, tokenHash: string) {
  await revokeAccessToken(ctx.db, tokenHash);
  ctx.tokens.drop(tokenHash);
  // Sockets opened with this token stop receiving events.
  ctx.io?.in(`token:${tokenHash}`).disconnectSockets(true);
  return { success: true as const };
}
