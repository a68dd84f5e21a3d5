import { z } from 'zod';
/**
 * Social feed, the `twitter` module (spec 3 §2 "/twitter/{app_module_id}"; its content is not shown
 * there): the app owner names an RSS or Atom feed (a Mastodon account, a blog, a bridge for X); the
 * server fetches it on a schedule, keeps the last good posts, and members read them
 * (docs/decisions.md "Social feed").
 */
import { defineEndpoint } from '../endpoint.ts';
import { FEED_URL_MAX } from '../twitter-constants.ts';
import { appModuleParam } from './common.ts';

export { FEED_URL_MAX };

export const socialPost = z.object({
  id: z.string(),
  /** The original, http(s) only. */
  url: z.string().nullable(),
  author: z.object({ name: z.string(), avatar: z.string().nullable() }),
  published_at: z.string().nullable(),
  title: z.string().nullable(),
  /** Sanitised HTML. */
  html: z.string(),
  media: z.array(z.object({ url: z.string(), alt: z.string() })),
});
export type SocialPost = z.infer<typeof socialPost>;

/** Why the last fetch failed: a key of `twitter.fetchError.*`. */
export const feedErrorCode = z.enum(['blocked', 'timeout', 'status', 'unreachable', 'tooLarge', 'notAFeed']);
export type FeedErrorCode = z.infer<typeof feedErrorCode>;

export const socialFeed = z.object({
  app_module_id: z.number().int(),
  /** The feed's own title (a Mastodon account's name, a blog's title). */
  title: z.string().nullable(),
  /** The source's host, shown as "from mastodon.social". */
  source: z.string().nullable(),
  /** The feed's address: the app owner's only (null for members). */
  url: z.string().nullable(),
  /** Last good fetch. */
  updated_at: z.string().nullable(),
  posts: z.array(socialPost),
  /** The last fetch's failure, for the app owner only (members see the last good posts). */
  error: z.object({ code: feedErrorCode, at: z.string() }).nullable(),
  /** The reader is the app owner: may set the address. */
  can_edit: z.boolean(),
});
export type SocialFeed = z.infer<typeof socialFeed>;

export const feedUrlInput = z
  .object({
    url: z
      .string({ error: 'twitter.errors.urlInvalid' })
      .trim()
      .min(1, { error: 'twitter.errors.urlRequired' })
      .max(FEED_URL_MAX, { error: 'twitter.errors.urlTooLong' }),
  })
  .strict();
export type FeedUrlInput = z.input<typeof feedUrlInput>;

export interface SocialFeedChange {
  app_module_id: number;
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    socialFeedUpdated: (payload: SocialFeedChange) => void;
  }
}

const tag = 'twitter';
export const twitterEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/twitter/:app_module_id/feed',
    params: appModuleParam,
    response: socialFeed,
    tag,
    summary: "The social feed's cached posts, newest first, and when they were fetched",
  }),
  setUrl: defineEndpoint({
    method: 'PUT',
    path: '/twitter/:app_module_id/feed/url',
    params: appModuleParam,
    body: feedUrlInput,
    response: socialFeed,
    tag,
    summary: "Set the feed's address, an RSS or Atom URL (the app owner); it is fetched at once",
  }),
};
