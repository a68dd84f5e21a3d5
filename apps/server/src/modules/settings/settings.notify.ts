import type { NotificationCategory } from '@app/contract/schemas/settings';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Scope } from '../../platform/scope.ts';
import { agendaSchedule } from '../agenda/agenda.table.ts';
import { eventRegistrations, events } from '../events/events.table.ts';
import { type PushText, queuePush, renderText } from '../push/push.service.ts';
import { membersAllowingInApp } from './settings.queries.ts';
import { pushText } from './settings.service.ts';

/**
 * The in-app side of a notification: an `appNotice` over the socket to the members among the
 * audience (all members but `except`, or the listed ones) whose In-App toggle of the category is on,
 * written once per language and sent to that language's members. Not awaited by the request; a
 * failure is logged.
 */
function noticeInApp(
  ctx: Ctx,
  appId: number,
  category: NotificationCategory,
  audience: { except: number; userIds?: readonly number[] },
  notice: { title: PushText; body: PushText; url: string },
) {
  void membersAllowingInApp(ctx.db, appId, category, audience.except, audience.userIds)
    .then((members) => {
      const byLocale = new Map<string, string[]>();
      for (const m of members) {
        const rooms = byLocale.get(m.locale) ?? [];
        rooms.push(`user:${m.id}`);
        byLocale.set(m.locale, rooms);
      }
      for (const [locale, rooms] of byLocale) {
        const text = { title: renderText(notice.title, locale), body: renderText(notice.body, locale), url: notice.url };
        ctx.io?.to(rooms).emit('appNotice', { category, ...text });
      }
    })
    .catch((err: unknown) => ctx.log.warn({ err }, 'settings: in-app notices failed'));
}

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
  const title = pushText(mod.type === 'news' ? 'newPost' : 'newBlogPost', { module: mod.name });
  const body = excerpt(post.title ? `${post.title}: ${post.text}` : post.text);
  queuePush(
    ctx,
    scope.tenant.id,
    category,
    { allMembers: true, except: scope.user.id },
    { title, body, url: post.url, tag: `post-${post.id}` },
  );
  noticeInApp(ctx, scope.tenant.id, category, { except: scope.user.id }, { title, body, url: post.url });
}

/** A reply in a followed forum discussion (Discussions): its followers but the author of the reply. */
export function notifyReply(
  ctx: Ctx,
  scope: Scope,
  followers: number[],
  reply: { postId: number; title: string; author: string; text: string; url: string },
) {
  const userIds = followers.filter((u) => u !== scope.user.id);
  const notice = {
    title: pushText('reply', { title: reply.title }),
    body: excerpt(`${reply.author}: ${reply.text}`),
    url: reply.url,
  };
  queuePush(ctx, scope.tenant.id, 'discussions', { userIds }, { ...notice, tag: `discussion-${reply.postId}` });
  noticeInApp(ctx, scope.tenant.id, 'discussions', { except: scope.user.id, userIds }, notice);
}

/** An event or a session changed or was cancelled (Events): a push and an in-app notice to the members concerned. */
function notifyChange(
  ctx: Ctx,
  appId: number,
  userIds: number[],
  what: { title: string; url: string; tag: string },
  kind: 'changed' | 'cancelled',
) {
  const cancelled = kind === 'cancelled';
  const notice = {
    title: pushText(cancelled ? 'eventCancelled' : 'eventChanged', { title: what.title }),
    body: pushText(cancelled ? 'eventCancelledBody' : 'eventChangedBody'),
    url: what.url,
  };
  queuePush(ctx, appId, 'events', { userIds }, { ...notice, tag: what.tag });
  noticeInApp(ctx, appId, 'events', { except: 0, userIds }, notice);
}

/**
 * An event changed or was cancelled (Events): its registered members. For the events module's
 * writes (the organiser's side); the event is read in the caller's app only.
 */
export async function notifyEventChange(ctx: Ctx, appId: number, eventId: number, kind: 'changed' | 'cancelled') {
  const [event] = await ctx.db
    .select({ id: events.id, title: events.title, moduleId: events.appModuleId })
    .from(events)
    .where(and(eq(events.appId, appId), eq(events.id, eventId)));
  if (!event) return 0;
  const registered = await ctx.db
    .select({ id: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.appId, appId), eq(eventRegistrations.eventId, eventId)));
  const url = `/events/${event.moduleId}/event/${event.id}`;
  notifyChange(
    ctx,
    appId,
    registered.map((r) => r.id),
    { title: event.title, url, tag: `event-${event.id}` },
    kind,
  );
  return registered.length;
}

/**
 * A session of an agenda moved, changed room or was cancelled by the app owner (Events): the
 * members holding it in their agenda.
 */
export async function notifySessionChange(
  ctx: Ctx,
  appId: number,
  session: { id: number; title: string; moduleId: number },
  kind: 'changed' | 'cancelled',
) {
  const holders = await ctx.db
    .select({ id: agendaSchedule.userId })
    .from(agendaSchedule)
    .where(and(eq(agendaSchedule.appId, appId), eq(agendaSchedule.sessionId, session.id)));
  const url = `/agenda/${session.moduleId}/${session.id}`;
  notifyChange(
    ctx,
    appId,
    holders.map((h) => h.id),
    { title: session.title, url, tag: `session-${session.id}` },
    kind,
  );
  return holders.length;
}

/** A change of a 1:1 meeting the other party hears of (networking; category Events). */
export type MeetingNotice = 'requested' | 'updated' | 'moved' | 'accepted' | 'rejected' | 'cancelled';

const MEETING_TEXT: Record<MeetingNotice, string> = {
  requested: 'meetingRequested',
  updated: 'meetingUpdated',
  moved: 'meetingMoved',
  accepted: 'meetingAccepted',
  rejected: 'meetingRejected',
  cancelled: 'meetingCancelled',
};

/**
 * A 1:1 meeting was requested, changed, accepted, declined or cancelled by one party (Events): a
 * push and an in-app notice to the other, opening their meetings.
 */
export function notifyMeeting(
  ctx: Ctx,
  appId: number,
  from: number,
  to: number,
  what: MeetingNotice,
  meeting: { id: number; by: string; timeStart: Date; timezoneName: string; location: string },
) {
  // One notice for every language (each member reads it in theirs): the slot as 2026-05-14 09:30,
  // in the zone it was chosen in, which follows it.
  let when: string;
  try {
    when = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: meeting.timezoneName }).format(
      meeting.timeStart,
    );
  } catch {
    when = meeting.timeStart.toISOString().slice(0, 16).replace('T', ' ');
  }
  const slot = `${when} (${meeting.timezoneName})`;
  const notice = {
    title: pushText(MEETING_TEXT[what], { name: meeting.by }),
    body: excerpt(meeting.location ? `${slot} · ${meeting.location}` : slot),
    url: '/networking/meets/index',
  };
  queuePush(ctx, appId, 'events', { userIds: [to] }, { ...notice, tag: `meeting-${meeting.id}` });
  noticeInApp(ctx, appId, 'events', { except: from, userIds: [to] }, notice);
}
