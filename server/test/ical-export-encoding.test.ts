/**
 * Free text in the export feed is encoded for iCalendar (docs/security.md, Encoding for
 * calendars, e-mail and CSV): a property name holding line breaks of any kind, `;` `,` `\`, or a
 * whole `BEGIN:VEVENT…END:VEVENT`, adds no property and no event to what an OTA reads, and comes
 * back as text. Read with node-ical (what the import uses) and with the import's own strict text
 * reading (parse.ts), and fuzzed with fast-check.
 */
import fc from 'fast-check';
import icalGenerator from 'ical-generator';
import ical from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { nowIso } from '../src/db/write';
import { BLOCK_SUMMARY, BOOKING_SUMMARY, EXPORT_PRODUCT_ID, blockUid, bookingUid, buildPropertyCalendar, icalEscapedText, icalText, type ExportStay } from '../src/integrations/ical/export';
import { icalLines, unescapeIcalText } from '../src/integrations/ical/parse';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, insertFixture } from './fixtures';

const NOW = new Date('2026-06-15T12:00:00Z');
const FORGED = '\r\nBEGIN:VEVENT\r\nUID:forged@evil\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:20260701\r\nDTEND;VALUE=DATE:20260710\r\nSUMMARY:Forged\r\nEND:VEVENT\r\n';
const HOSTILE_NAME = `Villa "Mar"; Sea, View \\ Home${FORGED}X-A:1\nX-B:2\rX-C:3\u2028X-D:4\u2029X-E:5\u0085X-F:6\v\f\u0000\u001b[0m end`;

const BOOKINGS: ExportStay[] = [{ id: 'b1', start: '2026-07-01', end: '2026-07-04' }];
const BLOCKS: ExportStay[] = [{ id: 'k1', start: '2026-08-01', end: '2026-08-03' }];
const EXPECTED_UIDS = [bookingUid('b1'), blockUid('k1')].sort();

type Parsed = Record<string, { type?: string; uid?: string; summary?: string; name?: string; 'WR-CALNAME'?: string }>;

function events(text: string) {
  return Object.values(ical.sync.parseICS(text) as Parsed).filter((c) => c.type === 'VEVENT');
}

/** The calendar's own properties as the import reads text (unfolded, unescaped once). */
function calendarProperty(text: string, name: string): string[] {
  return icalLines(text)
    .filter((line) => line.startsWith(`${name}:`))
    .map((line) => unescapeIcalText(line.slice(name.length + 1)));
}

/** The line structure an honest export has, whatever the name: known properties, CRLF only. */
function expectWellFormed(text: string, eventCount: number): void {
  // eslint-disable-next-line no-control-regex
  expect(text).not.toMatch(/\r(?!\n)|(?<!\r)\n|[\u0085\u2028\u2029\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
  const lines = icalLines(text).filter((l) => l !== '');
  const names = lines.map((l) => l.slice(0, l.search(/[:;]/)));
  const allowed = new Set(['BEGIN', 'END', 'VERSION', 'PRODID', 'NAME', 'X-WR-CALNAME', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'X-MICROSOFT-CDO-ALLDAYEVENT', 'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT']);
  for (const name of names) expect(allowed, `line ${name}`).toContain(name);
  expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(eventCount);
  expect(lines.filter((l) => l === 'END:VEVENT')).toHaveLength(eventCount);
  expect(lines.filter((l) => l.startsWith('BEGIN:'))).toHaveLength(eventCount + 1);
}

describe('icalText and icalEscapedText', () => {
  it('turn every kind of line break into one LF, drop other controls, keep tabs and text', () => {
    expect(icalText('a\r\nb\nc\rd\u2028e\u2029f\u0085g\vh\fi')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ni');
    expect(icalText('a\u0000b\u001bc\u007fd\u009fe\tf')).toBe('abcde\tf');
    expect(icalText('\uD800x\uDC00 \uD83D\uDE00')).toBe('\uFFFDx\uFFFD \uD83D\uDE00');
    expect(icalText('Café; "Sea", view \\ 🏖')).toBe('Café; "Sea", view \\ 🏖');
  });

  it('escape backslash, semicolon, comma and line breaks as RFC 5545 TEXT', () => {
    expect(icalEscapedText('a\\b;c,d\r\ne\u2028f')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(unescapeIcalText(icalEscapedText('x\\ny'))).toBe('x\\ny');
  });
});

describe('the export of a property whose name forges events', () => {
  const text = buildPropertyCalendar({ propertyName: HOSTILE_NAME, bookings: BOOKINGS, blocks: BLOCKS, now: NOW });

  it('holds exactly the real events, read by node-ical', () => {
    const found = events(text);
    expect(found.map((e) => e.uid).sort()).toEqual(EXPECTED_UIDS);
    expect(found.map((e) => e.summary).sort()).toEqual([BLOCK_SUMMARY, BOOKING_SUMMARY].sort());
    expectWellFormed(text, 2);
  });

  it('gives the name back as text in NAME and X-WR-CALNAME', () => {
    const expected = icalText(HOSTILE_NAME);
    expect(expected).toContain('BEGIN:VEVENT');
    expect(calendarProperty(text, 'NAME')).toEqual([expected]);
    expect(calendarProperty(text, 'X-WR-CALNAME')).toEqual([expected]);
    const calendar = (ical.sync.parseICS(text) as Parsed).vcalendar;
    expect(calendar?.name).toBe(expected);
    expect(calendar?.['WR-CALNAME']).toBe(expected);
  });
});

describe('the export route', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('serves a hostile name and id as text, with a plain file name', async () => {
    const host = createHost(app);
    const id = 'p"1;x=2\r\nX-Injected: 1';
    insertFixture(app, TABLE_IDS.properties, { id, host_id: host.hostProfileId, property_name: HOSTILE_NAME, ical_export_token: 'tok_abc', created_date: nowIso(NOW) });
    insertFixture(app, TABLE_IDS.bookings, { host_id: host.hostProfileId, property_id: id, guest_name: `Eve${FORGED}`, check_in_date: '2099-01-01', check_out_date: '2099-01-03', created_date: nowIso(NOW) });
    const res = await app.inject({ method: 'GET', url: `/ical/${encodeURIComponent(id)}/tok_abc.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="p_1_x_2__X-Injected__1.ics"');
    expect(res.headers['x-injected']).toBeUndefined();
    expect(events(res.body)).toHaveLength(1);
    expect(res.body).not.toContain('Eve');
    expect(calendarProperty(res.body, 'X-WR-CALNAME')).toEqual([icalText(HOSTILE_NAME)]);
    expectWellFormed(res.body, 1);
  });
});

describe('fuzz: any name or summary', () => {
  const hostile = fc.constantFrom('\r', '\n', '\r\n', '\u2028', '\u2029', '\u0085', '\v', '\f', '\u0000', '\u001b', '\t', '\\', '\\n', ';', ',', ':', '"', ' ', '\uD800', '\uDC00', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR', FORGED);
  const names = fc.string({ unit: fc.oneof(hostile, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })), maxLength: 60 });

  it('never adds a line, a property or an event, and reads back as icalText of the name', () => {
    fc.assert(
      fc.property(names, (name) => {
        const text = buildPropertyCalendar({ propertyName: name, bookings: BOOKINGS, blocks: BLOCKS, now: NOW });
        expectWellFormed(text, 2);
        expect(events(text).map((e) => e.uid).sort()).toEqual(EXPECTED_UIDS);
        const expected = icalText(name);
        // ical-generator leaves the calendar name out when it is empty.
        expect(calendarProperty(text, 'X-WR-CALNAME')).toEqual(expected === '' ? [] : [expected]);
        expect(calendarProperty(text, 'NAME')).toEqual(expected === '' ? [] : [expected]);
      }),
      { numRuns: 300 },
    );
  });

  it('as an event summary (what ical-generator escapes after icalText), never adds a line or an event either', () => {
    fc.assert(
      fc.property(names, (summary) => {
        const calendar = icalGenerator({ name: 'P', prodId: EXPORT_PRODUCT_ID });
        calendar.createEvent({ id: 'e1@staykeep', allDay: true, start: new Date(Date.UTC(2026, 6, 1)), end: new Date(Date.UTC(2026, 6, 2)), summary: icalText(summary), stamp: NOW });
        const text = calendar.toString();
        expectWellFormed(text, 1);
        const found = events(text);
        expect(found.map((e) => e.uid)).toEqual(['e1@staykeep']);
        const lines = icalLines(text).filter((l) => l.startsWith('SUMMARY:'));
        expect(lines.map((l) => unescapeIcalText(l.slice('SUMMARY:'.length)))).toEqual([icalText(summary)]);
      }),
      { numRuns: 300 },
    );
  });
});
