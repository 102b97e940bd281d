/**
 * The first part of a first sync (README.md beside this file, "A first sync in two parts"): the
 * rows that the staff app's today screen and the host's dashboard read, so that a device on a slow
 * network shows them before the rest of the account has arrived. Per synced table: the whole table
 * (small tables those screens read: the host profile, settings, properties, staff, templates,
 * access details), the rows of a date window the client names (stays, tasks, blocks), or the
 * unread ones (messages). A table not named here comes with the rest only, so that a new table
 * never swells the first part by default.
 */
import { and, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { TableDef } from '../../../../shared/registry';
import { FIRST_PART_WHOLE_TABLES } from '../../../../shared/sync';
import { columnsOf } from '../../db/write';

/** The window's bounds as statement placeholders (YYYY-MM-DD, `from` included, `to` excluded). */
const FIRST_FROM = sql.placeholder('first_from');
const FIRST_TO = sql.placeholder('first_to');

const WHOLE = new Set(FIRST_PART_WHOLE_TABLES);

function col(def: TableDef, name: string): SQLiteColumn {
  const column = columnsOf(def)[name];
  if (!column) throw new Error(`${def.name} has no column ${name}`);
  return column as SQLiteColumn;
}

/** Stays and blocks touching the window (the dashboard's arrivals, occupancy, revenue and clashes). */
function touching(def: TableDef, start: string, end: string): SQL {
  return sql`${col(def, end)} > ${FIRST_FROM} and ${col(def, start)} < ${FIRST_TO}`;
}

const FILTERS: Record<string, (def: TableDef) => SQL> = {
  bookings: (def) => touching(def, 'check_in_date', 'check_out_date'),
  calendar_blocks: (def) => touching(def, 'start_date', 'end_date'),
  // The window's tasks, and the open ones before it (overdue: the dashboard and the today screen show them).
  housekeeping_tasks: (def) =>
    and(
      sql`${col(def, 'scheduled_date')} < ${FIRST_TO}`,
      or(sql`${col(def, 'scheduled_date')} >= ${FIRST_FROM}`, inArray(col(def, 'task_status'), ['pending', 'in_progress'])),
    ) as SQL,
  inbox_messages: (def) => sql`${col(def, 'status')} = 'unread'`,
};

/**
 * What of `def` the first part carries: `null` for the whole table, a condition on its rows, or
 * `undefined` when the table waits for the rest.
 */
export function firstPartFilter(def: TableDef): SQL | null | undefined {
  if (WHOLE.has(def.name)) return null;
  return FILTERS[def.name]?.(def);
}
