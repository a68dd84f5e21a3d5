import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { profileField } from './common.ts';

/** Spec 1 §3 Related user. */
export const relatedUser = z.object({
  id: z.number().int(),
  fullname: z.string(),
  avatar: z.string().nullable(),
  is_verified: z.boolean(),
  profile: z.array(profileField),
});
export type RelatedUser = z.infer<typeof relatedUser>;

export const relatedListQuery = z
  .object({
    entity: z.enum(['module', 'activity', 'event']),
    id: z.coerce.number().int().positive().max(2_147_483_647),
    page: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(1),
    'per-page': z.coerce.number().int().min(1).max(LIMITS.perPageMax).default(LIMITS.perPageDefault),
  })
  .strict();

const text = (max: number) => z.string().trim().max(max, { error: 'common.errors.tooLong' });

/** The minimal profile of this stage: name, job title, avatar (routing rule 5). */
export const myProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string(),
  company: z.string(),
  avatar: z.string().nullable(),
  is_profile_completed: z.boolean(),
});
export type MyProfile = z.infer<typeof myProfile>;

export const profileUpdateBody = z
  .object({
    first_name: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    last_name: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    job_title: text(LIMITS.nameMax).min(1, { error: 'profile.errors.blank' }),
    company: text(LIMITS.nameMax).optional(),
  })
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** GET /user/settings. */
export const userSettings = z.object({
  notification_mode: z.enum(['all', 'inapp', 'push', 'none']),
  inapp: z.object({ enabled: z.boolean() }),
  push: z.object({ enabled: z.boolean() }),
});
export type UserSettings = z.infer<typeof userSettings>;
export const relatedList = z.array(relatedUser);

export const userIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();

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
};
