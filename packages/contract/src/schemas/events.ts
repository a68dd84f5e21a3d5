import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
/**
 * Events (spec 2 §2 "Event screens", §3 "Event", §4 registration): a list by day with search, an
 * event's details (place or online, capacity, speakers, custom sections, its own agenda), members'
 * registrations with a capacity, external registration, a join link for registered members, and
 * flags on events, speakers and sections. Routes under `/events/:app_module_id/…` of an events
 * module of the caller's app (docs/decisions.md "Events").
 */
import { EVENTS_LIMITS } from '../events-constants.ts';
import { speaker } from './agenda.ts';
import { calendarInstant, moduleId, okBody } from './common.ts';
import { relatedUser } from './users.ts';

export { EVENT_FLAG_TARGETS, EVENTS_LIMITS, type EventFlagTarget } from '../events-constants.ts';

const id = z.coerce.number().int().positive().max(2_147_483_647);
export const eventsParams = z.object({ app_module_id: moduleId }).strict();
export const eventParams = z.object({ app_module_id: moduleId, id }).strict();
export const eventSpeakerParams = z.object({ app_module_id: moduleId, id, speaker_id: id }).strict();
export const eventSectionParams = z.object({ app_module_id: moduleId, id, section_id: id }).strict();

/** What every member sees of an event in the list (its counts are sent live). */
export const eventCard = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  title: z.string(),
  image: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** A place (with a map link), or '' for none. */
  location: z.string(),
  /** Where an online event happens ("Zoom webinar"), or null when it is not online. */
  online_location: z.string().nullable(),
  /** "Free for members", "Guests welcome"… or null. */
  guest_label: z.string().nullable(),
  /** Null: no limit. */
  capacity: z.number().int().nullable(),
  registrations_count: z.number().int(),
  /** Null: no limit. */
  places_left: z.number().int().nullable(),
  /** Registration happens on the organiser's site (this URL, opened in a new tab). */
  external_registration_url: z.string().nullable(),
  /** The reader is registered. */
  registered: z.boolean(),
  /** The organiser cancelled it: still shown, marked, no registration. */
  cancelled: z.boolean(),
  /** The organiser closed registration. */
  registration_closed: z.boolean(),
  /** The registration window (ISO instants), either end open when null. */
  registration_opens_at: z.string().nullable(),
  registration_closes_at: z.string().nullable(),
});
export type EventCard = z.infer<typeof eventCard>;

/** A speaker of an event, as the agenda has them (name, job, company, photo, the member behind). */
export const eventSpeaker = speaker;
export type EventSpeaker = z.infer<typeof eventSpeaker>;

export const eventSection = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  reported: z.boolean(),
});
export type EventSection = z.infer<typeof eventSection>;

export const eventAgendaItem = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
});
export type EventAgendaItem = z.infer<typeof eventAgendaItem>;

export const eventDetail = eventCard.extend({
  /** Sanitised HTML. */
  description: z.string(),
  /** A map of the place (http or https), or null. */
  map_url: z.string().nullable(),
  /**
   * The join link template with {link} replaced by the online URL: only for registered members
   * (null for everyone else, and for events without one).
   */
  join_link: z.string().nullable(),
  /** The online URL itself, under the same rule. */
  join_url: z.string().nullable(),
  speakers: z.array(eventSpeaker),
  sections: z.array(eventSection),
  agenda: z.array(eventAgendaItem),
  /** The reader reported the event. */
  reported: z.boolean(),
  /** Speakers the reader reported. */
  reported_speakers: z.array(z.number().int()),
});
export type EventDetail = z.infer<typeof eventDetail>;

export const eventSpeakerDetail = eventSpeaker.extend({
  /** Sanitised HTML. */
  bio: z.string(),
  reported: z.boolean(),
  event: z.object({ id: z.number().int(), title: z.string() }),
});
export type EventSpeakerDetail = z.infer<typeof eventSpeakerDetail>;

export const eventsOverview = z.object({
  /** Days with events, YYYY-MM-DD in the time zone asked for (UTC when none). */
  dates: z.array(z.string()),
  /** Every distinct start instant (ms since the epoch), sorted: the browser's local days come from these. */
  starts: z.array(z.number()),
  /** How many events start at each instant of `starts` (same order): the calendar names a day's count. */
  start_counts: z.array(z.number().int()),
  events_count: z.number().int(),
});
export type EventsOverview = z.infer<typeof eventsOverview>;

export const eventsOverviewQuery = z.object({ tz: z.string().max(64).optional() }).strict();

export const eventsQuery = z
  .object({
    /** Events starting in [from, to) (ISO instants); `from` alone: the events not over at `from` (upcoming and running). */
    from: calendarInstant.optional(),
    to: calendarInstant.optional(),
    search: z.string().max(EVENTS_LIMITS.searchMax).optional(),
  })
  .strict();

export const registrationInput = z
  .object({
    /** The member confirms they registered on the organiser's site (external registration). */
    external: z.boolean().optional(),
  })
  .strict();

export const registrationAnswer = z.object({
  registered: z.boolean(),
  registrations_count: z.number().int(),
  places_left: z.number().int().nullable(),
  join_link: z.string().nullable(),
  join_url: z.string().nullable(),
});
export type RegistrationAnswer = z.infer<typeof registrationAnswer>;

const tag = 'events';
const base = '/events/:app_module_id';
export const eventsEndpoints = {
  overview: defineEndpoint({
    method: 'GET',
    path: `${base}/overview`,
    params: eventsParams,
    query: eventsOverviewQuery,
    response: eventsOverview,
    tag,
    summary: 'Days with events in the reader’s time zone',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/events`,
    params: eventsParams,
    query: eventsQuery,
    response: z.array(eventCard),
    tag,
    summary: 'Events by start time (a day, from a time on, search)',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: `${base}/events/:id`,
    params: eventParams,
    response: eventDetail,
    tag,
    summary: 'An event with its speakers, sections and agenda (the join link for registered members)',
  }),
  register: defineEndpoint({
    method: 'POST',
    path: `${base}/events/:id/registration`,
    params: eventParams,
    body: registrationInput,
    response: registrationAnswer,
    tag,
    summary: 'Registers the reader (twice counts once; 422 when full or over)',
  }),
  unregister: defineEndpoint({
    method: 'DELETE',
    path: `${base}/events/:id/registration`,
    params: eventParams,
    response: registrationAnswer,
    tag,
    summary: 'Cancels the reader’s registration',
  }),
  flag: defineEndpoint({
    method: 'POST',
    path: `${base}/events/:id/flag`,
    params: eventParams,
    response: okBody,
    tag,
    summary: 'Reports an event (once per member)',
  }),
  speaker: defineEndpoint({
    method: 'GET',
    path: `${base}/events/:id/speakers/:speaker_id`,
    params: eventSpeakerParams,
    response: eventSpeakerDetail,
    tag,
    summary: 'A speaker of an event',
  }),
  flagSpeaker: defineEndpoint({
    method: 'POST',
    path: `${base}/events/:id/speakers/:speaker_id/flag`,
    params: eventSpeakerParams,
    response: okBody,
    tag,
    summary: 'Reports a speaker of an event (once per member)',
  }),
  flagSection: defineEndpoint({
    method: 'POST',
    path: `${base}/events/:id/sections/:section_id/flag`,
    params: eventSectionParams,
    response: okBody,
    tag,
    summary: 'Reports a custom section of an event (once per member)',
  }),
};

/** A registration changed: to the whole app (lists and details update their counts and attendees). */
export const eventRegistrationsEvent = z.object({
  app_module_id: z.number().int(),
  event_id: z.number().int(),
  registrations_count: z.number().int(),
  places_left: z.number().int().nullable(),
  /**
   * Who (un)registered, for the attendee lists: null to others when the member is not listed in
   * the directory (the count still moves); the member's own devices always hear it with their id.
   */
  user: relatedUser.nullable(),
  /** Set with `user`, and alone when a deleted account's place was freed (it leaves the lists). */
  user_id: z.number().int().nullable(),
  registered: z.boolean(),
});
export type EventRegistrationsEvent = z.infer<typeof eventRegistrationsEvent>;

/** An organiser changed an event (details, cancellation, registration open or closed) or deleted it. */
export const eventChangedEvent = z.object({
  app_module_id: z.number().int(),
  event_id: z.number().int(),
  deleted: z.boolean(),
});
export type EventChangedEvent = z.infer<typeof eventChangedEvent>;

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    eventRegistrations: (p: EventRegistrationsEvent) => void;
    eventChanged: (p: EventChangedEvent) => void;
  }
}
