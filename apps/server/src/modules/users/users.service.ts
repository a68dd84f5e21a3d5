import type { MyProfile, ProfileUpdateBody, RelatedUser, UserSettings } from '@app/contract/schemas/users';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { normaliseImage, UploadFolder } from '../../lib/images.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import type { Scope } from '../../platform/scope.ts';
import { findActivity } from '../activity/activity.queries.ts';
import { recordJoinedOnce } from '../activity/activity.service.ts';
import { completedSections, menuChanged } from '../apps/apps.service.ts';
import { findAppEvent, pageAttendees } from '../events/events.queries.ts';
import { mayViewProfile } from './users.policy.ts';
import { findUser, pageAppUsers, type UserRow, updateUser } from './users.queries.ts';
import { users } from './users.table.ts';

export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

export function toRelatedUser(u: UserRow): RelatedUser {
  return {
    id: u.id,
    fullname: fullName(u),
    avatar: u.avatarUrl,
    is_verified: u.isVerified,
    profile: [
      { name: 'avatar', value: u.avatarUrl },
      { name: 'job_title', value: u.jobTitle },
      { name: 'company', value: u.company },
      { name: 'location', value: u.location },
    ],
  };
}

/** Users related to an entity of the caller's app; an id of another app is a 404. */
export async function relatedList(ctx: Ctx, scope: Scope, entity: 'module' | 'activity' | 'event', id: number, page: Page) {
  const appId = scope.tenant.id;
  if (entity === 'event') {
    // An event's attendees: its registered members, newest first.
    const ev = await findAppEvent(ctx.db, appId, id);
    if (!ev || !(await ctx.apps.module(appId, ev.appModuleId))) throw notFound();
    const { rows, total } = await pageAttendees(ctx.db, ev.id, page.perPage, offsetOf(page));
    return { items: rows.map(toRelatedUser), total };
  }
  if (entity === 'module') {
    if (!(await ctx.apps.module(appId, id))) throw notFound();
    const { rows, total } = await pageAppUsers(ctx.db, appId, page.perPage, offsetOf(page));
    return { items: rows.map(toRelatedUser), total };
  }
  const act = await findActivity(ctx.db, appId, id);
  if (!act) throw notFound();
  const user = await findUser(ctx.db, appId, act.user.id);
  const items = user && page.page === 1 ? [toRelatedUser(user)] : [];
  return { items, total: user ? 1 : 0 };
}

/** Another user's public card; a user of another app is a 404. */
export async function getPublicProfile(ctx: Ctx, scope: Scope, id: number) {
  const u = await findUser(ctx.db, scope.tenant.id, id);
  if (!u || !mayViewProfile(scope, u)) throw notFound();
  return toRelatedUser(u);
}

export function toMyProfile(u: UserRow): MyProfile {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    job_title: u.jobTitle,
    company: u.company,
    avatar: u.avatarUrl,
    is_profile_completed: completedSections(u).length > 0,
  };
}

export async function getMyProfile(ctx: Ctx, scope: Scope) {
  const u = await findUser(ctx.db, scope.tenant.id, scope.user.id);
  if (!u) throw notFound();
  return toMyProfile(u);
}

export async function updateMyProfile(ctx: Ctx, scope: Scope, body: ProfileUpdateBody) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const u = await updateUser(ctx.db, appId, userId, {
    firstName: body.first_name,
    lastName: body.last_name,
    jobTitle: body.job_title,
    ...(body.company !== undefined ? { company: body.company } : {}),
  });
  if (!u) throw notFound();
  menuChanged(ctx, appId, userId);
  await recordJoinedOnce(ctx, u);
  return toMyProfile(u);
}

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 512;
const avatarRules = {
  field: 'avatar',
  size: AVATAR_SIZE,
  maxBytes: AVATAR_MAX_BYTES,
  typeError: 'profile.errors.avatarType',
  pixelsError: 'profile.errors.avatarPixels',
  tooLargeError: 'profile.errors.avatarTooLarge',
};

/**
 * Stores the user's new avatar as a 512 px WebP and deletes the one it replaces. The old URL is read
 * under a row lock, so two uploads at once each delete exactly the file they replaced.
 */
export async function saveAvatar(ctx: Ctx, scope: Scope, data: Buffer) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const image = await normaliseImage(data, avatarRules);
  const folder = new UploadFolder(ctx.config.dataDir, 'avatars');
  const url = await folder.save(image, 'webp');
  const result = await ctx.db
    .transaction(async (tx) => {
      const [old] = await tx
        .select({ avatarUrl: users.avatarUrl })
        .from(users)
        .where(and(eq(users.appId, appId), eq(users.id, userId)))
        .for('update');
      const u = await updateUser(tx, appId, userId, { avatarUrl: url });
      return u && { u, old: old?.avatarUrl };
    })
    .catch(async (err: unknown) => {
      await folder.remove(url);
      throw err;
    });
  if (!result) {
    await folder.remove(url);
    throw notFound();
  }
  await folder.remove(result.old);
  return toMyProfile(result.u);
}

export async function getSettings(ctx: Ctx, scope: Scope): Promise<UserSettings> {
  const u = await findUser(ctx.db, scope.tenant.id, scope.user.id);
  if (!u) throw notFound();
  return {
    notification_mode: u.notificationMode,
    inapp: { enabled: u.inappEnabled },
    push: { enabled: u.notificationMode === 'all' || u.notificationMode === 'push' },
  };
}
