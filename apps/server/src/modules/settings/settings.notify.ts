import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Scope } from '../../platform/scope.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { queuePush } from '../push/push.service.ts';
import { pushText } from './settings.service.ts';

/** A notification's body: the text's first 140 characters on one line. */
const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

/**
 * The pushes of the other modules, each in its category (members who turned it off get none),
 * handed to the background sender: the request that caused them never waits.
 */

/** A new news post (News Feed) or blog post (Blog): every other member of the app. */
export function notifyNewPost(
  ctx: Ctx,
  scope: Scope,
  mod: { id: number; type: string; name: string },
  post: { id: number; title: string | null; text: string; url: string },
) {
  if (mod.type !== 'news' && mod.type !== 'blogs') return;
  const category = mod.type === 'news' ? 'news' : 'blog';
  const title = pushText(scope.tenant.locale, mod.type === 'news' ? 'newPost' : 'newBlogPost', { module: mod.name });
  const body = excerpt(post.title ? `${post.title}: ${post.text}` : post.text);
  queuePush(
    ctx,
    scope.tenant.id,
    category,
    { allMembers: true, except: scope.user.id },
    { title, body, url: post.url, tag: `post-${post.id}` },
  );
}

/** A reply in a followed forum discussion (Discussions): its followers but the author of the reply. */
export function notifyReply(
  ctx: Ctx,
  scope: Scope,
  followers: number[],
  reply: { postId: number; title: string; author: string; text: string; url: string },
) {
  const userIds = followers.filter((u) => u !== scope.user.id);
  queuePush(
    ctx,
    scope.tenant.id,
    'discussions',
    { userIds },
    {
      title: pushText(scope.tenant.locale, 'reply', { title: reply.title }),
      body: excerpt(`${reply.author}: ${reply.text}`),
      url: reply.url,
      tag: `discussion-${reply.postId}`,
    },
  );
}

/**
 * An event changed or was cancelled (Events): its registered members. For the events module's
 * writes (the organiser's side); the event is read in the caller's app only.
 */
export async function notifyEventChange(ctx: Ctx, appId: number, locale: string, eventId: number, kind: 'changed' | 'cancelled') {
  const [event] = await ctx.db
    .select({ id: events.id, title: events.title, moduleId: events.appModuleId })
    .from(events)
    .where(and(eq(events.appId, appId), eq(events.id, eventId)));
  if (!event) return 0;
  const registered = await ctx.db
    .select({ id: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.appId, appId), eq(eventRegistrations.eventId, eventId)));
  const cancelled = kind === 'cancelled';
  queuePush(
    ctx,
    appId,
    'events',
    { userIds: registered.map((r) => r.id) },
    {
      title: pushText(locale, cancelled ? 'eventCancelled' : 'eventChanged', { title: event.title }),
      body: pushText(locale, cancelled ? 'eventCancelledBody' : 'eventChangedBody'),
      url: `/events/${event.moduleId}/event/${event.id}`,
      tag: `event-${event.id}`,
    },
  );
  return registered.length;
}
