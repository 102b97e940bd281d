/**
 * Tasks as a table. Drawn here rather than with the generic ui/Table, whose rows all render
 * again whenever the list does: the host's housekeeping list holds up to a thousand tasks (drawn
 * a hundred at a time), and a housekeeper's tick arrives as one changed task. Each row is
 * memoised on its task object (the store hands out the same object until the task changes,
 * db/mirror.ts), so one change renders one row. Same markup and classes as ui/Table (cards on
 * narrow screens via `data-label`).
 */
import { memo, type ReactNode } from 'react';
import type { Task } from '../../data/tables';
import { useFormat, type Formatters } from '../../lib/display';
import { Badge, humanize, statusTone } from '../../components/ui/Badge';
import { cx } from '../../components/ui/cx';
import { useSidewaysScroll } from '../../components/ui/sideways-scroll';
import { isOverdue } from './task-rules';
import { PriorityBadge, TaskStatusBadge } from './task-labels';
import { useT } from '../../i18n/use-t';

type CellContext = { format: Formatters; propertyName: string; staffName: string; onOpen: (task: Task) => void };

type TaskColumn = { key: string; header: string; secondary?: boolean; render: (t: Task, c: CellContext) => ReactNode };

function OverdueMark() {
  const t = useT();
  return <> ({t('task.overdueLower')})</>;
}

function DueCell({ task: t, format }: { task: Task; format: Formatters }) {
  if (!t.due_date) return <>—</>;
  const overdue = isOverdue(t, new Date(), format.settings.timezone);
  return (
    <span className={overdue ? 'text-danger' : undefined}>
      {format.when(t.due_date)}
      {overdue ? <OverdueMark /> : null}
    </span>
  );
}

const COLUMNS: readonly TaskColumn[] = [
  {
    key: 'title',
    header: 'Task',
    render: (t, c) => (
      <button type="button" className="text-link cell-strong" onClick={() => c.onOpen(t)}>
        {t.task_title}
      </button>
    ),
  },
  { key: 'property', header: 'Property', render: (_t, c) => c.propertyName },
  { key: 'scheduled', header: 'Scheduled', render: (t, c) => (t.scheduled_date ? c.format.when(t.scheduled_date) : '—') },
  { key: 'due', header: 'Due', render: (t, c) => <DueCell task={t} format={c.format} /> },
  { key: 'priority', header: 'Priority', render: (t) => <PriorityBadge priority={t.priority_level} /> },
  { key: 'status', header: 'Status', render: (t) => <TaskStatusBadge status={t.task_status} /> },
  { key: 'staff', header: 'Assigned to', secondary: true, render: (_t, c) => c.staffName },
  { key: 'category', header: 'Category', secondary: true, render: (t) => <Badge tone={statusTone(null)}>{humanize(t.task_category)}</Badge> },
];
const COMPACT = new Set(['title', 'property', 'due', 'priority']);
const WITHOUT_STAFF = COLUMNS.filter((c) => c.key !== 'staff');
const COMPACT_COLUMNS = COLUMNS.filter((c) => COMPACT.has(c.key));

type RowProps = CellContext & {
  task: Task;
  columns: readonly TaskColumn[];
  /** The minute the list was drawn in: the overdue mark moves with it. */
  minute: number;
};

const TaskRow = memo(function TaskRow({ task, columns, format, propertyName, staffName, onOpen }: RowProps) {
  const context: CellContext = { format, propertyName, staffName, onOpen };
  return (
    <tr>
      {columns.map((c) => (
        <td key={c.key} data-label={c.header} className={cx(c.secondary && 'cell--secondary')}>
          {c.render(task, context)}
        </td>
      ))}
    </tr>
  );
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
  /** Keep it stable (useCallback): the rows are memoised on their props. */
  onOpen: (task: Task) => void;
  /** Task, property, due date and priority only: for dashboard cards. */
  compact?: boolean;
}) {
  const format = useFormat();
  const { ref, region } = useSidewaysScroll(caption);
  const minute = Math.floor(Date.now() / 60_000);
  const columns = compact ? COMPACT_COLUMNS : staffNames ? COLUMNS : WITHOUT_STAFF;
  return (
    <div ref={ref} className="table-wrap" {...region}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cx(c.secondary && 'cell--secondary')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tasks.map((t) => (
            <TaskRow
              key={t.id}
              task={t}
              columns={columns}
              format={format}
              propertyName={propertyNames.get(t.property_id) ?? 'Unknown property'}
              staffName={t.assigned_staff_id ? (staffNames?.get(t.assigned_staff_id) ?? 'Unknown') : 'Unassigned'}
              minute={minute}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
