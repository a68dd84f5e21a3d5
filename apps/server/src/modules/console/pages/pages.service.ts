import type { ConsolePage, PageBody } from '@app/contract/schemas/console-pages';
import { PAGE_HTML_MAX } from '@app/contract/schemas/console-pages';
import type { Ctx } from '../../../context.ts';
import { notFound } from '../../../lib/errors.ts';
import { sanitizeWithOwnImages } from '../../../platform/outside-images.ts';
import { findPage, savePage } from '../../freeform/freeform.queries.ts';
import { audit } from '../console.audit.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import { findFreeformModule } from './pages.queries.ts';

/** What the audit log keeps of a page: its length and the start of its text, not the whole HTML. */
const snapshot = (page: { html: string; text: string } | undefined) =>
  page ? { chars: page.html.length, text: page.text.slice(0, 200) } : null;

async function requirePageModule(ctx: Ctx, appId: number, moduleId: number) {
  const mod = await findFreeformModule(ctx.db, appId, moduleId);
  if (!mod) throw notFound();
  return mod;
}

/** The page of a free-form module of the app (owners and operators); another app's module is a 404. */
export async function getConsolePage(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<ConsolePage> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await requirePageModule(ctx, appId, moduleId);
  const page = await findPage(ctx.db, appId, mod.id);
  return { module_id: mod.id, name: mod.name, html: page?.html ?? '', updated_at: page?.updatedAt.toISOString() ?? null };
}

/**
 * Replaces the page: sanitised to the rich text vocabulary (422 on `html` when too long or too
 * deep), pictures from other sites copied into the app's uploads (charged to the organiser's upload
 * budget), written with its audit entry in one transaction; then the app's open pages read it again.
 */
export async function saveConsolePage(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  body: PageBody,
): Promise<ConsolePage> {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await requirePageModule(ctx, appId, moduleId);
  const user = { id: actor.userId, appId: actor.appId, tokenHash: actor.tokenHash };
  const clean = await sanitizeWithOwnImages(ctx, { tenant: app, user }, body.html, { field: 'html', maxLength: PAGE_HTML_MAX });
  const updatedAt = await ctx.db.transaction(async (tx) => {
    const before = await findPage(tx, appId, mod.id);
    await savePage(tx, { appModuleId: mod.id, appId, html: clean.html, text: clean.text });
    const after = await findPage(tx, appId, mod.id);
    await audit(tx, actor, {
      appId,
      action: 'pages.update',
      targetType: 'module',
      targetId: mod.id,
      before: snapshot(before),
      after: snapshot(after),
    });
    return after?.updatedAt ?? new Date();
  });
  const updated_at = updatedAt.toISOString();
  ctx.io?.to(`app:${appId}`).emit('freeformPage', { app_module_id: mod.id, updated_at });
  return { module_id: mod.id, name: mod.name, html: clean.html, updated_at };
}
