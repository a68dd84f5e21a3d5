import type { Locale } from '@app/contract/constants';
import {
  CATALOG_IMPORT,
  type CatalogImportPreview,
  type CatalogImportResult,
  type CatalogImportRow,
  type CatalogItemBody,
  type ConsoleCatalogItem,
} from '@app/contract/schemas/console-catalog';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { notFound, ValidationError } from '../../../lib/errors.ts';
import { translate } from '../../../lib/i18n.ts';
import { offsetOf } from '../../../lib/pagination.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { requireModule } from '../../../platform/require-module.ts';
import type { AppRow } from '../../apps/apps.queries.ts';
import { catalogChanged } from '../../catalog/catalog.service.ts';
import { audit, changedOnly } from '../console.audit.ts';
import { csvLine } from '../console.csv.ts';
import { type ConsoleActor, requireConsoleApp } from '../console.policy.ts';
import { absoluteOrPath, type ParsedRow, parseCatalogCsv, type RawImportError } from './catalog.import.ts';
import * as q from './catalog.queries.ts';

const CATEGORIES_MAX = 500;

/** The app (owners and operators) and its catalog module: another app's ids are a 404. */
export async function requireArea(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number) {
  const app = await requireConsoleApp(ctx, actor, appId, 'owner');
  const mod = await requireModule(ctx, { tenant: app }, 'catalog', moduleId);
  return { app, mod };
}

export function toApi(r: q.CatalogRow): ConsoleCatalogItem {
  return {
    id: r.id,
    app_module_id: r.appModuleId,
    name: r.name,
    category: r.category ?? '',
    booth: r.location ?? '',
    logo_url: r.logoUrl ?? '',
    website: r.website ?? '',
    contact_email: r.contactEmail ?? '',
    description: r.descriptionHtml,
    external_id: r.externalId ?? '',
    created_at: r.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an item (the description's length, not its text). */
const snapshot = (r: q.CatalogRow) => ({
  name: r.name,
  category: r.category,
  booth: r.location,
  logo_url: r.logoUrl,
  website: r.website,
  contact_email: r.contactEmail,
  description_length: r.descriptionHtml.length,
});

/** The form's fields as columns: blanks are nulls, the description sanitised (422 `description`). */
function columnsOf(b: CatalogItemBody): q.CatalogSet & { name: string } {
  const d = sanitizeRichText(b.description, { field: 'description' });
  return {
    name: b.name,
    category: b.category || null,
    location: b.booth || null,
    logoUrl: absoluteOrPath(b.logo_url) || null,
    website: b.website ? new URL(b.website).href : null,
    contactEmail: b.contact_email || null,
    descriptionHtml: d.html,
    descriptionText: d.text,
  };
}

export async function listItems(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  query: { page: number; 'per-page': number; q?: string | undefined },
) {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const { rows, total } = await q.page(
    ctx.db,
    app.id,
    mod.id,
    query.q?.trim() || null,
    query['per-page'],
    offsetOf({ page: query.page, perPage: query['per-page'] }),
  );
  return { items: rows.map(toApi), total };
}

export async function listCategories(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number): Promise<string[]> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  return q.categories(ctx.db, app.id, mod.id, CATEGORIES_MAX);
}

export async function getItem(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number): Promise<ConsoleCatalogItem> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const row = await q.findOne(ctx.db, app.id, mod.id, id);
  if (!row) throw notFound();
  return toApi(row);
}

export async function createItem(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  b: CatalogItemBody,
): Promise<ConsoleCatalogItem> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const cols = columnsOf(b);
  const row = await ctx.db.transaction(async (tx) => {
    const made = await q.insertOne(tx, { appId: app.id, appModuleId: mod.id, ...cols });
    await audit(tx, actor, {
      appId: app.id,
      action: 'catalog.create',
      targetType: 'catalog_item',
      targetId: made.id,
      after: snapshot(made),
    });
    return made;
  });
  catalogChanged(ctx, app.id, mod.id);
  return toApi(row);
}

export async function updateItem(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  id: number,
  b: CatalogItemBody,
): Promise<ConsoleCatalogItem> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const cols = columnsOf(b);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await q.findOne(tx, app.id, mod.id, id, true);
    if (!before) throw notFound();
    const after = await q.updateOne(tx, id, cols);
    if (!after) throw notFound();
    await audit(tx, actor, {
      appId: app.id,
      action: 'catalog.update',
      targetType: 'catalog_item',
      targetId: id,
      ...changedOnly(snapshot(before), snapshot(after)),
    });
    return after;
  });
  catalogChanged(ctx, app.id, mod.id);
  return toApi(row);
}

export async function removeItem(ctx: Ctx, actor: ConsoleActor, appId: number, moduleId: number, id: number) {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  await ctx.db.transaction(async (tx) => {
    const before = await q.findOne(tx, app.id, mod.id, id, true);
    if (!before) throw notFound();
    await q.deleteOne(tx, id);
    await audit(tx, actor, { appId: app.id, action: 'catalog.delete', targetType: 'catalog_item', targetId: id, before: snapshot(before) });
  });
  catalogChanged(ctx, app.id, mod.id);
  return { success: true as const };
}

// ---- CSV import ----

/** The columns of an item a row would change, by the file's column names. */
const COLUMN_OF: Record<keyof ParsedRow['fields'] | 'name', string> = {
  name: 'name',
  category: 'category',
  location: 'booth',
  logoUrl: 'logo_url',
  website: 'website',
  contactEmail: 'contact_email',
  descriptionHtml: 'description',
  descriptionText: '',
};

interface Planned {
  row: ParsedRow;
  action: 'create' | 'change' | 'unchanged';
  target: q.CatalogRow | undefined;
  changes: string[];
}

/** What each row of a parsed file would do: create, or change / leave the item imported with its `id`. */
async function plan(db: Db, app: AppRow, moduleId: number, rows: ParsedRow[]): Promise<Planned[]> {
  const ids = rows.flatMap((r) => (r.externalId ? [r.externalId] : []));
  const existing = new Map((await q.byExternalIds(db, app.id, moduleId, ids)).map((r) => [r.externalId ?? '', r]));
  return rows.map((row) => {
    const target = row.externalId ? existing.get(row.externalId) : undefined;
    if (!target) return { row, action: 'create', target, changes: [] };
    const wanted: Record<string, unknown> = { name: row.name, ...row.fields };
    const changes = Object.entries(wanted)
      .filter(([k, v]) => COLUMN_OF[k as keyof typeof COLUMN_OF] && (target as Record<string, unknown>)[k] !== v)
      .map(([k]) => COLUMN_OF[k as keyof typeof COLUMN_OF]);
    return { row, action: changes.length ? 'change' : 'unchanged', target, changes };
  });
}

function importFailure(errors: RawImportError[]) {
  return new ValidationError([
    { field: '_popup', message: 'console-members.errors.csv.hasErrors', vars: { count: errors.length } },
    ...errors.map((e) => ({
      field: `line.${e.line}${e.column ? `.${e.column}` : ''}`,
      message: e.key,
      ...(e.vars ? { vars: e.vars } : {}),
    })),
  ]);
}

const ORDER = { change: 0, create: 1, unchanged: 2 } as const;

export async function previewImport(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  file: { data: Buffer; filename: string | undefined },
  locale: Locale,
): Promise<CatalogImportPreview> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const parsed = parseCatalogCsv(file.data, file.filename);
  const planned = await plan(ctx.db, app, mod.id, parsed.rows);
  const count = (a: Planned['action']) => planned.filter((p) => p.action === a).length;
  const rows: CatalogImportRow[] = [...planned]
    .sort((a, b) => ORDER[a.action] - ORDER[b.action] || a.row.line - b.row.line)
    .slice(0, CATALOG_IMPORT.previewRows)
    .map((p) => ({
      line: p.row.line,
      action: p.action,
      id: p.row.externalId ?? '',
      name: p.row.name,
      category: p.row.fields.category ?? p.target?.category ?? '',
      changes: p.changes,
    }));
  return {
    to_create: count('create'),
    to_change: count('change'),
    unchanged: count('unchanged'),
    errors: parsed.errors.map((e) => ({ line: e.line, column: e.column, message: translate(locale, e.key, e.vars) })),
    errors_truncated: parsed.errors.length >= CATALOG_IMPORT.maxErrors,
    rows,
  };
}

/**
 * Imports a file without errors in one transaction: new items, and the items imported before with
 * the same `id` updated (the columns the file has). Importing the same file again changes nothing.
 * A file with errors imports nothing (422 with every error).
 */
export async function importItems(
  ctx: Ctx,
  actor: ConsoleActor,
  appId: number,
  moduleId: number,
  file: { data: Buffer; filename: string | undefined },
): Promise<CatalogImportResult> {
  const { app, mod } = await requireArea(ctx, actor, appId, moduleId);
  const parsed = parseCatalogCsv(file.data, file.filename);
  if (parsed.errors.length) throw importFailure(parsed.errors);
  const result = await ctx.db.transaction(async (tx) => {
    // Planned inside the transaction: an item imported meanwhile by another call is seen (the unique index guards the rest).
    const planned = await plan(tx, app, mod.id, parsed.rows);
    const fresh = planned.filter((p) => p.action === 'create');
    const created = await q.insertMany(
      tx,
      fresh.map((p) => ({ appId: app.id, appModuleId: mod.id, externalId: p.row.externalId, name: p.row.name, ...p.row.fields })),
    );
    let changed = 0;
    for (const p of planned) {
      if (p.action !== 'change' || !p.target) continue;
      await q.updateOne(tx, p.target.id, { name: p.row.name, ...p.row.fields });
      changed++;
    }
    const unchanged = planned.length - fresh.length - changed;
    await audit(tx, actor, {
      appId: app.id,
      action: 'catalog.import',
      targetType: 'app_module',
      targetId: mod.id,
      after: { created, changed, unchanged },
    });
    return { created, changed, unchanged };
  });
  if (result.created || result.changed) catalogChanged(ctx, app.id, mod.id);
  return result;
}

// ---- CSV export and template ----

const EXPORT_HEADER = ['id', 'name', 'category', 'booth', 'logo_url', 'website', 'contact_email', 'description'];
const BATCH = 1000;

/** Every item of the module as CSV lines in the import's columns (cells formula-safe), read in batches: streamed. */
export async function* catalogCsv(db: Db, appId: number, moduleId: number): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(EXPORT_HEADER)}`;
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const batch: q.CatalogRow[] = await q.batchAfter(db, appId, moduleId, after, BATCH);
    if (!batch.length) return;
    let chunk = '';
    for (const r of batch) {
      chunk += csvLine([r.externalId, r.name, r.category, r.location, r.logoUrl, r.website, r.contactEmail, r.descriptionHtml]);
    }
    yield chunk;
    const last = batch[batch.length - 1];
    if (!last || batch.length < BATCH) return;
    after = { name: last.name, id: last.id };
  }
}

/** The import template: the header and one example row. */
export const catalogTemplate = () =>
  `\uFEFF${csvLine(EXPORT_HEADER)}${csvLine([
    'EXH-001',
    'Acme Robotics',
    'Exhibitor',
    'Hall A, booth 12',
    'https://example.org/acme-logo.png',
    'https://example.org/',
    'sales@example.org',
    '<p>Robots for warehouses and <strong>friendly</strong> service.</p>',
  ])}`;
