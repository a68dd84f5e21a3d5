import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScheduleFrab, writeScheduleFrab } from './schedule.frab.ts';
import type { ParseResult, RowError } from './schedule.model.ts';

const errorsOf = (r: ParseResult): RowError[] => (r.ok ? [] : r.errors);
const parse = (xml: string) => parseScheduleFrab(Buffer.from(xml));

/** A schedule of these events' inner XML in one day and room; the first event opens on line 4. */
const schedule = (...events: Array<{ attrs: string; body: string }>) =>
  [
    '<schedule>',
    '<day index="1" date="2030-05-14">',
    '<room name="Hall">',
    ...events.flatMap((e) => [`<event ${e.attrs}>`, ...e.body.split('\n'), '</event>']),
    '</room>',
    '</day>',
    '</schedule>',
  ].join('\n');
const body = (over: Record<string, string> = {}) =>
  Object.entries({ date: '2030-05-14T09:00:00+02:00', start: '09:00', duration: '00:30', title: 'Talk', ...over })
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('\n');

describe('schedule Frab XML', () => {
  it('reads a pretalx export: two days, three rooms, eight events, five persons, entities and CDATA', () => {
    const r = parseScheduleFrab(readFileSync(path.join(import.meta.dirname, 'fixtures', 'pretalx.xml')));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const s = r.schedule;
    expect(s.title).toBe('DemoCon 2030 & Friends');
    expect(s.timeZone).toBe('Europe/Berlin');
    expect(s.sessions).toHaveLength(8);
    expect(s.rooms.map((x) => x.name)).toEqual(['Saal Großer Hörsaal', 'Room 2', 'Workshop Lab']);
    expect(s.speakers).toEqual([
      { key: '1', name: 'Jürgen Müller' },
      { key: '2', name: 'Ada Lovelace' },
      { key: '3', name: 'Grace Hopper' },
      { key: '4', name: 'Alan Turing' },
      { key: '5', name: 'Margaret Hamilton' },
    ]);
    expect(s.tracks).toEqual([
      { key: 'Security', name: 'Security', color: '#aa0000' },
      { key: 'Design & UX', name: 'Design & UX', color: '#00aa00' },
    ]);
    expect(s.sessions[0]).toEqual({
      key: '0f3c6e7a-1111-4c5e-9d7b-000000000001',
      title: 'Opening & Welcome',
      description: 'Why we are here.\n\nLonger words about the <year> ahead.',
      start: new Date('2030-05-14T07:00:00Z'),
      end: new Date('2030-05-14T07:45:00Z'),
      roomKey: 'Saal Großer Hörsaal',
      type: 'Keynote',
      language: 'en',
      speakerKeys: ['1', '2'],
    });
    expect(s.sessions[1]).toMatchObject({
      description: 'Bring <questions> & answers.',
      trackKey: 'Security',
      end: new Date('2030-05-14T09:30:00Z'),
    });
    // Past midnight: the end is on the next day.
    expect(s.sessions[3]).toMatchObject({
      start: new Date('2030-05-14T21:30:00Z'),
      end: new Date('2030-05-14T22:30:00Z'),
      speakerKeys: ['2', '5'],
    });
    expect(s.sessions[5]).toMatchObject({ title: 'Über Sicherheit', speakerKeys: ['1'] });
    // No guid: the id is the key.
    expect(s.sessions[7]).toMatchObject({ key: '108', title: 'Closing', speakerKeys: [] });
  });

  it('round trip: a pretalx export, written and read again, is the same schedule', () => {
    const first = parseScheduleFrab(readFileSync(path.join(import.meta.dirname, 'fixtures', 'pretalx.xml')));
    if (!first.ok) throw new Error(JSON.stringify(first.errors));
    const again = parseScheduleFrab(Buffer.from(writeScheduleFrab(first.schedule, 'Europe/Berlin')));
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
    expect([...again.schedule.sessions].sort(byKey)).toEqual([...first.schedule.sessions].sort(byKey));
    expect([...again.schedule.speakers].sort(byKey)).toEqual([...first.schedule.speakers].sort(byKey));
    expect([...again.schedule.tracks].sort(byKey)).toEqual([...first.schedule.tracks].sort(byKey));
    expect(again.schedule.rooms).toEqual(first.schedule.rooms);
    expect(again.schedule.title).toBe(first.schedule.title);
  });

  it('falls back to the day and <start> in the conference time zone when <date> has no time', () => {
    const xml = schedule({ attrs: 'guid="g"', body: body({ date: '', start: '9:15' }) }).replace(
      '<schedule>',
      '<schedule><conference><time_zone_name>America/New_York</time_zone_name></conference>',
    );
    const r = parse(xml);
    expect(r.ok && r.schedule.sessions[0]?.start.toISOString()).toBe('2030-05-14T13:15:00.000Z');
  });

  it('names each error with its line and element', () => {
    const one = (xml: string) => {
      const errors = errorsOf(parse(xml));
      expect(errors).toHaveLength(1);
      return errors[0];
    };
    expect(one(schedule({ attrs: '', body: body() }))).toEqual({ line: 4, column: 'guid', key: 'agenda-import.errors.required' });
    expect(one(schedule({ attrs: 'guid="g"', body: body() }, { attrs: 'guid="g"', body: body() }))).toEqual({
      line: 10,
      column: 'guid',
      key: 'agenda-import.errors.duplicateId',
      params: { line: 4 },
    });
    expect(one(schedule({ attrs: 'id="7"', body: body({ title: '' }) }))).toMatchObject({
      line: 8,
      column: 'title',
      key: 'agenda-import.errors.required',
    });
    expect(one(schedule({ attrs: 'id="7"', body: body({ date: '2030-05-14T25:00:00+02:00' }) }))).toMatchObject({
      line: 5,
      column: 'date',
      key: 'agenda-import.errors.badDateTime',
    });
    expect(one(schedule({ attrs: 'id="7"', body: body({ duration: 'half an hour' }) }))).toMatchObject({
      line: 7,
      column: 'duration',
      key: 'agenda-import.errors.badDuration',
    });
    expect(one(schedule({ attrs: 'id="7"', body: body({ duration: '00:00' }) }))).toMatchObject({
      column: 'duration',
      key: 'agenda-import.errors.endBeforeStart',
    });
    expect(one(schedule({ attrs: 'id="7"', body: body({ title: 'x'.repeat(201) }) }))).toMatchObject({
      line: 8,
      column: 'title',
      key: 'agenda-import.errors.tooLong',
      params: { max: 200 },
    });
    expect(one('<schedule>\n<day>\n</schedule>')).toMatchObject({ line: 3, key: 'agenda-import.errors.xmlMalformed' });
    expect(one('<calendar/>')).toMatchObject({ key: 'agenda-import.errors.unknownFormat' });
    expect(one('<schedule></schedule>')).toMatchObject({ key: 'agenda-import.errors.empty' });
    expect(one('<schedule>&nbsp;</schedule>')).toMatchObject({ key: 'agenda-import.errors.xmlMalformed' });
  });

  describe('hostile XML', () => {
    const fast = (xml: string, key: string) => {
      const t0 = performance.now();
      const errors = errorsOf(parse(xml));
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(errors).toHaveLength(1);
      expect(errors[0]?.key).toBe(`agenda-import.errors.${key}`);
      return errors[0];
    };

    it('refuses any DOCTYPE: billion laughs, external entities', () => {
      const laughs = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE schedule [',
        '<!ENTITY lol "lol">',
        ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`),
        ']>',
        '<schedule><conference><title>&lol9;</title></conference></schedule>',
      ].join('\n');
      expect(fast(laughs, 'xmlDoctype')).toMatchObject({ line: 2 });
      fast(
        '<?xml version="1.0"?>\n<!DOCTYPE schedule [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<schedule><conference><title>&xxe;</title></conference></schedule>',
        'xmlDoctype',
      );
      fast('<!DOCTYPE schedule SYSTEM "http://example.com/evil.dtd"><schedule/>', 'xmlDoctype');
      // Without a DOCTYPE an entity is merely undefined.
      fast('<schedule><conference><title>&xxe;</title></conference></schedule>', 'xmlMalformed');
    });

    it('stops 10,000-deep nesting at the depth bound', () => {
      expect(fast(`<schedule>${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</schedule>`, 'xmlTooDeep')).toMatchObject({
        params: { max: 32 },
      });
    });

    it('stops a flood of elements', () => {
      fast(`<schedule>${'<x/>'.repeat(400_001)}</schedule>`, 'xmlTooManyElements');
    });
  });

  it('parses a generated 1,000-session, 500-speaker file quickly', () => {
    const events = Array.from({ length: 1000 }, (_, i) => {
      const start = new Date(Date.UTC(2030, 4, 14 + (i % 3), 7 + (i % 10)));
      return {
        attrs: `guid="00000000-0000-4000-8000-${String(i).padStart(12, '0')}" id="${i}"`,
        body: `${body({ date: start.toISOString(), start: '09:00', duration: '00:45', title: `Talk ${i} &amp; more`, description: 'Ünïcödé '.repeat(40) })}
<persons><person id="${i % 500}">Speaker ${i % 500}</person><person id="${(i + 1) % 500}">Speaker ${(i + 1) % 500}</person></persons>`,
      };
    });
    const xml = Buffer.from(schedule(...events));
    const t0 = performance.now();
    const r = parseScheduleFrab(xml);
    const ms = performance.now() - t0;
    console.log(`Frab: 1,000 sessions, 500 speakers, ${(xml.length / 1024).toFixed(0)} KB parsed in ${ms.toFixed(0)} ms`);
    if (!r.ok) throw new Error(JSON.stringify(r.errors.slice(0, 3)));
    expect(r.schedule.sessions).toHaveLength(1000);
    expect(r.schedule.speakers).toHaveLength(500);
    expect(ms).toBeLessThan(10_000);
  });

  it('writes days by local date in the time zone, rooms per day, text escaped', () => {
    const xml = writeScheduleFrab(
      {
        title: 'A & <B>',
        tracks: [{ key: 't', name: 'T "1"', color: '#123456' }],
        rooms: [{ key: 'r', name: 'Room <1>' }],
        speakers: [{ key: 'p"1', name: 'Jürgen & Co' }],
        sessions: [
          {
            key: 'late',
            title: 'Late',
            start: new Date('2030-05-14T22:30:00Z'),
            end: new Date('2030-05-14T23:30:00Z'),
            roomKey: 'r',
            trackKey: 't',
            speakerKeys: ['p"1'],
          },
          {
            key: 'early',
            title: 'Ear\u0001ly',
            start: new Date('2030-05-14T08:00:00Z'),
            end: new Date('2030-05-14T09:00:00Z'),
            speakerKeys: [],
          },
        ],
      },
      'Europe/Berlin',
    );
    // 22:30 UTC is 00:30 on the 15th in Berlin.
    expect(xml).toContain('<day index="1" date="2030-05-14">');
    expect(xml).toContain('<day index="2" date="2030-05-15">');
    expect(xml).toContain('<date>2030-05-15T00:30:00+02:00</date>');
    expect(xml).toContain('<title>A &amp; &lt;B&gt;</title>');
    expect(xml).toContain('<person id="p&quot;1">Jürgen &amp; Co</person>');
    const r = parse(xml);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.schedule.sessions.map((x) => x.title)).toEqual(['Ear ly', 'Late']);
    expect(r.schedule.tracks).toEqual([{ key: 'T "1"', name: 'T "1"', color: '#123456' }]);
  });
});
