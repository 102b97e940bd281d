/** The board: one column per task status, each task a card that opens it. */
import { memo } from 'react';
import type { Task } from '../../data/tables';
import type { TASK_STATUSES } from '../../../../shared/enums';
import { ListFooter, useShownRows } from '../../components/data-view';
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

/**
 * Cards drawn at first in a column, and added by each "Show more" (useShownRows): like the list's
 * rows, every drawn card costs each frame of the page, and a busy season has hundreds of tasks
 * waiting.
 */
const CARDS_SHOWN = 50;

type BoardProps = { propertyNames: Map<string, string>; staffNames: Map<string, string>; onOpen: (task: Task) => void };

export function TaskBoard({ tasks, ...props }: BoardProps & { tasks: readonly Task[] }) {
  const minute = Math.floor(Date.now() / 60_000);
  return (
    <div className="hk-board">
      {groupByStatus(tasks).map((column) => (
        <BoardColumn key={column.status} status={column.status} tasks={column.tasks} minute={minute} {...props} />
      ))}
    </div>
  );
}

function BoardColumn({ status, tasks, minute, propertyNames, staffNames, onOpen }: BoardProps & { status: (typeof TASK_STATUSES)[number]; tasks: readonly Task[]; minute: number }) {
  const t = useT();
  const drawn = useShownRows(tasks, CARDS_SHOWN);
  return (
    <section className="hk-board__column" aria-labelledby={`col-${status}`}>
      <h3 id={`col-${status}`} className="hk-board__title">
        <TaskStatusBadge status={status} /> <span className="muted">{tasks.length}</span>
      </h3>
      {tasks.length ? (
        <>
          <ul className="hk-board__list">
            {drawn.rows.map((task) => (
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
          <ListFooter {...drawn.footer} />
        </>
      ) : (
        <p className="muted hk-board__empty">{t('host.housekeeping.board.noTasks')}</p>
      )}
    </section>
  );
}
