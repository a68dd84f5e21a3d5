import { randomUUID } from 'node:crypto';
import { BADGE, badgePath, type MetPerson, type MyBadge, type ScannedBadge } from '@app/contract/schemas/networking-badge';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, notFound } from '../../../lib/errors.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { findSecret, putSecretOnce } from '../../apps/apps.queries.ts';
import { networkerCards } from '../networking.cards.ts';
import { afterScoreChange } from '../networking.points.ts';
import { ensureBadgeVersion, findBadgeVersion, isActiveMember, metByBadge, recordScan, setBadgeVersion } from './badge.queries.ts';
import { newVersion, signBadge, verifyBadge } from './badge.token.ts';

/** The HMAC key of badge links: made once, kept in app_secrets so that every node signs alike. */
const keys = new WeakMap<Db, Promise<Buffer>>();
export function badgeKey(db: Db): Promise<Buffer> {
  let k = keys.get(db);
  if (!k) {
    k = (async () =>
      Buffer.from(
        (await findSecret(db, 'networking-badge')) ?? (await putSecretOnce(db, 'networking-badge', randomUUID() + randomUUID())),
      ))();
    k.catch(() => keys.delete(db));
    keys.set(db, k);
  }
  return k;
}

async function myCard(ctx: Ctx, scope: Scope) {
  const [me] = await networkerCards(ctx.db, scope.tenant.id, scope.user.id, [scope.user.id]);
  if (!me) throw notFound();
  return me;
}

async function badgeOf(ctx: Ctx, scope: Scope, moduleId: number, version: number): Promise<MyBadge> {
  const token = signBadge(await badgeKey(ctx.db), scope.tenant.id, scope.user.id, version);
  return { token, path: badgePath(moduleId, token), person: await myCard(ctx, scope) };
}

/** My badge (made on the first look): the signed link its QR code carries, and my card. */
export async function myBadge(ctx: Ctx, scope: Scope, moduleId: number): Promise<MyBadge> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const version =
    (await findBadgeVersion(ctx.db, scope.tenant.id, scope.user.id)) ??
    (await ensureBadgeVersion(ctx.db, scope.tenant.id, scope.user.id, newVersion()));
  return badgeOf(ctx, scope, moduleId, version);
}

/** "Make a new badge": a new secret version, so every earlier link of mine answers "not valid any more". */
export async function renewBadge(ctx: Ctx, scope: Scope, moduleId: number): Promise<MyBadge> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const old = await findBadgeVersion(ctx.db, scope.tenant.id, scope.user.id);
  const version = newVersion(old);
  await setBadgeVersion(ctx.db, scope.tenant.id, scope.user.id, version);
  return badgeOf(ctx, scope, moduleId, version);
}

/**
 * Opens a scanned badge (spec 3 §2 scanned badge): the owner's card, and the contact recorded for
 * both (each sees the other in "People I met by badge", live). 422 on the token when it is no
 * badge of this app (forged, garbled, another app's), when its owner has made a new one since, or
 * when the owner is gone (deleted, blocked); my own badge says so and records nothing.
 */
export async function resolveBadge(ctx: Ctx, scope: Scope, moduleId: number, token: string): Promise<ScannedBadge> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const appId = scope.tenant.id;
  const claim = verifyBadge(await badgeKey(ctx.db), appId, token);
  if (!claim) throw fieldError('token', 'networking-badge.errors.invalid');
  if (!(await isActiveMember(ctx.db, appId, claim.userId))) throw fieldError('token', 'networking-badge.errors.gone');
  if ((await findBadgeVersion(ctx.db, appId, claim.userId)) !== claim.version) throw fieldError('token', 'networking-badge.errors.revoked');
  const me = scope.user.id;
  if (claim.userId === me) return { own: true, person: await myCard(ctx, scope) };
  await ctx.db.transaction((tx) => recordScan(tx, appId, me, claim.userId));
  await afterScoreChange(ctx, appId, [me, claim.userId], ['lists']);
  const [person] = await networkerCards(ctx.db, appId, me, [claim.userId]);
  if (!person) throw fieldError('token', 'networking-badge.errors.gone');
  return { own: false, person };
}

/** People I met by badge: scanned by me or having scanned me, newest first, as cards. */
export async function metPeople(ctx: Ctx, scope: Scope, moduleId: number): Promise<MetPerson[]> {
  await requireModule(ctx, scope, 'networking', moduleId);
  const appId = scope.tenant.id;
  const rows = await metByBadge(ctx.db, appId, scope.user.id, BADGE.metMax);
  const cards = new Map(
    (
      await networkerCards(
        ctx.db,
        appId,
        scope.user.id,
        rows.map((r) => r.id),
      )
    ).map((c) => [c.id, c]),
  );
  const out: MetPerson[] = [];
  for (const r of rows) {
    const person = cards.get(r.id);
    if (person) out.push({ person, how: r.how, met_at: Math.floor(r.at.getTime() / 1000) });
  }
  return out;
}
