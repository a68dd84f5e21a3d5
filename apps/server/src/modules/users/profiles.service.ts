import type { UserNote } from '@app/contract/schemas/users';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { UploadFolder } from '../../lib/images.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import type { AfterErase, ErasedMember } from '../../platform/module.ts';
import type { Scope } from '../../platform/scope.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { standingOf } from '../networking/networking.cards.ts';
import { directoryChanged, favoritesChanged } from './profiles.caches.ts';
import {
  addFavorite,
  addFlag,
  findNote,
  findProfile,
  isFavorite,
  isReported,
  pageFavorites,
  removeFavorite,
  saveNote,
} from './profiles.queries.ts';
import { userFavorites, userProfiles } from './profiles.table.ts';
import { mayViewProfile } from './users.policy.ts';
import { findUser } from './users.queries.ts';
import { toRelatedUser, toUserProfile } from './users.service.ts';
import { users } from './users.table.ts';

/**
 * An account erased (the manifest's onAccountErased, before its rows go: memberData erases the
 * profile, favourites and notes, settings overwrites the `users` row): after the commit, its avatar
 * and photo files are deleted, and the directory and the favourite sets that held the member
 * (theirs and their fans') are dropped on every node.
 */
export async function usersMemberErased(tx: Db, { appId, userId }: ErasedMember): Promise<AfterErase> {
  const [pictures] = await tx
    .select({ avatar: users.avatarUrl, photo: userProfiles.photoUrl })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  const fans = await tx.select({ id: userFavorites.userId }).from(userFavorites).where(eq(userFavorites.favoriteId, userId));
  return async (ctx) => {
    await new UploadFolder(ctx.storage, 'avatars').remove(pictures?.avatar).catch(() => undefined);
    await new UploadFolder(ctx.storage, 'photos').remove(pictures?.photo).catch(() => undefined);
    directoryChanged(ctx, appId);
    for (const fan of [userId, ...fans.map((f) => f.id)]) favoritesChanged(ctx, appId, fan);
  };
}

/**
 * Other members' profiles as a member sees them: the whole profile, favorites and private notes
 * (spec 3 §2 Profiles, §6: others favorite, share and add notes). A member of another app, or one
 * not shown (policy), is a 404, so an id reveals nothing.
 */

/** The other member, or 404. Acting on yourself (favorite, note) is a 422 on the form. */
async function otherMember(ctx: Ctx, scope: Scope, id: number, selfAllowed: boolean) {
  const u = await findUser(ctx.db, scope.tenant.id, id);
  if (!u || !mayViewProfile(scope, u)) throw notFound();
  if (!selfAllowed && u.id === scope.user.id) throw fieldError('_popup', 'profile.errors.self');
  return u;
}

export async function getUserProfile(ctx: Ctx, scope: Scope, id: number) {
  const appId = scope.tenant.id;
  const u = await otherMember(ctx, scope, id, true);
  const [p, fav, reported, standing] = await Promise.all([
    findProfile(ctx.db, appId, u.id),
    isFavorite(ctx.db, appId, scope.user.id, u.id),
    isReported(ctx.db, appId, scope.user.id, u.id),
    standingOf(ctx.db, appId, u.id),
  ]);
  const view = {
    ...toUserProfile(u, p, fav),
    reported,
    standing: u.id === scope.user.id ? standing : { level: standing.level, badges: standing.badges },
  };
  // Your own profile shows you your public e-mail whatever you chose.
  return u.id === scope.user.id ? { ...view, public_email: p?.publicEmail ?? '' } : view;
}

export async function setFavorite(ctx: Ctx, scope: Scope, id: number, favorite: boolean) {
  const appId = scope.tenant.id;
  const u = await otherMember(ctx, scope, id, !favorite);
  if (favorite) await addFavorite(ctx.db, appId, scope.user.id, u.id);
  else await removeFavorite(ctx.db, appId, scope.user.id, u.id);
  favoritesChanged(ctx, appId, scope.user.id);
  return { is_favorite: favorite };
}

/** Reports another member to the organisers (spec 3 §6 flag); yourself is a 422, twice counts once. */
export async function flagUser(ctx: Ctx, scope: Scope, id: number) {
  const u = await otherMember(ctx, scope, id, false);
  await addFlag(ctx.db, scope.tenant.id, scope.user.id, u.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}

export async function favoritesPage(ctx: Ctx, scope: Scope, search: string | undefined, page: Page) {
  const { rows, total } = await pageFavorites(ctx.db, scope.tenant.id, scope.user.id, search, page.perPage, offsetOf(page));
  return { items: rows.map(toRelatedUser), total };
}

const toNote = (row: { text: string; updatedAt: Date } | undefined): UserNote => ({
  text: row?.text ?? '',
  updated_at: row?.updatedAt.toISOString() ?? null,
});

/** Only the note's author ever reads it: the key is (reader, member), never a note id. */
export async function getNote(ctx: Ctx, scope: Scope, id: number) {
  const u = await otherMember(ctx, scope, id, false);
  return toNote(await findNote(ctx.db, scope.tenant.id, scope.user.id, u.id));
}

export async function putNote(ctx: Ctx, scope: Scope, id: number, text: string) {
  const u = await otherMember(ctx, scope, id, false);
  return toNote(await saveNote(ctx.db, scope.tenant.id, scope.user.id, u.id, text));
}
