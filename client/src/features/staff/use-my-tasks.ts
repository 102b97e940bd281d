import { TABLE, type OwnStaffRow, type StaffProperty } from '../../data/tables';
import { useProperties } from '../../data/common-rows';
import { useRows, type RowsResult } from '../../data/use-rows';

/** The tasks assigned to the signed-in housekeeper (the server scopes staff to their own). */
export function useMyTasks(staffId: string | undefined) {
  return useRows(TABLE.housekeeping_tasks, {
    PageSize: 1000,
    OrderByField: 'scheduled_date',
    IsAsc: true,
    Filters: staffId ? [{ name: 'assigned_staff_id', op: 'Equal', value: staffId }] : [],
  });
}

/** The housekeeper's own staff row (hours, contact), kept on the device. */
export function useMyStaffRow(staffId: string | undefined): RowsResult<OwnStaffRow> {
  return useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: staffId ? [{ name: 'id', op: 'Equal', value: staffId }] : [] }, { enabled: Boolean(staffId) });
}

/**
 * The properties of her tasks, typed with the fields her device receives (shared/device-fields.ts):
 * a staff screen reading a field she is not sent does not compile.
 */
export function useMyProperties(): RowsResult<StaffProperty> {
  return useProperties();
}
