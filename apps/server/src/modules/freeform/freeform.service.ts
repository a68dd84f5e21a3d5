import type { FreeformPage } from '@app/contract/schemas/freeform';
import type { Ctx } from '../../context.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { findPage } from './freeform.queries.ts';

/** The module's one page of rich content; an empty page (empty `html`) when it has none yet. */
export async function getPage(ctx: Ctx, scope: Scope, moduleId: number): Promise<FreeformPage> {
  const mod = await requireModule(ctx, scope, 'freeform', moduleId);
  const page = await findPage(ctx.db, scope.tenant.id, mod.id);
  return { app_module_id: mod.id, html: page?.html ?? '', updated_at: page?.updatedAt.toISOString() ?? null };
}
