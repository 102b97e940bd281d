/**
 * A task's details. For the housekeeper it is where the work happens (`canWork`): start and
 * complete the task, tick checklist items, write notes; every action is a local write through
 * the outbox, so it works offline and reaches the host when the connection returns. Hosts see
 * the same task read-only, live (their page shows the housekeeper's progress as it syncs).
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Property, Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { draftKey, loadDraft, saveDraft } from '../../lib/drafts';
import { useCurrentUser } from '../../components/layout/current-user';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { useWrite } from '../../data/use-write';
import type { WriteRequest } from '../../sync/mutate';
import { PriorityBadge } from './TasksTable';
import { isOpen, isOverdue, mapLink, workedMinutes } from './task-rules';
import { completeTask, saveNotes, setChecklistItem, startTask } from './mutations';
import { AlertsPrompt } from '../notifications';
import './tasks.css';

export type TaskDialogProps = {
  task: Task | null;
  propertyName?: string;
  /** The task's property, for its address, a map link and access notes. */
  property?: Pick<Property, 'address' | 'latitude' | 'longitude' | 'access_notes'> | null;
  /** How to get in (door code, Wi-Fi), shown under the address: the housekeeper's, inside her task's window. */
  access?: ReactNode;
  staffName?: string;
  /** The task's host, for a housekeeper who works for several (a small label). */
  hostName?: string;
  /** Who the completed work is credited to, when it is not the assignee (a reassignment after the work). */
  completedByName?: string;
  /** More buttons for the footer (the host's Edit, Cancel, Delete). */
  actions?: ReactNode;
  /** The signed-in housekeeper works on this task (status, checklist, notes). */
  canWork?: boolean;
  onClose: () => void;
};

export function TaskDialog({ task, propertyName, property, access, staffName, hostName, completedByName, actions, canWork = false, onClose }: TaskDialogProps) {
  const format = useFormat();
  const user = useCurrentUser();
  // A refusal (a status that may not go back, a task no longer here) is told, never swallowed.
  const { write } = useWrite();
  const open = task !== null && isOpen(task);
  const act = async (request: WriteRequest): Promise<boolean> => (await write(request)).ok;

  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      title={task?.task_title ?? 'Task'}
      description={task ? `${humanize(task.task_category)} · ${propertyName ?? 'Unknown property'}` : undefined}
      footer={
        <>
          {actions}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      {task ? (
        <div className={canWork ? 'task-details task-details--work' : 'task-details'}>
          <div className="badge-row">
            <StatusBadge status={task.task_status} />
            <PriorityBadge priority={task.priority_level} />
            {isOverdue(task, new Date(), format.settings.timezone) ? <Badge tone="danger">Overdue</Badge> : null}
            {hostName ? (
              <Badge tone="accent" className="host-label">
                <span className="visually-hidden">Host: </span>
                {hostName}
              </Badge>
            ) : null}
          </div>
          {canWork ? <AlertsPrompt text="Get an alert on this device when a task is assigned to you or changes?" /> : null}
          {canWork && open ? (
            <div className="task-actions">
              {task.task_status === 'pending' ? (
                <Button size="lg" variant="secondary" onClick={() => void act(startTask(task.id))}>
                  Start task
                </Button>
              ) : null}
              <Button size="lg" onClick={() => void act(completeTask(task.id))}>
                Complete task
              </Button>
            </div>
          ) : null}
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
            {task.started_at ? (
              <div>
                <dt>Started</dt>
                <dd>{format.dateTime(task.started_at)}</dd>
              </div>
            ) : null}
            {task.completed_at ? (
              <div>
                <dt>Completed</dt>
                <dd>
                  {format.dateTime(task.completed_at)}
                  {task.started_at ? ` (${workedMinutes(task.started_at, task.completed_at)})` : null}
                </dd>
              </div>
            ) : null}
            {completedByName ? (
              <div>
                <dt>Completed by</dt>
                <dd>{completedByName}</dd>
              </div>
            ) : null}
          </dl>
          {property ? <PropertyPlace property={property} /> : null}
          {access}
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
          ) : canWork ? (
            <ul className="checklist">
              {task.checklist_items.map((item) => (
                <li key={item.id}>
                  <ChecklistToggle taskId={task.id} itemId={item.id} text={item.text} done={item.done} disabled={!open} />
                </li>
              ))}
            </ul>
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
          {canWork ? (
            <NotesEditor key={task.id} notes={task.notes} draftAt={draftKey(user.ID, 'task-notes', task.id)} onSave={(notes) => act(saveNotes(task.id, notes))} />
          ) : task.notes ? (
            <>
              <h3 className="section-title">Notes</h3>
              <p className="pre-wrap">{task.notes}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * One checklist item as a large checkbox. It shows the new state at once and follows the stored
 * row when that changes (the write lands a moment later, or a pull changes it); a refused write
 * puts it back. Each item writes through its own useWrite, so that a tick renders only its item.
 */
function ChecklistToggle({ taskId, itemId, text, done, disabled }: { taskId: string; itemId: string; text: string; done: boolean; disabled: boolean }) {
  const { write } = useWrite();
  const [checked, setChecked] = useState(done);
  useEffect(() => setChecked(done), [done]);
  return (
    <label className="checklist__toggle">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          void write(setChecklistItem(taskId, itemId, next)).then((saved) => {
            if (!saved.ok) setChecked(done);
          });
        }}
      />
      <span>{text}</span>
    </label>
  );
}

function NotesEditor({ notes, draftAt, onSave }: { notes: string; draftAt: string; onSave: (notes: string) => Promise<boolean> }) {
  const id = useId();
  // Text typed and not saved survives closing the dialog and reloads, on this device (lib/drafts.ts).
  const [restored] = useState(() => {
    const kept = loadDraft(draftAt);
    return kept !== null && kept !== notes ? kept : null;
  });
  const [draft, setDraftText] = useState(restored ?? notes);
  const [saved, setSaved] = useState(notes);
  const setDraft = (text: string) => {
    setDraftText(text);
    saveDraft(draftAt, text === notes ? null : text);
  };
  // The stored notes changed elsewhere (a pull): follow them unless the user is mid-edit.
  useEffect(() => {
    setDraftText((current) => (current === saved ? notes : current));
    setSaved(notes);
  }, [notes, saved]);
  const dirty = draft !== notes;
  const save = async () => {
    if (await onSave(draft)) saveDraft(draftAt, null);
  };
  return (
    <div className="notes-field field">
      <label className="field__label section-title" htmlFor={id}>
        Notes
      </label>
      <textarea id={id} className="field__control" value={draft} placeholder="Anything the host should know" onChange={(e) => setDraft(e.target.value)} />
      {dirty ? <p className="field__hint notes-field__draft">Not saved yet: kept on this device until you save or discard it.</p> : null}
      <div className="notes-field__actions">
        {dirty ? (
          <Button variant="ghost" onClick={() => setDraft(notes)}>
            Discard
          </Button>
        ) : null}
        <Button variant="secondary" disabled={!dirty} onClick={() => void save()}>
          Save notes
        </Button>
      </div>
    </div>
  );
}

function PropertyPlace({ property }: { property: Pick<Property, 'address' | 'latitude' | 'longitude' | 'access_notes'> }) {
  const href = mapLink(property);
  return (
    <div className="task-place">
      <p>
        <span className="task-place__label">Address: </span>
        {property.address || 'No address given'}
      </p>
      {href ? (
        <a className="btn btn--secondary btn--md" href={href} target="_blank" rel="noreferrer">
          <span>Open in maps</span>
        </a>
      ) : null}
      {property.access_notes ? (
        <div className="callout">
          <p className="callout__title">Access notes</p>
          <p className="pre-wrap">{property.access_notes}</p>
        </div>
      ) : null}
    </div>
  );
}
