import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Badge, StatusBadge, humanize, statusTone } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { isOverdue } from './task-rules';

export function PriorityBadge({ priority }: { priority: string }) {
  const tone = priority === 'urgent' ? 'danger' : priority === 'high' ? 'warning' : priority === 'low' ? 'neutral' : 'info';
  return <Badge tone={tone}>{humanize(priority)}</Badge>;
}

export function TasksTable({
  tasks,
  propertyNames,
  staffNames,
  caption,
  onOpen,
  compact = false,
}: {
  tasks: readonly Task[];
  propertyNames: Map<string, string>;
  staffNames?: Map<string, string>;
  caption: string;
  onOpen: (task: Task) => void;
  /** Task, property, due date and priority only: for dashboard cards. */
  compact?: boolean;
}) {
  const format = useFormat();
  const now = new Date();
  const columns: Column<Task>[] = [
    {
      key: 'title',
      header: 'Task',
      render: (t) => (
        <button type="button" className="text-link cell-strong" onClick={() => onOpen(t)}>
          {t.task_title}
        </button>
      ),
    },
    { key: 'property', header: 'Property', render: (t) => propertyNames.get(t.property_id) ?? 'Unknown property' },
    { key: 'scheduled', header: 'Scheduled', render: (t) => (t.scheduled_date ? format.when(t.scheduled_date) : '—') },
    {
      key: 'due',
      header: 'Due',
      render: (t) =>
        t.due_date ? (
          <span className={isOverdue(t, now, format.settings.timezone) ? 'text-danger' : undefined}>
            {format.when(t.due_date)}
            {isOverdue(t, now, format.settings.timezone) ? ' (overdue)' : ''}
          </span>
        ) : (
          '—'
        ),
    },
    { key: 'priority', header: 'Priority', render: (t) => <PriorityBadge priority={t.priority_level} /> },
    { key: 'status', header: 'Status', render: (t) => <StatusBadge status={t.task_status} /> },
    ...(staffNames
      ? [{ key: 'staff', header: 'Assigned to', secondary: true, render: (t: Task) => (t.assigned_staff_id ? (staffNames.get(t.assigned_staff_id) ?? 'Unknown') : 'Unassigned') }]
      : []),
    { key: 'category', header: 'Category', secondary: true, render: (t) => <Badge tone={statusTone(null)}>{humanize(t.task_category)}</Badge> },
  ];
  const shown = compact ? columns.filter((c) => ['title', 'property', 'due', 'priority'].includes(c.key)) : columns;
  return <Table caption={caption} columns={shown} rows={tasks} rowKey={(t) => t.id} />;
}
