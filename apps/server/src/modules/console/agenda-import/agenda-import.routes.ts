import {
  AGENDA_EXPORT_PATHS,
  AGENDA_IMPORT,
  AGENDA_IMPORT_FIELD,
  type AgendaExportKind,
  agendaImportAppParams,
  agendaImportParams,
  agendaImportQuery,
  consoleAgendaImportEndpoints as e,
} from '@app/contract/schemas/console-agenda-import';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Ctx } from '../../../context.ts';
import { fieldError, HttpError, notFound } from '../../../lib/errors.ts';
import { isTimeZone } from '../../../lib/zoned-time.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import type { At } from '../../agenda/agenda.queries.ts';
import { scheduleCsvTemplate } from '../../agenda/interchange/schedule.csv.ts';
import { audit } from '../console.audit.ts';
import { actorOf, type ConsoleActor, consoleRoute, requireConsoleApp } from '../console.policy.ts';
import { agendaCsv, agendaFrab, agendaIcs, questionsCsv, ratingsCsv, scheduleOf } from './agenda-import.export.ts';
import * as s from './agenda-import.service.ts';
import { speakersCsvTemplate } from './agenda-import.speakers.ts';

const E = 'agenda-import.errors';
/** This area's own messages (the readers' are under `agenda-import.errors`). */
const OWN = 'console-agenda-import.errors';

/** The agenda module `moduleId` of the app, for an owner of the app or an operator; another app's or type's: 404. */
async function agendaOf(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<At & { name: string }> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await ctx.apps.module(appId, moduleId);
  if (mod?.type !== 'agenda') throw notFound();
  return { appId, moduleId: mod.id, name: mod.name };
}

/**
 * The uploaded file (multipart field `file`): bigger than the readers take (10 MB) is refused
 * before it is read when its size is announced (413), or as soon as it passes the bound (422).
 */
async function uploaded(req: FastifyRequest): Promise<{ data: Buffer; name: string }> {
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > AGENDA_IMPORT.maxBytes + 64 * 1024) throw new HttpError(413, `${OWN}.uploadTooLarge`);
  if (!req.isMultipart()) throw fieldError(AGENDA_IMPORT_FIELD, `${OWN}.noFile`);
  const file = await req.file({ limits: { fileSize: AGENDA_IMPORT.maxBytes + 1, files: 1 } }).catch(() => undefined);
  if (file?.fieldname !== AGENDA_IMPORT_FIELD) throw fieldError(AGENDA_IMPORT_FIELD, `${OWN}.noFile`);
  const data = await file.toBuffer().catch(() => undefined);
  if (!data || file.file.truncated || data.length > AGENDA_IMPORT.maxBytes)
    throw fieldError(AGENDA_IMPORT_FIELD, `${E}.tooLarge`, { max: '10 MB' });
  if (!data.length) throw fieldError(AGENDA_IMPORT_FIELD, `${E}.empty`);
  return { data, name: file.filename ?? '' };
}

const TYPES: Record<AgendaExportKind, { type: string; ext: string }> = {
  csv: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  ics: { type: 'text/calendar; charset=utf-8', ext: 'ics' },
  frab: { type: 'application/xml; charset=utf-8', ext: 'xml' },
  ratings: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  questions: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  template: { type: 'text/csv; charset=utf-8', ext: 'csv' },
  speakersTemplate: { type: 'text/csv; charset=utf-8', ext: 'csv' },
};

function sendFile(reply: FastifyReply, kind: AgendaExportKind, name: string, body: string) {
  return reply
    .header('content-type', TYPES[kind].type)
    .header('content-disposition', `attachment; filename="${name}.${TYPES[kind].ext}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/** The console's agenda import and export (owners of the app and operators). */
export async function agendaImportRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const write = perMemberLimit(ctx, 'console-write');

  consoleRoute(
    app,
    e.previewSchedule,
    async ({ params, query }, actor, req) => {
      const at = await agendaOf(ctx, actor, params.app_id, params.app_module_id);
      const file = await uploaded(req);
      return s.previewSchedule(ctx, actor, at, file.data, file.name, query.time_zone, req.locale);
    },
    write,
  );
  consoleRoute(
    app,
    e.previewSpeakers,
    async ({ params }, actor, req) => {
      const at = await agendaOf(ctx, actor, params.app_id, params.app_module_id);
      const file = await uploaded(req);
      return s.previewSpeakers(ctx, actor, at, file.data, req.locale);
    },
    write,
  );
  consoleRoute(
    app,
    e.confirm,
    async ({ params, body }, actor) =>
      s.confirmImport(ctx, actor, await agendaOf(ctx, actor, params.app_id, params.app_module_id), body.token),
    write,
  );

  // The downloads: files, not JSON, outside the endpoint table; the console fetches them with the
  // access-token header and saves the blob.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const exports: Array<[AgendaExportKind, (at: At & { name: string }, zone: string) => Promise<string>]> = [
    ['csv', async (at, zone) => agendaCsv(await scheduleOf(ctx.db, at, at.name, zone), zone)],
    ['ics', async (at, zone) => agendaIcs(await scheduleOf(ctx.db, at, at.name, zone))],
    ['frab', async (at, zone) => agendaFrab(await scheduleOf(ctx.db, at, at.name, zone), zone)],
    ['ratings', (at) => ratingsCsv(ctx.db, at)],
    ['questions', (at) => questionsCsv(ctx.db, at)],
  ];
  for (const [kind, make] of exports)
    typed.get(
      AGENDA_EXPORT_PATHS[kind],
      {
        schema: { hide: true, params: agendaImportParams, querystring: agendaImportQuery },
        config: { auth: false, console: true, ...write },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        const at = await agendaOf(ctx, actor, req.params.app_id, req.params.app_module_id);
        const zone = req.query.time_zone ?? 'UTC';
        if (!isTimeZone(zone)) throw fieldError('time_zone', `${E}.unknownTimeZone`, { zone: zone.slice(0, 64) });
        const body = await make(at, zone);
        await audit(ctx.db, actor, { appId: at.appId, action: `agenda.export.${kind}`, targetType: 'module', targetId: at.moduleId });
        return sendFile(reply, kind, `agenda-${at.moduleId}-${kind}-${new Date().toISOString().slice(0, 10)}`, body);
      },
    );
  const templates: Array<[AgendaExportKind, () => string, string]> = [
    ['template', () => `\uFEFF${scheduleCsvTemplate()}`, 'agenda-template'],
    ['speakersTemplate', () => `\uFEFF${speakersCsvTemplate()}`, 'speakers-template'],
  ];
  for (const [kind, make, name] of templates)
    typed.get(
      AGENDA_EXPORT_PATHS[kind],
      { schema: { hide: true, params: agendaImportAppParams }, config: { auth: false, console: true } },
      async (req, reply) => {
        await requireConsoleApp(ctx, actorOf(req), req.params.app_id, 'owner');
        return sendFile(reply, kind, name, make());
      },
    );
}
