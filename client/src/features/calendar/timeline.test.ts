import { describe, expect, it } from 'vitest';
import { dragSelection, layoutTimeline, sameRow, sourceTone, type TimelineBlock, type TimelineBooking, type TimelineRow } from './timeline';

function b(id: string, from: string, to: string, over: Partial<TimelineBooking> = {}): TimelineBooking {
  return { id, property_id: 'p1', guest_name: id, check_in_date: from, check_out_date: to, booking_source: 'airbnb', booking_status: 'confirmed', ...over };
}

const block: TimelineBlock = { id: 'k', property_id: 'p2', start_date: '2026-01-09', end_date: '2026-01-12', summary: 'Owner stay', source: 'vrbo' };

describe('timeline layout', () => {
  it('places bars on nights, clipped to the window', () => {
    const rows = layoutTimeline(['p1'], [b('a', '2025-12-30', '2026-01-03'), b('c', '2026-01-13', '2026-01-20')], [], '2026-01-01', 14);
    const bars = rows.get('p1')?.bookings.map((x) => [x.item.id, x.start, x.span, x.clippedStart, x.clippedEnd]);
    expect(bars).toEqual([
      ['a', 0, 2, true, false],
      ['c', 12, 2, false, true],
    ]);
  });

  it('stacks and flags overlapping bookings; back-to-back stays share a lane; cancelled ones are left out', () => {
    const rows = layoutTimeline(
      ['p1'],
      [b('a', '2026-01-02', '2026-01-05'), b('x', '2026-01-04', '2026-01-05'), b('n', '2026-01-05', '2026-01-07'), b('gone', '2026-01-01', '2026-01-10', { booking_status: 'cancelled' })],
      [],
      '2026-01-01',
      14,
    );
    const row = rows.get('p1');
    expect(row?.bookings.map((x) => [x.item.id, x.lane, x.clash])).toEqual([
      ['a', 0, true],
      ['x', 1, true],
      ['n', 0, false],
    ]);
    expect(row?.lanes).toBe(2);
  });

  it('keeps blocks apart and marks booked and blocked days busy; rows of other properties stay empty', () => {
    const rows = layoutTimeline(['p1', 'p2'], [b('a', '2026-01-02', '2026-01-04')], [block], '2026-01-01', 14);
    expect(rows.get('p2')?.blocks.map((x) => [x.start, x.span])).toEqual([[8, 3]]);
    expect(rows.get('p1')?.busy.slice(0, 4)).toEqual([false, true, true, false]);
    expect(rows.get('p2')?.busy.filter(Boolean)).toHaveLength(3);
  });

  it('marks a block and the booking on its nights as a clash, but not two stays of one feed', () => {
    const rows = layoutTimeline(
      ['p2'],
      [
        b('direct', '2026-01-10', '2026-01-11', { property_id: 'p2', booking_source: 'direct' }),
        b('feed-1', '2026-01-02', '2026-01-05', { property_id: 'p2', external_uid: 'f1:1@airbnb.com' }),
        b('feed-2', '2026-01-03', '2026-01-06', { property_id: 'p2', external_uid: 'f1:2@airbnb.com' }),
      ],
      [{ ...block, feed_id: 'f2' }, { ...block, id: 'late', start_date: '2026-01-12', end_date: '2026-01-13', feed_id: 'f2' }],
      '2026-01-01',
      14,
    );
    const row = rows.get('p2');
    expect(row?.bookings.map((x) => [x.item.id, x.clash])).toEqual([
      ['feed-1', false],
      ['feed-2', false],
      ['direct', true],
    ]);
    expect(row?.blocks.map((x) => [x.item.id, x.clash])).toEqual([
      ['k', true],
      ['late', false],
    ]);
  });

  it('lays out 50 properties × 90 days out of 10 000 bookings, keeping only the window', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `p${i}`);
    const many: TimelineBooking[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      const day = 1 + (i % 27);
      const month = 1 + (Math.floor(i / 27) % 12);
      const from = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
      many.push(b(`b${i}`, from, `2026-${String(month).padStart(2, '0')}-${String(day + 1).padStart(2, '0')}`, { property_id: ids[i % 50] as string }));
    }
    const rows = layoutTimeline(ids, many, [], '2026-01-01', 90);
    expect(rows.size).toBe(50);
    const inWindow = many.filter((x) => x.check_in_date < '2026-04-01').length;
    expect([...rows.values()].reduce((n, r) => n + r.bookings.length, 0)).toBe(inWindow);
  });
});

describe('unchanged rows', () => {
  it('tells a re-read that draws the same row from one that moves, renames or blocks', () => {
    const lay = (list: TimelineBooking[], blocks: TimelineBlock[] = []) => layoutTimeline(['p1', 'p2'], list, blocks, '2026-01-01', 14);
    const before = lay([b('a', '2026-01-02', '2026-01-05')]);
    // A new read: new objects, same drawing (a field the row does not show may differ).
    const again = lay([{ ...b('a', '2026-01-02', '2026-01-05'), booking_status: 'pending' }]);
    expect(sameRow(before.get('p1') as TimelineRow, again.get('p1') as TimelineRow)).toBe(true);
    expect(sameRow(before.get('p2') as TimelineRow, again.get('p2') as TimelineRow)).toBe(true);
    for (const changed of [
      lay([b('a', '2026-01-02', '2026-01-06')]),
      lay([b('a', '2026-01-02', '2026-01-05', { guest_name: 'Renamed' })]),
      lay([b('a', '2026-01-02', '2026-01-05', { booking_source: 'vrbo' })]),
      lay([b('a', '2026-01-02', '2026-01-05'), b('x', '2026-01-04', '2026-01-05')]),
      lay([b('a', '2026-01-02', '2026-01-05')], [{ ...block, property_id: 'p1' }]),
    ]) {
      expect(sameRow(before.get('p1') as TimelineRow, changed.get('p1') as TimelineRow)).toBe(false);
    }
  });
});

describe('drag to create', () => {
  it('answers the free range in either direction, or null over a taken day', () => {
    const row = { busy: [false, false, true, false, false] };
    expect(dragSelection(row, 1, 0)).toEqual({ first: 0, last: 1 });
    expect(dragSelection(row, 1, 3)).toBeNull();
    expect(dragSelection(row, 3, 9)).toBeNull();
  });

  it('colours the known sources and groups the rest', () => {
    expect(['Airbnb', 'booking.com', 'vrbo', 'hometogo'].map(sourceTone)).toEqual(['airbnb', 'booking', 'vrbo', 'other']);
  });
});
