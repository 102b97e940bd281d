import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../../../shared/format/dates';
import { testStore } from '../sync/test-db';
import type { StaykeepDb } from '../db/db';
import type { LocalRow } from '../db/schema';
import { WINDOW_DAYS } from '../db/window';
import { historyPage, historyPageLatest, historyPageNow, inMemory, readMatching, readPage, SCAN_CHUNK } from './history-read';
import { selectPage } from './query-local';
import type { FilterInput, PageQuery } from './table-api';

const TODAY = '2030-06-15';
const CUTOFF = addDays(TODAY, -WINDOW_DAYS);

const open: StaykeepDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function windowedDb(): StaykeepDb {
  const db = testStore({ windowed: true, today: TODAY }).open();
  open.push(db);
  return db;
}

const booking = (id: string, checkIn: string, nights: number, extra: Partial<LocalRow> = {}): LocalRow => ({
  id,
  property_id: 'p1',
  check_in_date: checkIn,
  check_out_date: addDays(checkIn, nights),
  booking_status: 'confirmed',
  total_amount: 100,
  ...extra,
});

const task = (id: string, scheduled: string, status: string): LocalRow => ({ id, property_id: 'p1', scheduled_date: scheduled, due_date: scheduled, task_status: status, task_title: id });

async function settle(): Promise<void> {
  // Listeners and history versions move in a task after the commit.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the windowed mirror (db/window.ts)', () => {
  it('holds recent and future bookings and open or recent tasks; the rest stays in the store only', async () => {
    const db = windowedDb();
    await db.rows('bookings').bulkPut([booking('old', '2026-03-01', 3), booking('edge', addDays(CUTOFF, -2), 2), booking('recent', addDays(TODAY, -10), 2), booking('next', addDays(TODAY, 20), 4)]);
    await db.rows('housekeeping_tasks').bulkPut([task('done-old', '2026-03-04', 'completed'), task('open-old', '2026-03-04', 'pending'), task('done-recent', addDays(TODAY, -8), 'completed'), task('soon', addDays(TODAY, 3), 'pending')]);
    await db.mirror.load('bookings');
    await db.mirror.load('housekeeping_tasks');
    expect([...(db.mirror.state('bookings').rows?.keys() ?? [])].sort()).toEqual(['edge', 'next', 'recent']);
    expect([...(db.mirror.state('housekeeping_tasks').rows?.keys() ?? [])].sort()).toEqual(['done-recent', 'open-old', 'soon']);

    // A task completed long after its day leaves memory; reopened, it comes back.
    await db.rows('housekeeping_tasks').put(task('open-old', '2026-03-04', 'completed'));
    expect(db.mirror.state('housekeeping_tasks').rows?.has('open-old')).toBe(false);
    await db.rows('housekeeping_tasks').put(task('open-old', '2026-03-04', 'in_progress'));
    expect(db.mirror.state('housekeeping_tasks').rows?.get('open-old')?.task_status).toBe('in_progress');
    // A pulled stay of years ago is stored, not held.
    await db.rows('bookings').put(booking('older', '2025-01-01', 2));
    expect(db.mirror.state('bookings').rows?.has('older')).toBe(false);
    expect(await db.rows('bookings').get('older')).toBeDefined();
  });

  it('answers from memory only the queries its window covers', () => {
    const db = windowedDb();
    const covers = (name: 'bookings' | 'housekeeping_tasks', filters: FilterInput[]) => inMemory(db.mirror, name, { Filters: filters });
    expect(covers('bookings', [{ name: 'check_out_date', op: 'GreaterThan', value: TODAY }])).toBe(true);
    expect(covers('bookings', [{ name: 'check_in_date', op: 'GreaterThanOrEqual', value: CUTOFF }])).toBe(true);
    expect(covers('bookings', [{ name: 'check_out_date', op: 'GreaterThan', value: addDays(CUTOFF, -1) }])).toBe(false);
    expect(covers('bookings', [])).toBe(false);
    expect(covers('bookings', [{ name: 'property_id', op: 'Equal', value: 'p1' }])).toBe(false);
    expect(covers('bookings', [{ name: 'check_out_date', op: 'LessThan', value: TODAY }])).toBe(false);
    expect(covers('housekeeping_tasks', [{ name: 'task_status', op: 'In', value: ['pending', 'in_progress'] }])).toBe(true);
    expect(covers('housekeeping_tasks', [{ name: 'task_status', op: 'In', value: ['pending', 'completed'] }])).toBe(false);
    expect(covers('housekeeping_tasks', [{ name: 'scheduled_date', op: 'GreaterThanOrEqual', value: TODAY }])).toBe(true);
    // Tables that do not grow with the years are held whole.
    expect(inMemory(db.mirror, 'properties', {})).toBe(true);
  });
});

describe('history read from the store', () => {
  it('a screen reading an old month gets its stays, none of which is in memory, and follows a change to one', async () => {
    const db = windowedDb();
    const march = [booking('m1', '2027-03-02', 3), booking('m2', '2027-03-20', 5), booking('m3', '2027-02-27', 3)];
    await db.rows('bookings').bulkPut([...march, booking('april', '2027-04-10', 2), booking('now', TODAY, 2)]);
    const month: PageQuery = {
      PageSize: 1000,
      OrderByField: 'check_in_date',
      Filters: [
        { name: 'check_out_date', op: 'GreaterThan', value: '2027-03-01' },
        { name: 'check_in_date', op: 'LessThan', value: '2027-04-01' },
      ],
    };
    const page = await readPage(db, 'bookings', month);
    expect(page.List.map((b) => b.id)).toEqual(['m3', 'm1', 'm2']);
    expect(page.VirtualCount).toBe(3);
    const held = db.mirror.state('bookings').rows;
    for (const b of page.List) expect(held?.has(b.id)).toBe(false);

    // Another device moved one stay out of March and cancelled another: the next read merges them in.
    await db.rows('bookings').bulkPut([{ ...booking('m2', '2027-04-20', 2) }, { ...booking('m1', '2027-03-02', 3), booking_status: 'cancelled' }]);
    await settle();
    const after = await readPage(db, 'bookings', month);
    expect(after.List.map((b) => [b.id, b.booking_status])).toEqual([
      ['m3', 'confirmed'],
      ['m1', 'cancelled'],
    ]);
  });

  it('a list of every row (the bookings list, finances) reads the whole table in chunks', async () => {
    const db = windowedDb();
    const rows = Array.from({ length: SCAN_CHUNK * 2 + 7 }, (_, i) => booking(`b${String(i).padStart(5, '0')}`, addDays('2026-01-01', i % 900), 1 + (i % 4)));
    await db.rows('bookings').bulkPut(rows);
    const query: PageQuery = { PageSize: 100_000, OrderByField: 'check_in_date', IsAsc: false };
    const page = await readPage(db, 'bookings', query);
    expect(page.VirtualCount).toBe(rows.length);
    expect(page.List).toEqual(selectPage(rows, query).List);
    expect(db.mirror.state('bookings').rows?.size).toBeLessThan(rows.length);
  });

  it('asks the store again after a reload-sized gap in the versions (the answer is read anew, not merged)', async () => {
    const db = windowedDb();
    await db.rows('bookings').put(booking('a', '2026-01-01', 2));
    await db.mirror.load('bookings');
    const key = JSON.stringify({});
    const first = await historyPage(db, db.mirror, 'bookings', db.mirror.version('bookings'), key, {});
    expect(first.List.map((b) => b.id)).toEqual(['a']);
    // More versions than the mirror remembers: no list of changed rows, so a full read.
    for (let i = 0; i < 70; i += 1) await db.rows('bookings').put(booking(`n${i}`, '2026-02-01', 1));
    await settle();
    const later = await historyPage(db, db.mirror, 'bookings', db.mirror.version('bookings'), key, {});
    expect(later.VirtualCount).toBe(71);
  });

  it('answers every query as a read of the whole table would (random rows, writes and queries)', async () => {
    const day = fc.integer({ min: -2000, max: 400 }).map((n) => addDays(TODAY, n));
    const bookingArb = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), checkIn: day, nights: fc.integer({ min: 1, max: 9 }), property: fc.constantFrom('p1', 'p2') });
    const taskArb = fc.record({ id: fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'), day, status: fc.constantFrom('pending', 'in_progress', 'completed', 'cancelled') });
    const dateFilter = (names: string[]) =>
      fc.record({ name: fc.constantFrom(...names), op: fc.constantFrom('GreaterThan', 'GreaterThanOrEqual', 'LessThan', 'Equal'), value: day }) as fc.Arbitrary<FilterInput>;
    const bookingFilter = fc.oneof(dateFilter(['check_in_date', 'check_out_date']), fc.record({ name: fc.constant('property_id'), op: fc.constant('Equal'), value: fc.constantFrom('p1', 'p2') }) as fc.Arbitrary<FilterInput>);
    const taskFilter = fc.oneof(
      dateFilter(['scheduled_date']),
      fc.record({ name: fc.constant('task_status'), op: fc.constant('In'), value: fc.subarray(['pending', 'in_progress', 'completed', 'cancelled'], { minLength: 1 }) }) as fc.Arbitrary<FilterInput>,
    );
    const queryOf = (filter: fc.Arbitrary<FilterInput>, fields: string[]) =>
      fc.record({ Filters: fc.array(filter, { maxLength: 2 }), OrderByField: fc.constantFrom(...fields), IsAsc: fc.boolean(), PageSize: fc.constantFrom(2, 100) }) as fc.Arbitrary<PageQuery>;

    await fc.assert(
      fc.asyncProperty(
        fc.array(bookingArb, { maxLength: 12 }),
        fc.array(bookingArb, { maxLength: 6 }),
        fc.array(taskArb, { maxLength: 10 }),
        fc.array(taskArb, { maxLength: 5 }),
        fc.array(queryOf(bookingFilter, ['check_in_date', 'id']), { minLength: 1, maxLength: 3 }),
        fc.array(queryOf(taskFilter, ['scheduled_date', 'id']), { minLength: 1, maxLength: 3 }),
        async (bookings, laterBookings, tasks, laterTasks, bookingQueries, taskQueries) => {
          const db = windowedDb();
          const toBooking = (b: (typeof bookings)[number]) => booking(b.id, b.checkIn, b.nights, { property_id: b.property });
          const toTask = (t: (typeof tasks)[number]) => task(t.id, t.day, t.status);
          await db.rows('bookings').bulkPut(bookings.map(toBooking));
          await db.rows('housekeeping_tasks').bulkPut(tasks.map(toTask));
          const check = async () => {
            const allBookings = await db.rows('bookings').toArray();
            const allTasks = await db.rows('housekeeping_tasks').toArray();
            for (const q of bookingQueries) expect(await readPage(db, 'bookings', q)).toEqual(selectPage(allBookings, q));
            for (const q of taskQueries) expect(await readPage(db, 'housekeeping_tasks', q)).toEqual(selectPage(allTasks, q));
          };
          await check();
          // Rows move in and out of the window and of the queries; a row goes.
          await db.rows('bookings').bulkPut(laterBookings.map(toBooking));
          await db.rows('housekeeping_tasks').bulkPut(laterTasks.map(toTask));
          if (bookings[0]) await db.rows('bookings').delete(bookings[0].id);
          await settle();
          await check();
          db.close();
          open.splice(open.indexOf(db), 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows a change of a row held in memory without waiting for the store; one outside the window waits for its read', async () => {
    const db = windowedDb();
    await db.rows('housekeeping_tasks').bulkPut([task('old', '2026-01-01', 'completed'), task('today', TODAY, 'pending')]);
    const query: PageQuery = { PageSize: 10, OrderByField: 'scheduled_date', IsAsc: false };
    const key = JSON.stringify(query);
    expect((await readPage(db, 'housekeeping_tasks', query)).List.map((t) => t.id)).toEqual(['today', 'old']);
    await db.rows('housekeeping_tasks').put({ ...task('today', TODAY, 'in_progress') });
    await settle();
    const now = historyPageNow(db.mirror, 'housekeeping_tasks', db.mirror.version('housekeeping_tasks'), key, query);
    expect(now?.List.map((t) => [t.id, t.task_status])).toEqual([
      ['today', 'in_progress'],
      ['old', 'completed'],
    ]);
    await db.rows('housekeeping_tasks').put({ ...task('old', '2026-01-01', 'completed'), notes: 'checked' });
    await settle();
    expect(historyPageNow(db.mirror, 'housekeeping_tasks', db.mirror.version('housekeeping_tasks'), key, query)).toBeNull();
    expect((await readPage(db, 'housekeeping_tasks', query)).List.map((t) => t.notes ?? null)).toEqual([null, 'checked']);
  });

  it('gives a screen the newest page it knows while a newer one is read, and the same page object for a version it answered at once', async () => {
    const db = windowedDb();
    await db.rows('housekeeping_tasks').bulkPut([task('old', '2026-01-01', 'completed'), task('today', TODAY, 'pending')]);
    const query: PageQuery = { PageSize: 10, OrderByField: 'scheduled_date', IsAsc: false };
    const key = JSON.stringify(query);
    await db.mirror.load('housekeeping_tasks');
    const version = () => db.mirror.version('housekeeping_tasks');
    expect(historyPageLatest(db.mirror, 'housekeeping_tasks', key)).toBeNull();
    const first = await historyPage(db, db.mirror, 'housekeeping_tasks', version(), key, query);
    expect(historyPageLatest(db.mirror, 'housekeeping_tasks', key)).toBe(first);

    // A change within the window: answered at once, and the read of that version is that very page
    // (use-rows.ts renders a screen again only for a page it does not show).
    await db.rows('housekeeping_tasks').put(task('today', TODAY, 'in_progress'));
    await settle();
    const now = historyPageNow(db.mirror, 'housekeeping_tasks', version(), key, query);
    expect(now?.List.map((t) => t.task_status)).toEqual(['in_progress', 'completed']);
    expect(await historyPage(db, db.mirror, 'housekeeping_tasks', version(), key, query)).toBe(now);

    // A change outside it: until its read is done, the newest page known is the one just shown, not the first.
    await db.rows('housekeeping_tasks').put({ ...task('old', '2026-01-01', 'completed'), notes: 'checked' });
    await settle();
    expect(historyPageNow(db.mirror, 'housekeeping_tasks', version(), key, query)).toBeNull();
    const reading = historyPage(db, db.mirror, 'housekeeping_tasks', version(), key, query);
    expect(historyPageLatest(db.mirror, 'housekeeping_tasks', key)).toBe(now);
    const read = await reading;
    expect(read.List.map((t) => [t.task_status, t.notes ?? null])).toEqual([
      ['in_progress', null],
      ['completed', 'checked'],
    ]);
    expect(historyPageLatest(db.mirror, 'housekeeping_tasks', key)).toBe(read);
    expect(historyPageNow(db.mirror, 'housekeeping_tasks', version(), key, query)).toBe(read);
  });

  it('reads by key and through an index what a filter names', async () => {
    const db = windowedDb();
    await db.rows('housekeeping_tasks').bulkPut([task('x', '2026-01-01', 'completed'), task('y', '2026-01-02', 'cancelled'), task('z', TODAY, 'pending')]);
    expect((await readMatching(db, 'housekeeping_tasks', { Filters: [{ name: 'id', op: 'Equal', value: 'x' }] })).map((t) => t.id)).toEqual(['x']);
    expect((await readMatching(db, 'housekeeping_tasks', { Filters: [{ name: 'id', op: 'In', value: ['y', 'nope', 'z'] }] })).map((t) => t.id)).toEqual(['y', 'z']);
    expect((await readMatching(db, 'housekeeping_tasks', { Filters: [{ name: 'task_status', op: 'Equal', value: 'cancelled' }] })).map((t) => t.id)).toEqual(['y']);
  });
});
