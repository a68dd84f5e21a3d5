import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { moduleId } from './common.ts';
import { CONSOLE_API } from './console.ts';

/**
 * The console's "Agenda import and export" area (issue 25), owners of the app and operators:
 * a schedule file (the agenda CSV, iCalendar, Frab/pretalx XML) or a speakers CSV is uploaded,
 * checked and compared with the agenda by the source's own ids (a preview: nothing written), then
 * confirmed with the preview's token (one transaction; a re-import of the same file changes
 * nothing). Exports: the agenda as CSV, iCalendar and Frab XML, ratings and Q&A as CSV, and the
 * CSV templates. Messages are i18n keys of the `agenda-import` namespace.
 */
export const AGENDA_IMPORT = {
  /** Largest upload (the interchange readers read at most this much). */
  maxBytes: 10 * 1024 * 1024,
  /** Lines of the preview's list of what changes (the counts are always complete). */
  previewItems: 500,
  /** How long a preview can be confirmed. */
  tokenTtlMs: 30 * 60_000,
} as const;

/** Multipart field of the uploaded file. */
export const AGENDA_IMPORT_FIELD = 'file';

/** The columns of a speakers CSV (a header row, any order; `name` required). */
export const SPEAKER_CSV_COLUMNS = ['id', 'name', 'bio', 'links', 'email', 'photo_url', 'job_title', 'company'] as const;

const idNumber = z.coerce.number().int().positive().max(2_147_483_647);
export const agendaImportParams = z.object({ app_id: idNumber, app_module_id: moduleId }).strict();
export const agendaImportAppParams = z.object({ app_id: idNumber }).strict();

/** The time zone of times written without one (CSV rows, floating iCalendar times), and of exports. */
export const agendaImportQuery = z
  .object({ time_zone: z.string().trim().min(1).max(64, { error: 'common.errors.tooLong' }).optional() })
  .strict();

export const importFormat = z.enum(['csv', 'ics', 'frab', 'speakers']);
export type ImportFormat = z.infer<typeof importFormat>;

/** One problem of the file, translated: its line (1 is the first), the column (CSV header, XML element, iCalendar property). */
export const importProblem = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

export const changeKind = z.enum(['created', 'changed', 'removed']);
export type ChangeKind = z.infer<typeof changeKind>;

/** One thing the import creates, changes or removes: the source's key, its name, the fields that change. */
export const importChange = z.object({ change: changeKind, key: z.string(), name: z.string(), fields: z.array(z.string()) });
export type ImportChange = z.infer<typeof importChange>;

export const importCounts = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unchanged: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** What an import does to one kind of row; `items` holds at most AGENDA_IMPORT.previewItems. */
export const importSection = importCounts.extend({ items: z.array(importChange) });
export type ImportSection = z.infer<typeof importSection>;

export const importPreview = z.object({
  /** Confirms this preview (null when the file has errors). */
  token: z.string().nullable(),
  format: importFormat,
  errors: z.array(importProblem),
  warnings: z.array(importProblem),
  sessions: importSection,
  tracks: importSection,
  rooms: importSection,
  speakers: importSection,
});
export type ImportPreview = z.infer<typeof importPreview>;

export const confirmBody = z.object({ token: z.string().min(1).max(100) }).strict();

export const importResult = z.object({
  sessions: importCounts,
  tracks: importCounts,
  rooms: importCounts,
  speakers: importCounts,
});
export type ImportResult = z.infer<typeof importResult>;

const base = `${CONSOLE_API}/apps/:app_id/agenda-import`;
const mod = `${base}/:app_module_id(^\\d+$)`;
const tag = 'console';

/** Downloads (not JSON): fetched with the access-token header and saved as files. */
export const AGENDA_EXPORT_PATHS = {
  csv: `${mod}/export/agenda.csv`,
  ics: `${mod}/export/agenda.ics`,
  frab: `${mod}/export/agenda.xml`,
  ratings: `${mod}/export/ratings.csv`,
  questions: `${mod}/export/questions.csv`,
  template: `${base}/template.csv`,
  speakersTemplate: `${base}/speakers-template.csv`,
} as const;
export type AgendaExportKind = keyof typeof AGENDA_EXPORT_PATHS;

export const consoleAgendaImportEndpoints = {
  previewSchedule: defineEndpoint({
    method: 'POST',
    path: `${mod}/schedule/preview`,
    params: agendaImportParams,
    query: agendaImportQuery,
    response: importPreview,
    tag,
    summary:
      'Checks a schedule file (multipart field `file`: agenda CSV, iCalendar or Frab XML) and tells what it would change; writes nothing',
  }),
  previewSpeakers: defineEndpoint({
    method: 'POST',
    path: `${mod}/speakers/preview`,
    params: agendaImportParams,
    response: importPreview,
    tag,
    summary: 'Checks a speakers CSV (multipart field `file`) and tells what it would change; writes nothing',
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: `${mod}/confirm`,
    params: agendaImportParams,
    body: confirmBody,
    response: importResult,
    tag,
    summary: 'Applies a preview (its token, valid 30 minutes) in one transaction; attendees’ screens follow',
  }),
};

declare module '../realtime.ts' {
  interface ServerToClientEvents {
    /**
     * Many sessions of an agenda changed at once (an import): to the whole app; open agenda
     * screens refetch (a single edit sends `agendaSession` instead).
     */
    agendaChanged: (p: { app_module_id: number }) => void;
  }
}
