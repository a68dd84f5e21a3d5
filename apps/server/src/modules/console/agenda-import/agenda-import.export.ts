import type { Db } from '../../../db/client.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import { writeScheduleCsv } from '../../agenda/interchange/schedule.csv.ts';
import { writeScheduleFrab } from '../../agenda/interchange/schedule.frab.ts';
import { writeScheduleIcs } from '../../agenda/interchange/schedule.ics.ts';
import type { Schedule, Session } from '../../agenda/interchange/schedule.model.ts';
import { csvLine } from '../console.csv.ts';
import { exportRows, questionsOfModule, ratingsOf } from './agenda-import.queries.ts';

/**
 * The agenda as the interchange writers take it. Keys are the source's ids; rows made in the
 * console get `agenda-session-<id>` / `agenda-speaker-<id>` (an import of the export matches them
 * back, agenda-import.plan.ts); rooms and tracks are keyed by name, as all three formats key them.
 */
export async function scheduleOf(db: Db, at: At, title: string, timeZone: string): Promise<Schedule> {
  const current = await exportRows(db, at);
  const trackKey = new Map(current.tracks.map((t) => [t.id, t.name]));
  const roomKey = new Map(current.rooms.map((r) => [r.id, r.name]));
  const speakerKey = new Map(current.speakers.map((s) => [s.id, s.externalId ?? `agenda-speaker-${s.id}`]));
  const sessions = current.sessions.map((s): Session => {
    const x: Session = {
      key: s.externalId ?? `agenda-session-${s.id}`,
      title: s.title,
      start: s.startsAt,
      end: s.endsAt,
      speakerKeys: s.speakerIds.flatMap((id) => speakerKey.get(id) ?? []),
    };
    if (s.descriptionText) x.description = s.descriptionText;
    const track = s.trackId === null ? undefined : trackKey.get(s.trackId);
    if (track) x.trackKey = track;
    const room = s.roomId === null ? undefined : roomKey.get(s.roomId);
    if (room) x.roomKey = room;
    if (s.capacity !== null) x.capacity = s.capacity;
    return x;
  });
  // Names are keys: two tracks (or rooms) of one name are one in a file.
  const uniqueBy = <T extends { name: string }>(list: T[]) => [...new Map(list.map((x) => [x.name, x])).values()];
  return {
    title,
    timeZone,
    tracks: uniqueBy(current.tracks).map((t) => ({ key: t.name, name: t.name, color: t.color })),
    rooms: uniqueBy(current.rooms).map((r) => ({ key: r.name, name: r.name })),
    speakers: current.speakers.map((s) => ({ key: speakerKey.get(s.id) ?? String(s.id), name: s.name })),
    sessions,
  };
}

export const agendaCsv = (s: Schedule, timeZone: string) => `\uFEFF${writeScheduleCsv(s, timeZone)}`;
export const agendaIcs = (s: Schedule) => writeScheduleIcs(s);
export const agendaFrab = (s: Schedule, timeZone: string) => writeScheduleFrab(s, timeZone);

/** Every rating of the agenda (anonymous), one a line; cells a spreadsheet would run are written safely. */
export async function ratingsCsv(db: Db, at: At): Promise<string> {
  const rows = await ratingsOf(db, at);
  let out = `\uFEFF${csvLine(['session_id', 'session_key', 'session_title', 'session_start', 'rating', 'comment', 'rated_at'])}`;
  for (const r of rows)
    out += csvLine([
      r.sessionId,
      r.externalId ?? `agenda-session-${r.sessionId}`,
      r.title,
      r.startsAt.toISOString(),
      r.rating,
      r.comment,
      r.updatedAt.toISOString(),
    ]);
  return out;
}

/** Every question of the agenda's Q&A, with its author's name and votes. */
export async function questionsCsv(db: Db, at: At): Promise<string> {
  const rows = await questionsOfModule(db, at);
  let out = `\uFEFF${csvLine(['session_id', 'session_key', 'session_title', 'question_id', 'question', 'author', 'votes', 'answered', 'asked_at'])}`;
  for (const r of rows)
    out += csvLine([
      r.sessionId,
      r.externalId ?? `agenda-session-${r.sessionId}`,
      r.title,
      r.questionId,
      r.text,
      `${r.firstName} ${r.lastName}`.trim(),
      r.votes,
      r.answeredAt !== null,
      r.createdAt.toISOString(),
    ]);
  return out;
}
