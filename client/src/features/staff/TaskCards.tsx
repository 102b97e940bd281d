import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { StatusBadge } from '../../components/ui/Badge';
import { PriorityBadge } from '../tasks/TasksTable';
import { isOverdue } from '../tasks/task-rules';

/** Tasks as large touch targets, for housekeepers on a phone. */
export function TaskCards({ tasks, propertyNames, onOpen }: { tasks: readonly Task[]; propertyNames: Map<string, string>; onOpen: (task: Task) => void }) {
  const format = useFormat();
  const now = new Date();
  return (
    <ul className="task-cards">
      {tasks.map((t) => {
        const done = t.checklist_items.filter((i) => i.done).length;
        return (
          <li key={t.id}>
            <button type="button" className={t.priority_level === 'urgent' ? 'task-card task-card--urgent' : 'task-card'} onClick={() => onOpen(t)}>
              <span className="task-card__head">
                <span className="task-card__title">{t.task_title}</span>
                <PriorityBadge priority={t.priority_level} />
              </span>
              <span className="task-card__property">{propertyNames.get(t.property_id) ?? 'Property'}</span>
              <span className="task-card__meta">
                <StatusBadge status={t.task_status} />
                <span>{t.scheduled_date ? format.when(t.scheduled_date) : t.due_date ? `Due ${format.when(t.due_date)}` : 'Not scheduled'}</span>
                {isOverdue(t, now, format.settings.timezone) ? <span className="text-danger">Overdue</span> : null}
                {t.checklist_items.length ? (
                  <span>
                    {done}/{t.checklist_items.length} done
                  </span>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
