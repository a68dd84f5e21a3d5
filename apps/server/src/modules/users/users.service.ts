import type { MyProfile, ProfilePreferences, ProfileUpdateBody, RelatedUser, UserProfile, UserSettings } from '@app/contract/schemas/users';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { normaliseImage, UploadFolder } from '../../lib/images.ts';
import { offsetOf, type Page } from '../../lib/pagination.ts';
import type { Scope } from '../../platform/scope.ts';
import { findActivity } from '../activity/activity.queries.ts';
import { activityPages, recordJoinedOnce } from '../activity/activity.service.ts';
import { completedSections, menuChanged } from '../apps/apps.service.ts';
import { findAppEvent, pageAttendees } from '../events/events.queries.ts';
import { standingOf } from '../networking/networking.cards.ts';
import { profileSaved } from '../networking/score/score.service.ts';
import { directoryChanged } from './profiles.caches.ts';
import { profileChanged } from './profiles.live.ts';
import { findProfile, type NewProfile, type ProfileRow, upsertProfile } from './profiles.queries.ts';
import { userProfiles } from './profiles.table.ts';
import { fullName } from './users.names.ts';
import { mayViewProfile } from './users.policy.ts';
import { findUser, pageAppUsers, type UserRow, updateUser } from './users.queries.ts';
import { users } from './users.table.ts';

export { fullName };

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

/**
 * Users related to an entity of the caller's app; an id of another app is a 404. The module's
 * members and an event's attendees are lists of people: `listedMember` decides who is in them.
 */
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
  // An activity's author: who did what the feed already shows by name (an act, like a comment's
  // author, not a listing), so the directory opt-out does not hide them; a deleted account does.
  const act = await findActivity(ctx.db, appId, id);
  if (!act) throw notFound();
  const found = await findUser(ctx.db, appId, act.user.id);
  const user = found?.emailConfirmedAt && !found.deletedAt ? found : undefined;
  const items = user && page.page === 1 ? [toRelatedUser(user)] : [];
  return { items, total: user ? 1 : 0 };
}

/** Another user's public card; a user of another app is a 404. */
export async function getPublicProfile(ctx: Ctx, scope: Scope, id: number) {
  const u = await findUser(ctx.db, scope.tenant.id, id);
  if (!u || !mayViewProfile(scope, u)) throw notFound();
  return toRelatedUser(u);
}

/** A member's sections, empty until their first save. */
function sectionsOf(u: UserRow, p: ProfileRow | undefined) {
  return {
    location: u.location,
    pitch: p?.pitch ?? '',
    additional_info: p?.additionalInfo ?? '',
    public_email: p?.publicEmail ?? '',
    social_urls: p?.socialUrls ?? [],
    interested_in: p?.interestedIn ?? [],
    expert_in: p?.expertIn ?? [],
    looking_for: p?.lookingFor ?? [],
    hobbies: p?.hobbies ?? [],
    touchpoints: p?.touchpoints ?? [],
    topics: p?.topics ?? [],
    photo: p?.photoUrl ?? null,
  };
}

export function toMyProfile(u: UserRow, p: ProfileRow | undefined): MyProfile {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    job_title: u.jobTitle,
    company: u.company,
    avatar: u.avatarUrl,
    is_profile_completed: completedSections(u).length > 0,
    ...sectionsOf(u, p),
    preferences: {
      email_visibility: p?.emailVisibility ?? 'members',
      listed_in_directory: p?.listedInDirectory ?? true,
    },
  };
}

/** Another member's whole profile; the public e-mail only when its owner shows it to members. */
export function toUserProfile(u: UserRow, p: ProfileRow | undefined, isFavorite: boolean): Omit<UserProfile, 'standing'> {
  const sections = sectionsOf(u, p);
  return {
    id: u.id,
    fullname: fullName(u),
    first_name: u.firstName,
    last_name: u.lastName,
    job_title: u.jobTitle,
    company: u.company,
    avatar: u.avatarUrl,
    is_verified: u.isVerified,
    is_favorite: isFavorite,
    reported: false,
    ...sections,
    public_email: p?.emailVisibility === 'nobody' ? '' : sections.public_email,
  };
}

/** What another member sees of a member (their page, a directory row), to tell whether a save changed it. */
const publicView = (u: UserRow, p: ProfileRow | undefined) => JSON.stringify(toUserProfile(u, p, false));

export async function getMyProfile(ctx: Ctx, scope: Scope) {
  const appId = scope.tenant.id;
  const [u, p, standing] = await Promise.all([
    findUser(ctx.db, appId, scope.user.id),
    findProfile(ctx.db, appId, scope.user.id),
    standingOf(ctx.db, appId, scope.user.id),
  ]);
  if (!u) throw notFound();
  return { ...toMyProfile(u, p), standing };
}

/** The sections a save names (a section left out stays as it was). */
function sectionValues(body: ProfileUpdateBody): NewProfile {
  const v: NewProfile = {};
  if (body.pitch !== undefined) v.pitch = body.pitch;
  if (body.additional_info !== undefined) v.additionalInfo = body.additional_info;
  if (body.public_email !== undefined) v.publicEmail = body.public_email;
  if (body.social_urls !== undefined) v.socialUrls = [...new Set(body.social_urls)];
  if (body.interested_in !== undefined) v.interestedIn = uniqueTags(body.interested_in);
  if (body.expert_in !== undefined) v.expertIn = uniqueTags(body.expert_in);
  if (body.looking_for !== undefined) v.lookingFor = uniqueTags(body.looking_for);
  if (body.hobbies !== undefined) v.hobbies = uniqueTags(body.hobbies);
  if (body.touchpoints !== undefined) v.touchpoints = uniqueTags(body.touchpoints);
  if (body.topics !== undefined) v.topics = uniqueTags(body.topics);
  return v;
}

/** Tags once each, whatever their case, in the order given. */
function uniqueTags(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const k = t.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export async function updateMyProfile(ctx: Ctx, scope: Scope, body: ProfileUpdateBody) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const sections = sectionValues(body);
  const saved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.appId, appId), eq(users.id, userId)))
      .for('update');
    if (!before) return undefined;
    const beforeProfile = await findProfile(tx, appId, userId);
    const u = await updateUser(tx, appId, userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      jobTitle: body.job_title,
      ...(body.company !== undefined ? { company: body.company } : {}),
      ...(body.location !== undefined ? { location: body.location } : {}),
    });
    if (!u) return undefined;
    const p = Object.keys(sections).length ? await upsertProfile(tx, appId, userId, sections) : beforeProfile;
    return { u, p, changed: publicView(before, beforeProfile) !== publicView(u, p) };
  });
  if (!saved) throw notFound();
  menuChanged(ctx, appId, userId);
  directoryChanged(ctx, appId);
  if (saved.changed) profileChanged(ctx, appId, userId);
  await recordJoinedOnce(ctx, saved.u);
  // Networking: a complete profile with a photo earns points once; the level follows the profile.
  await profileSaved(ctx, appId, userId);
  return toMyProfile(saved.u, saved.p);
}

export async function updatePreferences(ctx: Ctx, scope: Scope, body: Partial<ProfilePreferences>) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const values: NewProfile = {};
  if (body.email_visibility !== undefined) values.emailVisibility = body.email_visibility;
  if (body.listed_in_directory !== undefined) values.listedInDirectory = body.listed_in_directory;
  const u = await findUser(ctx.db, appId, userId);
  if (!u) throw notFound();
  const before = await findProfile(ctx.db, appId, userId);
  const p = await upsertProfile(ctx.db, appId, userId, values);
  directoryChanged(ctx, appId);
  const listing = (before?.listedInDirectory ?? true) !== p.listedInDirectory;
  // The feed shows a member's "joined" line only while they are listed: its cached pages go.
  if (listing) ctx.bus.publish({ t: 'cache', name: activityPages.name, prefix: `${appId}:` });
  if (listing || publicView(u, before) !== publicView(u, p)) profileChanged(ctx, appId, userId, listing);
  // Networking: joining or leaving the directory adds or takes them off the leaderboard.
  if (listing) await profileSaved(ctx, appId, userId);
  return toMyProfile(u, p);
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

/** The member's avatar URL read under the user row's lock (undefined: no such member), in a transaction. */
async function lockAvatar(tx: Db, appId: number, userId: number) {
  const [row] = await tx
    .select({ avatarUrl: users.avatarUrl })
    .from(users)
    .where(and(eq(users.appId, appId), eq(users.id, userId)))
    .for('update');
  return row;
}

/** The member's profile photo URL read under the profile row's lock (undefined: no profile yet), in a transaction. */
async function lockPhoto(tx: Db, appId: number, userId: number) {
  const [row] = await tx
    .select({ photoUrl: userProfiles.photoUrl })
    .from(userProfiles)
    .where(and(eq(userProfiles.appId, appId), eq(userProfiles.userId, userId)))
    .for('update');
  return row;
}

/**
 * Stores the user's new avatar as a 512 px WebP and deletes the one it replaces. The old URL is read
 * under a row lock, so two uploads at once each delete exactly the file they replaced.
 */
export async function saveAvatar(ctx: Ctx, scope: Scope, data: Buffer) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const image = await normaliseImage(data, avatarRules);
  const result = await new UploadFolder(ctx.storage, 'avatars').replace(image, 'webp', (url) =>
    ctx.db.transaction(async (tx) => {
      const old = await lockAvatar(tx, appId, userId);
      const u = await updateUser(tx, appId, userId, { avatarUrl: url });
      return u && { u, old: old?.avatarUrl };
    }),
  );
  if (!result) throw notFound();
  directoryChanged(ctx, appId);
  profileChanged(ctx, appId, userId);
  await profileSaved(ctx, appId, userId);
  return toMyProfile(result.u, await findProfile(ctx.db, appId, userId));
}

/**
 * Removes the member's own avatar: the column is cleared under the row lock and the stored file
 * (one the avatars folder holds; demo pictures are shared and stay) deleted after the commit.
 * Another member's id, or one of another app, is a 404.
 */
export async function removeAvatar(ctx: Ctx, scope: Scope, id: number) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  if (id !== userId) throw notFound();
  const result = await ctx.db.transaction(async (tx) => {
    const old = await lockAvatar(tx, appId, userId);
    if (!old) return undefined;
    const u = old.avatarUrl === null ? await findUser(tx, appId, userId) : await updateUser(tx, appId, userId, { avatarUrl: null });
    return u && { u, old: old.avatarUrl };
  });
  if (!result) throw notFound();
  if (result.old) {
    await new UploadFolder(ctx.storage, 'avatars').remove(result.old);
    directoryChanged(ctx, appId);
    profileChanged(ctx, appId, userId);
    await profileSaved(ctx, appId, userId);
  }
  return toMyProfile(result.u, await findProfile(ctx.db, appId, userId));
}

export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const photoRules = {
  field: 'photo',
  size: 1600,
  fit: 'inside' as const,
  maxBytes: PHOTO_MAX_BYTES,
  typeError: 'profile.errors.avatarType',
  pixelsError: 'profile.errors.avatarPixels',
  tooLargeError: 'profile.errors.contentSize',
};

/**
 * Stores the member's profile photo (the whole picture, longer side at most 1600 px, WebP; the
 * browser already sent it scaled down as JPEG 0.7) and deletes the one it replaces, read under the
 * profile's row lock.
 */
export async function savePhoto(ctx: Ctx, scope: Scope, data: Buffer) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  const image = await normaliseImage(data, photoRules);
  const result = await new UploadFolder(ctx.storage, 'photos').replace(image, 'webp', (url) =>
    ctx.db.transaction(async (tx) => {
      const u = await findUser(tx, appId, userId);
      if (!u) return undefined;
      const old = await lockPhoto(tx, appId, userId);
      const p = await upsertProfile(tx, appId, userId, { photoUrl: url });
      return { u, p, old: old?.photoUrl };
    }),
  );
  if (!result) throw notFound();
  directoryChanged(ctx, appId);
  profileChanged(ctx, appId, userId);
  await profileSaved(ctx, appId, userId);
  return toMyProfile(result.u, result.p);
}

/** Removes the member's own profile photo, as `removeAvatar` does the avatar (under the profile's row lock). */
export async function removePhoto(ctx: Ctx, scope: Scope, id: number) {
  const appId = scope.tenant.id;
  const userId = scope.user.id;
  if (id !== userId) throw notFound();
  const result = await ctx.db.transaction(async (tx) => {
    const u = await findUser(tx, appId, userId);
    if (!u) return undefined;
    const old = await lockPhoto(tx, appId, userId);
    const p = old?.photoUrl ? await upsertProfile(tx, appId, userId, { photoUrl: null }) : await findProfile(tx, appId, userId);
    return { u, p, old: old?.photoUrl ?? null };
  });
  if (!result) throw notFound();
  if (result.old) {
    await new UploadFolder(ctx.storage, 'photos').remove(result.old);
    directoryChanged(ctx, appId);
    profileChanged(ctx, appId, userId);
    await profileSaved(ctx, appId, userId);
  }
  return toMyProfile(result.u, result.p);
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
