import { LIMITS } from '@app/contract/constants';
import { email as emailSchema } from '@app/contract/schemas/auth';
import { IMPORT_COLUMNS, MEMBER_IMPORT, REQUIRED_IMPORT_COLUMNS } from '@app/contract/schemas/console-members';
import { parse } from 'csv-parse/sync';
import { csvDelimiter } from '../console.csv.ts';
import type { NewMember } from './members.queries.ts';

/** A problem of an import file before translation: line (1 = header), column, i18n key and its values. */
export interface RawImportError {
  line: number;
  column: string;
  key: string;
  vars?: Record<string, string | number>;
}

export interface ParsedRow extends NewMember {
  line: number;
}

export interface ParsedImport {
  rows: ParsedRow[];
  errors: RawImportError[];
}

const K = 'console-members.errors.csv';
/** Longest company and job title taken (as a profile edit allows). */
const TEXT_MAX = 200;

type Column = (typeof IMPORT_COLUMNS)[number];

/**
 * Reads a members CSV (header row required; columns email, first_name, last_name, optional company
 * and job_title, in any order; comma or semicolon) into rows and every error with its line and
 * column. Nothing is written here. Bounded: the caller refuses files over MEMBER_IMPORT.maxBytes;
 * rows past maxRows are one error, not parsed.
 */
export function parseImport(data: Buffer): ParsedImport {
  const errors: RawImportError[] = [];
  const fail = (line: number, column: string, key: string, vars?: Record<string, string | number>) => {
    if (errors.length < MEMBER_IMPORT.maxErrors) errors.push({ line, column, key: `${K}.${key}`, ...(vars ? { vars } : {}) });
  };
  const text = data.toString('utf8');
  if (text.includes('\u0000') || text.includes('\uFFFD')) {
    fail(1, '', 'notText');
    return { rows: [], errors };
  }
  const delimiter = csvDelimiter(text);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      max_record_size: 64 * 1024,
      // The header and one row past the bound: enough to tell the file is too long.
      to: MEMBER_IMPORT.maxRows + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const line = Number((err as { lines?: unknown }).lines) || 1;
    fail(line, '', 'unreadable');
    return { rows: [], errors };
  }
  const [head, ...body] = records;
  if (!head) {
    fail(1, '', 'empty');
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
    if (!(IMPORT_COLUMNS as readonly string[]).includes(h)) fail(1, h || `#${i + 1}`, 'unknownColumn');
    else if (index.has(h as Column)) fail(1, h, 'duplicateColumn');
    else index.set(h as Column, i);
  });
  for (const c of REQUIRED_IMPORT_COLUMNS) if (!index.has(c)) fail(1, c, 'missingColumn');
  if (errors.length) return { rows: [], errors };
  if (!body.length) {
    fail(2, '', 'empty');
    return { rows: [], errors };
  }
  if (body.length > MEMBER_IMPORT.maxRows) {
    fail(body[MEMBER_IMPORT.maxRows]?.info.lines ?? MEMBER_IMPORT.maxRows + 2, '', 'tooManyRows', { max: MEMBER_IMPORT.maxRows });
    return { rows: [], errors };
  }
  const rows: ParsedRow[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    const line = info.lines;
    if (record.length !== header.length) {
      fail(line, '', 'cellCount', { found: record.length, expected: header.length });
      continue;
    }
    const cell = (c: Column) => {
      const i = index.get(c);
      return i === undefined ? '' : (record[i] ?? '').trim();
    };
    let ok = true;
    const bad = (column: Column, key: string, vars?: Record<string, string | number>) => {
      ok = false;
      fail(line, column, key, vars);
    };
    const parsedEmail = emailSchema.safeParse(cell('email'));
    const address = parsedEmail.success ? parsedEmail.data : '';
    if (!cell('email')) bad('email', 'required');
    else if (!parsedEmail.success) bad('email', 'email');
    else {
      const earlier = seen.get(address);
      if (earlier !== undefined) bad('email', 'duplicate', { line: earlier });
      else seen.set(address, line);
    }
    for (const c of ['first_name', 'last_name'] as const) {
      if (!cell(c)) bad(c, 'required');
      else if (cell(c).length > LIMITS.nameMax) bad(c, 'tooLong', { max: LIMITS.nameMax });
    }
    for (const c of ['company', 'job_title'] as const) if (cell(c).length > TEXT_MAX) bad(c, 'tooLong', { max: TEXT_MAX });
    if (ok) {
      rows.push({
        line,
        email: address,
        firstName: cell('first_name'),
        lastName: cell('last_name'),
        company: cell('company'),
        jobTitle: cell('job_title'),
      });
    }
  }
  return { rows, errors };
}
