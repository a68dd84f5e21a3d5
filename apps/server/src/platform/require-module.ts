import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { HttpError, notFound } from '../lib/errors.ts';
import type { ModuleRow } from '../modules/apps/apps.queries.ts';
import { appModules } from '../modules/apps/apps.table.ts';
import type { Scope } from './scope.ts';

/**
 * The menu module `moduleId` of the caller's app, of the given type: every module call
 * starts here. A module of another app, or one that never existed, is a 404; one of this
 * app that was removed from the menu (or the wrong type for this route) answers 406
 * "This module is no longer available" (spec 1 §5).
 */
export async function requireModule(ctx: Ctx, scope: Pick<Scope, 'tenant'>, type: string, moduleId: number): Promise<ModuleRow> {
  const mod = await ctx.apps.module(scope.tenant.id, moduleId);
  if (mod && mod.type === type) return mod;
  const [gone] = await ctx.db
    .select({ id: appModules.id })
    .from(appModules)
    .where(and(eq(appModules.appId, scope.tenant.id), eq(appModules.id, moduleId), eq(appModules.type, type)));
  throw gone ? new HttpError(406, 'common.errors.moduleGone') : notFound();
}
