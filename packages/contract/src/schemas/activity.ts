import { z } from 'zod';
import { MODULE_TYPES } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { pageQuery, profileField } from './common.ts';

export const activityUser = z.object({
  id: z.number().int(),
  fullname: z.string(),
  is_verified: z.boolean(),
  profile: z.array(profileField),
});

/** One entry of GET /user/activity (spec 1 §3 Activity item). */
export const activityItem = z.object({
  id: z.number().int(),
  user: activityUser,
  action: z.string(),
  /** Epoch seconds. */
  timestamp: z.number().int(),
  module: z
    .object({
      type: z.enum(MODULE_TYPES),
      name: z.string(),
      app_module_id: z.number().int(),
      forums: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    })
    .nullable(),
  entity_id: z.number().int().nullable(),
  is_reply: z.boolean(),
  is_comment: z.boolean(),
  is_like: z.boolean(),
  click_url: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItem>;
export const activityList = z.array(activityItem);

/** GET /user/activity: the app's feed, newest first; pages in the X-Pagination headers. */
export const activityEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user/activity',
    query: pageQuery,
    response: activityList,
    tag: 'activity',
    summary: 'Recent activity of the app, newest first',
  }),
};
