/**
 * Plain all-day events (one DTSTART;VALUE=DATE, maybe one DTEND;VALUE=DATE: what OTAs export) are
 * read straight from their lines instead of through node-ical. This checks that the short path
 * gives exactly what node-ical's path gives, on random feeds: the twin of each feed carries an
 * extra parameter node-ical ignores but the short path does not accept, so it goes through
 * node-ical. Run it with TZ set east and west of UTC too (all-day dates never meet a zone).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { parseIcalFeed } from '../src/integrations/ical/parse';

type Plain = { uid: number; start: number; nights: number | null; impossible: boolean; status: string; summary: string; copies: number };

const TODAY = '2026-03-20';

function calendar(events: Plain[], forceNodeIcal: boolean): string {
  const extra = forceNodeIcal ? ';X-VIA=NODE-ICAL' : '';
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//plain//EN'];
  for (const e of events) {
    const start = addDays(TODAY, e.start).replaceAll('-', '');
    // An impossible day (the 30th of February) is whatever node-ical makes of it, on both paths.
    const dtstart = e.impossible ? `${start.slice(0, 4)}0230` : start;
    for (let copy = 0; copy < e.copies; copy += 1) {
      lines.push('BEGIN:VEVENT', `UID:ev-${e.uid}@test`, `SEQUENCE:${copy}`, `DTSTART;VALUE=DATE${extra}:${dtstart}`);
      if (e.nights !== null) lines.push(`DTEND;VALUE=DATE${extra}:${addDays(TODAY, e.start + e.nights).replaceAll('-', '')}`);
      if (e.status) lines.push(`STATUS:${e.status}`);
      lines.push(`SUMMARY:${e.summary}`, 'END:VEVENT');
    }
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

const plain: fc.Arbitrary<Plain> = fc.record({
  uid: fc.integer({ min: 0, max: 15 }),
  // Around the sync window's edges too (12 months back, 24 ahead).
  start: fc.integer({ min: -400, max: 760 }),
  nights: fc.option(fc.integer({ min: -2, max: 12 }), { nil: null }),
  impossible: fc.boolean(),
  status: fc.constantFrom('', 'CONFIRMED', 'CANCELLED', 'TENTATIVE'),
  summary: fc.constantFrom('Reserved', 'Airbnb (Not available)', 'Blocked', 'CLOSED - Not available', 'Reserved - Ana'),
  copies: fc.integer({ min: 1, max: 2 }),
});

describe('plain all-day events without node-ical', () => {
  it('give the instances node-ical gives, for any dates, lengths, statuses and duplicates', () => {
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 25 }), fc.constantFrom('UTC', 'Pacific/Auckland', 'America/Los_Angeles'), (events, timezone) => {
        const options = { timezone, today: TODAY };
        const short = parseIcalFeed(calendar(events, false), options);
        const long = parseIcalFeed(calendar(events, true), options);
        expect(short.instances).toEqual(long.instances);
        expect(short.warnings).toEqual(long.warnings);
      }),
      { numRuns: 60 },
    );
  });

  it('reads the stay of a plain event: DTEND is the check-out day, no DTEND is one night', () => {
    const events: Plain[] = [
      { uid: 1, start: 3, nights: 4, impossible: false, status: '', summary: 'Reserved', copies: 1 },
      { uid: 2, start: 10, nights: null, impossible: false, status: '', summary: 'Blocked', copies: 1 },
      { uid: 3, start: 20, nights: 2, impossible: false, status: 'CANCELLED', summary: 'Reserved', copies: 1 },
    ];
    const { instances } = parseIcalFeed(calendar(events, false), { timezone: 'UTC', today: TODAY });
    expect(instances.map((i) => [i.uid, i.recurrenceId, i.start, i.end])).toEqual([
      ['ev-1@test', '', '2026-03-23', '2026-03-27'],
      ['ev-2@test', '', '2026-03-30', '2026-03-31'],
    ]);
  });
});
