import type { Locale } from '@app/contract/constants';
import type { Networker } from '@app/contract/schemas/networking-hub';
import type { Topic, TopicChange, TopicComment, TopicSort } from '@app/contract/schemas/networking-topics';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { fieldError, forbidden, notFound } from '../../../lib/errors.ts';
import { offsetOf, type Page } from '../../../lib/pagination.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { Scope } from '../../../platform/scope.ts';
import { reportFiled } from '../../console/moderation/moderation.live.ts';
import { fullName } from '../../users/users.names.ts';
import { isAppAdmin } from '../../users/users.queries.ts';
import { users } from '../../users/users.table.ts';
import { networkerCards } from '../networking.cards.ts';
import { type Award, afterScoreChange, awardAll, revokePoints } from '../networking.points.ts';
import {
  type CommentRow,
  countTopics,
  deleteCommentRow,
  deleteLike,
  deleteMember,
  deleteTopicRow,
  findComment,
  findTopic,
  insertComment,
  insertCommentFlag,
  insertLike,
  insertMember,
  insertTopic,
  insertTopicFlag,
  lockTopic,
  pageComments,
  pageMemberIds,
  pageTopics,
  type TopicRow,
  touchTopic,
  updateTopicRow,
} from './topics.queries.ts';

/** Every topic call starts here: the networking module of the caller's app (404 another app's, 406 a removed one). */
const requireHub = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'networking', moduleId);

const author = (a: TopicRow['author'], locale: Locale) => ({
  id: a.id,
  fullname: fullName(a, locale),
  avatar: a.deletedAt ? null : a.avatarUrl,
});

function toTopic(r: TopicRow, scope: Scope, admin: boolean): Topic {
  const mine = r.topic.userId === scope.user.id;
  return {
    id: r.topic.id,
    app_module_id: r.topic.appModuleId,
    title: r.topic.title,
    description: r.topic.description,
    author: author(r.author, scope.locale),
    created_at: r.topic.createdAt.toISOString(),
    updated_at: r.topic.updatedAt.toISOString(),
    active_at: r.topic.activeAt.toISOString(),
    likes_count: r.likes,
    comments_count: r.comments,
    members_count: r.members,
    liked: r.liked,
    joined: r.joined,
    mine,
    can_delete: mine || admin,
    reported: r.reported,
  };
}

function toComment(r: CommentRow, scope: Scope, admin: boolean): TopicComment {
  const mine = r.comment.userId === scope.user.id;
  return {
    id: r.comment.id,
    topic_id: r.comment.topicId,
    author: author(r.author, scope.locale),
    body: r.comment.body,
    created_at: r.comment.createdAt.toISOString(),
    mine,
    can_delete: mine || admin,
    reported: r.reported,
  };
}

/** Tells the app's connected members (that app's room only) what changed of a topic. */
function tell(ctx: Ctx, appId: number, change: TopicChange) {
  ctx.io?.to(`app:${appId}`).emit('networkingTopicChanged', change);
}

/** The member can still earn points (a deleted or blocked author of an old topic cannot). */
async function canEarn(db: Db, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return r !== undefined;
}

/** After a write's commit: the score screens of the members who got points, then the topic's open screens. */
async function afterWrite(ctx: Ctx, appId: number, earned: number[], change: TopicChange) {
  await afterScoreChange(ctx, appId, earned, ['score', 'leaderboard']);
  tell(ctx, appId, change);
}

export interface TopicListInput {
  search?: string | undefined;
  sort: TopicSort;
  joined?: boolean | undefined;
}

export async function listTopics(ctx: Ctx, scope: Scope, moduleId: number, input: TopicListInput, page: Page) {
  const mod = await requireHub(ctx, scope, moduleId);
  const filter = { search: input.search?.trim() || null, joined: input.joined === true, sort: input.sort };
  const rows = await pageTopics(ctx.db, scope.tenant.id, mod.id, scope.user.id, filter, page.perPage, offsetOf(page));
  const total =
    rows.length < page.perPage && page.page === 1 ? rows.length : await countTopics(ctx.db, scope.tenant.id, mod.id, scope.user.id, filter);
  const admin = await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id);
  return { items: rows.map((r) => toTopic(r, scope, admin)), total };
}

async function topicOf(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const found = await findTopic(ctx.db, scope.tenant.id, moduleId, id, scope.user.id);
  if (!found) throw notFound();
  return toTopic(found, scope, await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id));
}

export async function getTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  return topicOf(ctx, scope, mod.id, id);
}

interface TopicBody {
  title: string;
  description: string;
}

/** Starts a topic: its author joins it and gets the points of "Create a discussion topic" (once per topic). */
export async function createTopic(ctx: Ctx, scope: Scope, moduleId: number, body: TopicBody): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  const appId = scope.tenant.id;
  const { id, earned } = await ctx.db.transaction(async (tx) => {
    const id = await insertTopic(tx, {
      appId,
      appModuleId: mod.id,
      userId: scope.user.id,
      title: body.title,
      description: body.description,
    });
    const earned = await awardAll(tx, [{ appId, userId: scope.user.id, action: 'topicCreate', ref: id }]);
    return { id, earned };
  });
  await afterWrite(ctx, appId, earned, { app_module_id: mod.id, topic_id: id, what: 'created' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Edits the author's own topic (403 for anybody else, the app owner too). */
export async function updateTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number, body: TopicBody): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  await ctx.db.transaction(async (tx) => {
    const row = await lockTopic(tx, scope.tenant.id, mod.id, id);
    if (!row) throw notFound();
    if (row.userId !== scope.user.id) throw forbidden();
    await updateTopicRow(tx, id, body);
  });
  tell(ctx, scope.tenant.id, { app_module_id: mod.id, topic_id: id, what: 'updated' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Deletes a topic with its likes, members and comments: its author or the app owner (403 for other members). Points stay. */
export async function deleteTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireHub(ctx, scope, moduleId);
  await eraseTopic(ctx, scope.tenant.id, mod.id, id, async (tx, row) => {
    if (row.userId !== scope.user.id && !(await isAppAdmin(tx, scope.tenant.id, scope.user.id))) throw forbidden();
  });
  return { success: true as const };
}

/** Every point action about a topic (ref: its id, or `id:member`). */
const TOPIC_ACTIONS = ['topicCreate', 'topicLike', 'topicComment', 'topicLiked', 'topicCommenter'] as const;

/** Deletes a topic of the app's module (after `check`, inside the lock); the console's moderation too. */
export async function eraseTopic(
  ctx: Ctx,
  appId: number,
  moduleId: number,
  id: number,
  check: (tx: Db, row: { userId: number }) => Promise<void> = async () => {},
) {
  const losers = await ctx.db.transaction(async (tx) => {
    const row = await lockTopic(tx, appId, moduleId, id);
    if (!row) throw notFound();
    await check(tx, row);
    await deleteTopicRow(tx, id);
    // The points it gave go with it (its creation, likes and comments): creating and deleting topics
    // is no way to farm points.
    return revokePoints(tx, appId, TOPIC_ACTIONS, id);
  });
  tell(ctx, appId, { app_module_id: moduleId, topic_id: id, what: 'deleted' });
  await afterScoreChange(ctx, appId, losers);
}

/**
 * Likes a topic, once: liking it again is a 422 (`_popup`, "You already like this topic."), which
 * a raced second request gets too. Points (none for liking one's own topic): the liker's "Like a
 * discussion topic" (once per topic, even after unlike and like again) and the author's "Receive a
 * like on own topic" (once per liker).
 */
export async function likeTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  const appId = scope.tenant.id;
  const me = scope.user.id;
  const earned = await ctx.db.transaction(async (tx) => {
    const row = await lockTopic(tx, appId, mod.id, id);
    if (!row) throw notFound();
    if (!(await insertLike(tx, appId, id, me))) throw fieldError('_popup', 'networking-topics.errors.alreadyLiked');
    await touchTopic(tx, id);
    // Liking one's own topic counts as a like but earns nothing (as commenting on it).
    if (row.userId === me) return [];
    const awards: Award[] = [{ appId, userId: me, action: 'topicLike', ref: id }];
    if (await canEarn(tx, row.userId)) awards.push({ appId, userId: row.userId, action: 'topicLiked', ref: `${id}:${me}` });
    return awardAll(tx, awards);
  });
  await afterWrite(ctx, appId, earned, { app_module_id: mod.id, topic_id: id, what: 'liked' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Takes my like back (not liked: nothing happens). The points stay. */
export async function unlikeTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  const gone = await ctx.db.transaction(async (tx) => {
    if (!(await lockTopic(tx, scope.tenant.id, mod.id, id))) throw notFound();
    return deleteLike(tx, id, scope.user.id);
  });
  if (gone) tell(ctx, scope.tenant.id, { app_module_id: mod.id, topic_id: id, what: 'liked' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Joins a topic (already a member: nothing changes). */
export async function joinTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  const joined = await ctx.db.transaction(async (tx) => {
    if (!(await lockTopic(tx, scope.tenant.id, mod.id, id))) throw notFound();
    const fresh = await insertMember(tx, scope.tenant.id, id, scope.user.id);
    if (fresh) await touchTopic(tx, id);
    return fresh;
  });
  if (joined) tell(ctx, scope.tenant.id, { app_module_id: mod.id, topic_id: id, what: 'members' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Leaves a topic; its author stays a member (422 `_popup`). Not a member: nothing happens. */
export async function leaveTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<Topic> {
  const mod = await requireHub(ctx, scope, moduleId);
  const left = await ctx.db.transaction(async (tx) => {
    const row = await lockTopic(tx, scope.tenant.id, mod.id, id);
    if (!row) throw notFound();
    if (row.userId === scope.user.id) throw fieldError('_popup', 'networking-topics.errors.authorStays');
    return deleteMember(tx, id, scope.user.id);
  });
  if (left) tell(ctx, scope.tenant.id, { app_module_id: mod.id, topic_id: id, what: 'members' });
  return topicOf(ctx, scope, mod.id, id);
}

/** Reports a topic: one row per member, so reporting twice counts once. */
export async function flagTopic(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const mod = await requireHub(ctx, scope, moduleId);
  const found = await findTopic(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!found) throw notFound();
  await insertTopicFlag(ctx.db, scope.tenant.id, id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}

/**
 * The members who joined, as networker cards (earliest first): members who opted out of the
 * directory, deleted, unconfirmed or blocked accounts are left out, except the reader themself.
 */
export async function topicMembers(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  id: number,
  page: Page,
): Promise<{ items: Networker[]; total: number }> {
  const mod = await requireHub(ctx, scope, moduleId);
  if (!(await findTopic(ctx.db, scope.tenant.id, mod.id, id, scope.user.id))) throw notFound();
  const { ids, total } = await pageMemberIds(ctx.db, id, scope.user.id, page.perPage, offsetOf(page));
  return { items: await networkerCards(ctx.db, scope.tenant.id, scope.user.id, ids), total };
}

export async function listComments(ctx: Ctx, scope: Scope, moduleId: number, id: number, page: Page) {
  const mod = await requireHub(ctx, scope, moduleId);
  const topic = await findTopic(ctx.db, scope.tenant.id, mod.id, id, scope.user.id);
  if (!topic) throw notFound();
  const rows = await pageComments(ctx.db, id, scope.user.id, page.perPage, offsetOf(page));
  const admin = await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id);
  return { items: rows.map((r) => toComment(r, scope, admin)), total: topic.comments };
}

/**
 * Comments on a topic. On another's topic: the commenter's "Post a first comment on another's topic"
 * (once per topic) and the author's "Gain a unique commenter on own topic" (once per commenter).
 */
export async function addComment(ctx: Ctx, scope: Scope, moduleId: number, id: number, body: string): Promise<TopicComment> {
  const mod = await requireHub(ctx, scope, moduleId);
  const appId = scope.tenant.id;
  const me = scope.user.id;
  const { commentId, earned } = await ctx.db.transaction(async (tx) => {
    const row = await lockTopic(tx, appId, mod.id, id);
    if (!row) throw notFound();
    const commentId = await insertComment(tx, { appId, topicId: id, userId: me, body });
    await touchTopic(tx, id);
    const awards: Award[] = [];
    if (row.userId !== me) {
      awards.push({ appId, userId: me, action: 'topicComment', ref: id });
      if (await canEarn(tx, row.userId)) awards.push({ appId, userId: row.userId, action: 'topicCommenter', ref: `${id}:${me}` });
    }
    return { commentId, earned: await awardAll(tx, awards) };
  });
  await afterWrite(ctx, appId, earned, { app_module_id: mod.id, topic_id: id, what: 'comments' });
  const found = await findComment(ctx.db, id, commentId, me);
  if (!found) throw notFound();
  return toComment(found, scope, await isAppAdmin(ctx.db, appId, me));
}

/** Deletes a comment: its author or the app owner (403 for other members). */
export async function deleteComment(ctx: Ctx, scope: Scope, moduleId: number, id: number, commentId: number) {
  const mod = await requireHub(ctx, scope, moduleId);
  await eraseComment(ctx, scope.tenant.id, mod.id, id, commentId, async (tx, row) => {
    if (row.userId !== scope.user.id && !(await isAppAdmin(tx, scope.tenant.id, scope.user.id))) throw forbidden();
  });
  return { success: true as const };
}

/** Deletes a comment of a topic of the app's module (after `check`); the console's moderation too. */
export async function eraseComment(
  ctx: Ctx,
  appId: number,
  moduleId: number,
  topicId: number,
  commentId: number,
  check: (tx: Db, row: { userId: number }) => Promise<void> = async () => {},
) {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockTopic(tx, appId, moduleId, topicId))) throw notFound();
    const found = await findComment(tx, topicId, commentId, 0);
    if (!found) throw notFound();
    await check(tx, found.comment);
    await deleteCommentRow(tx, commentId);
  });
  tell(ctx, appId, { app_module_id: moduleId, topic_id: topicId, what: 'comments' });
}

/** Reports a comment: once per member. */
export async function flagComment(ctx: Ctx, scope: Scope, moduleId: number, id: number, commentId: number) {
  const mod = await requireHub(ctx, scope, moduleId);
  if (!(await findTopic(ctx.db, scope.tenant.id, mod.id, id, scope.user.id))) throw notFound();
  if (!(await findComment(ctx.db, id, commentId, scope.user.id))) throw notFound();
  await insertCommentFlag(ctx.db, scope.tenant.id, commentId, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}
