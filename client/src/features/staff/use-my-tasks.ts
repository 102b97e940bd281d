import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';

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
export function useMyStaffRow(staffId: string | undefined) {
  return useRows(TABLE.housekeeping_staff, { PageSize: 1, Filters: staffId ? [{ name: 'id', op: 'Equal', value: staffId }] : [] }, { enabled: Boolean(staffId) });
}
