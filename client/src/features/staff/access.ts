/**
 * A housekeeper's access details (door codes, Wi-Fi): the server sends a property's only inside
 * the window of one of her tasks there (docs/security.md "Access details"), and this device drops
 * them when no window is open any more by its own clock, offline too: her task there done,
 * cancelled, reassigned or gone, and no other task of hers there due by tomorrow, in the
 * property's own days (its timezone; UTC for a property row pulled before it carried one). The device reads
 * its clock a few hours ahead (CLOCK_SLACK_MS), so that a clock running slow never drops a row the
 * server has just sent at the opening of a window: such a row would not come back until it changed.
 */
import { useEffect, useMemo } from 'react';
import { isAccessWindowOpen } from '../../../../shared/access-window';
import { TABLE, type PropertyAccess } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { appDb } from '../../db/app-db';

type TaskLike = { property_id: string; assigned_staff_id: string | null; task_status: string; scheduled_date: string | null; deleted_at?: string | null };

/** How far ahead the device reads its clock when it judges a window (a slow clock keeps, never drops). */
export const CLOCK_SLACK_MS = 6 * 60 * 60 * 1000;

/**
 * The access rows of properties where none of her tasks has its window open at `now`; `zones`: each
 * property's timezone, by id.
 */
export function endedAccessIds(
  access: readonly Pick<PropertyAccess, 'id' | 'property_id'>[],
  tasks: readonly TaskLike[],
  staffIds: readonly string[],
  now: Date,
  zones: ReadonlyMap<string, string | null | undefined> = new Map(),
): string[] {
  const ahead = new Date(now.getTime() + CLOCK_SLACK_MS);
  const open = new Set(
    tasks
      .filter((t) => t.assigned_staff_id !== null && staffIds.includes(t.assigned_staff_id) && isAccessWindowOpen(t, ahead, zones.get(t.property_id)))
      .map((t) => t.property_id),
  );
  return access.filter((a) => !open.has(a.property_id)).map((a) => a.id);
}

/**
 * The access details this device holds, by property, after dropping those whose window ended.
 * `tasks` are her tasks as the screen has them (undefined while they load: nothing is dropped).
 */
export function useAccessDetails(tasks: readonly TaskLike[] | undefined, staffIds: readonly string[]): Map<string, PropertyAccess> {
  const access = useRows(TABLE.property_access, { PageSize: 1000 });
  const properties = useRows(TABLE.properties, { PageSize: 1000 });
  const rows = access.rows;
  const zones = useMemo(() => (properties.rows ? new Map(properties.rows.map((p) => [p.id, p.timezone])) : undefined), [properties.rows]);
  const ended = useMemo(() => (rows && tasks && zones && staffIds.length > 0 ? endedAccessIds(rows, tasks, staffIds, new Date(), zones) : []), [rows, tasks, staffIds, zones]);
  useEffect(() => {
    // Dropped from this device only: the server sends a tombstone once the task's change reaches it.
    if (ended.length > 0) void appDb().rows('property_access').bulkDelete(ended);
  }, [ended]);
  return useMemo(() => {
    const gone = new Set(ended);
    return new Map((rows ?? []).filter((a) => !gone.has(a.id)).map((a) => [a.property_id, a]));
  }, [rows, ended]);
}
