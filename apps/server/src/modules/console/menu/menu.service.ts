import { toLocale } from '@app/contract/constants';
import {
  type AddModuleBody,
  type ConsoleMenu,
  type ConsoleMenuModule,
  type MenuContent,
  MODULE_SETTINGS,
  type RemovedModule,
  type ReorderBody,
  type UpdateModuleBody,
} from '@app/contract/schemas/console-menu';
import type { Ctx } from '../../../context.ts';
import { type KeyedFieldError, notFound, ValidationError } from '../../../lib/errors.ts';
import { isKey, translate } from '../../../lib/i18n.ts';
import type { ModuleRow } from '../../apps/apps.queries.ts';
import { webUrl } from '../../webview/webview.service.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { announceAppChanged } from '../console.live.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import { countContent, deleteModule, findAllModules, findModule, insertModule, setPositions, updateModule } from './menu.queries.ts';

type Counts = Awaited<ReturnType<typeof countContent>>;

function contentOf(counts: Counts, moduleId: number): MenuContent {
  return counts.filter((c) => c.moduleId === moduleId && c.count > 0).map(({ kind, count }) => ({ kind, count }));
}

function toModule(m: ModuleRow, content: MenuContent): ConsoleMenuModule {
  return {
    id: m.id,
    type: m.type,
    name: m.name,
    icon_name: m.iconName || m.type,
    position: m.position,
    is_active: m.isActive,
    params: m.params,
    content,
  };
}

/** What the audit log keeps of a module. */
const snapshot = (m: ModuleRow) => ({
  type: m.type,
  name: m.name,
  icon: m.iconName,
  active: m.isActive,
  position: m.position,
  params: m.params,
});

/**
 * After a committed change: every node drops its apps and menus now (the table's trigger does it
 * too, a moment later on PostgreSQL), then the app's open pages read their menu again.
 */
function changed(ctx: Ctx, appId: number) {
  ctx.bus.publish({ t: 'apps' });
  announceAppChanged(ctx, appId);
}

async function menuOf(ctx: Ctx, appId: number): Promise<ConsoleMenu> {
  const [rows, counts] = await Promise.all([findAllModules(ctx.db, appId), countContent(ctx.db, appId)]);
  return { modules: rows.map((m) => toModule(m, contentOf(counts, m.id))) };
}

export async function listMenu(ctx: Ctx, actor: ConsoleActor, appId: number): Promise<ConsoleMenu> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  return menuOf(ctx, appId);
}

export async function addModule(ctx: Ctx, actor: ConsoleActor, appId: number, body: AddModuleBody): Promise<ConsoleMenuModule> {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const name = body.name ?? translate(toLocale(app.locale), `console-menu.types.${body.type}`);
  const row = await ctx.db.transaction(async (tx) => {
    const made = await insertModule(tx, appId, { type: body.type, name, iconName: body.icon_name ?? body.type });
    await audit(tx, actor, { appId, action: 'menu.add', targetType: 'module', targetId: made.id, after: snapshot(made) });
    return made;
  });
  changed(ctx, appId);
  return toModule(row, []);
}

/**
 * The settings of a change, checked against the module type's: unknown keys and types without
 * settings are refused, addresses must be http or https as the modules read them. A key set to
 * null (or an empty address) removes the setting; settings not named stay as they are.
 */
function mergeParams(type: string, current: Record<string, unknown>, raw: Record<string, unknown>): Record<string, unknown> {
  const schema = (MODULE_SETTINGS as Record<string, (typeof MODULE_SETTINGS)[keyof typeof MODULE_SETTINGS] | undefined>)[type];
  const allowed = schema ? Object.keys(schema.shape) : [];
  const errors: KeyedFieldError[] = [];
  for (const k of Object.keys(raw)) {
    if (!allowed.includes(k)) errors.push({ field: `params.${k}`, message: 'console-menu.errors.unknownSetting' });
  }
  if (errors.length || !schema) throw new ValidationError(errors);
  // Empty text means "no setting", like null.
  const cleaned = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' && !v.trim() ? null : v]));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((i) => ({
        field: ['params', ...i.path.map(String)].join('.'),
        message: isKey(i.message) ? i.message : 'console-menu.errors.invalid',
      })),
    );
  }
  const next: Record<string, unknown> = { ...current };
  for (const [k, v] of Object.entries(parsed.data as Record<string, unknown>)) {
    if (v === null || v === undefined) {
      delete next[k];
      continue;
    }
    if (k === 'url') {
      const url = webUrl(v);
      if (!url) errors.push({ field: 'params.url', message: 'console-menu.errors.url' });
      else next[k] = url;
      continue;
    }
    next[k] = v;
  }
  if (errors.length) throw new ValidationError(errors);
  return next;
}

export async function changeModule(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  body: UpdateModuleBody,
): Promise<ConsoleMenuModule> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const row = await ctx.db.transaction(async (tx) => {
    const before = await findModule(tx, appId, moduleId);
    if (!before) throw notFound();
    const values: Parameters<typeof updateModule>[3] = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.icon_name !== undefined) values.iconName = body.icon_name;
    if (body.is_active !== undefined) values.isActive = body.is_active;
    if (body.params !== undefined) values.params = mergeParams(before.type, before.params, body.params);
    if (!Object.keys(values).length) return before;
    const after = await updateModule(tx, appId, moduleId, values);
    if (!after) throw notFound();
    const diff = changedOnly(snapshot(before), snapshot(after));
    if (Object.keys(diff.after).length) {
      const action = body.is_active !== undefined && 'active' in diff.after ? (after.isActive ? 'menu.show' : 'menu.hide') : 'menu.update';
      await audit(tx, actor, { appId, action, targetType: 'module', targetId: moduleId, ...diff });
    }
    return after;
  });
  changed(ctx, appId);
  const counts = await countContent(ctx.db, appId, moduleId);
  return toModule(row, contentOf(counts, moduleId));
}

export async function reorderMenu(ctx: Ctx, actor: ConsoleActor, appId: number, body: ReorderBody): Promise<ConsoleMenu> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  await ctx.db.transaction(async (tx) => {
    const rows = await findAllModules(tx, appId);
    const have = new Set(rows.map((r) => r.id));
    const given = new Set(body.ids);
    if (given.size !== body.ids.length || given.size !== have.size || body.ids.some((id) => !have.has(id))) {
      throw new ValidationError([{ field: 'ids', message: 'console-menu.errors.order' }]);
    }
    const before = rows.map((r) => r.id);
    if (before.every((id, i) => body.ids[i] === id)) return;
    await setPositions(tx, appId, body.ids);
    await audit(tx, actor, { appId, action: 'menu.reorder', targetType: 'menu', before: { order: before }, after: { order: body.ids } });
  });
  changed(ctx, appId);
  return menuOf(ctx, appId);
}

export async function removeModule(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<RemovedModule> {
  await requireConsoleApp(ctx, actor, appId, 'owner');
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await findModule(tx, appId, moduleId);
    if (!row) throw notFound();
    const content = contentOf(await countContent(tx, appId, moduleId), moduleId);
    if (!(await deleteModule(tx, appId, moduleId))) throw notFound();
    await audit(tx, actor, {
      appId,
      action: 'menu.remove',
      targetType: 'module',
      targetId: moduleId,
      before: { ...snapshot(row), content },
    });
    return { id: row.id, type: row.type, name: row.name, content };
  });
  changed(ctx, appId);
  return removed;
}
