import { webviewEndpoints as e } from '@app/contract/schemas/webview';
import type { FastifyInstance } from 'fastify';
import { perMemberLimit, route } from '../../platform/route.ts';
import { scopeOf } from '../../platform/scope.ts';
import { getWebviewUrl, setWebviewUrl } from './webview.service.ts';

export async function webviewRoutes(app: FastifyInstance) {
  route(app, e.get, ({ params }, req) => getWebviewUrl(app.ctx, scopeOf(req), params.app_module_id));
  route(
    app,
    e.update,
    ({ params, body }, req) => setWebviewUrl(app.ctx, scopeOf(req), params.app_module_id, body),
    perMemberLimit(app.ctx, 'webview'),
  );
}
