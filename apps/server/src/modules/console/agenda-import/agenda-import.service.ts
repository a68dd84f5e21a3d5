import type { Locale } from '@app/contract/constants';
import {
  AGENDA_IMPORT,
  type ImportFormat,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
} from '@app/contract/schemas/console-agenda-import';
import type { Ctx } from '../../../context.ts';
import { fieldError } from '../../../lib/errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { newToken } from '../../../lib/tokens.ts';
import { TtlCache } from '../../../lib/ttl-cache.ts';
import { isTimeZone } from '../../../lib/zoned-time.ts';
import { defineCache } from '../../../platform/caches.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import { dropLists } from '../../agenda/agenda.service.ts';
import { detectScheduleFormat, parseSchedule } from '../../agenda/interchange/schedule.detect.ts';
import { decodeUtf8, type RowError, type Schedule } from '../../agenda/interchange/schedule.model.ts';
import { notifySessionChange } from '../../settings/settings.notify.ts';
import { audit } from '../console.audit.ts';
import type { ConsoleActor } from '../console.policy.ts';
import {
  countsOf,
  emptyPart,
  type Part,
  planRooms,
  planSchedule,
  planSessions,
  planSpeakers,
  planTracks,
  type SessionRow,
  type SessionValues,
  type SpeakerInput,
  sectionOf,
} from './agenda-import.plan.ts';
import * as q from './agenda-import.queries.ts';
import { parseSpeakersCsv } from './agenda-import.speakers.ts';

/** A checked file waiting for its confirmation: bound to the app, the module and the member who uploaded it. */
interface Pending {
  appId: number;
  moduleId: number;
  userId: number;
  format: ImportFormat;
  schedule?: Schedule;
  speakers?: SpeakerInput[];
}

/**
 * Previews waiting for their confirmation, on this node, for 30 minutes (docs/decisions.md "Console
 * agenda import"): a confirm reaching another node, or after a restart, asks for the file again.
 */
const pendingImports = defineCache('agenda-import-previews', () => new TtlCache<Pending>(AGENDA_IMPORT.tokenTtlMs, 500));

/** Each member's latest preview per module: a new preview replaces the older one (memory stays bounded per member). */
const latestPreview = defineCache('agenda-import-latest', () => new TtlCache<string>(AGENDA_IMPORT.tokenTtlMs, 500));

const E = 'agenda-import.errors';
/** This area's own messages (the readers' are under `agenda-import.errors`). */
const OWN = 'console-agenda-import.errors';
const problem = (locale: Locale, e: RowError): ImportProblem => ({
  line: e.line,
  column: e.column ?? '',
  message: translate(locale, e.key, e.params),
});

const FORMAT_NAMES: Record<ImportFormat, string> = { csv: 'CSV', ics: 'iCalendar', frab: 'Frab XML', speakers: 'CSV' };

const emptySection = () => sectionOf(emptyPart());

function emptyPreview(format: ImportFormat, errors: ImportProblem[]): ImportPreview {
  return {
    token: null,
    format,
    errors,
    warnings: [],
    sessions: emptySection(),
    tracks: emptySection(),
    rooms: emptySection(),
    speakers: emptySection(),
  };
}

/** The zone of times without one: the caller's, when it is one. */
function zoneOf(timeZone: string | undefined): string {
  if (!timeZone) return 'UTC';
  if (!isTimeZone(timeZone)) throw fieldError('time_zone', `${E}.unknownTimeZone`, { zone: timeZone.slice(0, 64) });
  return timeZone;
}

function keep(ctx: Ctx, pending: Pending): string {
  const token = newToken();
  const latest = ctx.caches.get(latestPreview);
  const who = `${pending.userId}:${pending.moduleId}`;
  const older = latest.get(who);
  if (older) ctx.caches.get(pendingImports).delete(older);
  ctx.caches.get(pendingImports).set(token, pending);
  latest.set(who, token);
  return token;
}

/** Failures of the whole file: answered as a 422 on the file field, not as a preview. */
const WHOLE_FILE = new Set(['notText', 'unknownFormat', 'tooLarge', 'xmlDoctype', 'empty'].map((k) => `${E}.${k}`));
const EXTENSIONS: Record<string, ImportFormat> = { csv: 'csv', ics: 'ics', ical: 'ics', ifb: 'ics', xml: 'frab' };

/**
 * Checks a schedule file and tells what it would change; nothing is written. The format is told by
 * the content; a name whose extension says another format (a `.ics` holding CSV), a file that is not
 * text, DOCTYPE XML (no entities, no XXE) or no schedule at all is refused (422).
 */
export async function previewSchedule(
  ctx: Ctx,
  actor: ConsoleActor,
  at: At,
  data: Buffer,
  fileName: string,
  timeZone: string | undefined,
  locale: Locale,
) {
  const zone = zoneOf(timeZone);
  const text = decodeUtf8(data);
  const detected = text === undefined ? undefined : detectScheduleFormat(text);
  const ext = fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';
  const named = EXTENSIONS[ext];
  if (detected && named && named !== detected)
    throw fieldError('file', `${OWN}.notWhatItSays`, { name: fileName.slice(0, 80), format: FORMAT_NAMES[detected] });
  const format: ImportFormat = detected ?? 'csv';
  const parsed = parseSchedule(data, { timeZone: zone });
  if (!parsed.ok) {
    const [first] = parsed.errors;
    if (parsed.errors.length === 1 && first && WHOLE_FILE.has(first.key)) throw fieldError('file', first.key, first.params);
    return emptyPreview(
      format,
      parsed.errors.map((e) => problem(locale, e)),
    );
  }
  const current = await q.loadCurrent(ctx.db, at);
  const plan = planSchedule(current, parsed.schedule, format);
  const token = keep(ctx, { appId: at.appId, moduleId: at.moduleId, userId: actor.userId, format, schedule: parsed.schedule });
  return {
    token,
    format,
    errors: [],
    warnings: parsed.warnings.map((e) => problem(locale, e)),
    sessions: sectionOf(plan.sessions),
    tracks: sectionOf(plan.tracks),
    rooms: sectionOf(plan.rooms),
    speakers: sectionOf(plan.speakers),
  } satisfies ImportPreview;
}

/** Checks a speakers CSV and tells what it would change (speakers only; none removed). Nothing is written. */
export async function previewSpeakers(ctx: Ctx, actor: ConsoleActor, at: At, data: Buffer, locale: Locale): Promise<ImportPreview> {
  const parsed = parseSpeakersCsv(data);
  const [first] = parsed.ok ? [] : parsed.errors;
  if (!parsed.ok && parsed.errors.length === 1 && first && WHOLE_FILE.has(first.key)) throw fieldError('file', first.key, first.params);
  if (!parsed.ok)
    return emptyPreview(
      'speakers',
      parsed.errors.map((e) => problem(locale, e)),
    );
  const current = await q.loadCurrent(ctx.db, at, emailsOf(parsed.speakers));
  const plan = planSpeakers(current, parsed.speakers, false);
  const token = keep(ctx, { appId: at.appId, moduleId: at.moduleId, userId: actor.userId, format: 'speakers', speakers: parsed.speakers });
  return {
    ...emptyPreview('speakers', []),
    token,
    warnings: parsed.warnings.map((e) => problem(locale, e)),
    speakers: sectionOf(plan),
  };
}

const emailsOf = (speakers: SpeakerInput[]) => speakers.flatMap((s) => (s.email ? [s.email] : []));

/**
 * Applies a preview in one transaction, comparing again with the agenda as it is now (under the
 * module's import lock): a second confirm of the same file, or a re-import, changes nothing. The
 * token works once. Attendees' open agendas refresh; members holding a moved or cancelled session
 * in their schedule are told, as for an edit of that session.
 */
export async function confirmImport(ctx: Ctx, actor: ConsoleActor, at: At, token: string): Promise<ImportResult> {
  const cache = ctx.caches.get(pendingImports);
  const pending = cache.get(token);
  if (!pending || pending.appId !== at.appId || pending.moduleId !== at.moduleId || pending.userId !== actor.userId)
    throw fieldError('token', `${OWN}.previewExpired`);
  const schedule = pending.schedule;
  const result = await ctx.db.transaction(async (tx) => {
    await q.lockModule(tx, at);
    const current = await q.loadCurrent(tx, at, emailsOf(pending.speakers ?? []));
    const positions = await q.nextPositions(tx, at);
    let sessions: Part<SessionRow, SessionValues> = emptyPart();
    let counts: ImportResult;
    if (schedule) {
      const tracks = planTracks(current, schedule, true);
      const rooms = planRooms(current, schedule, true);
      const speakers = planSpeakers(current, schedule.speakers, pending.format !== 'ics');
      const ids = {
        tracks: await q.writeTracks(tx, at, tracks, positions.tracks),
        rooms: await q.writeRooms(tx, at, rooms, positions.rooms),
        speakers: await q.writeSpeakers(tx, at, speakers),
      };
      sessions = planSessions(current, schedule, pending.format, ids);
      await q.writeSessions(tx, at, sessions);
      counts = { sessions: countsOf(sessions), tracks: countsOf(tracks), rooms: countsOf(rooms), speakers: countsOf(speakers) };
    } else {
      const speakers = planSpeakers(current, pending.speakers ?? [], false);
      await q.writeSpeakers(tx, at, speakers);
      const none = countsOf(emptyPart());
      counts = { sessions: none, tracks: none, rooms: none, speakers: countsOf(speakers) };
    }
    await audit(tx, actor, {
      appId: at.appId,
      action: pending.format === 'speakers' ? 'agenda.speakers.import' : 'agenda.import',
      targetType: 'module',
      targetId: at.moduleId,
      after: { format: pending.format, ...counts },
    });
    return { counts, sessions };
  });
  cache.delete(token);
  const changed = Object.values(result.counts).some((c) => c.created + c.changed + c.removed > 0);
  if (changed) announce(ctx, at, result.sessions);
  return result.counts;
}

/** Members' notices per import at most (the agenda screens refresh for everyone anyway). */
const NOTICES_MAX = 200;

/** After the commit: every node drops the module's lists, open agendas refetch, schedules hear of moves and cancellations. */
function announce(ctx: Ctx, at: At, sessions: Part<SessionRow, SessionValues>) {
  dropLists(ctx, at.moduleId);
  ctx.io?.to(`app:${at.appId}`).emit('agendaChanged', { app_module_id: at.moduleId });
  const notices: Array<{ id: number; title: string; kind: 'changed' | 'cancelled' }> = [];
  for (const u of sessions.upserts)
    if (u.row && q.calendarChange(u.values)) notices.push({ id: u.row.id, title: u.values.title ?? u.row.title, kind: 'changed' });
  for (const r of sessions.removals) notices.push({ id: r.id, title: r.name, kind: 'cancelled' });
  for (const n of notices.slice(0, NOTICES_MAX))
    void notifySessionChange(ctx, at.appId, { id: n.id, title: n.title, moduleId: at.moduleId }, n.kind).catch((err: unknown) =>
      ctx.log.warn({ err }, 'agenda import: session change notices failed'),
    );
}
