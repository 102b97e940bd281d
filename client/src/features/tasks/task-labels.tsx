/**
 * The words of a task's enums (status, priority, category) and the property types, in the
 * reader's language: each value maps to a message id of the `common` catalog (both areas show
 * them). A category the host typed outside the known ones shows as written.
 */
import type { PRIORITY_LEVELS, PROPERTY_TYPES, TASK_STATUSES } from '../../../../shared/enums';
import type { MessageId } from '../../i18n';
import { useT } from '../../i18n/use-t';
import { Badge, humanize, statusTone } from '../../components/ui/Badge';

export type TaskStatus = (typeof TASK_STATUSES)[number];
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const TASK_STATUS_LABEL: Record<TaskStatus, MessageId> = {
  pending: 'task.status.pending',
  in_progress: 'task.status.inProgress',
  completed: 'task.status.completed',
  cancelled: 'task.status.cancelled',
};

export const PRIORITY_LABEL: Record<PriorityLevel, MessageId> = {
  low: 'task.priority.low',
  medium: 'task.priority.medium',
  high: 'task.priority.high',
  urgent: 'task.priority.urgent',
};

/** The categories the host's forms offer (features/housekeeping/categories.ts). */
export const TASK_CATEGORY_LABEL: Record<string, MessageId> = {
  cleaning: 'task.category.cleaning',
  laundry: 'task.category.laundry',
  maintenance: 'task.category.maintenance',
  inspection: 'task.category.inspection',
  restock: 'task.category.restock',
  other: 'task.category.other',
};

export const PROPERTY_TYPE_LABEL: Record<PropertyType, MessageId> = {
  apartment: 'property.type.apartment',
  house: 'property.type.house',
  villa: 'property.type.villa',
  condo: 'property.type.condo',
  cabin: 'property.type.cabin',
  studio: 'property.type.studio',
  other: 'property.type.other',
};

/** A value's message from one of the maps above; a value outside it (free text, an older row) reads as written. */
function labelIn(map: Readonly<Record<string, MessageId>>, value: string, t: (id: MessageId) => string): string {
  const id = Object.hasOwn(map, value) ? map[value] : undefined;
  return id ? t(id) : humanize(value);
}

/** The labels of a task's enums and a property's type, in the active language. */
export function useTaskLabels() {
  const t = useT();
  return {
    status: (value: string) => labelIn(TASK_STATUS_LABEL, value, t),
    priority: (value: string) => labelIn(PRIORITY_LABEL, value, t),
    category: (value: string) => labelIn(TASK_CATEGORY_LABEL, value, t),
    propertyType: (value: string) => labelIn(PROPERTY_TYPE_LABEL, value, t),
  };
}

/** A duration in the reader's language: "45 min", "1 h 5 min", "2 h". */
export function durationText(minutes: number, t: (id: MessageId, values?: Record<string, number>) => string): string {
  if (minutes < 60) return t('duration.minutes', { minutes });
  const rest = minutes % 60;
  const hours = Math.floor(minutes / 60);
  return rest === 0 ? t('duration.hours', { hours }) : t('duration.hoursMinutes', { hours, minutes: rest });
}

export function TaskStatusBadge({ status }: { status: string }) {
  const labels = useTaskLabels();
  return <Badge tone={statusTone(status)}>{labels.status(status)}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  const labels = useTaskLabels();
  const tone = priority === 'urgent' ? 'danger' : priority === 'high' ? 'warning' : priority === 'low' ? 'neutral' : 'info';
  return <Badge tone={tone}>{labels.priority(priority)}</Badge>;
}
