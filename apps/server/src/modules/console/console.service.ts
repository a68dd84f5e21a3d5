import type { ConsoleAppRef, ConsoleLoginBody, ConsoleMe } from '@app/contract/schemas/console';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { apps } from '../apps/apps.table.ts';
import { createSession, matchingAccounts } from '../auth/auth.service.ts';
import { users } from '../users/users.table.ts';
import { type ConsoleActor, roleOf } from './console.policy.ts';

/** Accounts of one address that hold a console role: the console's sign-in tries at most these many. */
const MAX_CANDIDATES = 5;

/**
 * Signs in to the console with an account's e-mail and password. Only accounts holding a console
 * role count (an attendee gets the same answer as a wrong password); when the address has such
 * accounts in several apps with this password, its operator account wins, else `app` (a key) chooses
 * and without it field `app` asks for it.
 */
export async function consoleLogin(ctx: Ctx, body: ConsoleLoginBody, address: string) {
  const candidates = await ctx.db
    .select({ user: users, appKey: apps.key })
    .from(users)
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(
      and(
        sql`lower(${users.email}) = ${body.email}`,
        isNull(users.deletedAt),
        isNull(users.blockedAt),
        or(eq(users.isOperator, true), eq(users.isAdmin, true), eq(users.isModerator, true)),
        body.app ? eq(apps.key, body.app) : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(MAX_CANDIDATES);
  const matched = await matchingAccounts(
    ctx,
    candidates.map((c) => c.user),
    body.email,
    body.password,
    address,
  );
  // An operator account opens every app: it wins; several owner accounts of one address ask which app.
  const operator = matched.find((u) => u.isOperator);
  if (!operator && matched.length > 1) throw fieldError('app', 'console-api.errors.chooseApp');
  const user = operator ?? matched[0];
  if (!user) throw fieldError('password', 'auth.errors.wrongCredentials');
  if (!user.emailConfirmedAt) throw fieldError('_popup', 'auth.errors.unconfirmed');
  return createSession(ctx.db, user);
}

/** Who is signed in, and every app they may open with their role there. */
export async function consoleMe(ctx: Ctx, actor: ConsoleActor): Promise<ConsoleMe> {
  const role = roleOf(actor);
  const rows = await ctx.db
    .select({ id: apps.id, key: apps.key, name: apps.name, isPublished: apps.isPublished, isLocked: apps.isLocked })
    .from(apps)
    .where(actor.isOperator ? undefined : eq(apps.id, actor.appId))
    .orderBy(asc(apps.name), asc(apps.id));
  const list: ConsoleAppRef[] = rows.map((a) => ({
    id: a.id,
    key: a.key,
    name: a.name,
    is_published: a.isPublished,
    is_locked: a.isLocked,
    role: actor.isOperator ? 'operator' : (role ?? 'moderator'),
  }));
  return { user_id: actor.userId, email: actor.email, name: actor.name, is_operator: actor.isOperator, app_id: actor.appId, apps: list };
}
