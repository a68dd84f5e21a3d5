import { EVENTS_LIMITS } from '@app/contract/events-constants';
import type {
  EventCard,
  EventDetail,
  EventFlagTarget,
  EventSpeakerDetail,
  EventsOverview,
  eventsQuery,
  RegistrationAnswer,
} from '@app/contract/schemas/events';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { startCounts } from '../../lib/start-counts.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import { defineCache } from '../../platform/caches.ts';
import type { AfterErase, ErasedMember } from '../../platform/module.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { cached } from '../content/content.caches.ts';
import { isListed } from '../users/profiles.queries.ts';
import { findUser } from '../users/users.queries.ts';
import { toRelatedUser } from '../users/users.service.ts';
import {
  type At,
  agendaOf,
  type EventRow,
  eraseMemberRegistrations,
  eventStarts,
  findEvent,
  findSection,
  findSpeaker,
  flagsOf,
  insertFlag,
  listEvents,
  moduleRegistrations,
  registeredIds,
  searchEventIds,
  sectionsOf,
  setRegistration,
  speakerOf,
  speakersOf,
} from './events.queries.ts';

/**
 * Events (spec 2 §2–§4, docs/decisions.md "Events"): lists by day in the reader's time zone,
 * details, registrations with a capacity checked under the event's row lock, external
 * registration, the join link for registered members only, and reports once per member and target.
 */

export async function eventsModule(ctx: Ctx, scope: Scope, moduleId: number): Promise<At> {
  const mod = await requireModule(ctx, scope, 'events', moduleId);
  return { appId: scope.tenant.id, moduleId: mod.id };
}

/** YYYY-MM-DD of an instant in a time zone (the caller's; UTC when it names none we know). */
function dayFormatter(tz: string | undefined): Intl.DateTimeFormat {
  const opts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return new Intl.DateTimeFormat('en-CA', { ...opts, timeZone: tz || 'UTC' });
  } catch {
    return new Intl.DateTimeFormat('en-CA', { ...opts, timeZone: 'UTC' });
  }
}

/** http(s) only; anything else is left out. */
export function safeUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

const placesLeft = (capacity: number | null, count: number) => (capacity === null ? null : Math.max(0, capacity - count));

/** The join link of a registered member: the template with {link} replaced, or the URL alone. */
export function joinLinkOf(row: Pick<EventRow, 'onlineUrl' | 'joinLinkTemplate'>, registered: boolean) {
  const url = safeUrl(row.onlineUrl);
  if (!registered || !url) return { join_link: null, join_url: null };
  const template = row.joinLinkTemplate?.includes('{link}') ? row.joinLinkTemplate : '{link}';
  return { join_link: template.replaceAll('{link}', () => url), join_url: url };
}

function toCard(r: EventRow, registered: boolean): EventCard {
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    title: r.title,
    image: r.imageUrl,
    starts_at: r.startsAt.toISOString(),
    ends_at: r.endsAt.toISOString(),
    location: r.location,
    online_location: r.onlineLocation,
    guest_label: r.guestLabel,
    capacity: r.capacity,
    registrations_count: r.registrationsCount,
    places_left: placesLeft(r.capacity, r.registrationsCount),
    external_registration_url: safeUrl(r.externalRegistrationUrl),
    registered,
    cancelled: r.cancelledAt !== null,
    registration_closed: r.registrationClosed,
    registration_opens_at: r.registrationOpensAt?.toISOString() ?? null,
    registration_closes_at: r.registrationClosesAt?.toISOString() ?? null,
  };
}

export async function overview(ctx: Ctx, scope: Scope, moduleId: number, tz: string | undefined): Promise<EventsOverview> {
  const at = await eventsModule(ctx, scope, moduleId);
  const starts = await eventStarts(ctx.db, at);
  const fmt = dayFormatter(tz);
  const counts = startCounts(starts.map((d) => d.getTime()));
  return {
    dates: [...new Set(starts.map((d) => fmt.format(d)))].sort(),
    starts: counts.starts,
    start_counts: counts.counts,
    events_count: starts.length,
  };
}

/**
 * The module's events as every member sees them (rows by time, 30 s), and each reader's
 * registrations in it: cached, and dropped on every node when a registration changes, so the list
 * runs no query but a search's. Counts are those of the last change.
 */
const moduleEvents = defineCache('events-rows', () => new TtlCache<EventRow[]>(30_000, 2_000));
const readerRegistrations = defineCache('events-mine', () => new TtlCache<number[]>(30_000, 20_000));
const mineKey = (moduleId: number, userId: number) => `${moduleId}:${userId}:`;

export async function list(ctx: Ctx, scope: Scope, moduleId: number, q: z.output<typeof eventsQuery>): Promise<EventCard[]> {
  const at = await eventsModule(ctx, scope, moduleId);
  const search = q.search?.trim();
  const [rows, mine, found] = await Promise.all([
    cached(ctx, moduleEvents, `${at.moduleId}:`, () => listEvents(ctx.db, at, { limit: EVENTS_LIMITS.moduleMax })),
    cached(ctx, readerRegistrations, mineKey(at.moduleId, scope.user.id), () => moduleRegistrations(ctx.db, at, scope.user.id)),
    search ? searchEventIds(ctx.db, at, search) : undefined,
  ]);
  const from = q.from ? Date.parse(q.from) : Number.NEGATIVE_INFINITY;
  const to = q.to ? Date.parse(q.to) : Number.POSITIVE_INFINITY;
  // `from` alone asks for what is still to come then: events not over yet (one started earlier
  // and still running is in, one that ended earlier today is not); a day (`from` and `to`) is the
  // events starting in it.
  const upcoming = q.from !== undefined && q.to === undefined;
  const registered = new Set(mine);
  const out: EventCard[] = [];
  for (const r of rows) {
    if (out.length >= EVENTS_LIMITS.listMax) break;
    const start = r.startsAt.getTime();
    const inRange = upcoming ? r.endsAt.getTime() > from : start >= from && start < to;
    if (!inRange || (found && !found.has(r.id))) continue;
    out.push(toCard(r, registered.has(r.id)));
  }
  return out;
}

async function eventOr404(ctx: Ctx, scope: Scope, moduleId: number, id: number) {
  const at = await eventsModule(ctx, scope, moduleId);
  const row = await findEvent(ctx.db, at, id);
  if (!row) throw notFound();
  return { at, row };
}

export async function detail(ctx: Ctx, scope: Scope, moduleId: number, id: number): Promise<EventDetail> {
  const { row } = await eventOr404(ctx, scope, moduleId, id);
  const [mine, speakers, sections, agenda, flags] = await Promise.all([
    registeredIds(ctx.db, scope.user.id, [id]),
    speakersOf(ctx.db, id),
    sectionsOf(ctx.db, id),
    agendaOf(ctx.db, id),
    flagsOf(ctx.db, id, scope.user.id),
  ]);
  const registered = mine.has(id);
  const flagged = (type: EventFlagTarget) => new Set(flags.filter((f) => f.type === type).map((f) => f.id));
  const reportedSections = flagged('section');
  return {
    ...toCard(row, registered),
    description: row.descriptionHtml,
    map_url: safeUrl(row.mapUrl),
    ...joinLinkOf(row, registered),
    speakers: speakers.map(speakerOf),
    sections: sections.map((s) => ({ id: s.id, title: s.title, body: s.bodyHtml, reported: reportedSections.has(s.id) })),
    agenda,
    reported: flagged('event').has(id),
    reported_speakers: [...flagged('speaker')],
  };
}

export async function speakerDetail(ctx: Ctx, scope: Scope, moduleId: number, id: number, speakerId: number): Promise<EventSpeakerDetail> {
  const { row } = await eventOr404(ctx, scope, moduleId, id);
  const s = await findSpeaker(ctx.db, id, speakerId);
  if (!s) throw notFound();
  const flags = await flagsOf(ctx.db, id, scope.user.id);
  return {
    ...speakerOf(s),
    bio: s.bioHtml,
    reported: flags.some((f) => f.type === 'speaker' && f.id === speakerId),
    event: { id: row.id, title: row.title },
  };
}

const REFUSALS = {
  past: 'events.errors.past',
  full: 'events.errors.full',
  cancelled: 'events.errors.cancelled',
  closed: 'events.errors.closed',
  notYet: 'events.errors.notYet',
} as const;

/**
 * Registers the reader or cancels their registration; twice counts once. A full event (the
 * capacity is checked under the event's row lock) or one that is over is refused (422). An event
 * with an external registration records a registration only when the member confirms they
 * registered on the organiser's site (`external`).
 */
export async function setRegistered(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  id: number,
  on: boolean,
  external = false,
): Promise<RegistrationAnswer> {
  const { at, row } = await eventOr404(ctx, scope, moduleId, id);
  if (on && safeUrl(row.externalRegistrationUrl) && !external) throw fieldError('_popup', 'events.errors.external');
  const r = await setRegistration(ctx.db, at, id, scope.user.id, on, on && external, new Date());
  if (!r.ok) {
    if (r.reason === 'gone') throw notFound();
    throw fieldError('_popup', REFUSALS[r.reason]);
  }
  const places = placesLeft(r.capacity, r.count);
  if (r.changed) {
    ctx.bus.publish({ t: 'cache', name: moduleEvents.name, prefix: `${at.moduleId}:` });
    ctx.bus.publish({ t: 'cache', name: readerRegistrations.name, prefix: mineKey(at.moduleId, scope.user.id) });
  }
  if (r.changed && ctx.io) {
    const user = await findUser(ctx.db, at.appId, scope.user.id);
    if (user) {
      const change = { app_module_id: at.moduleId, event_id: id, registrations_count: r.count, places_left: places, registered: on };
      const person = { user: toRelatedUser(user), user_id: user.id };
      // Others learn who only of a member listed in the directory; the count moves for all.
      const listed = await isListed(ctx.db, at.appId, user.id);
      ctx.io.to(`app:${at.appId}`).emit('eventRegistrations', { ...change, ...(listed ? person : { user: null, user_id: null }) });
      if (!listed) ctx.io.to(`user:${user.id}`).emit('eventRegistrations', { ...change, ...person });
    }
  }
  return { registered: on, registrations_count: r.count, places_left: places, ...joinLinkOf(row, on) };
}

/**
 * Account deletion (events' `onAccountErased`): the member's registrations go, so their places are
 * free again at once (counts under each event's row lock). After the commit, every node drops the
 * cached lists and the app's open screens get each event's new count, the member leaving its
 * attendees. There is no waiting list: a freed place is simply open to the next member who registers.
 */
export async function eraseRegistrations(tx: Db, member: ErasedMember): Promise<AfterErase | undefined> {
  const freed = await eraseMemberRegistrations(tx, member.appId, member.userId);
  if (freed.length === 0) return undefined;
  return async (ctx) => {
    for (const moduleId of new Set(freed.map((f) => f.moduleId))) {
      ctx.bus.publish({ t: 'cache', name: moduleEvents.name, prefix: `${moduleId}:` });
      ctx.bus.publish({ t: 'cache', name: readerRegistrations.name, prefix: mineKey(moduleId, member.userId) });
    }
    if (!ctx.io) return;
    // The account is gone: its id alone takes it out of the open attendee lists.
    for (const f of freed)
      ctx.io.to(`app:${member.appId}`).emit('eventRegistrations', {
        app_module_id: f.moduleId,
        event_id: f.eventId,
        registrations_count: f.count,
        places_left: placesLeft(f.capacity, f.count),
        user: null,
        user_id: member.userId,
        registered: false,
      });
  };
}

/**
 * An organiser changed, cancelled, closed or deleted an event (the console): every node drops the
 * module's cached rows and the app's open screens reload the module's events.
 */
export function eventChanged(
  ctx: Ctx,
  appId: number,
  moduleId: number,
  eventId: number,
  opts: { deleted?: boolean; registrations?: boolean } = {},
): void {
  const deleted = opts.deleted ?? false;
  ctx.bus.publish({ t: 'cache', name: moduleEvents.name, prefix: `${moduleId}:` });
  // Registrations added or gone by the organiser: every reader's own list of this module is stale.
  if (deleted || opts.registrations) ctx.bus.publish({ t: 'cache', name: readerRegistrations.name, prefix: `${moduleId}:` });
  ctx.io?.to(`app:${appId}`).emit('eventChanged', { app_module_id: moduleId, event_id: eventId, deleted });
}

/** Reports the event, one of its speakers or one of its sections: one row per member and target. */
export async function flag(ctx: Ctx, scope: Scope, moduleId: number, id: number, type: EventFlagTarget, targetId: number) {
  await eventOr404(ctx, scope, moduleId, id);
  if (type === 'speaker' && !(await findSpeaker(ctx.db, id, targetId))) throw notFound();
  if (type === 'section' && !(await findSection(ctx.db, id, targetId))) throw notFound();
  await insertFlag(ctx.db, scope.tenant.id, id, type, targetId, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}
