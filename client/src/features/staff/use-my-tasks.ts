import { TABLE, type OwnStaffRow, type StaffProperty } from '../../data/tables';
import { useProperties } from '../../data/common-rows';
import { useRows, type RowsResult } from '../../data/use-rows';

/**
 * The tasks assigned to the signed-in housekeeper at every host she works for (`staffIds`: her
 * staff row at each, hosts.tsx `useStaffHosts`); the server scopes staff to their own.
 */
export function useMyTasks(staffIds: readonly string[], options: { firstPart?: boolean } = {}) {
  return useRows(
    TABLE.housekeeping_tasks,
    {
      PageSize: 1000,
      OrderByField: 'scheduled_date',
      IsAsc: true,
      Filters: staffIds.length ? [{ name: 'assigned_staff_id', op: 'In', value: [...staffIds] }] : [],
    },
    options,
  );
}

/** Her staff rows at every host she works for (each host keeps its own hours and contact). */
export function useMyStaffRows(staffIds: readonly string[]): RowsResult<OwnStaffRow> {
  return useRows(TABLE.housekeeping_staff, { PageSize: 100, Filters: [{ name: 'id', op: 'In', value: [...staffIds] }] }, { enabled: staffIds.length > 0 });
}

/**
 * The properties of her tasks, typed with the fields her device receives (shared/device-fields.ts):
 * a staff screen reading a field she is not sent does not compile.
 */
export function useMyProperties(): RowsResult<StaffProperty> {
  return useProperties();
}
