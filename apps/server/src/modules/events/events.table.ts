import { type SQL, sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { appIdColumn, appModuleIdColumn, createdAtColumn, tsvector } from '../../platform/columns.ts';
import { users } from '../users/users.table.ts';

const eventId = () =>
  integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' });

/**
 * An event of an events module (docs/decisions.md "Events"). `registrations_count` is kept by the
 * registrations' writes under the event's row lock, so it never passes `capacity`. `online_url` is
 * never answered as such: it fills `{link}` of `join_link_template` for registered members only.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    appModuleId: appModuleIdColumn(),
    title: text('title').notNull(),
    /** Sanitised HTML (lib/rich-text.ts), and its plain text for search. */
    descriptionHtml: text('description_html').notNull().default(''),
    descriptionText: text('description_text').notNull().default(''),
    imageUrl: text('image_url'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    location: text('location').notNull().default(''),
    onlineLocation: text('online_location'),
    onlineUrl: text('online_url'),
    /** "Join the webinar: {link}". */
    joinLinkTemplate: text('join_link_template'),
    externalRegistrationUrl: text('external_registration_url'),
    guestLabel: text('guest_label'),
    capacity: integer('capacity'),
    /** The IANA zone its times are entered and shown in by the console (the app's when null). */
    timeZone: text('time_zone'),
    /** A map of the place (http or https). */
    mapUrl: text('map_url'),
    /** The registration window; outside it (or when closed) members cannot register. */
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }),
    registrationClosed: boolean('registration_closed').notNull().default(false),
    /** Cancelled: still shown, marked, registration closed. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    registrationsCount: integer('registrations_count').notNull().default(0),
    createdAt: createdAtColumn(),
    search: tsvector('search').generatedAlwaysAs(
      (): SQL =>
        sql`to_tsvector('simple', ${events.title} || ' ' || ${events.location} || ' ' || coalesce(${events.onlineLocation}, '') || ' ' || ${events.descriptionText})`,
    ),
  },
  (t) => [
    // The list by time: one index range for a module (and a day of it).
    index('events_time_idx').on(t.appModuleId, t.startsAt, t.id),
    index('events_app_idx').on(t.appId),
    index('events_search_idx').using('gin', t.search),
  ],
);

/** A speaker of one event; `user_id` when the speaker is also a member (their profile opens). */
export const eventSpeakers = pgTable(
  'event_speakers',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    eventId: eventId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    jobTitle: text('job_title').notNull().default(''),
    company: text('company').notNull().default(''),
    photoUrl: text('photo_url'),
    /** Sanitised HTML. */
    bioHtml: text('bio_html').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_speakers_event_idx').on(t.eventId, t.position)],
);

/** A custom section of an event ("What to bring", "Accessibility"): a title and sanitised HTML. */
export const eventSections = pgTable(
  'event_sections',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    eventId: eventId(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('event_sections_event_idx').on(t.eventId, t.position)],
);

/** A programme item of an event (its own agenda). */
export const eventAgendaItems = pgTable(
  'event_agenda_items',
  {
    id: serial('id').primaryKey(),
    appId: appIdColumn(),
    eventId: eventId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [index('event_agenda_items_event_idx').on(t.eventId, t.startsAt)],
);

/** A member's registration: one row per event and member, so registering twice counts once. */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    eventId: eventId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: appIdColumn(),
    /** The member said they registered on the organiser's site. */
    external: boolean('external').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index('event_registrations_user_idx').on(t.userId),
    // The attendees list, newest first.
    index('event_registrations_list_idx').on(t.eventId, t.createdAt),
  ],
);

/**
 * A member's report of an event, a speaker or a custom section: one row per member and target, so
 * reporting twice counts once. `event_id` is the event the target belongs to.
 */
export const eventFlags = pgTable(
  'event_flags',
  {
    appId: appIdColumn(),
    eventId: eventId(),
    targetType: text('target_type', { enum: ['event', 'speaker', 'section'] }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.targetType, t.targetId, t.userId] }),
    index('event_flags_event_idx').on(t.eventId, t.userId),
    index('event_flags_user_idx').on(t.userId),
  ],
);
