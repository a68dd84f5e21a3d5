import { APP_LOGO, consoleAppsEndpoints as e } from '@app/contract/schemas/console-apps';
import type { FastifyInstance } from 'fastify';
import { fieldError } from '../../../lib/errors.ts';
import { perMemberLimit } from '../../../platform/route.ts';
import { consoleRoute, requireConsoleApp } from '../console.policy.ts';
import { createApp, getSettings, removeLogo, setStatus, updateSettings, uploadLogo } from './console-apps.service.ts';

/** Apps, their settings, status and logo (issue 22 "Create an app"). */
export async function consoleAppsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const writes = perMemberLimit(ctx, 'console-write');
  consoleRoute(app, e.settings, ({ params }, actor) => getSettings(ctx, actor, params.app_id));
  consoleRoute(app, e.update, ({ params, body }, actor) => updateSettings(ctx, actor, params.app_id, body), writes);
  consoleRoute(app, e.create, ({ body }, actor) => createApp(ctx, actor, body), writes);
  consoleRoute(app, e.publish, ({ params }, actor) => setStatus(ctx, actor, params.app_id, 'publish'), writes);
  consoleRoute(app, e.unpublish, ({ params }, actor) => setStatus(ctx, actor, params.app_id, 'unpublish'), writes);
  consoleRoute(app, e.lock, ({ params }, actor) => setStatus(ctx, actor, params.app_id, 'lock'), writes);
  consoleRoute(app, e.unlock, ({ params }, actor) => setStatus(ctx, actor, params.app_id, 'unlock'), writes);
  consoleRoute(
    app,
    e.uploadLogo,
    async ({ params }, actor, req) => {
      // Role first: nobody's upload is read for an app they may not change.
      await requireConsoleApp(ctx, actor, params.app_id, 'owner');
      const file = req.isMultipart()
        ? await req.file({ limits: { fileSize: APP_LOGO.maxBytes + 1, files: 1 } }).catch(() => undefined)
        : undefined;
      if (file?.fieldname !== APP_LOGO.field) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoType');
      const data = await file.toBuffer().catch(() => undefined);
      if (!data || file.file.truncated) throw fieldError(APP_LOGO.field, 'console-apps.errors.logoTooLarge', { size: 5 });
      return uploadLogo(ctx, actor, params.app_id, data);
    },
    perMemberLimit(ctx, 'console-upload', ctx.config.rateLimit.uploads),
  );
  consoleRoute(app, e.removeLogo, ({ params }, actor) => removeLogo(ctx, actor, params.app_id), writes);
}
