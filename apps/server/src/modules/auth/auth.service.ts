import type { Locale } from '@app/contract/constants';
import type { RegisterBody, SessionAnswer } from '@app/contract/schemas/auth';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { actionMail } from '../../lib/mail.ts';
import { checkPassword, hashPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AppRow } from '../apps/apps.queries.ts';
import { findUserByEmail, insertUser, type UserRow, updateUser } from '../users/users.queries.ts';
import {
  consumeMailToken,
  findTokenUser,
  insertAccessToken,
  insertMailToken,
  revokeAccessToken,
  revokeUserTokens,
} from './auth.queries.ts';

const SESSION_DAYS = 365;
const MAIL_TOKEN_HOURS = { confirm: 72, reset: 1, invite: 24 * 14 } as const;

interface CachedToken {
  userId: number;
  appId: number;
  expiresAt: number;
  at: number;
}

/**
 * Token look-ups are on every authenticated call, so live tokens are cached; a revoked or deleted
 * token is dropped on every node at once (the database announces it on the cache bus), and
 * `ttlMs` is only a safety net.
 */
export class TokenCache {
  private map = new Map<string, CachedToken>();
  /** Counts drops: a look-up that a drop overtook is answered but not cached. */
  private drops = 0;
  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** The cached answer for a live token, without waiting; undefined when it must be looked up. */
  peek(token: string): { userId: number; appId: number; tokenHash: string } | undefined {
    const tokenHash = hashToken(token);
    const hit = this.map.get(tokenHash);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs && hit.expiresAt > now) return { userId: hit.userId, appId: hit.appId, tokenHash };
    return undefined;
  }

  async resolve(token: string): Promise<{ userId: number; appId: number; tokenHash: string } | undefined> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const hit = this.map.get(tokenHash);
    if (hit && now - hit.at < this.ttlMs && hit.expiresAt > now) return { ...hit, tokenHash };
    const drops = this.drops;
    const row = await findTokenUser(this.db, tokenHash);
    if (!row) {
      this.map.delete(tokenHash);
      return undefined;
    }
    if (drops !== this.drops) return { userId: row.userId, appId: row.appId, tokenHash };
    if (this.map.size > 50_000) this.map.clear();
    this.map.set(tokenHash, { userId: row.userId, appId: row.appId, expiresAt: row.expiresAt.getTime(), at: now });
    return { userId: row.userId, appId: row.appId, tokenHash };
  }

  drop(tokenHash: string): void {
    this.map.delete(tokenHash);
    this.drops++;
  }

  clear(): void {
    this.map.clear();
    this.drops++;
  }
}

export interface MailContext {
  locale: Locale;
  /** Base url for links in mail (PUBLIC_URL or the request's origin). */
  baseUrl: string;
}

async function createSession(db: Db, user: UserRow): Promise<SessionAnswer> {
  const token = newToken();
  await insertAccessToken(db, user.id, hashToken(token), new Date(Date.now() + SESSION_DAYS * 86_400_000));
  return { access_token: token, user_id: user.id };
}

async function sendActionMail(ctx: Ctx, app: AppRow, user: UserRow, kind: 'confirm' | 'reset' | 'invite', m: MailContext) {
  const token = newToken();
  await insertMailToken(ctx.db, {
    userId: user.id,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + MAIL_TOKEN_HOURS[kind] * 3_600_000),
  });
  const page = { confirm: 'confirmEmail', reset: 'resetPassword', invite: 'confirmInvite' }[kind];
  const link = `${m.baseUrl}/login/${page}?token=${encodeURIComponent(token)}&app=${encodeURIComponent(app.key)}`;
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  await ctx.mailer.send({
    to: user.email,
    ...actionMail(kind, { locale: m.locale, app: app.name, name, link, color: app.mainColor }),
  });
}

const FAILED_LOGINS_MAX = 10;
const FAILED_LOGINS_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins per app and e-mail: guessing one account's password is limited whatever the address. */
const failedLogins = new Map<string, { count: number; until: number }>();

function checkAccountLimit(key: string) {
  const entry = failedLogins.get(key);
  if (entry && entry.until > Date.now() && entry.count >= FAILED_LOGINS_MAX) throw new HttpError(429, 'common.errors.tooMany');
}

function countFailure(key: string) {
  const now = Date.now();
  const entry = failedLogins.get(key);
  if (failedLogins.size > 100_000) failedLogins.clear();
  if (!entry || entry.until < now) failedLogins.set(key, { count: 1, until: now + FAILED_LOGINS_WINDOW_MS });
  else entry.count++;
}

export async function checkEmail(ctx: Ctx, app: AppRow, email: string) {
  const user = await findUserByEmail(ctx.db, app.id, email);
  return { registered: Boolean(user?.passwordHash) };
}

export async function login(ctx: Ctx, app: AppRow, email: string, password: string): Promise<SessionAnswer> {
  const limitKey = `${app.id}:${email}`;
  checkAccountLimit(limitKey);
  const user = await findUserByEmail(ctx.db, app.id, email);
  const ok = await checkPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    countFailure(limitKey);
    throw fieldError('password', 'auth.errors.wrongCredentials');
  }
  failedLogins.delete(limitKey);
  if (!user.emailConfirmedAt) throw fieldError('_popup', 'auth.errors.unconfirmed');
  return createSession(ctx.db, user);
}

export async function register(ctx: Ctx, app: AppRow, body: RegisterBody, m: MailContext) {
  if (app.signupMode !== 'open') throw fieldError('_popup', 'auth.errors.signupClosed');
  const existing = await findUserByEmail(ctx.db, app.id, body.email);
  // A confirmed account is taken; an unconfirmed one may sign up again to get a new link.
  if (existing?.passwordHash && existing.emailConfirmedAt) throw fieldError('email', 'auth.errors.alreadyRegistered');
  const passwordHash = await hashPassword(body.password);
  const values = { firstName: body.first_name, lastName: body.last_name, passwordHash };
  const user = await ctx.db.transaction(async (tx) => {
    const u = existing
      ? await updateUser(tx, app.id, existing.id, values)
      : await insertUser(tx, { appId: app.id, email: body.email, ...values });
    if (!u) throw new HttpError(409, 'common.errors.generic');
    return u;
  });
  await sendActionMail(ctx, app, user, 'confirm', m);
  return { email: user.email, confirmation_required: true };
}

export async function confirmEmail(ctx: Ctx, app: AppRow, token: string): Promise<SessionAnswer> {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, 'confirm', hashToken(token), app.id);
    if (!used) throw fieldError('_popup', 'auth.errors.linkExpired');
    const user = await updateUser(tx, app.id, used.userId, { emailConfirmedAt: new Date() });
    if (!user) throw fieldError('_popup', 'auth.errors.linkExpired');
    return createSession(tx, user);
  });
}

export async function forgotPassword(ctx: Ctx, app: AppRow, email: string, m: MailContext) {
  const user = await findUserByEmail(ctx.db, app.id, email);
  // Same answer whether or not the address is known: no account enumeration.
  if (user) await sendActionMail(ctx, app, user, 'reset', m);
  return { success: true as const };
}

/** Sets a new password from a reset or invite link; every older session is revoked. */
async function setPasswordWithToken(ctx: Ctx, app: AppRow, kind: 'reset' | 'invite', token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const { user, revoked } = await ctx.db.transaction(async (tx) => {
    const used = await consumeMailToken(tx, kind, hashToken(token), app.id);
    if (!used) throw fieldError('_popup', 'auth.errors.linkExpired');
    const u = await updateUser(tx, app.id, used.userId, { passwordHash, emailConfirmedAt: new Date() });
    if (!u) throw fieldError('_popup', 'auth.errors.linkExpired');
    return { user: u, revoked: await revokeUserTokens(tx, u.id) };
  });
  for (const h of revoked) ctx.tokens.drop(h);
  ctx.io?.in(`user:${user.id}`).disconnectSockets(true);
  return user;
}

export async function resetPassword(ctx: Ctx, app: AppRow, token: string, password: string) {
  await setPasswordWithToken(ctx, app, 'reset', token, password);
  return { success: true as const };
}

export async function confirmInvite(ctx: Ctx, app: AppRow, token: string, password: string): Promise<SessionAnswer> {
  const user = await setPasswordWithToken(ctx, app, 'invite', token, password);
  return createSession(ctx.db, user);
}

/** Invites an e-mail to the app (used by the seed and the admin side). */
export async function invite(ctx: Ctx, app: AppRow, email: string, m: MailContext) {
  const user = (await findUserByEmail(ctx.db, app.id, email)) ?? (await insertUser(ctx.db, { appId: app.id, email }));
  await sendActionMail(ctx, app, user, 'invite', m);
  return user;
}

export async function logout(ctx: Ctx, tokenHash: string) {
  await revokeAccessToken(ctx.db, tokenHash);
  ctx.tokens.drop(tokenHash);
  // Sockets opened with this token stop receiving events.
  ctx.io?.in(`token:${tokenHash}`).disconnectSockets(true);
  return { success: true as const };
}
