import type { PublicSession } from '@app/contract/schemas/agenda';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, icsCalendar } from './agenda.ics.ts';

const session = (over: Partial<PublicSession> = {}): PublicSession => ({
  id: 7,
  app_module_id: 3,
  title: 'Keynote',
  starts_at: '2030-03-10T10:00:00.000Z',
  ends_at: '2030-03-10T10:45:00.000Z',
  location: 'Hall A',
  track: null,
  speakers: [],
  cancelled: false,
  version: 2,
  attendees_count: 0,
  rating_average: null,
  ratings_count: 0,
  ...over,
});

describe('agenda .ics', () => {
  it('escapes TEXT values and keeps control characters and line breaks from breaking a line', () => {
    expect(escapeText('a;b,c\\d')).toBe('a\\;b\\,c\\\\d');
    expect(escapeText('one\r\ntwo\rthree\u2028four')).toBe('one\\ntwo\\nthree\\nfour');
    expect(escapeText('bell\u0007tab\u000bend\u007f')).toBe('bell tab end ');
    const body = icsCalendar([session({ title: 'Evil\r\nBEGIN:VEVENT\r\nSUMMARY:injected', location: 'Room\u000b9' })], {
      name: 'App',
      uidDomain: 'demo',
    });
    expect(body.split('\r\n').filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(body).toContain('SUMMARY:Evil\\nBEGIN:VEVENT\\nSUMMARY:injected');
    expect(body).toContain('LOCATION:Room 9');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('keeps one UID per session and its version as SEQUENCE, cancelled ones marked', () => {
    const body = icsCalendar([session({ cancelled: true })], { name: 'App', uidDomain: 'demo', now: new Date('2030-01-01T00:00:00Z') });
    expect(body).toContain('UID:agenda-session-7@demo');
    expect(body).toContain('SEQUENCE:2');
    expect(body).toContain('STATUS:CANCELLED');
    expect(body).toContain('DTSTART:20300310T100000Z');
    expect(body).toContain('DTSTAMP:20300101T000000Z');
  });
});
