import type { Db } from '../../../db/client.ts';
import { csvLine } from '../console.csv.ts';
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

/** Every member of the app (not deleted) as CSV lines, read in batches by id: streamed, never held whole. */
export async function* membersCsv(db: Db, appId: number): AsyncGenerator<string> {
  // A BOM, so spreadsheet programs read the names as UTF-8.
  yield `\uFEFF${csvLine(HEADER)}`;
  let after = 0;
  for (;;) {
    const batch = await membersBatch(db, appId, after, BATCH);
    if (!batch.length) return;
    let chunk = '';
    for (const r of batch) {
      const m = toMemberRow(r);
      chunk += csvLine([
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
