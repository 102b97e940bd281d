import type { StaffProperty, Task } from '../../data/tables';
import { TaskDialog } from '../tasks';
import { ReportProblemButton } from '../reports';

/**
 * The housekeeper's task dialog: the work (status, checklist, notes), where to go, for whom when she
 * works for several hosts, and "Report a problem" found there.
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
  const property = task ? properties.find((p) => p.id === task.property_id) : undefined;
  return (
    <TaskDialog
      task={task}
      propertyName={property?.property_name}
      property={property ?? null}
      hostName={task ? hostLabel?.(task.host_id) : undefined}
      actions={task ? <ReportProblemButton propertyId={task.property_id} taskId={task.id} propertyName={property?.property_name ?? 'this property'} /> : null}
      canWork
      onClose={onClose}
    />
  );
}
