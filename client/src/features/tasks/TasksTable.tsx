import { memo } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Badge, StatusBadge, humanize, statusTone } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { isOverdue } from './task-rules';

export function PriorityBadge({ priority }: { priority: string }) {
  const tone = priority === 'urgent' ? 'danger' : priority === 'high' ? 'warning' : priority === 'low' ? 'neutral' : 'info';
  return <Badge tone={tone}>{humanize(priority)}</Badge>;
}

type CellKind = 'title' | 'property' | 'scheduled' | 'due' | 'priority' | 'status' | 'staff' | 'category';

type CellProps = {
  task: Task;
  kind: CellKind;
  /** The property's or the staff member's name, for those cells. */
  label?: string;
  /** The minute the list was drawn in: the overdue mark moves with it. */
  minute?: number;
  onOpen?: (task: Task) => void;
};

/**
 * One cell of a task. Memoised on the task object: the store hands out the same object until the
 * task changes (db/mirror.ts), so a change to one task of a thousand renders that task's cells.
 */
const TaskCell = memo(function TaskCell({ task: t, kind, label, onOpen }: CellProps) {
  const format = useFormat();
  switch (kind) {
    case 'title':
      return (
        <button type="button" className="text-link cell-strong" onClick={() => onOpen?.(t)}>
          {t.task_title}
        </button>
      );
    case 'property':
    case 'staff':
      return <>{label}</>;
    case 'scheduled':
      return <>{t.scheduled_date ? format.when(t.scheduled_date) : '—'}</>;
    case 'due': {
      if (!t.due_date) return <>—</>;
      const overdue = isOverdue(t, new Date(), format.settings.timezone);
      return (
        <span className={overdue ? 'text-danger' : undefined}>
          {format.when(t.due_date)}
          {overdue ? ' (overdue)' : ''}
        </span>
      );
    }
    case 'priority':
      return <PriorityBadge priority={t.priority_level} />;
    case 'status':
      return <StatusBadge status={t.task_status} />;
    case 'category':
      return <Badge tone={statusTone(null)}>{humanize(t.task_category)}</Badge>;
  }
});

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
  /** Keep it stable (useCallback): the cells are memoised on their props. */
  onOpen: (task: Task) => void;
  /** Task, property, due date and priority only: for dashboard cards. */
  compact?: boolean;
}) {
  const minute = Math.floor(Date.now() / 60_000);
  const cell = (kind: CellKind, label?: (t: Task) => string) => (t: Task) => <TaskCell task={t} kind={kind} label={label?.(t)} minute={kind === 'due' ? minute : undefined} onOpen={kind === 'title' ? onOpen : undefined} />;
  const columns: Column<Task>[] = [
    { key: 'title', header: 'Task', render: cell('title') },
    { key: 'property', header: 'Property', render: cell('property', (t) => propertyNames.get(t.property_id) ?? 'Unknown property') },
    { key: 'scheduled', header: 'Scheduled', render: cell('scheduled') },
    { key: 'due', header: 'Due', render: cell('due') },
    { key: 'priority', header: 'Priority', render: cell('priority') },
    { key: 'status', header: 'Status', render: cell('status') },
    ...(staffNames
      ? [{ key: 'staff', header: 'Assigned to', secondary: true, render: cell('staff', (t) => (t.assigned_staff_id ? (staffNames.get(t.assigned_staff_id) ?? 'Unknown') : 'Unassigned')) }]
      : []),
    { key: 'category', header: 'Category', secondary: true, render: cell('category') },
  ];
  const shown = compact ? columns.filter((c) => ['title', 'property', 'due', 'priority'].includes(c.key)) : columns;
  return <Table caption={caption} columns={shown} rows={tasks} rowKey={(t) => t.id} />;
}
