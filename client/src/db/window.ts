/**
 * Which rows of the two tables that grow with the years (bookings, housekeeping tasks) the
 * in-memory mirror keeps (mirror.ts): the recent and future ones, a window from WINDOW_DAYS before
 * today on. A host with five years of stays holds tens of thousands of each on the device; the
 * screens of the day (dashboard, calendar, the badge, a housekeeper's tasks) read a few thousand.
 * The rest stays in IndexedDB and is read when a screen asks for it (data/history-read.ts).
 *
 * A window is three things that must agree: `keeps` (is this row in memory), `read` (the rows it
 * keeps, read through indexes, never the whole table), and `covers` (can every row a query
 * matches only be a kept one; then the mirror answers it, else the store does).
 */
import type { FilterInput } from '../../../shared/api/table';
import { addDays } from '../../../shared/format/dates';
import type { LocalRow, SyncedTableName } from './schema';

/** Days of the past the mirror keeps: the previous month and a half-year view's start, with margin. */
export const WINDOW_DAYS = 92;

/** Task statuses a task is open in: every open task stays in memory, whatever its date. */
export const OPEN_TASK_STATUSES = ['pending', 'in_progress'] as const;

/** What a window reads the store through (a Dexie table of the synced rows). */
export type WindowSource = {
  where(index: string): {
    aboveOrEqual(key: string): { toArray(): Promise<LocalRow[]> };
    anyOf(keys: readonly string[]): { toArray(): Promise<LocalRow[]> };
  };
};

export type MirrorWindow = {
  /** The oldest date kept (YYYY-MM-DD). */
  readonly cutoff: string;
  keeps(row: LocalRow): boolean;
  /** Whether these filters (all of them must hold) can match only rows the window keeps. */
  covers(filters: readonly FilterInput[]): boolean;
  /** The rows the window keeps, from the store, through its indexes. */
  read(table: WindowSource): Promise<LocalRow[]>;
};

const isDate = (value: unknown): value is string => typeof value === 'string';

/** A filter that holds only for values of `field` at or after `cutoff` (text order, as dates). */
function boundsFrom(filter: FilterInput, field: string, cutoff: string): boolean {
  if (filter.name !== field || typeof filter.value !== 'string') return false;
  return (filter.op === 'GreaterThan' || filter.op === 'GreaterThanOrEqual' || filter.op === 'Equal') && filter.value >= cutoff;
}

/** A filter that holds only for values in `allowed`. */
function within(filter: FilterInput, field: string, allowed: readonly string[]): boolean {
  if (filter.name !== field) return false;
  if (filter.op === 'Equal') return typeof filter.value === 'string' && allowed.includes(filter.value);
  if (filter.op === 'In') return Array.isArray(filter.value) && filter.value.every((v) => typeof v === 'string' && allowed.includes(v));
  return false;
}

/**
 * Bookings whose stay ends on or after the cutoff (the stays of the window's days and all to
 * come), through the `check_out_date` index. A stay's check-out is after its check-in
 * (shared/bookings.ts, enforced on every write), so a check-in bound covers too.
 */
function bookingsWindow(cutoff: string): MirrorWindow {
  return {
    cutoff,
    keeps: (row) => isDate(row.check_out_date) && row.check_out_date >= cutoff,
    covers: (filters) => filters.some((f) => boundsFrom(f, 'check_out_date', cutoff) || boundsFrom(f, 'check_in_date', cutoff)),
    read: (table) => table.where('check_out_date').aboveOrEqual(cutoff).toArray(),
  };
}

/** Open tasks (any date) and tasks scheduled on or after the cutoff, through two indexes. */
function tasksWindow(cutoff: string): MirrorWindow {
  const open: readonly string[] = OPEN_TASK_STATUSES;
  return {
    cutoff,
    keeps: (row) => (typeof row.task_status === 'string' && open.includes(row.task_status)) || (isDate(row.scheduled_date) && row.scheduled_date >= cutoff),
    covers: (filters) => filters.some((f) => within(f, 'task_status', open) || boundsFrom(f, 'scheduled_date', cutoff)),
    read: async (table) => {
      const [recent, opened] = await Promise.all([table.where('scheduled_date').aboveOrEqual(cutoff).toArray(), table.where('task_status').anyOf(open).toArray()]);
      const byId = new Map(recent.map((row) => [row.id, row]));
      for (const row of opened) byId.set(row.id, row);
      return [...byId.values()];
    },
  };
}

/** The windows of a mirror whose day is `today` (YYYY-MM-DD); other tables are held whole. */
export function mirrorWindows(today: string): Partial<Record<SyncedTableName, MirrorWindow>> {
  const cutoff = addDays(today, -WINDOW_DAYS);
  return { bookings: bookingsWindow(cutoff), housekeeping_tasks: tasksWindow(cutoff) };
}

/** Today on this device's clock, as the windows count days (UTC: a day either way is within the margin). */
export function windowToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
