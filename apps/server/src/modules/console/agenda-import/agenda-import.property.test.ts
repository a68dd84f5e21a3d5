import type { ImportPreview } from '@app/contract/schemas/console-agenda-import';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { multipart } from '../../../../test/helpers.ts';
import { type Cast, makeCast } from '../console.test-kit.ts';
import { parseSpeakersCsv } from './agenda-import.speakers.ts';

/**
 * Any upload to the preview calls answers a clear 422 (with its field messages) or a valid preview,
 * never a 5xx; a preview never writes. The readers' own property tests (interchange/) cover the
 * schedule formats in depth; these go through the HTTP call and the speakers CSV.
 */
let t: TestApp;
let cast: Cast;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 1000, uploads: 1000, writes: 100_000, windowMs: 60_000 } });
  cast = await makeCast(t, { modules: ['agenda'] });
  url = `/console/api/apps/${cast.tenant.app.id}/agenda-import/${cast.tenant.modules[0]?.id}`;
});
afterAll(() => t.close());

const SCHEDULE_HEADERS = [
  'id',
  'title',
  'description',
  'date',
  'start',
  'end',
  'time_zone',
  'track',
  'room',
  'speakers',
  'speaker_ids',
  'capacity',
];
const SPEAKER_HEADERS = ['id', 'name', 'bio', 'links', 'email', 'photo_url', 'job_title', 'company'];
const cell = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '2030-05-14',
    '09:00',
    '25:61',
    'Europe/Berlin',
    'Mars/Base',
    '=1+2',
    '"',
    ';',
    'https://x.example',
    'javascript:x',
    'a@b.c',
  ),
);
const csvOf = (headers: string[]) =>
  fc
    .tuple(fc.subarray(headers, { minLength: 1 }), fc.array(fc.array(cell, { maxLength: 13 }), { maxLength: 6 }), fc.constantFrom(',', ';'))
    .map(([head, rows, sep]) => [head.join(sep), ...rows.map((r) => r.join(sep))].join('\n'));
const anyFile = (headers: string[]) =>
  fc.oneof(
    csvOf(headers).map((s) => Buffer.from(s)),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    fc.string({ maxLength: 200 }).map((s) => Buffer.from(`<?xml version="1.0"?><schedule>${s}</schedule>`)),
    fc.string({ maxLength: 200 }).map((s) => Buffer.from(`BEGIN:VCALENDAR\r\n${s}\r\nEND:VCALENDAR\r\n`)),
  );

async function post(path: string, data: Buffer, name: string) {
  const body = multipart('file', name, data);
  return t.app.inject({
    method: 'POST',
    url: `${url}${path}`,
    payload: body.payload,
    headers: { ...body.headers, 'access-token': cast.owner.token },
  });
}

function clear(r: Awaited<ReturnType<typeof post>>) {
  expect(r.statusCode === 200 || r.statusCode === 422, `${r.statusCode} ${r.body}`).toBe(true);
  if (r.statusCode === 422) {
    const fields = r.json() as Array<{ field: string; message: string }>;
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(f.message).not.toMatch(/^(console-)?agenda-import\./);
    return;
  }
  const p = r.json() as ImportPreview;
  expect(p.token === null).toBe(p.errors.length > 0);
  for (const e of [...p.errors, ...p.warnings]) expect(e.message).not.toMatch(/^(console-)?agenda-import\./);
}

describe('the preview calls on any input', () => {
  it('schedule files: a 422 or a valid preview, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(anyFile(SCHEDULE_HEADERS), fc.constantFrom('a.csv', 'a.ics', 'a.xml', 'a.txt', 'a'), async (data, name) => {
        clear(await post('/schedule/preview', data, name));
      }),
      { numRuns: 120 },
    );
  });

  it('speakers files: a 422 or a valid preview, never a 5xx; the reader never throws', async () => {
    await fc.assert(
      fc.asyncProperty(anyFile(SPEAKER_HEADERS), async (data) => {
        expect(() => parseSpeakersCsv(data)).not.toThrow();
        clear(await post('/speakers/preview', data, 'speakers.csv'));
      }),
      { numRuns: 120 },
    );
  });
});
