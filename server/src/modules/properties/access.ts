/**
 * A property's access details (door code, Wi-Fi, parking, arrival notes), the `property_access`
 * table: written by its host through the table API or sync push, read by a housekeeper only inside
 * the window of one of her tasks there (policy.ts `access_window`, shared/access-window.ts;
 * docs/security.md "Access details").
 *
 * A window that opens by the calendar alone (the day before the task, in the property's timezone)
 * changes no row, so an incremental pull would not bring the details: `openAccessWindows`, a job
 * run every few minutes, gives the access rows of the properties whose windows opened since its
 * last run a new version.
 * A window closes with a write of its own (the task done, cancelled, reassigned or deleted), which
 * the pull files the row at (a tombstone for her) or which resets her scope.
 */
import { and, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { counters, housekeepingTasks, propertyAccess } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { transact, updateFields, type Tx } from '../../db/write';
import { ValidationFailed } from '../../errors';
import { accessOpensThroughSql, openTaskStatus } from '../../policy';
import { writerWith, type Writer } from '../../write/writer';

const ACCESS = requireTable(TABLE_IDS.property_access);

/** The counter holding when the job last opened windows (epoch ms). */
export const OPENED_AT_COUNTER = 'access:opened_at';

/** Access details belong to one property for good: moving them would hand one door's code to another. */
export const propertyAccessWriter: Writer = writerWith(ACCESS, {
  update: (tx, ctx, before, changes) => {
    if ('property_id' in changes && changes.property_id !== before.property_id) {
      throw new ValidationFailed('Invalid value for property_id: the access details of a property cannot move to another one');
    }
    updateFields(tx, ACCESS, String(before.id), changes, ctx.now, before);
  },
});

/** A day: the first run looks this far back (the windows opened by today's date, as before it ran). */
const DAY_MS = 24 * 60 * 60 * 1000;

export type OpenedSummary = { openedAt: string; properties: number; bumped: number };

/**
 * Gives a new version to the access rows of every property where a live, assigned task that is not
 * done had its window open since the job's last run (its scheduled date, after the property's
 * "tomorrow" at that run and up to its "tomorrow" now, in the property's own days), so that its
 * housekeeper's next pull brings them. Idempotent: a second run finds nothing new until a
 * property's day turns. The first run ever looks back one day.
 */
export function openAccessWindows(db: Db, now: Date): OpenedSummary {
  return transact(db, (tx) => {
    const stored = tx.select({ value: counters.value }).from(counters).where(eq(counters.name, OPENED_AT_COUNTER)).get();
    const last = new Date(stored ? stored.value : now.getTime() - DAY_MS);
    const properties = last < now ? openedProperties(tx, last, now) : [];
    let bumped = 0;
    for (const row of accessRowsOf(tx, properties)) {
      // No field changes: the write gives the row the next version (and pokes who may read it).
      if (updateFields(tx, ACCESS, row.id, {}, now)) bumped += 1;
    }
    if (last < now) {
      tx.insert(counters)
        .values({ name: OPENED_AT_COUNTER, value: now.getTime() })
        .onConflictDoUpdate({ target: counters.name, set: { value: now.getTime() } })
        .run();
    }
    return { openedAt: now.toISOString(), properties: properties.length, bumped };
  });
}

/** Properties with a live assigned task, not done, whose window opened after `last` and by `now`. */
function openedProperties(tx: Tx, last: Date, now: Date): string[] {
  const t = housekeepingTasks;
  const rows = tx
    .select({ id: t.property_id })
    .from(t)
    .where(
      and(
        isNull(t.deleted_at),
        isNotNull(t.assigned_staff_id),
        openTaskStatus(),
        gt(t.scheduled_date, accessOpensThroughSql(t.property_id, last.toISOString())),
        lte(t.scheduled_date, accessOpensThroughSql(t.property_id, now.toISOString())),
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
