/** The board: one column per task status, each task a card that opens it. */
import { memo } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { PriorityBadge, TaskStatusBadge, isOverdue, useTaskLabels } from '../tasks';
import { useT } from '../../i18n/use-t';
import { groupByStatus } from './task-filters';

type CardProps = {
  task: Task;
  propertyName: string;
  staffName: string;
  /** The minute the board was drawn in: the overdue mark moves with it. */
  minute: number;
  onOpen: (task: Task) => void;
};

/** Memoised on the task object (the store keeps it until the task changes): one change, one card. */
const BoardCard = memo(function BoardCard({ task, propertyName, staffName, onOpen }: CardProps) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const done = task.checklist_items.filter((i) => i.done).length;
  return (
    <li>
      <button type="button" className={task.priority_level === 'urgent' ? 'hk-card hk-card--urgent' : 'hk-card'} onClick={() => onOpen(task)}>
        <span className="hk-card__title">{task.task_title}</span>
        <span className="hk-card__meta">{propertyName}</span>
        <span className="hk-card__meta">
          {task.scheduled_date ? format.when(task.scheduled_date) : t('task.notScheduled')} · {staffName}
        </span>
        <span className="hk-card__badges">
          <PriorityBadge priority={task.priority_level} />
          <span className="muted">{labels.category(task.task_category)}</span>
          {task.checklist_items.length ? (
            <span className="muted">
              {done}/{task.checklist_items.length}
            </span>
          ) : null}
          {isOverdue(task, new Date(), format.settings.timezone) ? <span className="text-danger">{t('task.overdue')}</span> : null}
        </span>
      </button>
    </li>
  );
});

export function TaskBoard({ tasks, propertyNames, staffNames, onOpen }: { tasks: readonly Task[]; propertyNames: Map<string, string>; staffNames: Map<string, string>; onOpen: (task: Task) => void }) {
  const t = useT();
  const minute = Math.floor(Date.now() / 60_000);
  return (
    <div className="hk-board">
      {groupByStatus(tasks).map((column) => (
        <section key={column.status} className="hk-board__column" aria-labelledby={`col-${column.status}`}>
          <h3 id={`col-${column.status}`} className="hk-board__title">
            <TaskStatusBadge status={column.status} /> <span className="muted">{column.tasks.length}</span>
          </h3>
          {column.tasks.length ? (
            <ul className="hk-board__list">
              {column.tasks.map((task) => (
                <BoardCard
                  key={task.id}
                  task={task}
                  propertyName={propertyNames.get(task.property_id) ?? t('host.common.unknownProperty')}
                  staffName={task.assigned_staff_id ? (staffNames.get(task.assigned_staff_id) ?? t('host.housekeeping.board.unknownStaff')) : t('task.unassigned')}
                  minute={minute}
                  onOpen={onOpen}
                />
              ))}
            </ul>
          ) : (
            <p className="muted hk-board__empty">{t('host.housekeeping.board.noTasks')}</p>
          )}
        </section>
      ))}
    </div>
  );
}
