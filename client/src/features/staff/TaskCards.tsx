import { memo } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { PriorityBadge, TaskStatusBadge, isOverdue } from '../tasks';
import { useT } from '../../i18n/use-t';
import { HostLabel } from './hosts';
import { useHostTitle } from '../host-text';

type CardProps = {
  task: Task;
  propertyName: string;
  /** The task's host, when she works for several (hosts.tsx). */
  hostName: string | undefined;
  /** The minute the list was drawn in: the overdue mark moves with it. */
  minute: number;
  onOpen: (task: Task) => void;
};

/** Memoised on the task object (the store keeps it until the task changes): a tick renders one card. */
const TaskCard = memo(function TaskCard({ task, propertyName, hostName, onOpen }: CardProps) {
  const format = useFormat();
  const t = useT();
  const title = useHostTitle();
  const done = task.checklist_items.filter((i) => i.done).length;
  return (
    <li>
      <button type="button" className={task.priority_level === 'urgent' ? 'task-card task-card--urgent' : 'task-card'} onClick={() => onOpen(task)}>
        <span className="task-card__head">
          <span className="task-card__title">{title(task)}</span>
          <PriorityBadge priority={task.priority_level} />
        </span>
        <span className="task-card__property">
          {propertyName}
          <HostLabel name={hostName} />
        </span>
        <span className="task-card__meta">
          <TaskStatusBadge status={task.task_status} />
          <span>{task.scheduled_date ? format.when(task.scheduled_date) : task.due_date ? t('staff.card.due', { when: format.when(task.due_date) }) : t('task.notScheduled')}</span>
          {isOverdue(task, new Date(), format.settings.timezone) ? <span className="text-danger">{t('task.overdue')}</span> : null}
          {task.checklist_items.length ? (
            <span>{t('staff.card.checklist', { done, total: task.checklist_items.length })}</span>
          ) : null}
        </span>
      </button>
    </li>
  );
});

/** Tasks as large touch targets, for housekeepers on a phone. `onOpen` should be stable (useCallback). */
export function TaskCards({
  tasks,
  propertyNames,
  hostLabel,
  onOpen,
}: {
  tasks: readonly Task[];
  propertyNames: Map<string, string>;
  /** The host label of a task's host_id (hosts.tsx `labelOf`): none when she works for one host. */
  hostLabel?: (hostId: string) => string | undefined;
  onOpen: (task: Task) => void;
}) {
  const minute = Math.floor(Date.now() / 60_000);
  const t = useT();
  return (
    <ul className="task-cards">
      {tasks.map((task) => (
        <TaskCard key={task.id} task={task} propertyName={propertyNames.get(task.property_id) ?? t('staff.propertyFallback')} hostName={hostLabel?.(task.host_id)} minute={minute} onOpen={onOpen} />
      ))}
    </ul>
  );
}
