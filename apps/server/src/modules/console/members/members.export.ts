import type { Db } from '../../../db/client.ts';
import { membersBatch, toMemberRow } from './members.queries.ts';

const HEADER = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'job_title',
  'location',
  'status',
  'owner',
  'moderator',
  'joined_at',
  'last_sign_in_at',
];
const BATCH = 1000;

/**
 * One CSV cell: quoted when it holds a quote, separator or line break (quotes doubled), and a
 * cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe, as OWASP's CSV injection advice says.
 */
export function csvCell(value: string | number | boolean | null): string {
  let v = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",;\r\n']/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

const line = (cells: Array<string | number | boolean | null>) => `${cells.map(csvCell).join(',')}\r\n`;

/** Every member of the app (not deleted) as CSV lines, read in batches by id: streamed, never held whole. */
export async function* membersCsv(db: Db, appId: number): AsyncGenerator<string> {
  // A BOM, so spreadsheet programs read the names as UTF-8.
  yield `\uFEFF${line(HEADER)}`;
  let after = 0;
  for (;;) {
    const batch = await membersBatch(db, appId, after, BATCH);
    if (!batch.length) return;
    let chunk = '';
    for (const r of batch) {
      const m = toMemberRow(r);
      chunk += line([
        m.id,
        m.email,
        m.first_name,
        m.last_name,
        m.company,
        m.job_title,
        r.location,
        m.status,
        m.roles.owner,
        m.roles.moderator,
        m.joined_at,
        m.last_sign_in_at,
      ]);
    }
    yield chunk;
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < BATCH) return;
  }
}
