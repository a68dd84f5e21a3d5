import { email as emailSchema } from '@app/contract/schemas/auth';
import {
  CATALOG_IMPORT,
  CATALOG_IMPORT_COLUMNS,
  CATALOG_REQUIRED_COLUMNS,
  CATALOG_TEXT,
  isLogoAddress,
} from '@app/contract/schemas/console-catalog';
import { parse } from 'csv-parse/sync';
import { ValidationError } from '../../../lib/errors.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { csvDelimiter } from '../console.csv.ts';

/** A problem of an import file before translation: line (1 = header), column, i18n key and its values. */
export interface RawImportError {
  line: number;
  column: string;
  key: string;
  vars?: Record<string, string | number>;
}

export type Column = (typeof CATALOG_IMPORT_COLUMNS)[number];

/** One good row: the columns the file has (a column it lacks leaves an item's value as it is). */
export interface ParsedRow {
  line: number;
  externalId: string | null;
  name: string;
  fields: {
    category?: string | null;
    location?: string | null;
    logoUrl?: string | null;
    website?: string | null;
    contactEmail?: string | null;
    descriptionHtml?: string;
    descriptionText?: string;
  };
}

export interface ParsedImport {
  rows: ParsedRow[];
  errors: RawImportError[];
}

/** Generic CSV messages are the members import's; the catalog's own are in its namespace. */
const CSV = 'console-members.errors.csv';
const OWN = 'console-catalog.errors.csv';

const isHttp = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
  } catch {
    return false;
  }
};

/** A logo as stored: a path of this server as it is, an address normalised. */
export const absoluteOrPath = (v: string) => (!v || v.startsWith('/') ? v : new URL(v).href);

/**
 * A cell as the file has it: trimmed; a spreadsheet formula (= + - @ first) is refused by the
 * caller; the apostrophe our exports put before such a character is taken off again, so an export
 * imports back as it was.
 */
const FORMULA = /^[=+\-@]/;
const unescapeCell = (v: string) => (v.startsWith("'") && FORMULA.test(v.slice(1)) ? v.slice(1) : v);

/**
 * Reads a catalog CSV (header row required; `name` required, the other columns of
 * CATALOG_IMPORT_COLUMNS optional, in any order; comma or semicolon) into rows and every error with
 * its line and column. Nothing is written here. Bounded: the caller refuses files over
 * CATALOG_IMPORT.maxBytes; rows past maxRows are one error, not parsed.
 */
export function parseCatalogCsv(data: Buffer, filename: string | undefined): ParsedImport {
  const errors: RawImportError[] = [];
  const fail = (line: number, column: string, key: string, vars?: Record<string, string | number>) => {
    if (errors.length < CATALOG_IMPORT.maxErrors) errors.push({ line, column, key, ...(vars ? { vars } : {}) });
  };
  const ext = filename?.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';
  if (filename && !['csv', 'txt', 'tsv'].includes(ext)) {
    fail(1, '', `${OWN}.notCsv`);
    return { rows: [], errors };
  }
  const text = data.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) {
    fail(1, '', `${CSV}.notText`);
    return { rows: [], errors };
  }
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter: csvDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 256 * 1024,
      to: CATALOG_IMPORT.maxRows + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    fail(Number((err as { lines?: unknown }).lines) || 1, '', `${CSV}.unreadable`);
    return { rows: [], errors };
  }
  const [head, ...body] = records;
  if (!head) {
    fail(1, '', `${OWN}.empty`);
    return { rows: [], errors };
  }
  const header = head.record.map((h) =>
    h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  const index = new Map<Column, number>();
  header.forEach((h, i) => {
    if (!(CATALOG_IMPORT_COLUMNS as readonly string[]).includes(h)) fail(1, h || `#${i + 1}`, `${OWN}.unknownColumn`);
    else if (index.has(h as Column)) fail(1, h, `${CSV}.duplicateColumn`);
    else index.set(h as Column, i);
  });
  for (const c of CATALOG_REQUIRED_COLUMNS) if (!index.has(c)) fail(1, c, `${CSV}.missingColumn`);
  if (errors.length) return { rows: [], errors };
  if (!body.length) {
    fail(2, '', `${OWN}.empty`);
    return { rows: [], errors };
  }
  if (body.length > CATALOG_IMPORT.maxRows) {
    fail(body[CATALOG_IMPORT.maxRows]?.info.lines ?? CATALOG_IMPORT.maxRows + 2, '', `${OWN}.tooManyRows`, { max: CATALOG_IMPORT.maxRows });
    return { rows: [], errors };
  }
  const rows: ParsedRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== header.length) {
      fail(line, '', `${CSV}.cellCount`, { found: record.length, expected: header.length });
      continue;
    }
    let ok = true;
    const bad = (column: Column, key: string, vars?: Record<string, string | number>) => {
      ok = false;
      fail(line, column, key, vars);
    };
    const cells = new Map<Column, string>();
    for (const [c, i] of index) {
      const raw = (record[i] ?? '').trim();
      if (FORMULA.test(raw)) bad(c, `${OWN}.formula`);
      cells.set(c, unescapeCell(raw));
    }
    const has = (c: Column) => cells.has(c);
    const cell = (c: Column) => cells.get(c) ?? '';
    const bounded = (c: Column, max: number) => {
      if (cell(c).length > max) bad(c, `${CSV}.tooLong`, { max });
    };
    const externalId = cell('id') || null;
    bounded('id', CATALOG_TEXT.externalIdMax);
    if (externalId) {
      const earlier = seen.get(externalId);
      if (earlier !== undefined) bad('id', `${OWN}.duplicateId`, { line: earlier });
      else seen.set(externalId, line);
    }
    if (!cell('name')) bad('name', `${CSV}.required`);
    bounded('name', CATALOG_TEXT.nameMax);
    bounded('category', CATALOG_TEXT.categoryMax);
    bounded('booth', CATALOG_TEXT.boothMax);
    if (cell('logo_url') && (cell('logo_url').length > CATALOG_TEXT.urlMax || !isLogoAddress(cell('logo_url'))))
      bad('logo_url', `${OWN}.url`);
    if (cell('website') && (cell('website').length > CATALOG_TEXT.urlMax || !isHttp(cell('website')))) bad('website', `${OWN}.url`);
    const mail = cell('contact_email');
    const parsedMail = mail ? emailSchema.safeParse(mail) : undefined;
    if (parsedMail && !parsedMail.success) bad('contact_email', `${CSV}.email`);
    let description: { html: string; text: string } | undefined;
    if (has('description')) {
      try {
        description = sanitizeRichText(cell('description'), { field: 'description', maxLength: CATALOG_TEXT.descriptionMax });
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        bad('description', `${CSV}.tooLong`, { max: CATALOG_TEXT.descriptionMax });
      }
    }
    if (!ok) continue;
    const orNull = (v: string) => v || null;
    rows.push({
      line,
      externalId,
      name: cell('name'),
      fields: {
        ...(has('category') ? { category: orNull(cell('category')) } : {}),
        ...(has('booth') ? { location: orNull(cell('booth')) } : {}),
        ...(has('logo_url') ? { logoUrl: orNull(absoluteOrPath(cell('logo_url'))) } : {}),
        ...(has('website') ? { website: orNull(cell('website') && new URL(cell('website')).href) } : {}),
        ...(has('contact_email') ? { contactEmail: parsedMail?.success ? parsedMail.data : null } : {}),
        ...(description ? { descriptionHtml: description.html, descriptionText: description.text } : {}),
      },
    });
  }
  return { rows, errors };
}
