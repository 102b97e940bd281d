/** The iCal parser's rules one by one (the corpus test covers whole real-world feeds). */
import { describe, expect, it } from 'vitest';
import { classifyEvent } from '../src/integrations/ical/conventions';
import { IcalParseError, addMonths, icalLines, parseIcalFeed, syncWindow, unescapeIcalText, unfoldIcalBytes, type IcalInstance } from '../src/integrations/ical/parse';

const utf8 = (s: string) => new TextEncoder().encode(s);
const decode = (b: Uint8Array) => new TextDecoder().decode(b);
const concat = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...utf8(p)] : p)));

function calendar(...events: string[][]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((e) => ['BEGIN:VEVENT', ...e, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
}

const OPTIONS = { timezone: 'UTC', today: '2026-06-15' };
const parse = (text: string | Uint8Array, options = OPTIONS) => parseIcalFeed(text, options);
const dates = (list: IcalInstance[]) => list.map((i) => [i.recurrenceId, i.start, i.end]);

describe('unfolding on bytes', () => {
  it('joins a fold that splits a multi-byte character, which decoding first would destroy', () => {
    const u = [...utf8('ü')];
    const raw = concat('SUMMARY:M', [u[0] as number], '\r\n ', [u[1] as number], 'ller');
    expect(decode(unfoldIcalBytes(raw))).toBe('SUMMARY:Müller');
    // What a decode-then-unfold parser sees: two replacement characters instead of the letter.
    expect(new TextDecoder().decode(raw).replace(/\r\n /g, '')).toBe('SUMMARY:M\uFFFD\uFFFDller');
  });

  it('accepts CRLF, bare LF and bare CR folds with a space or a tab, and normalises line ends to LF', () => {
    expect(decode(unfoldIcalBytes(utf8('A:1\r\n 2\n\t3\r 4\r\nB:5\rC:6\n')))).toBe('A:1234\nB:5\nC:6\n');
  });

  it('drops a leading BOM and removes exactly one whitespace character per fold', () => {
    expect(icalLines(concat([0xef, 0xbb, 0xbf], 'X:a\r\n  b'))).toEqual(['X:a b']);
  });
});

describe('text escapes', () => {
  it('undoes \\, \\; \\\\ \\n \\N exactly once, left to right', () => {
    expect(unescapeIcalText('a\\,b\\;c\\\\d\\ne\\Nf')).toBe('a,b;c\\d\ne\nf');
    expect(unescapeIcalText('C:\\\\new')).toBe('C:\\new');
    expect(unescapeIcalText('\\\\,')).toBe('\\,');
    expect(unescapeIcalText('keep \\: and "quotes"')).toBe('keep \\: and "quotes"');
  });

  it('reaches the instance once: no double unescaping, quotes kept', () => {
    const [i] = parse(calendar(['UID:x', 'DTSTART;VALUE=DATE:20260701', 'SUMMARY:"Quoted" \\\\n not a newline', 'DESCRIPTION:TZID=Europe/Paris "kept"'])).instances;
    expect(i?.summary).toBe('"Quoted" \\n not a newline');
    expect(i?.description).toBe('TZID=Europe/Paris "kept"');
  });
});

describe('OTA conventions', () => {
  it.each([
    ['Reserved', '', 'booking'],
    ['  Reserved  ', '', 'booking'],
    ['Reserved - Ann Lee', '', 'booking'],
    ['reserved', '', 'block'],
    ['Reserved -', '', 'block'],
    ['Reserved by owner', '', 'block'],
    ['Airbnb (Not available)', '', 'block'],
    ['Blocked', '', 'block'],
    ['CLOSED - Not available', '', 'block'],
    ['Dentist', 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMAB12CD34', 'block'],
  ])('%j is a %s', (summary, description, kind) => {
    expect(classifyEvent(summary, description).kind).toBe(kind);
  });

  it('reads the Airbnb code and the phone digits as strings (leading zeros kept)', () => {
    const d = 'Reservation URL: https://www.airbnb.com/hosting/reservations/details/HMAB12CD34\nPhone Number (Last 4 Digits): 0070';
    expect(classifyEvent('Reserved', d)).toEqual({ kind: 'booking', reservationCode: 'HMAB12CD34', phoneLast4: '0070' });
    expect(classifyEvent('Reserved', 'Code HMZZ99YY88 only')).toEqual({ kind: 'booking', reservationCode: 'HMZZ99YY88' });
    expect(classifyEvent('Reserved - Ann Lee', '')).toEqual({ kind: 'booking', guestName: 'Ann Lee' });
  });
});

describe('the sync window', () => {
  it('reaches 12 months back and 24 ahead, clamping month ends', () => {
    expect(syncWindow('2026-06-15')).toEqual({ start: '2025-06-15', end: '2028-06-15' });
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
  });

  it('keeps instances overlapping the window and drops the rest', () => {
    const result = parse(
      calendar(
        ['UID:old', 'DTSTART;VALUE=DATE:20250610', 'DTEND;VALUE=DATE:20250615'],
        ['UID:edge-start', 'DTSTART;VALUE=DATE:20250610', 'DTEND;VALUE=DATE:20250616'],
        ['UID:edge-end', 'DTSTART;VALUE=DATE:20280615', 'DTEND;VALUE=DATE:20280616'],
        ['UID:last-night', 'DTSTART;VALUE=DATE:20280614', 'DTEND;VALUE=DATE:20280616'],
      ),
    );
    expect(result.instances.map((i) => i.uid)).toEqual(['edge-start', 'last-night']);
  });
});

describe('events', () => {
  it('refuses a body that is not iCalendar, and an unknown property timezone', () => {
    expect(() => parse('<html>Not found</html>')).toThrow(IcalParseError);
    expect(() => parse(calendar(), { timezone: 'Mars/Olympus', today: '2026-06-15' })).toThrow('Unknown property timezone');
  });

  it('turns timed events into dates in the property timezone', () => {
    const feed = calendar(['UID:t', 'DTSTART:20260701T230000Z', 'DTEND:20260703T090000Z']);
    expect(dates(parse(feed, { timezone: 'UTC', today: '2026-06-15' }).instances)).toEqual([['', '2026-07-01', '2026-07-03']]);
    expect(dates(parse(feed, { timezone: 'Asia/Tokyo', today: '2026-06-15' }).instances)).toEqual([['', '2026-07-02', '2026-07-03']]);
    expect(dates(parse(feed, { timezone: 'America/Los_Angeles', today: '2026-06-15' }).instances)).toEqual([['', '2026-07-01', '2026-07-03']]);
  });

  it('gives an event without UID a UID derived from its content, stable across fetches', () => {
    const a = parse(calendar(['DTSTART;VALUE=DATE:20260701', 'SUMMARY:No uid'])).instances[0]?.uid;
    const again = parse(calendar(['DTSTART;VALUE=DATE:20260701', 'SUMMARY:No uid'])).instances[0]?.uid;
    const moved = parse(calendar(['DTSTART;VALUE=DATE:20260702', 'SUMMARY:No uid'])).instances[0]?.uid;
    expect(a).toMatch(/^nouid-[0-9a-f]{40}$/);
    expect(again).toBe(a);
    expect(moved).not.toBe(a);
  });

  it('keeps the first of a repeated DTSTART instead of failing the feed, and skips events without DTSTART', () => {
    const result = parse(
      calendar(['UID:twice', 'DTSTART;VALUE=DATE:20260701', 'DTSTART;VALUE=DATE:20260801', 'DTEND;VALUE=DATE:20260703'], ['UID:none', 'SUMMARY:no start'], ['UID:ok', 'DTSTART;VALUE=DATE:20260710']),
    );
    expect(result.instances.map((i) => [i.uid, i.start, i.end])).toEqual([
      ['twice', '2026-07-01', '2026-07-03'],
      ['ok', '2026-07-10', '2026-07-11'],
    ]);
    expect(result.warnings).toContain('An event without DTSTART was skipped');
  });

  it('skips an event whose rule cannot be expanded and keeps the others', () => {
    const result = parse(calendar(['UID:runaway', 'DTSTART:20200101T000000Z', 'DTEND:20200101T000001Z', 'RRULE:FREQ=SECONDLY'], ['UID:fine', 'DTSTART;VALUE=DATE:20260701']));
    expect(result.instances.map((i) => i.uid)).toEqual(['fine']);
    expect(result.warnings.some((w) => w.startsWith('Event runaway'))).toBe(true);
  });

  it('emits overrides whose master is not in the feed, each under its own RECURRENCE-ID', () => {
    const result = parse(
      calendar(
        ['UID:invite', 'RECURRENCE-ID:20260706T090000Z', 'DTSTART:20260706T090000Z', 'DTEND:20260707T090000Z'],
        ['UID:invite', 'RECURRENCE-ID:20260713T090000Z', 'DTSTART:20260714T090000Z', 'DTEND:20260716T090000Z'],
      ),
    );
    expect(dates(result.instances)).toEqual([
      ['20260706T090000Z', '2026-07-06', '2026-07-07'],
      ['20260713T090000Z', '2026-07-14', '2026-07-16'],
    ]);
  });

  it('applies an override to the occurrence it names even when its master is a timed series in another zone', () => {
    const result = parse(
      calendar(
        ['UID:s', 'DTSTART;TZID=America/New_York:20260701T100000', 'DTEND;TZID=America/New_York:20260701T120000', 'RRULE:FREQ=DAILY;COUNT=3', 'SUMMARY:base'],
        ['UID:s', 'RECURRENCE-ID:20260702T140000Z', 'DTSTART;TZID=America/New_York:20260705T100000', 'DTEND;TZID=America/New_York:20260706T100000', 'SUMMARY:moved'],
      ),
      { timezone: 'America/New_York', today: '2026-06-15' },
    );
    expect(result.instances.map((i) => [i.recurrenceId, i.start, i.end, i.summary])).toEqual([
      ['20260701T140000Z', '2026-07-01', '2026-07-02', 'base'],
      ['20260703T140000Z', '2026-07-03', '2026-07-04', 'base'],
      ['20260702T140000Z', '2026-07-05', '2026-07-06', 'moved'],
    ]);
  });

  it('refuses a feed that expands past the instance limit', () => {
    const feed = calendar(['UID:daily', 'DTSTART;VALUE=DATE:20260101', 'RRULE:FREQ=DAILY']);
    expect(parse(feed).instances).toHaveLength(365 + 365 + 166);
    expect(() => parseIcalFeed(feed, { ...OPTIONS, maxInstances: 100 })).toThrow('more than 100 events');
  });
});
