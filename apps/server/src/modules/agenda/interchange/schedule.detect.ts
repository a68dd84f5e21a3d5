import { parseScheduleCsv, SCHEDULE_CSV_COLUMNS } from './schedule.csv.ts';
import { parseScheduleFrab } from './schedule.frab.ts';
import { parseScheduleIcs } from './schedule.ics.ts';
import { decodeUtf8, failure, type ParseResult, SCHEDULE_LIMITS } from './schedule.model.ts';

export type ScheduleFormat = 'csv' | 'ics' | 'frab';

/**
 * The format of a schedule file by its content, never its name or type (a `.csv` saved as XML is
 * XML): an XML root `<schedule>` (or any DOCTYPE, which the XML reader then refuses), a
 * `BEGIN:VCALENDAR`, or a CSV whose header names at least one of our columns.
 */
export function detectScheduleFormat(text: string): ScheduleFormat | undefined {
  let i = 0;
  while (i < text.length && ' \t\r\n'.includes(text[i] ?? '')) i++;
  if (text.startsWith('<', i)) {
    // Past the declaration, processing instructions and comments to the first element.
    for (let steps = 0; steps < 1000 && text.startsWith('<', i); steps++) {
      if (text.startsWith('<?', i)) i = text.indexOf('?>', i);
      else if (text.startsWith('<!--', i)) i = text.indexOf('-->', i);
      else if (text.startsWith('<!', i)) return 'frab';
      else {
        const name = text.slice(i + 1, i + 10);
        const after = name[8];
        return name.startsWith('schedule') && (after === undefined || ' \t\r\n>/'.includes(after)) ? 'frab' : undefined;
      }
      if (i < 0) return undefined;
      i = text.indexOf('>', i) + 1;
      while (i < text.length && ' \t\r\n'.includes(text[i] ?? '')) i++;
    }
    return undefined;
  }
  if (text.slice(i, i + 15).toUpperCase() === 'BEGIN:VCALENDAR') return 'ics';
  const end = text.indexOf('\n', i);
  const header = (end < 0 ? text.slice(i) : text.slice(i, end)).slice(0, 4096).toLowerCase();
  const cells = header.split(/[,;]/).map((c) => c.trim().replaceAll('"', '').replaceAll(' ', '_'));
  return cells.some((c) => (SCHEDULE_CSV_COLUMNS as readonly string[]).includes(c)) ? 'csv' : undefined;
}

/**
 * Reads a schedule file of any of our three formats. Refuses files over 10 MB, not UTF-8 text, or
 * none of the formats; the readers bound sessions and speakers (5,000 each).
 */
export function parseSchedule(data: Buffer, opts: { timeZone: string; fileName?: string; mime?: string }): ParseResult {
  if (data.length > SCHEDULE_LIMITS.maxBytes) return failure(1, 'tooLarge', { max: '10 MB' });
  const text = decodeUtf8(data);
  if (text === undefined) return failure(1, 'notText');
  const format = detectScheduleFormat(text);
  if (format === 'frab') return parseScheduleFrab(data, opts);
  if (format === 'ics') return parseScheduleIcs(data, opts);
  if (format === 'csv') return parseScheduleCsv(data, opts);
  return failure(1, 'unknownFormat');
}
