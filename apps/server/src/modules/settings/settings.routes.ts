import { settingsEndpoints as e } from '@app/contract/schemas/settings';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../platform/route.ts';
import { publicScopeOf, scopeOf } from '../../platform/scope.ts';
import { appBaseUrl } from '../../plugins/tenant.ts';
import { confirmDeletion, deleteAccount, deletionMail, exportAccount } from './settings.account.ts';
import { adminMessage, contact, info, preferences, readPreferences, report, setPreference, settingsModule } from './settings.service.ts';

/** Contact mails and admin messages a member may send per window (besides the daily cap). */
const fewPerWindow = (writes: number) => Math.max(1, Math.floor(writes / 24));

export async function settingsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'write');
  route(app, e.info, ({ params }, req) => info(ctx, scopeOf(req), params.app_module_id));
  route(app, e.myPreferences, (_input, req) => {
    const scope = scopeOf(req);
    return readPreferences(ctx, scope.tenant.id, scope.user.id);
  });
  route(app, e.preferences, ({ params }, req) => preferences(ctx, scopeOf(req), params.app_module_id));
  route(app, e.setPreference, ({ params, body }, req) => setPreference(ctx, scopeOf(req), params.app_module_id, body), writes);
  route(app, e.report, ({ params }, req) => report(ctx, scopeOf(req), params.app_module_id), writes);
  route(
    app,
    e.contact,
    ({ params, body }, req) => contact(ctx, scopeOf(req), params.app_module_id, body),
    perMemberLimit(ctx, 'settings-contact', fewPerWindow(ctx.config.rateLimit.writes)),
  );
  route(
    app,
    e.adminMessage,
    ({ params, body }, req) => adminMessage(ctx, scopeOf(req), params.app_module_id, body.message),
    perMemberLimit(ctx, 'settings-admin-message', fewPerWindow(ctx.config.rateLimit.writes)),
  );
  route(app, e.exportData, async ({ params }, req, reply) => {
    const scope = scopeOf(req);
    await settingsModule(ctx, scope, params.app_module_id);
    reply.header('cache-control', 'no-store');
    return exportAccount(ctx, scope);
  });
  route(
    app,
    e.deleteAccount,
    async ({ params, body }, req) => {
      const scope = scopeOf(req);
      await settingsModule(ctx, scope, params.app_module_id);
      return deleteAccount(ctx, scope, body.password);
    },
    // Each try costs a password hash check: few per window, as sign-in attempts.
    perMemberLimit(ctx, 'settings-delete', fewPerWindow(ctx.config.rateLimit.writes)),
  );
  route(
    app,
    e.deletionMail,
    async ({ params }, req) => {
      const scope = scopeOf(req);
      const mod = await settingsModule(ctx, scope, params.app_module_id);
      return deletionMail(ctx, scope, mod.id, await appBaseUrl(app, req, scope.tenant));
    },
    // Besides the three links an hour per account.
    perMemberLimit(ctx, 'settings-deletion-mail', fewPerWindow(ctx.config.rateLimit.writes)),
  );
  // The link is the proof (the account's mailbox): no session needed, the app from the app key.
  // A guessed token is hopeless (32 random bytes); the sign-in calls' bucket per address still applies.
  route(app, e.deletionConfirm, ({ body }, req) => confirmDeletion(ctx, publicScopeOf(req).tenant, body.token), {
    rateLimit: { max: ctx.config.rateLimit.auth, timeWindow: ctx.config.rateLimit.windowMs, groupId: 'auth' },
  });
}
