/**
 * A neutral model of a conference schedule, independent of our tables: what the CSV, iCalendar and
 * Frab/Pentabarf XML readers produce and the writers take. The console's import builds its preview
 * (created, changed, removed) by comparing this with the agenda, matching by the source's own keys.
 */

export interface Track {
  /** The source's id, or the name when the source has none. */
  key: string;
  name: string;
  /** `#rrggbb`. */
  color?: string;
}

export interface Room {
  key: string;
  name: string;
}

export interface Speaker {
  /** The source's id (pretalx person id, CSV speaker_ids), or the name. */
  key: string;
  name: string;
  bio?: string;
  photoUrl?: string;
  links?: string[];
  email?: string;
}

export interface Session {
  /** The source's id: pretalx guid (or id), the iCalendar UID, the CSV id column. */
  key: string;
  title: string;
  /** Plain text. */
  description?: string;
  start: Date;
  end: Date;
  trackKey?: string;
  roomKey?: string;
  speakerKeys: string[];
  language?: string;
  type?: string;
  capacity?: number;
}

export interface Schedule {
  title?: string;
  /** IANA name. */
  timeZone?: string;
  tracks: Track[];
  rooms: Room[];
  speakers: Speaker[];
  sessions: Session[];
}

/** A problem of a source file before translation. */
export interface RowError {
  /** 1-based line of the source file. */
  line: number;
  /** CSV header, XML element or iCalendar property name. */
  column?: string;
  /** An i18n key, e.g. `agenda-import.errors.endBeforeStart`. */
  key: string;
  params?: Record<string, string | number>;
}

export type ParseResult = { ok: true; schedule: Schedule; warnings: RowError[] } | { ok: false; errors: RowError[] };

/**
 * Puts a session in its room and track, named as the source names them (rooms and tracks are keyed
 * by name in all three formats), adding each the first time it is met.
 */
export function placeSession(
  session: Session,
  { room, track }: { room?: string | undefined; track?: string | undefined },
  rooms: Map<string, Room>,
  tracks: Map<string, Track>,
): void {
  if (room) {
    if (!rooms.has(room)) rooms.set(room, { key: room, name: room });
    session.roomKey = room;
  }
  if (track) {
    if (!tracks.has(track)) tracks.set(track, { key: track, name: track });
    session.trackKey = track;
  }
}

export const SCHEDULE_LIMITS = {
  /** Largest file read at all (the console refuses bigger uploads before this). */
  maxBytes: 10 * 1024 * 1024,
  maxSessions: 5_000,
  maxSpeakers: 5_000,
  /** Errors (and warnings) reported per file; then one `tooManyErrors`. */
  maxErrors: 100,
  titleMax: 200,
  descriptionMax: 20_000,
  nameMax: 200,
  /** Keys, languages, types, colours, URLs: none of them needs more. */
  shortMax: 200,
  bioMax: 20_000,
} as const;

export const ERR = 'agenda-import.errors';

/**
 * Collects errors and warnings of one file, at most `maxErrors` each, then one `tooManyErrors`:
 * a broken 10 MB file answers a short list, not 100,000 rows of the same complaint.
 */
export class Problems {
  readonly errors: RowError[] = [];
  readonly warnings: RowError[] = [];

  error(line: number, column: string | undefined, key: string, params?: Record<string, string | number>): void {
    Problems.push(this.errors, line, column, key, params);
  }

  warn(line: number, column: string | undefined, key: string, params?: Record<string, string | number>): void {
    Problems.push(this.warnings, line, column, key, params);
  }

  /** Whether the list is full: parsers stop early then. */
  get full(): boolean {
    return this.errors.length > SCHEDULE_LIMITS.maxErrors;
  }

  private static push(list: RowError[], line: number, column: string | undefined, key: string, params?: Record<string, string | number>) {
    if (list.length > SCHEDULE_LIMITS.maxErrors) return;
    if (list.length === SCHEDULE_LIMITS.maxErrors) {
      list.push({ line, key: `${ERR}.tooManyErrors`, params: { max: SCHEDULE_LIMITS.maxErrors } });
      return;
    }
    list.push({ line, ...(column ? { column } : {}), key: `${ERR}.${key}`, ...(params ? { params } : {}) });
  }

  /** The result: errors win; a schedule without sessions is an error too. */
  result(schedule: Schedule): ParseResult {
    if (!this.errors.length) {
      if (schedule.sessions.length > SCHEDULE_LIMITS.maxSessions)
        this.error(1, undefined, 'tooManyRows', { max: SCHEDULE_LIMITS.maxSessions });
      else if (schedule.speakers.length > SCHEDULE_LIMITS.maxSpeakers)
        this.error(1, undefined, 'tooManyRows', { max: SCHEDULE_LIMITS.maxSpeakers });
      else if (!schedule.sessions.length) this.error(1, undefined, 'empty');
    }
    return this.errors.length ? { ok: false, errors: this.errors } : { ok: true, schedule, warnings: this.warnings };
  }
}

/** A failure before any row could be read (not text, unknown format, malformed XML). */
export const failure = (line: number, key: string, params?: Record<string, string | number>, column?: string): ParseResult => ({
  ok: false,
  errors: [{ line, ...(column ? { column } : {}), key: `${ERR}.${key}`, ...(params ? { params } : {}) }],
});

/** `#rgb` / `#rrggbb` (any case) as `#rrggbb` lower case; undefined when it is not a colour. */
export function normaliseColor(value: string): string | undefined {
  const v = value.trim().toLowerCase();
  const hex = (s: string) => [...s].every((c) => (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
  if (v.length === 7 && v[0] === '#' && hex(v.slice(1))) return v;
  if (v.length === 4 && v[0] === '#' && hex(v.slice(1))) return `#${[...v.slice(1)].map((c) => c + c).join('')}`;
  return undefined;
}

/**
 * Bytes as text, or undefined when they are not UTF-8 (a NUL, an invalid sequence). A leading BOM
 * is dropped: spreadsheets write one.
 */
export function decodeUtf8(data: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return undefined;
  }
  if (text.includes('\u0000')) return undefined;
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
