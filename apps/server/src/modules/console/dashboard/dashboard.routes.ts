import { CONSOLE_API, consoleAppParams } from '@app/contract/schemas/console';
import { auditExportQuery, dashboardExportQuery, consoleDashboardEndpoints as e } from '@app/contract/schemas/console-dashboard';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { setPageHeaders } from '../../../lib/pagination.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { actorOf, consoleRoute, requireConsoleApp } from '../console.policy.ts';
import { auditCsv, dashboardCsv, getAudit, getDashboard } from './dashboard.service.ts';

const sendCsv = (reply: FastifyReply, body: string, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);

/** The dashboard's figures and the audit log of one app: its owners and operators (a moderator gets 403). */
export async function dashboardRoutes(app: FastifyInstance) {
  const { ctx } = app;

  consoleRoute(app, e.dashboard, async ({ params, query }, actor) => {
    await requireConsoleApp(ctx, actor, params.app_id, 'owner');
    return getDashboard(ctx, params.app_id, query.days);
  });

  consoleRoute(app, e.audit, async ({ params, query }, actor, _req, reply) => {
    await requireConsoleApp(ctx, actor, params.app_id, 'owner');
    const page = await getAudit(ctx, params.app_id, query);
    setPageHeaders(reply, { page: page.page, perPage: page.per_page }, page.total);
    return page;
  });

  // CSV files, not JSON: outside the endpoint table (and the OpenAPI description), like the
  // agenda's calendar files; the console fetches them with its access token and saves the blob.
  // Each export is a full read, so they draw on a per-member allowance.
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const exports = { ...perMemberLimit(ctx, 'console-export'), auth: false, console: true };
  typed.get(
    `${CONSOLE_API}/apps/:app_id/dashboard/export.csv`,
    { schema: { hide: true, params: consoleAppParams, querystring: dashboardExportQuery }, config: exports },
    async (req, reply) => {
      const tenant = await requireConsoleApp(ctx, actorOf(req), req.params.app_id, 'owner');
      const { days, metric } = req.query;
      const body = await dashboardCsv(ctx, tenant.id, days, metric);
      return sendCsv(reply, body, `${tenant.key}-${metric}-${days}d.csv`);
    },
  );
  typed.get(
    `${CONSOLE_API}/apps/:app_id/audit/export.csv`,
    { schema: { hide: true, params: consoleAppParams, querystring: auditExportQuery }, config: exports },
    async (req, reply) => {
      const tenant = await requireConsoleApp(ctx, actorOf(req), req.params.app_id, 'owner');
      return sendCsv(reply, await auditCsv(ctx, tenant.id, req.query), `${tenant.key}-audit.csv`);
    },
  );
}
