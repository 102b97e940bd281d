/**
 * A property's access details (door code, Wi-Fi, parking, arrival notes), the `property_access`
 * table: written by its host through the table API or sync push, read by a housekeeper only inside
 * the window of one of her tasks there (policy.ts `access_window`, shared/access-window.ts;
 * docs/security.md "Access details").
 *
 * A window that opens by the calendar alone (the day before the task) changes no row, so an
 * incremental pull would not bring the details: `openAccessWindows`, a job run every few minutes,
 * gives the access rows of the properties whose windows opened since its last run a new version.
 * A window closes with a write of its own (the task done, cancelled, reassigned or deleted), which
 * the pull files the row at (a tombstone for her) or which resets her scope.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { OPEN_TASK_STATUSES, accessOpensThrough } from '../../../../shared/access-window';
import { addDays } from '../../../../shared/dates';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { counters, housekeepingTasks, propertyAccess } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { transact, updateFields, type Tx } from '../../db/write';
import { ValidationFailed } from '../../errors';
import { writerWith, type Writer } from '../../write/writer';

const ACCESS = requireTable(TABLE_IDS.property_access);

/** The counter holding the last scheduled date whose window the job has opened (YYYYMMDD). */
export const OPENED_THROUGH_COUNTER = 'access:opened_through';

/** Access details belong to one property for good: moving them would hand one door's code to another. */
export const propertyAccessWriter: Writer = writerWith(ACCESS, {
  update: (tx, ctx, before, changes) => {
    if ('property_id' in changes && changes.property_id !== before.property_id) {
      throw new ValidationFailed('Invalid value for property_id: the access details of a property cannot move to another one');
    }
    updateFields(tx, ACCESS, String(before.id), changes, ctx.now, before);
  },
});

const asNumber = (date: string) => Number(date.replaceAll('-', ''));
const asDate = (n: number) => {
  const s = String(n).padStart(8, '0');
  return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
};

export type OpenedSummary = { openedThrough: string; properties: number; bumped: number };

/**
 * Gives a new version to the access rows of every property where a live, assigned task that is not
 * done is scheduled after the last date this job opened and up to today's (tomorrow's tasks), so
 * that its housekeeper's next pull brings them. Idempotent: a second run the same day finds
 * nothing new. The first run ever opens only today's new date (earlier windows opened with their
 * task's own write, or, before this job existed, are brought by the next write to the task).
 */
export function openAccessWindows(db: Db, now: Date): OpenedSummary {
  const through = accessOpensThrough(now);
  return transact(db, (tx) => {
    const stored = tx.select({ value: counters.value }).from(counters).where(eq(counters.name, OPENED_THROUGH_COUNTER)).get();
    const after = stored ? asDate(stored.value) : addDays(through, -1);
    if (after >= through) return { openedThrough: after, properties: 0, bumped: 0 };
    const properties = openedProperties(tx, after, through);
    let bumped = 0;
    for (const row of accessRowsOf(tx, properties)) {
      // No field changes: the write gives the row the next version (and pokes who may read it).
      if (updateFields(tx, ACCESS, row.id, {}, now)) bumped += 1;
    }
    tx.insert(counters)
      .values({ name: OPENED_THROUGH_COUNTER, value: asNumber(through) })
      .onConflictDoUpdate({ target: counters.name, set: { value: asNumber(through) } })
      .run();
    return { openedThrough: through, properties: properties.length, bumped };
  });
}

/** Properties with a live assigned task, not done, scheduled in (after, through]. */
function openedProperties(tx: Tx, after: string, through: string): string[] {
  const t = housekeepingTasks;
  const rows = tx
    .select({ id: t.property_id })
    .from(t)
    .where(
      and(
        isNull(t.deleted_at),
        isNotNull(t.assigned_staff_id),
        inArray(t.task_status, [...OPEN_TASK_STATUSES]),
        gt(t.scheduled_date, after),
        lte(t.scheduled_date, through),
      ),
    )
    .all();
  return [...new Set(rows.map((r) => r.id))];
}

function accessRowsOf(tx: Tx, propertyIds: readonly string[]): { id: string }[] {
  const out: { id: string }[] = [];
  for (let i = 0; i < propertyIds.length; i += 500) {
    const part = propertyIds.slice(i, i + 500);
    out.push(
      ...tx
        .select({ id: propertyAccess.id })
        .from(propertyAccess)
        .where(and(inArray(propertyAccess.property_id, part), isNull(propertyAccess.deleted_at)))
        .all(),
    );
  }
  return out;
}
