import { z } from 'zod';
import { ACHIEVEMENTS, LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { PROFILE_LIMITS } from '../profile-constants.ts';
import { okBody, profileField } from './common.ts';

export { PROFILE_LIMITS, PROFILE_TAG_FIELDS, type ProfileTagField } from '../profile-constants.ts';

/** Spec 1 §3 Related user. */
export const relatedUser = z.object({
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  profile: z.array(profileField),
});
export type RelatedUser = z.infer<typeof relatedUser>;

/** A member's place in the networking hub, as their profile card shows it (spec 1 §6: level indicator, badges). */
export const memberStanding = z.object({
  level: z.number().int().min(1).max(5),
  badges: z.array(z.enum(ACHIEVEMENTS)),
  /** Only on one's own profile (others' points are on the leaderboard, which leaves out those who opted out). */
  points: z.number().int().optional(),
});
export type MemberStanding = z.infer<typeof memberStanding>;

export const relatedListQuery = z
  .object({
    entity: z.enum(['module', 'activity', 'event']),
    id: z.coerce.number().int().positive().max(2_147_483_647),
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
  })
  .strict();

const text = (max: number) => z.string().trim().max(max, { error: 'common.errors.tooLong' });

/** Who may read a member's public e-mail, and whether the directory lists them (the member's preferences). */
export const profilePreferences = z.object({
  email_visibility: z.enum(['members', 'nobody']),
  listed_in_directory: z.boolean(),
});
export type ProfilePreferences = z.infer<typeof profilePreferences>;

/** The sections every member's profile has beyond the name card (spec 3 §3 Profile). */
const profileSections = {
  location: z.string(),
  pitch: z.string(),
  additional_info: z.string(),
  public_email: z.string(),
  social_urls: z.array(z.string()),
  interested_in: z.array(z.string()),
  expert_in: z.array(z.string()),
  looking_for: z.array(z.string()),
  hobbies: z.array(z.string()),
  touchpoints: z.array(z.string()),
  topics: z.array(z.string()),
  photo: z.string().nullable(),
};

/** The signed-in member's profile: name card, sections, preferences. */
export const myProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string(),
  company: z.string(),
  avatar: z.string().nullable(),
  is_profile_completed: z.boolean(),
  ...profileSections,
  preferences: profilePreferences,
  /** Only where the profile is read (GET /user/profile), not in the answers of saves. */
  standing: memberStanding.optional(),
});
export type MyProfile = z.infer<typeof myProfile>;

/** Another member's profile as a member of the same app sees it (public e-mail only when its owner allows). */
export const userProfile = z.object({
  id: z.number().int(),
  fullname: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string(),
  company: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  is_favorite: z.boolean(),
  /** I reported this member (the page says "Content reported" instead of offering Report). */
  reported: z.boolean(),
  ...profileSections,
  standing: memberStanding,
});
export type UserProfile = z.infer<typeof userProfile>;

const tagList = z
  .array(z.string().trim().min(1, { error: 'profile.errors.blank' }).max(PROFILE_LIMITS.tagMax, { error: 'profile.errors.tagTooLong' }))
  .max(PROFILE_LIMITS.tagsMax, { error: 'profile.errors.tooManyTags' });
const longText = z.string().trim().max(PROFILE_LIMITS.textMax, { error: 'profile.errors.contentSize' });
const httpUrl = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.urlMax, { error: 'profile.errors.contentSize' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: 'profile.errors.socialUrl' },
  );

/** PUT /user/profile: the name card is required; a section left out stays as it was. */
export const profileUpdateBody = z
  .object({
    first_name: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    last_name: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    job_title: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    company: text(LIMITS.nameMax).optional(),
    location: text(LIMITS.nameMax).optional(),
    pitch: longText.optional(),
    additional_info: longText.optional(),
    public_email: z
      .string()
      .trim()
      .max(LIMITS.emailMax, { error: 'profile.errors.publicEmail' })
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'profile.errors.publicEmail' })
      .optional(),
    social_urls: z.array(httpUrl).max(PROFILE_LIMITS.socialMax, { error: 'profile.errors.tooManyLinks' }).optional(),
    interested_in: tagList.optional(),
    expert_in: tagList.optional(),
    looking_for: tagList.optional(),
    hobbies: tagList.optional(),
    touchpoints: tagList.optional(),
    topics: tagList.optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const preferencesBody = profilePreferences.partial().strict();

/** A private note on another member: only its author ever reads it. Empty text deletes it. */
export const userNote = z.object({ text: z.string(), updated_at: z.string().nullable() });
export type UserNote = z.infer<typeof userNote>;
export const userNoteBody = z
  .object({ text: z.string().trim().max(PROFILE_LIMITS.noteMax, { error: 'profile.errors.contentSize' }) })
  .strict();

export const favoriteState = z.object({ is_favorite: z.boolean() });

export const favoritesQuery = z
  .object({
    search: z.string().trim().max(PROFILE_LIMITS.searchMax, { error: 'common.errors.tooLong' }).optional(),
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
  })
  .strict();

/** GET /user/settings. */
export const userSettings = z.object({
  notification_mode: z.enum(['all', 'inapp', 'push', 'none']),
  inapp: z.object({ enabled: z.boolean() }),
  push: z.object({ enabled: z.boolean() }),
});
export type UserSettings = z.infer<typeof userSettings>;
export const relatedList = z.array(relatedUser);

export const userIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

const tags = 'users';

export const usersEndpoints = {
  relatedList: defineEndpoint({
    method: 'GET',
    path: '/user/related-list',
    query: relatedListQuery,
    response: relatedList,
    tag: 'users',
    summary: 'Users related to an entity (a module, an activity, the attendees of an event), paginated',
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/user/settings',
    response: userSettings,
    tag: 'users',
    summary: 'Notification settings',
  }),
  myProfile: defineEndpoint({ method: 'GET', path: '/user/profile', response: myProfile, tag: 'users', summary: 'The signed-in profile' }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/user/profile',
    body: profileUpdateBody,
    response: myProfile,
    tag: 'users',
    summary: 'Save the signed-in profile',
  }),
  /** Only digits match, so `/user/app-menu` and the like stay other routes. */
  publicProfile: defineEndpoint({
    method: 'GET',
    path: '/user/:id(^\\d+$)',
    params: userIdParam,
    response: relatedUser,
    tag: 'users',
    summary: 'Public profile of a user of the same app',
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/user/:id(^\\d+$)/profile',
    params: userIdParam,
    response: userProfile,
    tag: tags,
    summary: "Another member's whole profile (empty sections included), with whether the reader favorited them",
  }),
  preferences: defineEndpoint({
    method: 'PUT',
    path: '/user/profile/preferences',
    body: preferencesBody,
    response: myProfile,
    tag: tags,
    summary: 'Who sees my public e-mail, whether the directory lists me',
  }),
  favorites: defineEndpoint({
    method: 'GET',
    path: '/user/favorites',
    query: favoritesQuery,
    response: relatedList,
    tag: tags,
    summary: 'My favorite members, by name, with a search by name, job title or company; paginated',
  }),
  addFavorite: defineEndpoint({
    method: 'PUT',
    path: '/user/:id(^\\d+$)/favorite',
    params: userIdParam,
    response: favoriteState,
    tag: tags,
    summary: 'Add a member of the app to my favorites',
  }),
  removeFavorite: defineEndpoint({
    method: 'DELETE',
    path: '/user/:id(^\\d+$)/favorite',
    params: userIdParam,
    response: favoriteState,
    tag: tags,
    summary: 'Remove a member from my favorites',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: '/user/:id(^\\d+$)/flag',
    params: userIdParam,
    response: okBody,
    tag: tags,
    summary: 'Report a member to the organisers (once per member; reporting again changes nothing)',
  }),
  note: defineEndpoint({
    method: 'GET',
    path: '/user/:id(^\\d+$)/note',
    params: userIdParam,
    response: userNote,
    tag: tags,
    summary: 'My private note on a member (empty when none)',
  }),
  saveNote: defineEndpoint({
    method: 'PUT',
    path: '/user/:id(^\\d+$)/note',
    params: userIdParam,
    body: userNoteBody,
    response: userNote,
    tag: tags,
    summary: 'Save my private note on a member; empty text deletes it',
  }),
  /** Only the caller's own id: another member's (or another app's) is a 404. */
  removeAvatar: defineEndpoint({
    method: 'DELETE',
    path: '/user/:id(^\\d+$)/avatar',
    params: userIdParam,
    response: myProfile,
    tag: tags,
    summary: 'Remove my avatar (the stored picture is deleted)',
  }),
  removePhoto: defineEndpoint({
    method: 'DELETE',
    path: '/user/:id(^\\d+$)/photo',
    params: userIdParam,
    response: myProfile,
    tag: tags,
    summary: 'Remove my profile photo (the stored picture is deleted)',
  }),
};

/** A member's public profile changed: only the id, the screens showing them refetch. */
export interface ProfileUpdatedEvent {
  user_id: number;
  /** They joined or left the directory (every directory list changes). */
  listing?: true;
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** To the member's app (`app:{id}`), at most one per member every 2 s. */
    profileUpdated: (p: ProfileUpdatedEvent) => void;
  }
}
