import { randomBytes } from 'node:crypto';
import { and, asc, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { apps } from '../apps/apps.table.ts';
import { users } from '../users/users.table.ts';

/** The demo accounts' domain: their password is public, so a real operator takes the role from them. */
const DEMO_DOMAIN = '@demo.test';
const isDemoAddress = sql`lower(${users.email}) like ${`%${DEMO_DOMAIN}`}`;

/** The app that holds operator accounts when no app exists yet (an empty platform). */
export const PLATFORM_APP_KEY = 'platform';

export interface OperatorResult {
  email: string;
  appKey: string;
  created: boolean;
  /** A password made here for a new account, shown once to whoever ran the command. */
  generatedPassword?: string;
}

/** The app an operator account lives in: the one named, else `demo`, else the first, else a new unpublished "Platform" app. */
async function homeApp(db: Db, key: string | undefined) {
  if (key) {
    const [named] = await db.select().from(apps).where(eq(apps.key, key));
    if (!named) throw new Error(`No app has the key "${key}".`);
    return named;
  }
  const [demo] = await db.select().from(apps).where(eq(apps.key, 'demo'));
  if (demo) return demo;
  const [first] = await db.select().from(apps).orderBy(asc(apps.id)).limit(1);
  if (first) return first;
  const [made] = await db
    .insert(apps)
    .values({ key: PLATFORM_APP_KEY, name: 'Platform', isPublished: false, signupMode: 'invite' })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [raced] = await db.select().from(apps).where(eq(apps.key, PLATFORM_APP_KEY));
  if (!raced) throw new Error('could not create the platform app');
  return raced;
}

/**
 * Makes the account of `email` in the home app an operator, creating it (confirmed, with `password`
 * or a generated one) when it does not exist. Only that one account gets the role: another app's
 * account with the same address is another person's as far as the platform knows.
 */
export async function addOperator(
  db: Db,
  email: string,
  opts: { appKey?: string; password?: string; generate?: boolean } = {},
): Promise<OperatorResult> {
  const address = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 254) throw new Error(`"${email}" is not an e-mail address.`);
  const app = await homeApp(db, opts.appKey);
  const where = and(eq(users.appId, app.id), sql`lower(${users.email}) = ${address}`);
  // A real operator: the demo accounts (public password) lose the role.
  if (!address.endsWith(DEMO_DOMAIN))
    await db
      .update(users)
      .set({ isOperator: false })
      .where(and(eq(users.isOperator, true), isDemoAddress));
  const [existing] = await db.select({ id: users.id }).from(users).where(where);
  if (existing) {
    await db.update(users).set({ isOperator: true, blockedAt: null }).where(eq(users.id, existing.id));
    return { email: address, appKey: app.key, created: false } satisfies OperatorResult;
  }
  const generated = !opts.password && opts.generate ? randomBytes(12).toString('base64url') : undefined;
  const password = opts.password ?? generated;
  await db.insert(users).values({
    appId: app.id,
    email: address,
    firstName: address.split('@')[0] ?? '',
    passwordHash: password ? await hashPassword(password) : null,
    isOperator: true,
    emailConfirmedAt: new Date(),
  });
  return {
    email: address,
    appKey: app.key,
    created: true,
    ...(generated ? { generatedPassword: generated } : {}),
  } satisfies OperatorResult;
}

/** Takes the operator role from every account of this address; answers how many lost it. */
export async function removeOperator(db: Db, email: string): Promise<number> {
  const rows = await db
    .update(users)
    .set({ isOperator: false })
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.isOperator, true)))
    .returning({ id: users.id });
  return rows.length;
}

export async function listOperators(db: Db) {
  return db
    .select({ email: users.email, appKey: apps.key })
    .from(users)
    .innerJoin(apps, eq(apps.id, users.appId))
    .where(eq(users.isOperator, true))
    .orderBy(asc(users.email));
}

/**
 * `OPERATOR_EMAIL` (and `OPERATOR_PASSWORD`) at start: the first operator, made once while none
 * exists but the demo's (whose role it takes).
 */
export async function operatorFromEnv(db: Db, env: NodeJS.ProcessEnv): Promise<OperatorResult | undefined> {
  const email = env.OPERATOR_EMAIL?.trim();
  if (!email) return undefined;
  // The demo's operator (public password) does not count: a real one is made and takes the role.
  const [any] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isOperator, true), not(isDemoAddress)))
    .limit(1);
  if (any) return undefined;
  return addOperator(db, email, { password: env.OPERATOR_PASSWORD || undefined });
}
