/**
 * The export feed: all-day events with stable UIDs, nothing shifted by a timezone, and (property
 * test) an exported feed re-imports to exactly the same date ranges.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../shared/dates';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { insertRow, nowIso, tombstoneRow, type Row } from '../src/db/write';
import { blockUid, bookingUid, buildPropertyCalendar, exportPropertyCalendar, type ExportStay } from '../src/integrations/ical/export';
import { checkExportRoundTrip } from '../src/integrations/ical/fixtures/corpus';
import { parseIcalFeed, syncWindow } from '../src/integrations/ical/parse';
import { makeTestApp, type TestApp } from './helpers';

const TODAY = '2026-06-15';
const NOW = new Date('2026-06-15T12:00:00Z');

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

describe('the export calendar', () => {
  it('writes all-day events with exclusive DTEND, stable UIDs and the Staykeep product id, without guest names', () => {
    const text = buildPropertyCalendar({
      propertyName: 'Villa Mar',
      bookings: [{ id: 'b1', start: '2026-07-01', end: '2026-07-04', updatedAt: '2026-06-01T10:00:00.000Z' }],
      blocks: [{ id: 'k1', start: '2026-12-31', end: '2027-01-02' }],
      now: NOW,
    });
    const lines = text.split('\r\n');
    expect(lines).toContain('PRODID:-//Staykeep//Staykeep//EN');
    expect(lines).toContain('X-WR-CALNAME:Villa Mar');
    const booking = lines.slice(lines.indexOf('UID:booking-b1@staykeep') - 1, lines.indexOf('UID:booking-b1@staykeep') + 8);
    expect(booking).toEqual(
      expect.arrayContaining(['BEGIN:VEVENT', 'UID:booking-b1@staykeep', 'DTSTAMP:20260601T100000Z', 'DTSTART;VALUE=DATE:20260701', 'DTEND;VALUE=DATE:20260704', 'SUMMARY:Reserved']),
    );
    expect(lines).toContain('UID:block-k1@staykeep');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270102');
    expect(lines).toContain('SUMMARY:Not available');
    expect(text).not.toMatch(/^DT(START|END)[:;](?!VALUE=DATE:\d{8}\r$)/m);
  });

  it('re-imports to exactly the same date ranges (property test, any property timezone)', () => {
    const window = syncWindow(TODAY);
    const span = daysBetween(window.start, window.end);
    const stay = fc.record({ offset: fc.integer({ min: 0, max: span - 61 }), nights: fc.integer({ min: 1, max: 60 }) });
    const stays = fc.uniqueArray(fc.record({ id: fc.uuid(), stay }), { selector: (s) => s.id, maxLength: 25 });
    fc.assert(
      fc.property(stays, stays, fc.constantFrom('UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Australia/Lord_Howe', 'Asia/Kathmandu'), (rawBookings, rawBlocks, timezone) => {
        const toStay = ({ id, stay: s }: { id: string; stay: { offset: number; nights: number } }): ExportStay => {
          const start = addDays(window.start, s.offset);
          return { id, start, end: addDays(start, s.nights) };
        };
        const bookings = rawBookings.map(toStay);
        const blocks = rawBlocks.map(toStay);
        const text = buildPropertyCalendar({ propertyName: 'P', bookings, blocks, now: NOW });
        const imported = parseIcalFeed(Buffer.from(text), { timezone, today: TODAY }).instances.map((i) => [i.uid, i.recurrenceId, i.start, i.end, i.kind]);
        const expected = [
          ...bookings.map((b) => [bookingUid(b.id), '', b.start, b.end, 'booking']),
          ...blocks.map((b) => [blockUid(b.id), '', b.start, b.end, 'block']),
        ];
        const order = (a: unknown[], b: unknown[]) => String(a[0]).localeCompare(String(b[0]));
        expect(imported.sort(order)).toEqual(expected.sort(order));
      }),
      { numRuns: 60 },
    );
  });
});

describe('a property export from the database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('has the non-cancelled bookings and live blocks of that property only', () => {
    const ids = app.db.transaction((tx) => {
      const at = nowIso(NOW);
      const user = insertRow(tx, def(TABLE_IDS.users), { Email: 'export-host@example.test', Role: 'host', CreateTime: at });
      const host = insertRow(tx, def(TABLE_IDS.host_profiles), { user_id: user.ID, created_date: at });
      const property = insertRow(tx, def(TABLE_IDS.properties), { host_id: host.id, property_name: 'Casa Export', created_date: at });
      const other = insertRow(tx, def(TABLE_IDS.properties), { host_id: host.id, property_name: 'Elsewhere', created_date: at });
      const booking = (values: Row) =>
        insertRow(tx, def(TABLE_IDS.bookings), { host_id: host.id, property_id: property.id, check_in_date: '2026-07-01', check_out_date: '2026-07-05', created_date: at, ...values });
      const block = (values: Row) =>
        insertRow(tx, def(TABLE_IDS.calendar_blocks), { host_id: host.id, property_id: property.id, uid: 'x', start_date: '2026-08-01', end_date: '2026-08-03', ...values });
      const confirmed = booking({});
      const cancelled = booking({ booking_status: 'cancelled' });
      const deleted = booking({});
      tombstoneRow(tx, def(TABLE_IDS.bookings), String(deleted.id));
      const old = booking({ check_in_date: '2025-01-01', check_out_date: '2025-01-03' });
      const elsewhere = booking({ property_id: other.id });
      const live = block({});
      const gone = block({});
      tombstoneRow(tx, def(TABLE_IDS.calendar_blocks), String(gone.id));
      return { property: String(property.id), keep: [confirmed, live], drop: [cancelled, deleted, old, elsewhere, gone] };
    });
    const text = exportPropertyCalendar(app.db, ids.property, TODAY, NOW) ?? '';
    const uids = [...text.matchAll(/^UID:(.*)$/gm)].map((m) => m[1]?.trim());
    expect(uids.sort()).toEqual([bookingUid(String(ids.keep[0]?.id)), blockUid(String(ids.keep[1]?.id))].sort());
    expect(exportPropertyCalendar(app.db, 'no-such-property', TODAY, NOW)).toBeNull();
  });
});

describe('the export round trip of the timezone runs', () => {
  it('passes here too (ical-tz.test.ts runs it under other TZs)', () => {
    expect(checkExportRoundTrip()).toBeNull();
  });
});
