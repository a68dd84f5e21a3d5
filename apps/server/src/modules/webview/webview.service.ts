import type { webviewUrlInput } from '@app/contract/schemas/webview';
import { WEBVIEW_URL_MAX, type WebviewUrl } from '@app/contract/schemas/webview';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import { saveWebviewUrl } from './webview.queries.ts';

/**
 * The address as the WHATWG URL parser reads it, when it is one a browser may open for a member:
 * http or https with a host, no user name or password in it. Anything else (javascript:, data:,
 * a relative path, garbage) is no address.
 */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > WEBVIEW_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return null;
  return url.href;
}

/** The module's address from its settings (the menu cache: no query); null when none or not http(s). */
export async function getWebviewUrl(ctx: Ctx, scope: Scope, moduleId: number): Promise<WebviewUrl> {
  const mod = await requireModule(ctx, scope, 'webview', moduleId);
  return { app_module_id: mod.id, url: webUrl(mod.params.url) };
}

/** The app owner sets the address; every node reloads its menus and every open page of the app gets it. */
export async function setWebviewUrl(
  ctx: Ctx,
  scope: Scope,
  moduleId: number,
  input: z.output<typeof webviewUrlInput>,
): Promise<WebviewUrl> {
  const mod = await requireModule(ctx, scope, 'webview', moduleId);
  if (!(await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id))) throw forbidden();
  if (!input.url.trim()) throw fieldError('url', 'webview.errors.urlRequired');
  if (input.url.trim().length > WEBVIEW_URL_MAX) throw fieldError('url', 'webview.errors.urlTooLong', { length: WEBVIEW_URL_MAX });
  const url = webUrl(input.url);
  if (!url) throw fieldError('url', 'webview.errors.urlInvalid');
  // Removed from the menu between the check and the write: as for any module gone.
  if (!(await saveWebviewUrl(ctx.db, scope.tenant.id, mod.id, url))) throw notFound();
  ctx.bus.publish({ t: 'apps' });
  const answer = { app_module_id: mod.id, url };
  ctx.io?.to(`app:${scope.tenant.id}`).emit('webviewUrl', answer);
  return answer;
}
