import path from 'node:path';
import type { ContentType } from '@app/contract/schemas/content';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { demoApps, demoCtx, rng } from '../../platform/demo.ts';
import { DEMO_PEOPLE, eventTime } from '../../platform/demo-story.ts';
import type { DemoSeeder } from '../../platform/module.ts';
import { recordComment, recordPost } from '../activity/activity.service.ts';
import { users } from '../users/users.table.ts';
import { DEMO_BLOG_POSTS, DEMO_DISCUSSIONS, DEMO_NEWS_POSTS, type DemoComment, type DemoPost } from './content.demo-data.ts';
import { DEMO_IMAGE_KEYS, demoImageSvg } from './content.demo-images.ts';
import { contentComments, contentFollows, contentLikes, contentPosts, pollOptions, polls, pollVotes } from './content.table.ts';

const DEMO: Record<ContentType, DemoPost[]> = { blogs: DEMO_BLOG_POSTS, news: DEMO_NEWS_POSTS, forums: DEMO_DISCUSSIONS };
const MINUTE = 60_000;
const HOUR = 3_600_000;

/** When a demo post was written: at its time of the event (never later than a few minutes ago), or hours ago. */
function postedAtOf(p: DemoPost, now: number): number {
  if (!p.at) return now - p.hoursAgo * HOUR;
  return Math.min(eventTime(p.at.day, p.at.time, new Date(now)).getTime(), now - 30 * MINUTE);
}
const pad = (id: number) => String(id).padStart(10, '0');

/** The item at `i` modulo the length (demo indexes wrap round when an app has fewer members). */
function nth<T>(list: readonly T[], i: number): T {
  const x = list[i % list.length];
  if (x === undefined) throw new Error('nth of an empty list');
  return x;
}

interface People {
  admin: number;
  /** The cast (DEMO_CAST: Anna, Ben, then attendees in seed order): `authorIndex` picks from here (modulo its length). */
  attendees: number[];
  all: number[];
}

async function peopleOf(db: Db, appId: number): Promise<People | null> {
  const rows = await db
    .select({ id: users.id, isAdmin: users.isAdmin, email: users.email })
    .from(users)
    .where(eq(users.appId, appId))
    .orderBy(asc(users.id));
  if (rows.length === 0) return null;
  // The cast: Anna and Ben (the logins) first, then the generated attendees in seed order.
  const logins = [DEMO_PEOPLE.anna.email, DEMO_PEOPLE.ben.email].flatMap((e) => rows.filter((r) => r.email === e).map((r) => r.id));
  const generated = rows.filter((r) => r.email.endsWith('@example.test')).map((r) => r.id);
  const members = rows.filter((r) => !r.isAdmin).map((r) => r.id);
  const cast = [...logins, ...generated];
  const attendees = generated.length ? cast : members.length ? members : rows.map((r) => r.id);
  return { admin: rows.find((r) => r.isAdmin)?.id ?? nth(rows, 0).id, attendees, all: rows.map((r) => r.id) };
}

/** Distinct members, as many as asked (or all of them), in a seeded order. */
function someOf(ids: number[], n: number, next: () => number): number[] {
  const shuffled = ids.map((id) => ({ id, k: next() })).sort((a, b) => a.k - b.k);
  return shuffled.slice(0, Math.min(n, ids.length)).map((x) => x.id);
}

interface Thread {
  appId: number;
  module: { id: number; type: ContentType };
  post: { id: number; title: string | null };
  postedAt: number;
  /** The seed's now: no comment is dated later. */
  now: number;
  people: People;
  next: () => number;
}

async function insertComments(
  db: Db,
  ctx: Thread,
  comments: DemoComment[],
  parent: { id: number; path: string; depth: number } | null,
): Promise<number> {
  let count = 0;
  for (const c of comments) {
    const at = new Date(Math.min(ctx.postedAt + c.hoursAfter * HOUR, ctx.now - Math.max(1, comments.length - count) * MINUTE));
    const userId = nth(ctx.people.attendees, c.authorIndex);
    const [row] = await db
      .insert(contentComments)
      .values({
        appId: ctx.appId,
        postId: ctx.post.id,
        parentId: parent?.id ?? null,
        depth: parent ? parent.depth + 1 : 0,
        path: '',
        userId,
        body: c.text,
        likesCount: 0,
        createdAt: at,
      })
      .returning({ id: contentComments.id });
    if (!row) throw new Error('insert content_comments returned nothing');
    // The feed line a member's comment writes (folded per post and day), linking to this comment.
    await recordComment(demoCtx(db), { ...ctx, userId, at, commentId: row.id, isReply: parent !== null });
    const path = parent ? `${parent.path}.${pad(row.id)}` : pad(row.id);
    const likers = someOf(ctx.people.all, c.likes, ctx.next);
    await db.update(contentComments).set({ path, likesCount: likers.length }).where(eq(contentComments.id, row.id));
    if (likers.length) {
      await db
        .insert(contentLikes)
        .values(likers.map((userId) => ({ appId: ctx.appId, targetType: 'comment' as const, targetId: row.id, userId })));
    }
    count += 1 + (await insertComments(db, ctx, c.replies ?? [], { id: row.id, path, depth: parent ? parent.depth + 1 : 0 }));
  }
  return count;
}

async function insertPoll(db: Db, appId: number, postId: number, poll: NonNullable<DemoPost['poll']>, people: People, next: () => number) {
  const [p] = await db.insert(polls).values({ appId, postId, title: poll.title }).returning({ id: polls.id });
  if (!p) throw new Error('insert polls returned nothing');
  const options = await db
    .insert(pollOptions)
    .values(poll.options.map((text, i) => ({ pollId: p.id, position: i + 1, text })))
    .returning({ id: pollOptions.id });
  // About two thirds of the members voted, leaning to the first options.
  const voters = someOf(people.all, Math.ceil((people.all.length * 2) / 3), next);
  const votes = voters.map((userId) => ({ pollId: p.id, userId, optionId: nth(options, Math.floor(next() ** 1.5 * options.length)).id }));
  if (votes.length) await db.insert(pollVotes).values(votes);
  for (const o of options) {
    await db
      .update(pollOptions)
      .set({ votesCount: votes.filter((v) => v.optionId === o.id).length })
      .where(eq(pollOptions.id, o.id));
  }
}

/**
 * The demo app's blog, news and forums: posts and discussions by attendees (news by the admin),
 * comment threads up to four levels deep, polls with votes, likes and follows; the dark app's news
 * gets the same news items. Dates are relative to now, so the community always looks active.
 */
export const contentSeed: DemoSeeder = {
  async run({ db, files }) {
    if (files) {
      const dir = 'uploads/demo';
      for (const key of DEMO_IMAGE_KEYS) files?.write(path.posix.join(dir, `${key}.svg`), demoImageSvg(key));
    }
    const now = Date.now();
    for (const demo of await demoApps(db)) {
      const people = await peopleOf(db, demo.app.id);
      if (!people) continue;
      const { next } = rng(demo.index * 104729);
      for (const mod of demo.modules) {
        const posts = DEMO[mod.type as ContentType];
        if (!posts) continue;
        const module = { id: mod.id, type: mod.type as ContentType };
        const [seeded] = await db.select({ id: contentPosts.id }).from(contentPosts).where(eq(contentPosts.appModuleId, mod.id)).limit(1);
        if (seeded) continue;
        for (const p of posts) {
          const body = sanitizeRichText(p.html, { field: 'text', maxLength: 100_000 });
          const postedAt = postedAtOf(p, now);
          const author = p.authorIndex < 0 ? people.admin : nth(people.attendees, p.authorIndex);
          const likers = someOf(people.all, p.likes, next);
          const [row] = await db
            .insert(contentPosts)
            .values({
              appId: demo.app.id,
              appModuleId: mod.id,
              userId: author,
              title: p.title ?? null,
              bodyHtml: body.html,
              bodyText: body.text,
              location: p.location ?? null,
              pinned: p.pinned ?? false,
              likesCount: likers.length,
              createdAt: new Date(postedAt),
            })
            .returning({ id: contentPosts.id });
          if (!row) throw new Error('insert content_posts returned nothing');
          if (likers.length) {
            await db
              .insert(contentLikes)
              .values(likers.map((userId) => ({ appId: demo.app.id, targetType: 'post' as const, targetId: row.id, userId })));
          }
          const thread = { appId: demo.app.id, module, post: { id: row.id, title: p.title ?? null }, postedAt, now, people, next };
          // The feed line a member's post writes.
          await recordPost(demoCtx(db), { ...thread, userId: author, at: new Date(postedAt) });
          const count = await insertComments(db, thread, p.comments, null);
          if (count) {
            await db
              .update(contentPosts)
              .set({
                commentsCount: count,
                lastReplyAt: sql`(select max(${contentComments.createdAt}) from ${contentComments} where ${contentComments.postId} = ${row.id})`,
              })
              .where(eq(contentPosts.id, row.id));
          }
          if (p.poll) await insertPoll(db, demo.app.id, row.id, p.poll, people, next);
          if (mod.type === 'forums') {
            // The author and everyone who replied follow the discussion.
            const repliers = await db
              .selectDistinct({ id: contentComments.userId })
              .from(contentComments)
              .where(eq(contentComments.postId, row.id));
            const followers = [...new Set([author, ...repliers.map((r) => r.id)])];
            await db
              .insert(contentFollows)
              .values(followers.map((userId) => ({ appId: demo.app.id, targetType: 'post' as const, targetId: row.id, userId })));
          }
        }
      }
    }
  },
};
