import type { StaffProperty, Task } from '../../data/tables';
import { TaskDialog } from '../tasks';

/** The housekeeper's task dialog: the work (status, checklist, notes) and where to go. */
export function StaffTaskDialog({ task, properties, onClose }: { task: Task | null; properties: readonly StaffProperty[]; onClose: () => void }) {
  const property = task ? properties.find((p) => p.id === task.property_id) : undefined;
  return <TaskDialog task={task} propertyName={property?.property_name} property={property ?? null} canWork onClose={onClose} />;
}
