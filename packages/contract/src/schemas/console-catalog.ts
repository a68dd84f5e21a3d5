import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { email } from './auth.ts';
import { okBody, pageQuery } from './common.ts';
import { CONSOLE_API } from './console.ts';

/**
 * The console's "Catalog" area (owners of the app and operators): the items (exhibitors, sponsors,
 * products) of one catalog module of the app, their CSV import (preview, then confirm) and export.
 * Messages are i18n keys of the `console-catalog` namespace (CSV errors: `console-members.errors.csv`).
 */

/** The CSV import's bounds: the file's size, rows after the header, rows and errors the preview lists. */
export const CATALOG_IMPORT = { maxBytes: 50 * 1024 * 1024, maxRows: 5_000, previewRows: 100, maxErrors: 500 } as const;
/** Columns of an import file, in the template's order: `name` is required; `id` is the source's own id (a re-import updates by it). */
export const CATALOG_IMPORT_COLUMNS = ['id', 'name', 'category', 'booth', 'logo_url', 'website', 'contact_email', 'description'] as const;
export const CATALOG_REQUIRED_COLUMNS = ['name'] as const;
/** Multipart field of the CSV file (preview and import). */
export const CATALOG_IMPORT_FIELD = 'file';
export const CATALOG_TEXT = {
  nameMax: 200,
  categoryMax: 100,
  boothMax: 100,
  urlMax: 2_000,
  externalIdMax: 100,
  descriptionMax: 100_000,
} as const;

const idNumber = z.coerce.number().int().positive().max(2_147_483_647);
export const catalogModuleParams = z.object({ app_id: idNumber, app_module_id: idNumber }).strict();
export const catalogItemParams = z.object({ app_id: idNumber, app_module_id: idNumber, id: idNumber }).strict();

export const catalogListQuery = pageQuery.extend({ q: z.string().trim().max(100, { error: 'common.errors.tooLong' }).optional() }).strict();

/** One item as the console shows and edits it: everything, the contact included. */
export const consoleCatalogItem = z.object({
  id: z.number().int(),
  app_module_id: z.number().int(),
  name: z.string(),
  category: z.string(),
  booth: z.string(),
  logo_url: z.string(),
  website: z.string(),
  /** Where want-to-buy mails go; never sent to attendees. */
  contact_email: z.string(),
  /** Sanitised rich text. */
  description: z.string(),
  /** The import source's own id (the CSV's `id`), empty when none. */
  external_id: z.string(),
  created_at: z.string(),
});
export type ConsoleCatalogItem = z.infer<typeof consoleCatalogItem>;

const httpUrl = (key: string) =>
  z
    .string()
    .trim()
    .max(CATALOG_TEXT.urlMax, { error: key })
    .refine(
      (v) => {
        if (!v) return true;
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
        } catch {
          return false;
        }
      },
      { error: key },
    );

/** A logo: an http(s) address, or a path of this server (`/uploads/…`, as the demo's logos are). */
export const isLogoAddress = (v: string) => {
  if (/^\/(?!\/)[^\s\\]*$/.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

const optionalText = (max: number) => z.string().trim().max(max, { error: 'common.errors.tooLong' });

export const catalogItemInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'console-catalog.errors.nameRequired' })
      .max(CATALOG_TEXT.nameMax, { error: 'common.errors.tooLong' }),
    category: optionalText(CATALOG_TEXT.categoryMax).default(''),
    booth: optionalText(CATALOG_TEXT.boothMax).default(''),
    logo_url: z
      .string()
      .trim()
      .max(CATALOG_TEXT.urlMax, { error: 'console-catalog.errors.url' })
      .refine((v) => !v || isLogoAddress(v), { error: 'console-catalog.errors.url' })
      .default(''),
    website: httpUrl('console-catalog.errors.url').default(''),
    contact_email: z.union([z.literal(''), email], { error: 'console-catalog.errors.email' }).default(''),
    description: z.string().max(CATALOG_TEXT.descriptionMax, { error: 'common.errors.tooLong' }).default(''),
  })
  .strict();
export type CatalogItemInput = z.input<typeof catalogItemInput>;
export type CatalogItemBody = z.output<typeof catalogItemInput>;

/** One bad cell (or row) of an import file: its line in the file (1 is the header), the column and what is wrong. */
export const catalogImportError = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export const catalogImportAction = z.enum(['create', 'change', 'unchanged']);
export type CatalogImportAction = z.infer<typeof catalogImportAction>;
export const catalogImportRow = z.object({
  line: z.number().int(),
  action: catalogImportAction,
  id: z.string(),
  name: z.string(),
  category: z.string(),
  /** The columns a `change` row changes. */
  changes: z.array(z.string()),
});
export type CatalogImportRow = z.infer<typeof catalogImportRow>;
export const catalogImportPreview = z.object({
  to_create: z.number().int(),
  to_change: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(catalogImportError),
  /** Whether `errors` was cut short (CATALOG_IMPORT.maxErrors). */
  errors_truncated: z.boolean(),
  /** The first rows (CATALOG_IMPORT.previewRows), created and changed ones first. */
  rows: z.array(catalogImportRow),
});
export type CatalogImportPreview = z.infer<typeof catalogImportPreview>;
export const catalogImportResult = z.object({ created: z.number().int(), changed: z.number().int(), unchanged: z.number().int() });
export type CatalogImportResult = z.infer<typeof catalogImportResult>;

const base = `${CONSOLE_API}/apps/:app_id/catalog/:app_module_id(^\\d+$)`;
const one = `${base}/items/:id(^\\d+$)`;
const tag = 'console';
export const CATALOG_EXPORT_PATH = `${base}/export.csv`;
export const CATALOG_TEMPLATE_PATH = `${base}/template.csv`;

export const consoleCatalogEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/items`,
    params: catalogModuleParams,
    query: catalogListQuery,
    response: z.array(consoleCatalogItem),
    tag,
    summary: 'Items of a catalog module by name, paged (x-pagination-* headers), searched by words',
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: `${base}/categories`,
    params: catalogModuleParams,
    response: z.array(z.string()),
    tag,
    summary: "The module's categories (its items' distinct categories: the catalog's filters), by name",
  }),
  get: defineEndpoint({
    method: 'GET',
    path: one,
    params: catalogItemParams,
    response: consoleCatalogItem,
    tag,
    summary: 'An item with its contact and description',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: `${base}/items`,
    params: catalogModuleParams,
    body: catalogItemInput,
    response: consoleCatalogItem,
    tag,
    summary: 'Adds an item',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: one,
    params: catalogItemParams,
    body: catalogItemInput,
    response: consoleCatalogItem,
    tag,
    summary: 'Replaces an item’s fields',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: one,
    params: catalogItemParams,
    response: okBody,
    tag,
    summary: 'Deletes an item (with its reports and want-to-buy marks)',
  }),
  importPreview: defineEndpoint({
    method: 'POST',
    path: `${base}/import/preview`,
    params: catalogModuleParams,
    response: catalogImportPreview,
    tag,
    summary: 'Checks a CSV file of items (multipart field `file`) without writing anything: created, changed, unchanged, errors',
  }),
  import: defineEndpoint({
    method: 'POST',
    path: `${base}/import`,
    params: catalogModuleParams,
    response: catalogImportResult,
    tag,
    summary:
      'Imports a CSV file of items (multipart field `file`) when it has no errors, in one transaction; rows with an `id` update the item imported with it',
  }),
};
