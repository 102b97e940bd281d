import type { StaffProperty, Task } from '../../data/tables';
import { useCurrentUser } from '../../components/layout/current-user';
import { AccessDetails } from '../../components/access-details';
import { TaskDialog, isOpen } from '../tasks';
import { ReportProblemButton } from '../reports';
import { useAccessDetails } from './access';
import { useStaffHosts } from './hosts';
import { useMyTasks } from './use-my-tasks';
import { useT } from '../../i18n/use-t';

/**
 * The housekeeper's task dialog: the work (status, checklist, notes), where to go and how to get in
 * (access details, from the day before the task until it is done), for whom when she works for
 * several hosts, and "Report a problem" found there.
 */
export function StaffTaskDialog({
  task,
  properties,
  hostLabel,
  onClose,
}: {
  task: Task | null;
  properties: readonly StaffProperty[];
  hostLabel?: (hostId: string) => string | undefined;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const t = useT();
  const hosts = useStaffHosts(user);
  // Opened from the today screen, which reads the first part of a first sync (sync/pull.ts).
  const tasks = useMyTasks(hosts.staffIds, { firstPart: true });
  const access = useAccessDetails(tasks.rows, hosts.staffIds);
  const property = task ? properties.find((p) => p.id === task.property_id) : undefined;
  const details = task && isOpen(task) ? (
    <AccessDetails access={access.get(task.property_id)} emptyText={t('staff.taskDialog.accessEmpty')} />
  ) : null;
  return (
    <TaskDialog
      task={task}
      propertyName={property?.property_name}
      property={property ?? null}
      access={details}
      hostName={task ? hostLabel?.(task.host_id) : undefined}
      actions={task ? <ReportProblemButton propertyId={task.property_id} taskId={task.id} propertyName={property?.property_name ?? t('staff.taskDialog.thisProperty')} /> : null}
      canWork
      onClose={onClose}
    />
  );
}
