/**
 * The calendar's layout, computed once per data change and kept out of the
 * components so that 50 properties × 90 days render as a few hundred positioned bars instead of
 * 4 500 cell components: per property, its bookings as bars (start column, span, lane when two
 * overlap, clash flag), its imported blocks as their own strip, and which days are free (for drag
 * to create). Columns are nights: a stay from the 3rd to the 5th fills the 3rd and the 4th.
 * Clashes are judged over bookings and blocks together by the server's rule (shared/calendar-clashes.ts).
 */
import { holdsDates } from '../../../../shared/bookings';
import { clashingIds, feedOfExternalUid, type DatedEvent } from '../../../../shared/calendar-clashes';
import { toDayNumber } from '../../../../shared/dates';

export type TimelineBooking = {
  id: string;
  property_id: string;
  guest_name: string;
  check_in_date: string;
  check_out_date: string;
  booking_source: string;
  booking_status: string;
  /** `<feed id>:<uid>` when a calendar feed brought it. */
  external_uid?: string | null;
};

export type TimelineBlock = { id: string; property_id: string; start_date: string; end_date: string; summary: string; source: string; feed_id?: string | null };

export type Bar<T> = {
  item: T;
  /** 0-based first column inside the window. */
  start: number;
  /** Columns covered inside the window (≥ 1). */
  span: number;
  /** The stay goes on before / after the window. */
  clippedStart: boolean;
  clippedEnd: boolean;
  /** 0 for the first row of bars; overlapping bookings stack below. */
  lane: number;
  /** Shares nights with another booking or block of the property (shared/calendar-clashes.ts). */
  clash: boolean;
};

export type TimelineRow = {
  propertyId: string;
  bookings: Bar<TimelineBooking>[];
  blocks: Bar<TimelineBlock>[];
  lanes: number;
  /** busy[i] is true when day i has a live booking or a block. */
  busy: boolean[];
};

function place<T>(item: T, from: string, to: string, windowStart: number, days: number): Omit<Bar<T>, 'lane' | 'clash'> | null {
  const a = toDayNumber(from) - windowStart;
  const b = toDayNumber(to) - windowStart;
  const start = Math.max(0, a);
  const end = Math.min(days, b);
  if (end <= start) return null;
  return { item, start, span: end - start, clippedStart: a < 0, clippedEnd: b > days };
}

/** Lays out every property's row for the window of `days` days from `from`. */
export function layoutTimeline(
  propertyIds: readonly string[],
  bookings: readonly TimelineBooking[],
  blocks: readonly TimelineBlock[],
  from: string,
  days: number,
): Map<string, TimelineRow> {
  const windowStart = toDayNumber(from);
  const rows = new Map<string, TimelineRow>();
  for (const id of propertyIds) rows.set(id, { propertyId: id, bookings: [], blocks: [], lanes: 1, busy: new Array<boolean>(days).fill(false) });

  const live = new Map<string, TimelineBooking[]>();
  const events = new Map<string, DatedEvent[]>();
  const eventsOf = (propertyId: string): DatedEvent[] => {
    let list = events.get(propertyId);
    if (!list) events.set(propertyId, (list = []));
    return list;
  };
  for (const b of bookings) {
    if (!holdsDates(b) || !rows.has(b.property_id)) continue;
    const list = live.get(b.property_id);
    if (list) list.push(b);
    else live.set(b.property_id, [b]);
    eventsOf(b.property_id).push({ id: b.id, start: b.check_in_date, end: b.check_out_date, feedId: feedOfExternalUid(b.external_uid) });
  }
  for (const block of blocks) {
    if (rows.has(block.property_id)) eventsOf(block.property_id).push({ id: block.id, start: block.start_date, end: block.end_date, feedId: block.feed_id });
  }
  const clashing = new Set<string>();
  for (const list of events.values()) for (const id of clashingIds(list)) clashing.add(id);

  for (const [propertyId, list] of live) {
    const row = rows.get(propertyId) as TimelineRow;
    list.sort((x, y) => (x.check_in_date < y.check_in_date ? -1 : x.check_in_date > y.check_in_date ? 1 : x.id < y.id ? -1 : 1));
    // Greedy lanes: each bar takes the first lane whose last bar has ended.
    const laneEnds: string[] = [];
    for (const b of list) {
      const placed = place(b, b.check_in_date, b.check_out_date, windowStart, days);
      if (!placed) continue;
      let lane = laneEnds.findIndex((end) => end <= b.check_in_date);
      if (lane < 0) lane = laneEnds.length;
      laneEnds[lane] = b.check_out_date;
      row.bookings.push({ ...placed, lane, clash: clashing.has(b.id) });
      for (let d = placed.start; d < placed.start + placed.span; d += 1) row.busy[d] = true;
    }
    row.lanes = Math.max(1, laneEnds.length);
  }

  for (const block of blocks) {
    const row = rows.get(block.property_id);
    if (!row) continue;
    const placed = place(block, block.start_date, block.end_date, windowStart, days);
    if (!placed) continue;
    row.blocks.push({ ...placed, lane: 0, clash: clashing.has(block.id) });
    for (let d = placed.start; d < placed.start + placed.span; d += 1) row.busy[d] = true;
  }
  return rows;
}

function sameBooking(a: Bar<TimelineBooking>, b: Bar<TimelineBooking>): boolean {
  const x = a.item;
  const y = b.item;
  return (
    a.start === b.start &&
    a.span === b.span &&
    a.lane === b.lane &&
    a.clash === b.clash &&
    a.clippedStart === b.clippedStart &&
    a.clippedEnd === b.clippedEnd &&
    x.id === y.id &&
    x.guest_name === y.guest_name &&
    x.booking_source === y.booking_source &&
    x.check_in_date === y.check_in_date &&
    x.check_out_date === y.check_out_date
  );
}

function sameBlock(a: Bar<TimelineBlock>, b: Bar<TimelineBlock>): boolean {
  const x = a.item;
  const y = b.item;
  return a.start === b.start && a.span === b.span && a.clash === b.clash && x.id === y.id && x.summary === y.summary && x.start_date === y.start_date && x.end_date === y.end_date;
}

/**
 * Whether two layouts of a row draw the same thing (every field a row shows or drags over), so
 * that a re-read of the bookings (any write re-runs the live query, with new objects for every
 * row) re-renders only the rows that changed.
 */
export function sameRow(a: TimelineRow, b: TimelineRow): boolean {
  return (
    a.propertyId === b.propertyId &&
    a.lanes === b.lanes &&
    a.bookings.length === b.bookings.length &&
    a.blocks.length === b.blocks.length &&
    a.busy.length === b.busy.length &&
    a.busy.every((busy, i) => busy === b.busy[i]) &&
    a.bookings.every((bar, i) => sameBooking(bar, b.bookings[i] as Bar<TimelineBooking>)) &&
    a.blocks.every((bar, i) => sameBlock(bar, b.blocks[i] as Bar<TimelineBlock>))
  );
}

/** The stay a drag from day `a` to day `b` (either order, inclusive) asks for, or null if a day is taken. */
export function dragSelection(row: Pick<TimelineRow, 'busy'>, a: number, b: number): { first: number; last: number } | null {
  const first = Math.min(a, b);
  const last = Math.max(a, b);
  if (first < 0 || last >= row.busy.length) return null;
  for (let d = first; d <= last; d += 1) if (row.busy[d]) return null;
  return { first, last };
}

/** CSS colour class of a booking source: the known sites get their own, the rest share one. */
export function sourceTone(source: string): string {
  const s = source.trim().toLowerCase();
  if (s === 'airbnb') return 'airbnb';
  if (s === 'booking.com' || s === 'booking') return 'booking';
  if (s === 'vrbo') return 'vrbo';
  if (s === 'expedia') return 'expedia';
  if (s === 'direct') return 'direct';
  return 'other';
}
