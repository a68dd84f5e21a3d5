import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moduleId, okBody, pageQuery } from './common.ts';
import { networker } from './networking-hub.ts';

/**
 * Topics to discuss (spec 3 §2 "Topics to discuss: create, view, join"; §9 points), under
 * `/networking/:app_module_id/topics/…` of the app's networking module. Any member creates a topic;
 * its author edits it; the author or the app owner deletes it. Members like it (once: liking twice
 * is a 422), join and leave it (the author is a member and stays one), comment on it (plain text) and
 * delete their own comments. Topics and comments can be reported to the app's moderators.
 */
export const TOPIC_LIMITS = {
  titleMax: 120,
  descriptionMax: 2_000,
  commentMax: 1_000,
  searchMax: 100,
  perPage: 20,
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const topicParams = z.object({ app_module_id: moduleId, topic_id: id }).strict();
export const topicCommentParams = z.object({ app_module_id: moduleId, topic_id: id, comment_id: id }).strict();
export const topicModuleParams = z.object({ app_module_id: moduleId }).strict();

export const TOPIC_SORTS = ['newest', 'active'] as const;
export type TopicSort = (typeof TOPIC_SORTS)[number];

export const topicListQuery = pageQuery
  .extend({
    search: z.string().trim().max(TOPIC_LIMITS.searchMax, { error: 'networking-topics.errors.searchTooLong' }).optional(),
    /** newest: latest created first; active: most likes, comments and members first (then the latest activity). */
    sort: z.enum(TOPIC_SORTS, { error: 'networking-topics.errors.sortInvalid' }).default('newest'),
    /** Only the topics I joined. */
    joined: z
      .enum(['true', 'false'], { error: 'networking-topics.errors.joinedInvalid' })
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();
export type TopicListQuery = z.input<typeof topicListQuery>;

/** Who wrote a topic or a comment ("Deleted user" when the account is gone). */
export const topicAuthor = z.object({ id: z.number().int(), fullname: z.string(), avatar: z.string().nullable() });
export type TopicAuthor = z.infer<typeof topicAuthor>;

/** A topic as the list and the detail show it, with the reader's marks and rights. */
export const topic = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  /** Plain text as written (line breaks kept; the page wraps long words). */
  description: z.string(),
  author: topicAuthor,
  created_at: z.string(),
  updated_at: z.string(),
  /** The latest like, join or comment (or the creation). */
  active_at: z.string(),
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  members_count: z.number().int(),
  /** The reader liked it. */
  liked: z.boolean(),
  /** The reader joined it (the author always has). */
  joined: z.boolean(),
  /** The reader wrote it: may edit it. */
  mine: z.boolean(),
  /** The reader may delete it (the author or the app owner). */
  can_delete: z.boolean(),
  /** The reader reported it. */
  reported: z.boolean(),
});
export type Topic = z.infer<typeof topic>;

export const topicComment = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  author: topicAuthor,
  /** Plain text as written. */
  body: z.string(),
  created_at: z.string(),
  mine: z.boolean(),
  /** Its author or the app owner. */
  can_delete: z.boolean(),
  reported: z.boolean(),
});
export type TopicComment = z.infer<typeof topicComment>;

export const topicInput = z
  .object({
    title: z
      .string({ error: 'networking-topics.errors.titleRequired' })
      .trim()
      .min(1, { error: 'networking-topics.errors.titleRequired' })
      .max(TOPIC_LIMITS.titleMax, { error: 'networking-topics.errors.titleTooLong' }),
    description: z
      .string({ error: 'networking-topics.errors.descriptionInvalid' })
      .trim()
      .max(TOPIC_LIMITS.descriptionMax, { error: 'networking-topics.errors.descriptionTooLong' })
      .default(''),
  })
  .strict();
export type TopicInput = z.input<typeof topicInput>;

export const topicCommentInput = z
  .object({
    body: z
      .string({ error: 'networking-topics.errors.commentRequired' })
      .trim()
      .min(1, { error: 'networking-topics.errors.commentRequired' })
      .max(TOPIC_LIMITS.commentMax, { error: 'networking-topics.errors.commentTooLong' }),
  })
  .strict();
export type TopicCommentInput = z.input<typeof topicCommentInput>;

const tag = 'networking';
const base = '/networking/:app_module_id/topics';
export const networkingTopicsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: base,
    params: topicModuleParams,
    query: topicListQuery,
    response: z.array(topic),
    tag,
    summary: 'Topics to discuss: newest or most active first, search by title, only the ones I joined; paged (x-pagination headers)',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/:topic_id`,
    params: topicParams,
    response: topic,
    tag,
    summary: 'One topic with its counts and my marks',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: base,
    params: topicModuleParams,
    body: topicInput,
    response: topic,
    tag,
    summary: 'Start a topic (the author joins it; 400 points)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: `${base}/:topic_id`,
    params: topicParams,
    body: topicInput,
    response: topic,
    tag,
    summary: 'Edit my topic',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:topic_id`,
    params: topicParams,
    response: okBody,
    tag,
    summary: 'Delete a topic (its author or the app owner) with its comments',
  }),
  like: defineEndpoint({
    method: 'POST',
    path: `${base}/:topic_id/like`,
    params: topicParams,
    response: topic,
    tag,
    summary: 'Like a topic (once: liking twice is a 422)',
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:topic_id/like`,
    params: topicParams,
    response: topic,
    tag,
    summary: 'Take my like back (points stay)',
  }),
  join: defineEndpoint({
    method: 'POST',
    path: `${base}/:topic_id/join`,
    params: topicParams,
    response: topic,
    tag,
    summary: 'Join a topic (again: nothing changes)',
  }),
  leave: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:topic_id/join`,
    params: topicParams,
    response: topic,
    tag,
    summary: 'Leave a topic (its author stays a member: 422)',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: `${base}/:topic_id/flag`,
    params: topicParams,
    response: okBody,
    tag,
    summary: 'Report a topic (once per member however often asked)',
  }),
  members: defineEndpoint({
    method: 'GET',
    path: `${base}/:topic_id/members`,
    params: topicParams,
    query: pageQuery,
    response: z.array(networker),
    tag,
    summary: 'The members who joined, as networker cards, earliest first (members who are not listed in the directory are left out); paged',
  }),
  comments: defineEndpoint({
    method: 'GET',
    path: `${base}/:topic_id/comments`,
    params: topicParams,
    query: pageQuery,
    response: z.array(topicComment),
    tag,
    summary: 'Comments of a topic, oldest first (newest last); paged',
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: `${base}/:topic_id/comments`,
    params: topicParams,
    body: topicCommentInput,
    response: topicComment,
    tag,
    summary: 'Comment on a topic (plain text)',
  }),
  removeComment: defineEndpoint({
    method: 'DELETE',
    path: `${base}/:topic_id/comments/:comment_id`,
    params: topicCommentParams,
    response: okBody,
    tag,
    summary: 'Delete a comment (its author or the app owner)',
  }),
  flagComment: defineEndpoint({
    method: 'POST',
    path: `${base}/:topic_id/comments/:comment_id/flag`,
    params: topicCommentParams,
    response: okBody,
    tag,
    summary: 'Report a comment (once per member)',
  }),
};

/** What changed of a topic: open screens of the app's members refetch the topic, its lists, comments or members. */
export interface TopicChange {
  app_module_id: number;
  topic_id: number;
  what: 'created' | 'updated' | 'deleted' | 'liked' | 'members' | 'comments';
}

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /** A topic to discuss changed (to `app:<id>`): see TopicChange. */
    networkingTopicChanged: (payload: TopicChange) => void;
  }
}
