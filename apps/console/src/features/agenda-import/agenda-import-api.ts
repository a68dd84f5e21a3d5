import { fillPath } from '@app/contract/endpoint';
import {
  AGENDA_EXPORT_PATHS,
  AGENDA_IMPORT_FIELD,
  type AgendaExportKind,
  consoleAgendaImportEndpoints as e,
  type ImportPreview,
  type ImportResult,
} from '@app/contract/schemas/console-agenda-import';
import { api, callApi } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';

export type ImportKind = 'schedule' | 'speakers';

/** The browser's time zone: times written without one (CSV rows) are read in it, exports written in it. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Uploads a file and answers what it would change; nothing is written yet. */
export function previewFile(appId: number, moduleId: number, kind: ImportKind, file: File, timeZone: string): Promise<ImportPreview> {
  const form = new FormData();
  form.append(AGENDA_IMPORT_FIELD, file, file.name);
  const endpoint = kind === 'schedule' ? e.previewSchedule : e.previewSpeakers;
  const path = fillPath(endpoint.path, { app_id: appId, app_module_id: moduleId });
  const query = kind === 'schedule' ? { time_zone: timeZone } : {};
  return api<ImportPreview>(path, { method: 'POST', body: form, query }).then((r) => r.data);
}

export function confirmImport(appId: number, moduleId: number, token: string): Promise<ImportResult> {
  return callApi(e.confirm, { params: { app_id: appId, app_module_id: moduleId }, body: { token } }).then((r) => r.data);
}

const NAMES: Record<AgendaExportKind, string> = {
  csv: 'agenda.csv',
  ics: 'agenda.ics',
  frab: 'agenda.xml',
  ratings: 'ratings.csv',
  questions: 'questions.csv',
  template: 'agenda-template.csv',
  speakersTemplate: 'speakers-template.csv',
};

/** Downloads an export or a template: fetched with the console token, saved as a file. */
export function download(appId: number, moduleId: number, kind: AgendaExportKind, timeZone: string): Promise<void> {
  const path = fillPath(AGENDA_EXPORT_PATHS[kind], { app_id: appId, app_module_id: moduleId });
  const template = kind === 'template' || kind === 'speakersTemplate';
  return downloadFile(path, template ? {} : { time_zone: timeZone }, NAMES[kind]);
}

export type { ImportPreview, ImportResult };
