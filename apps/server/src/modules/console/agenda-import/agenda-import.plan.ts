import type { ImportChange, ImportCounts, ImportFormat, ImportSection } from '@app/contract/schemas/console-agenda-import';
import { AGENDA_IMPORT } from '@app/contract/schemas/console-agenda-import';
import type { Schedule, Session, Speaker } from '../../agenda/interchange/schedule.model.ts';

/**
 * What an import changes, computed from the agenda as it is (`Current`) and the file's schedule,
 * matching by the source's own keys (`external_id`). Pure: the preview shows a plan, the confirm
 * computes it again inside its transaction (the agenda may have changed meanwhile) and applies it.
 *
 * Matching, for each kind:
 * - by `external_id` = the source's key;
 * - else a key our own export wrote for a row made in the console (`agenda-session-<id>`,
 *   `agenda-speaker-<id>`): that row, which then takes the key;
 * - else (tracks, rooms, speakers) a row without an external id and the same name.
 * Removed: sessions with an external id the file no longer has are cancelled (kept, so calendars
 * see the cancellation); tracks and rooms with an external id are deleted; speakers with an
 * external id are deleted when no session made in the console names them (a speakers CSV and an
 * iCalendar file, which has no speakers, remove none).
 */

export interface TrackRow {
  id: number;
  name: string;
  color: string;
  externalId: string | null;
}
export interface RoomRow {
  id: number;
  name: string;
  externalId: string | null;
}
export interface SpeakerRow {
  id: number;
  name: string;
  bioHtml: string;
  photoUrl: string | null;
  links: Array<{ label: string; url: string }>;
  jobTitle: string;
  company: string;
  userId: number | null;
  externalId: string | null;
}
export interface SessionRow {
  id: number;
  title: string;
  descriptionText: string;
  startsAt: Date;
  endsAt: Date;
  trackId: number | null;
  roomId: number | null;
  location: string;
  capacity: number | null;
  cancelledAt: Date | null;
  externalId: string | null;
  speakerIds: number[];
}

export interface Current {
  tracks: TrackRow[];
  rooms: RoomRow[];
  speakers: SpeakerRow[];
  sessions: SessionRow[];
  /** Speakers linked to a session made in the console (no external id): never removed by an import. */
  keptSpeakerIds: Set<number>;
  /** Members of the app by e-mail (lower case), for the speakers CSV's `email`. */
  membersByEmail: Map<string, number>;
}

/** A speaker of a speakers CSV: everything a profile holds (undefined: not in the file, kept). */
export interface SpeakerInput extends Speaker {
  jobTitle?: string;
  company?: string;
}

export interface Upsert<R, V> {
  key: string;
  name: string;
  /** The row it updates (undefined: a new row). */
  row?: R;
  /** The values to write (for an update, only what changes, plus the external id). */
  values: V;
  fields: string[];
}

export interface Removal {
  id: number;
  key: string;
  name: string;
}

export interface Part<R, V> {
  upserts: Upsert<R, V>[];
  removals: Removal[];
  unchanged: number;
  /** The row id of every key of the file (new rows: negative placeholders until written). */
  ids: Map<string, number>;
}

export type TrackValues = Partial<Pick<TrackRow, 'name' | 'color' | 'externalId'>>;
export type RoomValues = Partial<Pick<RoomRow, 'name' | 'externalId'>>;
export type SpeakerValues = Partial<Omit<SpeakerRow, 'id'>>;
export type SessionValues = Partial<Omit<SessionRow, 'id' | 'speakerIds' | 'descriptionText'>> & {
  descriptionText?: string;
  descriptionHtml?: string;
  speakerIds?: number[];
};

const PALETTE = ['#1e88e5', '#43a047', '#e53935', '#8e24aa', '#fb8c00', '#00897b', '#6d4c41', '#3949ab', '#c0ca33', '#546e7a'];
const OWN_SESSION = /^agenda-session-(\d{1,10})$/;
const OWN_SPEAKER = /^agenda-speaker-(\d{1,10})$/;

/**
 * Plain text as our rich text: paragraphs at blank lines, line breaks kept. Every character of the
 * text is escaped and the only elements are the `<p>` and `<br>` made here, so the result is
 * already within the rich-text vocabulary (lib/rich-text.ts) without running the sanitiser over
 * 1,000 descriptions of an import.
 */
export function textToHtml(text: string): string {
  const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  return text
    .replaceAll('\r\n', '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

/** A link as a speaker's profile shows it: the host as its label. */
export function linkOf(url: string): { label: string; url: string } {
  let label = url;
  try {
    label = new URL(url).host.replace(/^www\./, '');
  } catch {
    // checked before: never here
  }
  return { label, url };
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const sameLinks = (a: SpeakerRow['links'], b: SpeakerRow['links']) =>
  a.length === b.length && a.every((x, i) => x.url === b[i]?.url && x.label === b[i]?.label);

/** Finds rows by external id, then by name among rows without one; each row matched once. */
function matcher<R extends { id: number; name: string; externalId: string | null }>(rows: R[], own?: RegExp) {
  const byExternal = new Map<string, R>();
  const byId = new Map<number, R>();
  const byName = new Map<string, R[]>();
  for (const r of rows) {
    byId.set(r.id, r);
    if (r.externalId !== null) byExternal.set(r.externalId, r);
    else byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  }
  const claimed = new Set<number>();
  return {
    claimed,
    find(key: string, name: string | undefined): R | undefined {
      let r = byExternal.get(key);
      if (!r && own) {
        const m = own.exec(key);
        const candidate = m ? byId.get(Number(m[1])) : undefined;
        if (candidate && candidate.externalId === null) r = candidate;
      }
      if (!r && name !== undefined) r = byName.get(name)?.find((x) => !claimed.has(x.id));
      if (r && claimed.has(r.id)) return undefined;
      if (r) claimed.add(r.id);
      return r;
    },
  };
}

let placeholder = 0;
const nextPlaceholder = () => --placeholder;

export function planTracks(current: Current, schedule: Schedule, removing: boolean): Part<TrackRow, TrackValues> {
  const m = matcher(current.tracks);
  const part: Part<TrackRow, TrackValues> = { upserts: [], removals: [], unchanged: 0, ids: new Map() };
  schedule.tracks.forEach((t, i) => {
    const row = m.find(t.key, t.name);
    if (!row) {
      part.ids.set(t.key, nextPlaceholder());
      const color = t.color ?? PALETTE[(current.tracks.length + i) % PALETTE.length] ?? '#1e88e5';
      part.upserts.push({ key: t.key, name: t.name, values: { name: t.name, color, externalId: t.key }, fields: [] });
      return;
    }
    part.ids.set(t.key, row.id);
    const values: TrackValues = {};
    const fields: string[] = [];
    if (row.name !== t.name) {
      values.name = t.name;
      fields.push('name');
    }
    if (t.color && row.color !== t.color) {
      values.color = t.color;
      fields.push('color');
    }
    if (row.externalId !== t.key) {
      values.externalId = t.key;
      fields.push('id');
    }
    if (fields.length) part.upserts.push({ key: t.key, name: t.name, row, values, fields });
    else part.unchanged++;
  });
  if (removing)
    for (const r of current.tracks)
      if (r.externalId !== null && !m.claimed.has(r.id)) part.removals.push({ id: r.id, key: r.externalId, name: r.name });
  return part;
}

export function planRooms(current: Current, schedule: Schedule, removing: boolean): Part<RoomRow, RoomValues> {
  const m = matcher(current.rooms);
  const part: Part<RoomRow, RoomValues> = { upserts: [], removals: [], unchanged: 0, ids: new Map() };
  for (const t of schedule.rooms) {
    const row = m.find(t.key, t.name);
    if (!row) {
      part.ids.set(t.key, nextPlaceholder());
      part.upserts.push({ key: t.key, name: t.name, values: { name: t.name, externalId: t.key }, fields: [] });
      continue;
    }
    part.ids.set(t.key, row.id);
    const values: RoomValues = {};
    const fields: string[] = [];
    if (row.name !== t.name) {
      values.name = t.name;
      fields.push('name');
    }
    if (row.externalId !== t.key) {
      values.externalId = t.key;
      fields.push('id');
    }
    if (fields.length) part.upserts.push({ key: t.key, name: t.name, row, values, fields });
    else part.unchanged++;
  }
  if (removing)
    for (const r of current.rooms)
      if (r.externalId !== null && !m.claimed.has(r.id)) part.removals.push({ id: r.id, key: r.externalId, name: r.name });
  return part;
}

/** What a speaker of the file sets; fields the file does not hold (undefined) stay as they are. */
function speakerValues(s: SpeakerInput, current: Current): SpeakerValues {
  const v: SpeakerValues = { name: s.name };
  if (s.bio !== undefined) v.bioHtml = textToHtml(s.bio);
  if (s.photoUrl !== undefined) v.photoUrl = s.photoUrl || null;
  if (s.links !== undefined) v.links = s.links.map(linkOf);
  if (s.jobTitle !== undefined) v.jobTitle = s.jobTitle;
  if (s.company !== undefined) v.company = s.company;
  if (s.email !== undefined) v.userId = s.email ? (current.membersByEmail.get(s.email.toLowerCase()) ?? null) : null;
  return v;
}

export function planSpeakers(
  current: Current,
  speakers: SpeakerInput[],
  removing: boolean,
  claimedBySessions: Set<number> = new Set(),
): Part<SpeakerRow, SpeakerValues> {
  const m = matcher(current.speakers, OWN_SPEAKER);
  const part: Part<SpeakerRow, SpeakerValues> = { upserts: [], removals: [], unchanged: 0, ids: new Map() };
  for (const s of speakers) {
    const row = m.find(s.key, s.name);
    const wanted = speakerValues(s, current);
    if (!row) {
      part.ids.set(s.key, nextPlaceholder());
      part.upserts.push({ key: s.key, name: s.name, values: { ...wanted, externalId: s.key }, fields: [] });
      continue;
    }
    part.ids.set(s.key, row.id);
    const values: SpeakerValues = {};
    const fields: string[] = [];
    const set = <K extends keyof SpeakerValues>(k: K, field: string, same: boolean) => {
      if (wanted[k] !== undefined && !same) {
        values[k] = wanted[k];
        fields.push(field);
      }
    };
    set('name', 'name', row.name === wanted.name);
    set('bioHtml', 'bio', row.bioHtml === wanted.bioHtml);
    set('photoUrl', 'photo_url', row.photoUrl === wanted.photoUrl);
    set('links', 'links', wanted.links !== undefined && sameLinks(row.links, wanted.links));
    set('jobTitle', 'job_title', row.jobTitle === wanted.jobTitle);
    set('company', 'company', row.company === wanted.company);
    if (s.email !== undefined && row.userId !== (wanted.userId ?? null)) {
      values.userId = wanted.userId ?? null;
      fields.push('email');
    }
    if (row.externalId !== s.key) {
      values.externalId = s.key;
      fields.push('id');
    }
    if (fields.length) part.upserts.push({ key: s.key, name: s.name, row, values, fields });
    else part.unchanged++;
  }
  if (removing)
    for (const r of current.speakers)
      if (r.externalId !== null && !m.claimed.has(r.id) && !current.keptSpeakerIds.has(r.id) && !claimedBySessions.has(r.id))
        part.removals.push({ id: r.id, key: r.externalId, name: r.name });
  return part;
}

export function planSessions(
  current: Current,
  schedule: Schedule,
  format: ImportFormat,
  ids: { tracks: Map<string, number>; rooms: Map<string, number>; speakers: Map<string, number> },
): Part<SessionRow, SessionValues> {
  const m = matcher(
    current.sessions.map((s) => ({ ...s, name: s.title })),
    OWN_SESSION,
  );
  const roomNames = new Map(schedule.rooms.map((r) => [r.key, r.name]));
  const part: Part<SessionRow, SessionValues> = { upserts: [], removals: [], unchanged: 0, ids: new Map() };
  // iCalendar has no speakers: an import from it leaves sessions' speakers as they are.
  const carriesSpeakers = format !== 'ics';
  for (const s of schedule.sessions) {
    // Sessions are matched by their key only: titles repeat ("Lunch").
    const row = m.find(s.key, undefined);
    const wanted = sessionValues(s, ids, roomNames, carriesSpeakers);
    if (!row) {
      part.ids.set(s.key, nextPlaceholder());
      part.upserts.push({
        key: s.key,
        name: s.title,
        values: { ...wanted, externalId: s.key },
        fields: [],
      });
      continue;
    }
    part.ids.set(s.key, row.id);
    const values: SessionValues = {};
    const fields: string[] = [];
    if (row.title !== wanted.title) {
      values.title = wanted.title;
      fields.push('title');
    }
    if (row.descriptionText !== wanted.descriptionText) {
      values.descriptionText = wanted.descriptionText ?? '';
      fields.push('description');
    }
    if (row.startsAt.getTime() !== s.start.getTime()) {
      values.startsAt = s.start;
      fields.push('start');
    }
    if (row.endsAt.getTime() !== s.end.getTime()) {
      values.endsAt = s.end;
      fields.push('end');
    }
    if (row.trackId !== (wanted.trackId ?? null)) {
      values.trackId = wanted.trackId ?? null;
      fields.push('track');
    }
    if (row.roomId !== (wanted.roomId ?? null) || row.location !== wanted.location) {
      values.roomId = wanted.roomId ?? null;
      values.location = wanted.location ?? '';
      fields.push('room');
    }
    if (wanted.capacity !== undefined && row.capacity !== wanted.capacity) {
      values.capacity = wanted.capacity;
      fields.push('capacity');
    }
    if (row.cancelledAt !== null) {
      values.cancelledAt = null;
      fields.push('cancelled');
    }
    if (wanted.speakerIds && !sameList(row.speakerIds, wanted.speakerIds)) {
      values.speakerIds = wanted.speakerIds;
      fields.push('speakers');
    }
    if (row.externalId !== s.key) {
      values.externalId = s.key;
      fields.push('id');
    }
    if (fields.length) part.upserts.push({ key: s.key, name: s.title, row, values, fields });
    else part.unchanged++;
  }
  for (const r of current.sessions)
    if (r.externalId !== null && !m.claimed.has(r.id) && r.cancelledAt === null)
      part.removals.push({ id: r.id, key: r.externalId, name: r.title });
  return part;
}

function sessionValues(
  s: Session,
  ids: { tracks: Map<string, number>; rooms: Map<string, number>; speakers: Map<string, number> },
  roomNames: Map<string, string>,
  carriesSpeakers: boolean,
): SessionValues {
  const v: SessionValues = {
    title: s.title,
    descriptionText: (s.description ?? '').trim(),
    startsAt: s.start,
    endsAt: s.end,
    trackId: s.trackKey ? (ids.tracks.get(s.trackKey) ?? null) : null,
    roomId: s.roomKey ? (ids.rooms.get(s.roomKey) ?? null) : null,
    location: s.roomKey ? (roomNames.get(s.roomKey) ?? '') : '',
    cancelledAt: null,
  };
  if (s.capacity !== undefined) v.capacity = s.capacity;
  if (carriesSpeakers) v.speakerIds = [...new Set(s.speakerKeys.flatMap((k) => ids.speakers.get(k) ?? []))];
  return v;
}

export interface SchedulePlan {
  tracks: Part<TrackRow, TrackValues>;
  rooms: Part<RoomRow, RoomValues>;
  speakers: Part<SpeakerRow, SpeakerValues>;
  sessions: Part<SessionRow, SessionValues>;
}

/** The whole plan of a schedule file (preview: placeholders stand for rows not written yet). */
export function planSchedule(current: Current, schedule: Schedule, format: ImportFormat): SchedulePlan {
  const tracks = planTracks(current, schedule, true);
  const rooms = planRooms(current, schedule, true);
  const speakers = planSpeakers(current, schedule.speakers, format !== 'ics');
  const sessions = planSessions(current, schedule, format, { tracks: tracks.ids, rooms: rooms.ids, speakers: speakers.ids });
  return { tracks, rooms, speakers, sessions };
}

export const emptyPart = <R, V>(): Part<R, V> => ({ upserts: [], removals: [], unchanged: 0, ids: new Map() });

export function countsOf(part: Part<unknown, unknown>): ImportCounts {
  let created = 0;
  for (const u of part.upserts) if (!u.row) created++;
  return { created, changed: part.upserts.length - created, removed: part.removals.length, unchanged: part.unchanged };
}

/** A part as the preview shows it: the counts, and the first items (created, changed, then removed). */
export function sectionOf(part: Part<unknown, unknown>): ImportSection {
  const items: ImportChange[] = [];
  const max = AGENDA_IMPORT.previewItems;
  for (const u of part.upserts) if (!u.row && items.length < max) items.push({ change: 'created', key: u.key, name: u.name, fields: [] });
  for (const u of part.upserts)
    if (u.row && items.length < max) items.push({ change: 'changed', key: u.key, name: u.name, fields: u.fields });
  for (const r of part.removals) if (items.length < max) items.push({ change: 'removed', key: r.key, name: r.name, fields: [] });
  return { ...countsOf(part), items };
}
