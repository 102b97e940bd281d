/** The board: one column per task status, each task a card that opens it. */
import { memo } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { PriorityBadge, isOverdue } from '../tasks';
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
const BoardCard = memo(function BoardCard({ task: t, propertyName, staffName, onOpen }: CardProps) {
  const format = useFormat();
  const done = t.checklist_items.filter((i) => i.done).length;
  return (
    <li>
      <button type="button" className={t.priority_level === 'urgent' ? 'hk-card hk-card--urgent' : 'hk-card'} onClick={() => onOpen(t)}>
        <span className="hk-card__title">{t.task_title}</span>
        <span className="hk-card__meta">{propertyName}</span>
        <span className="hk-card__meta">
          {t.scheduled_date ? format.when(t.scheduled_date) : 'Not scheduled'} · {staffName}
        </span>
        <span className="hk-card__badges">
          <PriorityBadge priority={t.priority_level} />
          <span className="muted">{humanize(t.task_category)}</span>
          {t.checklist_items.length ? (
            <span className="muted">
              {done}/{t.checklist_items.length}
            </span>
          ) : null}
          {isOverdue(t, new Date(), format.settings.timezone) ? <span className="text-danger">Overdue</span> : null}
        </span>
      </button>
    </li>
  );
});

export function TaskBoard({ tasks, propertyNames, staffNames, onOpen }: { tasks: readonly Task[]; propertyNames: Map<string, string>; staffNames: Map<string, string>; onOpen: (task: Task) => void }) {
  const minute = Math.floor(Date.now() / 60_000);
  return (
    <div className="hk-board">
      {groupByStatus(tasks).map((column) => (
        <section key={column.status} className="hk-board__column" aria-labelledby={`col-${column.status}`}>
          <h3 id={`col-${column.status}`} className="hk-board__title">
            <StatusBadge status={column.status} /> <span className="muted">{column.tasks.length}</span>
          </h3>
          {column.tasks.length ? (
            <ul className="hk-board__list">
              {column.tasks.map((t) => (
                <BoardCard
                  key={t.id}
                  task={t}
                  propertyName={propertyNames.get(t.property_id) ?? 'Unknown property'}
                  staffName={t.assigned_staff_id ? (staffNames.get(t.assigned_staff_id) ?? 'Unknown') : 'Unassigned'}
                  minute={minute}
                  onOpen={onOpen}
                />
              ))}
            </ul>
          ) : (
            <p className="muted hk-board__empty">No tasks</p>
          )}
        </section>
      ))}
    </div>
  );
}
