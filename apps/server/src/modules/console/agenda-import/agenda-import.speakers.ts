import { email as emailSchema } from '@app/contract/schemas/auth';
import { SPEAKER_CSV_COLUMNS } from '@app/contract/schemas/console-agenda-import';
import { parse } from 'csv-parse/sync';
import { decodeUtf8, ERR, SCHEDULE_LIMITS as L, type RowError } from '../../agenda/interchange/schedule.model.ts';
import { csvDelimiter, csvLine } from '../console.csv.ts';
import type { SpeakerInput } from './agenda-import.plan.ts';

type Column = (typeof SPEAKER_CSV_COLUMNS)[number];
const MAX_LINKS = 10;
/** Problems only a speakers file has: this area's own texts. */
const OWN = new Set(['tooManyLinks', 'badUrl', 'badEmail']);

/** Our own exports protect cells a spreadsheet would run (`'=…`): read them back as written. */
function unprotect(cell: string): string {
  const v = cell.trim();
  return v.length > 1 && v[0] === "'" && '=+-@\t\r'.includes(v[1] ?? '') ? v.slice(1) : v;
}

const httpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && value.length <= L.shortMax * 5;
  } catch {
    return false;
  }
};

export type SpeakersParse = { ok: true; speakers: SpeakerInput[]; warnings: RowError[] } | { ok: false; errors: RowError[] };

/**
 * Reads a speakers CSV: a header (any case, any order; `name` required), one speaker a row. `id` is
 * the source's id (else the name is the key); `links` are http(s) addresses separated by spaces or
 * `;`; `email` links the speaker to the app's member with that address, when there is one. A cell
 * left out of the header is left as it is on the speaker; an empty cell clears it.
 */
export function parseSpeakersCsv(data: Buffer): SpeakersParse {
  const errors: RowError[] = [];
  const warnings: RowError[] = [];
  const fail = (line: number, column: string | undefined, key: string, params?: Record<string, string | number>) => {
    if (errors.length > L.maxErrors) return;
    if (errors.length === L.maxErrors) errors.push({ line, key: `${ERR}.tooManyErrors`, params: { max: L.maxErrors } });
    else
      errors.push({
        line,
        ...(column ? { column } : {}),
        key: `${OWN.has(key) ? 'console-agenda-import.errors' : ERR}.${key}`,
        ...(params ? { params } : {}),
      });
  };
  if (data.length > L.maxBytes) return { ok: false, errors: [{ line: 1, key: `${ERR}.tooLarge`, params: { max: '10 MB' } }] };
  const text = decodeUtf8(data);
  if (text === undefined) return { ok: false, errors: [{ line: 1, key: `${ERR}.notText` }] };
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: csvDelimiter(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      to: L.maxSpeakers + 2,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const line = Number((err as { lines?: unknown }).lines) || 1;
    return { ok: false, errors: [{ line, key: `${ERR}.unreadable` }] };
  }
  const [head, ...body] = records;
  if (!head) return { ok: false, errors: [{ line: 1, key: `${ERR}.empty` }] };
  const index = new Map<Column, number>();
  head.record.forEach((h, i) => {
    const name = h
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (!(SPEAKER_CSV_COLUMNS as readonly string[]).includes(name))
      warnings.push({ line: 1, column: name || `#${i + 1}`, key: 'console-agenda-import.errors.unknownSpeakerColumn' });
    else if (index.has(name as Column)) fail(1, name, 'duplicateColumn');
    else index.set(name as Column, i);
  });
  if (!index.has('name')) fail(1, 'name', 'missingColumn', { column: 'name' });
  if (errors.length) return { ok: false, errors };
  if (!body.length) return { ok: false, errors: [{ line: 2, key: `${ERR}.empty` }] };
  if (body.length > L.maxSpeakers) return { ok: false, errors: [{ line: 1, key: `${ERR}.tooManyRows`, params: { max: L.maxSpeakers } }] };

  const speakers: SpeakerInput[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of body) {
    if (errors.length > L.maxErrors) break;
    const line = info.lines;
    const has = (c: Column) => index.has(c);
    const cell = (c: Column) => {
      const i = index.get(c);
      return i === undefined ? '' : unprotect(record[i] ?? '');
    };
    let ok = true;
    const bad = (column: Column, key: string, params?: Record<string, string | number>) => {
      ok = false;
      fail(line, column, key, params);
    };
    const name = cell('name');
    if (!name) bad('name', 'required');
    else if (name.length > L.nameMax) bad('name', 'tooLong', { max: L.nameMax });
    const key = cell('id') || name;
    if (cell('id').length > L.shortMax) bad('id', 'tooLong', { max: L.shortMax });
    else if (key) {
      const earlier = seen.get(key);
      if (earlier !== undefined) bad(cell('id') ? 'id' : 'name', 'duplicateId', { line: earlier });
      else seen.set(key, line);
    }
    const speaker: SpeakerInput = { key, name };
    if (has('bio')) {
      const bio = cell('bio');
      if (bio.length > L.bioMax) bad('bio', 'tooLong', { max: L.bioMax });
      else speaker.bio = bio;
    }
    if (has('links')) {
      const links = cell('links')
        .split(/[\s;]+/)
        .filter(Boolean);
      if (links.length > MAX_LINKS) bad('links', 'tooManyLinks', { max: MAX_LINKS });
      else {
        const wrong = links.find((l) => !httpUrl(l));
        if (wrong) bad('links', 'badUrl', { value: wrong.slice(0, 60) });
        else speaker.links = links;
      }
    }
    if (has('photo_url')) {
      const url = cell('photo_url');
      if (url && !httpUrl(url)) bad('photo_url', 'badUrl', { value: url.slice(0, 60) });
      else speaker.photoUrl = url;
    }
    for (const c of ['job_title', 'company'] as const) {
      if (!has(c)) continue;
      const v = cell(c);
      if (v.length > L.nameMax) bad(c, 'tooLong', { max: L.nameMax });
      else if (c === 'job_title') speaker.jobTitle = v;
      else speaker.company = v;
    }
    if (has('email')) {
      const raw = cell('email');
      const parsed = emailSchema.safeParse(raw);
      if (raw && !parsed.success) bad('email', 'badEmail', { value: raw.slice(0, 60) });
      else speaker.email = parsed.success ? parsed.data : '';
    }
    if (ok) speakers.push(speaker);
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, speakers, warnings };
}

/** The downloadable template of a speakers CSV: the header and two example rows. */
export function speakersCsvTemplate(): string {
  return (
    csvLine([...SPEAKER_CSV_COLUMNS]) +
    csvLine([
      'P1',
      'Ada Lovelace',
      'Mathematician. Wrote the first program.',
      'https://example.org/ada https://example.org/notes',
      'ada@example.org',
      '',
      'Analyst',
      'Analytical Engines Ltd',
    ]) +
    csvLine(['P3', 'Grace Hopper', 'Admiral and compiler pioneer.', '', '', '', 'Rear admiral', 'US Navy'])
  );
}
