import { z } from 'zod';
/**
 * The content kit of issue 8: posts (blogs, news), discussions (forums), nested comments, polls,
 * likes, follows, flags and attachments, one implementation for the three module types. The
 * server answers these under `/content/:app_module_id/…` and checks the module is one of
 * CONTENT_TYPES of the caller's app. Rich text is HTML of a fixed vocabulary, sanitised on
 * the server (docs/decisions.md "Rich text"). Cover images and attachments are uploaded first
 * (multipart, CONTENT_UPLOAD) and then named by id in the post (docs/decisions.md "Uploads").
 */
import { CONTENT_LIMITS } from '../content-constants.ts';
import { defineEndpoint } from '../endpoint.ts';
import { appModuleParam, moduleId, okBody, pageQuery } from './common.ts';

export { CONTENT_LIMITS, CONTENT_TYPES, CONTENT_UPLOAD, type ContentType } from '../content-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const text = (max: number) => z.string().trim().max(max, { error: 'common.errors.tooLong' });

export const postParams = z.object({ app_module_id: moduleId, id }).strict();
export const commentParams = z.object({ app_module_id: moduleId, id, comment_id: id }).strict();

/** Author of a post or comment (spec 1 §3 Related user, short). */
export const author = z.object({ id: z.number().int(), fullname: z.string(), avatar: z.string().nullable(), is_verified: z.boolean() });

export const attachment = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** Signed, expiring url: files are served only to members of the app. */
  url: z.string(),
  is_image: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Attachment = z.infer<typeof attachment>;

export const pollOption = z.object({ id: z.number().int(), text: z.string(), votes_count: z.number().int() });
export const poll = z.object({
  title: z.string(),
  status: z.enum(['in_progress', 'finished']),
  options: z.array(pollOption),
  votes_count: z.number().int(),
  /** The reader's vote, null when none. */
  my_vote: z.number().int().nullable(),
});
export type Poll = z.infer<typeof poll>;

/** One option of the votes panel and the members who chose it. */
export const pollOptionVoters = z.object({
  option_id: z.number().int(),
  text: z.string(),
  votes_count: z.number().int(),
  voters: z.array(author),
});
export type PollOptionVoters = z.infer<typeof pollOptionVoters>;

/** What the reader may do with an item (spec 2 §6), computed on the server. */
export const permissions = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  pin: z.boolean(),
  finish_poll: z.boolean(),
});

export const post = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  /** Discussions (forums) have a title; blog and news posts may not. */
  title: z.string().nullable(),
  /** Sanitised HTML. */
  text: z.string(),
  /** Plain-text start of the body for lists and previews. */
  excerpt: z.string(),
  location: z.string().nullable(),
  cover_image: attachment.nullable(),
  attachments: z.array(attachment),
  poll: poll.nullable(),
  pinned: z.boolean(),
  followed: z.boolean(),
  liked: z.boolean(),
  reported: z.boolean(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  /** Time of the newest comment (forums "last reply"), else null. */
  last_reply_at: z.string().nullable(),
  user: author,
  created_at: z.string(),
  edited_at: z.string().nullable(),
  permissions,
});
export type Post = z.infer<typeof post>;

export const pollInput = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, { error: 'content.errors.pollTitleBlank' })
      .max(CONTENT_LIMITS.pollTitleMax, { error: 'content.errors.pollTitleTooLong' }),
    options: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'content.errors.pollOptionBlank' })
          .max(CONTENT_LIMITS.pollOptionMax, { error: 'content.errors.pollOptionTooLong' }),
      )
      .min(CONTENT_LIMITS.pollOptionsMin, { error: 'content.errors.pollOptionsMin' })
      .max(CONTENT_LIMITS.pollOptionsMax, { error: 'content.errors.pollOptionsMax' }),
  })
  .strict();

export const postInput = z
  .object({
    title: text(CONTENT_LIMITS.titleMax).optional(),
    text: z.string().max(CONTENT_LIMITS.bodyMax, { error: 'common.errors.tooLong' }),
    location: text(CONTENT_LIMITS.locationMax).optional(),
    /** null removes the poll; absent leaves it as it is (edit). */
    poll: pollInput.nullable().optional(),
    /** An image the caller uploaded (CONTENT_UPLOAD); null removes the cover, absent leaves it (edit). */
    cover_image_id: id.nullable().optional(),
    /** The caller's uploads; the list replaces the post's attachments (shown in upload order), absent leaves them (edit). */
    attachment_ids: z.array(id).max(CONTENT_LIMITS.attachmentsMax, { error: 'content.errors.attachmentsMax' }).optional(),
  })
  .strict();
export type PostInput = z.input<typeof postInput>;

export const postListQuery = pageQuery.extend({ search: z.string().trim().max(CONTENT_LIMITS.searchMax).optional() }).strict();

export const comment = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  /** 0 for a comment on the post; any depth is stored. */
  depth: z.number().int(),
  /** Author of the comment replied to, for replies shown flattened. */
  reply_to: author.nullable(),
  text: z.string(),
  user: author,
  liked: z.boolean(),
  likes_count: z.number().int(),
  reported: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  permissions: permissions.pick({ edit: true, delete: true }),
});
export type Comment = z.infer<typeof comment>;

export const commentInput = z
  .object({
    text: text(CONTENT_LIMITS.commentMax).min(1, { error: 'content.errors.commentBlank' }),
    parent_id: id.nullable().optional(),
  })
  .strict();

const tag = 'content';

/** Calls of the content kit; the list answers carry the pagination headers. */
export const contentEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/content/:app_module_id/posts',
    params: appModuleParam,
    query: postListQuery,
    response: z.array(post),
    tag,
    summary: 'Posts or discussions of a module: pinned first, then newest; search by any word',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/posts',
    params: appModuleParam,
    body: postInput,
    response: post,
    tag,
    summary: 'Publish a post or discussion',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/content/:app_module_id/posts/:id',
    params: postParams,
    response: post,
    tag,
    summary: 'One post',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id',
    params: postParams,
    body: postInput,
    response: post,
    tag,
    summary: 'Edit a post (owner)',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/content/:app_module_id/posts/:id',
    params: postParams,
    response: okBody,
    tag,
    summary: 'Delete a post (owner, app admin)',
  }),
  pin: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/pin',
    params: postParams,
    body: z.object({ pinned: z.boolean() }).strict(),
    response: post,
    tag,
    summary: 'Pin or unpin (owner; news and forums)',
  }),
  like: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/like',
    params: postParams,
    body: z.object({ liked: z.boolean() }).strict(),
    response: post,
    tag,
    summary: 'Like or unlike a post',
  }),
  follow: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/follow',
    params: postParams,
    body: z.object({ followed: z.boolean() }).strict(),
    response: post,
    tag,
    summary: 'Follow a discussion: its new replies reach the activity feed',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/posts/:id/flag',
    params: postParams,
    response: okBody,
    tag,
    summary: 'Report a post',
  }),
  vote: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/vote',
    params: postParams,
    body: z.object({ option_id: id }).strict(),
    response: poll,
    tag,
    summary: 'Vote, or change the vote while the poll is in progress',
  }),
  finishPoll: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/posts/:id/finish-poll',
    params: postParams,
    response: poll,
    tag,
    summary: 'Finish the poll (owner); nobody votes afterwards',
  }),
  seen: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/seen',
    params: appModuleParam,
    body: z.object({ post_id: id.optional() }).strict(),
    response: okBody,
    tag,
    summary: 'The feed (or one post) was opened: its menu bubble goes',
  }),
  votes: defineEndpoint({
    method: 'GET',
    path: '/content/:app_module_id/posts/:id/votes',
    params: postParams,
    response: z.array(pollOptionVoters),
    tag,
    summary: 'The poll votes panel: each option with who voted for it (the first 100, newest first)',
  }),
  likes: defineEndpoint({
    method: 'GET',
    path: '/content/:app_module_id/posts/:id/likes',
    params: postParams,
    query: pageQuery,
    response: z.array(author),
    tag,
    summary: 'Who liked a post (the likes panel), newest first, paginated',
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: '/content/:app_module_id/posts/:id/comments',
    params: postParams,
    query: pageQuery,
    response: z.array(comment),
    tag,
    summary: 'Comments in thread order (each reply after its parent), paginated',
  }),
  addComment: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/posts/:id/comments',
    params: postParams,
    body: commentInput,
    response: comment,
    tag,
    summary: 'Comment on a post, or reply to a comment',
  }),
  editComment: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/comments/:comment_id',
    params: commentParams,
    body: commentInput.pick({ text: true }),
    response: comment,
    tag,
    summary: 'Edit a comment (author)',
  }),
  removeComment: defineEndpoint({
    method: 'DELETE',
    path: '/content/:app_module_id/posts/:id/comments/:comment_id',
    params: commentParams,
    response: okBody,
    tag,
    summary: 'Delete a comment (author, app admin)',
  }),
  likeComment: defineEndpoint({
    method: 'PUT',
    path: '/content/:app_module_id/posts/:id/comments/:comment_id/like',
    params: commentParams,
    body: z.object({ liked: z.boolean() }).strict(),
    response: comment,
    tag,
    summary: 'Like or unlike a comment',
  }),
  flagComment: defineEndpoint({
    method: 'POST',
    path: '/content/:app_module_id/posts/:id/comments/:comment_id/flag',
    params: commentParams,
    response: okBody,
    tag,
    summary: 'Report a comment',
  }),
};

/** Sent to the app's room when a post, its comments, poll or likes change: open pages refetch it. */
export interface ContentChange {
  app_module_id: number;
  post_id: number;
  what: 'post' | 'deleted' | 'poll' | 'like' | 'comment';
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    contentChanged: (payload: ContentChange) => void;
  }
}
