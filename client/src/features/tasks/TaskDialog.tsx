/** A task's details, read-only (status changes arrive with the offline write path). */
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { PriorityBadge } from './TasksTable';
import { isOverdue } from './task-rules';

export function TaskDialog({ task, propertyName, staffName, onClose }: { task: Task | null; propertyName?: string; staffName?: string; onClose: () => void }) {
  const format = useFormat();
  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      title={task?.task_title ?? 'Task'}
      description={task ? `${humanize(task.task_category)} · ${propertyName ?? 'Unknown property'}` : undefined}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {task ? (
        <div className="task-details">
          <div className="badge-row">
            <StatusBadge status={task.task_status} />
            <PriorityBadge priority={task.priority_level} />
            {isOverdue(task, new Date(), format.settings.timezone) ? <Badge tone="danger">Overdue</Badge> : null}
          </div>
          <dl className="details">
            <div>
              <dt>Scheduled</dt>
              <dd>{task.scheduled_date ? format.when(task.scheduled_date) : 'Not scheduled'}</dd>
            </div>
            <div>
              <dt>Due</dt>
              <dd>{task.due_date ? format.when(task.due_date) : 'No due date'}</dd>
            </div>
            <div>
              <dt>Estimated time</dt>
              <dd>{task.estimated_duration} minutes</dd>
            </div>
            {staffName !== undefined ? (
              <div>
                <dt>Assigned to</dt>
                <dd>{staffName || 'Unassigned'}</dd>
              </div>
            ) : null}
          </dl>
          {task.task_description ? <p>{task.task_description}</p> : null}
          {task.special_instructions ? (
            <div className="callout">
              <p className="callout__title">Special instructions</p>
              <p>{task.special_instructions}</p>
            </div>
          ) : null}
          <h3 className="section-title">Checklist</h3>
          {task.checklist_items.length === 0 ? (
            <p className="muted">This task has no checklist.</p>
          ) : (
            <ul className="checklist">
              {task.checklist_items.map((item) => (
                <li key={item.id} className={item.done ? 'checklist__item checklist__item--done' : 'checklist__item'}>
                  <span className="checklist__mark" aria-hidden="true">
                    {item.done ? '✓' : ''}
                  </span>
                  <span>{item.text}</span>
                  <span className="visually-hidden">{item.done ? '(done)' : '(to do)'}</span>
                </li>
              ))}
            </ul>
          )}
          {task.notes ? (
            <>
              <h3 className="section-title">Notes</h3>
              <p>{task.notes}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
