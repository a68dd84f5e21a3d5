import { Readable } from 'node:stream';
import { toLocale } from '@app/contract/constants';
import { consoleAppParams } from '@app/contract/schemas/console';
import { consoleMembersEndpoints as e, IMPORT_FIELD, MEMBER_IMPORT, MEMBERS_EXPORT_PATH } from '@app/contract/schemas/console-members';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fieldError } from '../../../lib/errors.ts';
import { setPageHeaders } from '../../../lib/pagination.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { appBaseUrl } from '../../../plugins/tenant.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import type { MailContext } from '../../auth/auth.service.ts';
import { audit } from '../console.audit.ts';
import { actorOf, consoleRoute, requireConsoleApp } from '../console.policy.ts';
import { membersCsv } from './members.export.ts';
import { kickInviteMailer, stopInviteMailer } from './members.mails.ts';
import * as s from './members.service.ts';

/** The console's "Members" area: owners of the app and operators (members.service.ts). */
export async function memberRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-members');
  const owned = (actor: Parameters<typeof requireConsoleApp>[1], appId: number) => requireConsoleApp(ctx, actor, appId, 'owner');
  // Invitations are written in the app's language (the invitee's is not known yet), with the app's links.
  const mailCtx = async (req: FastifyRequest, tenant: AppRow): Promise<MailContext> => ({
    locale: toLocale(tenant.locale),
    baseUrl: await appBaseUrl(app, req, tenant),
  });
  const csvFile = async (req: FastifyRequest): Promise<Buffer> => {
    if (!req.isMultipart()) throw fieldError(IMPORT_FIELD, 'console-members.errors.csv.noFile');
    const file = await req.file({ limits: { fileSize: MEMBER_IMPORT.maxBytes + 1, files: 1 } }).catch(() => undefined);
    if (file?.fieldname !== IMPORT_FIELD) throw fieldError(IMPORT_FIELD, 'console-members.errors.csv.noFile');
    const data = await file.toBuffer().catch(() => undefined);
    if (!data || file.file.truncated || data.length > MEMBER_IMPORT.maxBytes)
      throw fieldError(IMPORT_FIELD, 'console-members.errors.csv.tooLarge', { max: '2 MB' });
    return data;
  };

  consoleRoute(app, e.list, async ({ params, query }, actor, _req, reply) => {
    const tenant = await owned(actor, params.app_id);
    const { rows, total } = await s.listMembers(ctx, tenant, query);
    setPageHeaders(reply, { page: query.page, perPage: query['per-page'] }, total);
    return rows;
  });
  consoleRoute(app, e.get, async ({ params }, actor) => s.getMember(ctx, await owned(actor, params.app_id), params.user_id));
  consoleRoute(
    app,
    e.invite,
    async ({ params, body }, actor, req) => {
      const tenant = await owned(actor, params.app_id);
      return s.inviteMember(ctx, actor, tenant, body, await mailCtx(req, tenant));
    },
    writes,
  );
  consoleRoute(
    app,
    e.resendInvite,
    async ({ params }, actor, req) => {
      const tenant = await owned(actor, params.app_id);
      return s.resendInvite(ctx, actor, tenant, params.user_id, await mailCtx(req, tenant));
    },
    writes,
  );
  consoleRoute(
    app,
    e.revokeInvite,
    async ({ params }, actor) => s.revokeInvite(ctx, actor, await owned(actor, params.app_id), params.user_id),
    writes,
  );
  consoleRoute(
    app,
    e.importPreview,
    async ({ params }, actor, req) => {
      const tenant = await owned(actor, params.app_id);
      return s.previewImport(ctx, tenant, await csvFile(req), req.locale);
    },
    writes,
  );
  consoleRoute(
    app,
    e.import,
    async ({ params }, actor, req) => {
      const tenant = await owned(actor, params.app_id);
      return s.importMembers(ctx, actor, tenant, await csvFile(req), await mailCtx(req, tenant));
    },
    writes,
  );
  consoleRoute(
    app,
    e.roles,
    async ({ params, body }, actor) => s.setRoles(ctx, actor, await owned(actor, params.app_id), params.user_id, body),
    writes,
  );
  consoleRoute(
    app,
    e.block,
    async ({ params }, actor) => s.blockMember(ctx, actor, await owned(actor, params.app_id), params.user_id),
    writes,
  );
  consoleRoute(
    app,
    e.unblock,
    async ({ params }, actor) => s.unblockMember(ctx, actor, await owned(actor, params.app_id), params.user_id),
    writes,
  );
  consoleRoute(
    app,
    e.remove,
    async ({ params }, actor) => s.deleteMember(ctx, actor, await owned(actor, params.app_id), params.user_id),
    writes,
  );

  // The export: text/csv streamed in batches, outside the endpoint table (not JSON); the console
  // fetches it with the access-token header and saves the blob.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      MEMBERS_EXPORT_PATH,
      { schema: { hide: true, params: consoleAppParams }, config: { auth: false, console: true, ...writes } },
      async (req, reply) => {
        const actor = actorOf(req);
        const tenant = await owned(actor, req.params.app_id);
        await audit(ctx.db, actor, { appId: tenant.id, action: 'member.export', targetType: 'app', targetId: tenant.id });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="members-${tenant.key}-${day}.csv"`)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(Readable.from(membersCsv(ctx.db, tenant.id)));
      },
    );

  // Invitation mails an import queued before a restart (or on another node that stopped) go out now.
  app.addHook('onReady', async () => kickInviteMailer(ctx));
  app.addHook('onClose', async () => stopInviteMailer(ctx));
}
