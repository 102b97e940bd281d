/**
 * A task's details. For the housekeeper it is where the work happens (`canWork`): start and
 * complete the task, tick checklist items, write notes; every action is a local write through
 * the outbox, so it works offline and reaches the host when the connection returns. Hosts see
 * the same task read-only, live (their page shows the housekeeper's progress as it syncs).
 */
import { memo, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Property, Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { draftKey, loadDraft, saveDraft } from '../../lib/drafts';
import { useCurrentUser } from '../../components/layout/current-user';
import { Dialog, useOpenedOnce } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Badge';
import { useWrite } from '../../data/use-write';
import type { WriteRequest } from '../../sync/mutate';
import { PriorityBadge, TaskStatusBadge, durationText, useTaskLabels } from './task-labels';
import { useT } from '../../i18n/use-t';
import { isOpen, isOverdue, mapLink, workedMinuteCount } from './task-rules';
import { completeTask, saveNotes, setChecklistItem, startTask } from './mutations';
import { AlertsPrompt } from '../notifications';
import { AddPhotoButtons, PhotoGallery, pendingText, useTaskPhotos, type PhotoView, type TaskPhotos } from '../photos';
import './tasks.css';
import { itemKey, type HostTextKey } from '../../../../shared/host-text';
import { HostTextBar, taskSources, useHostText } from '../host-text';

/** A ticked item's mark (the words "(done)" follow for screen readers). */
const CHECK_MARK = '✓';

export type TaskDialogProps = {
  task: Task | null;
  propertyName?: string;
  /** The task's property, for its address, a map link and photos (how to get in is `access`). */
  property?: PlaceProperty | null;
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
  /** More about the task, shown after its description (the problem report behind a maintenance task). */
  children?: ReactNode;
  onClose: () => void;
};

export function TaskDialog(props: TaskDialogProps) {
  // Pages hold it closed from their start: it is built when a task is first opened (useOpenedOnce).
  return useOpenedOnce(props.task !== null) ? <OpenedTaskDialog {...props} /> : null;
}

function OpenedTaskDialog({ task, propertyName, property, access, staffName, hostName, completedByName, actions, canWork = false, children, onClose }: TaskDialogProps) {
  const format = useFormat();
  const user = useCurrentUser();
  // A refusal (a status that may not go back, a task no longer here) is told, never swallowed.
  const { write } = useWrite();
  const open = task !== null && isOpen(task);
  const act = async (request: WriteRequest): Promise<boolean> => (await write(request)).ok;
  const photos = useTaskPhotos(task?.id ?? null, user.ID);
  // The same function at every render (the checklist's items are memoised on their props), calling the latest `add`.
  const latestAdd = useRef(photos.add);
  useEffect(() => {
    latestAdd.current = photos.add;
  });
  const addPhotos = useCallback((files: File[], itemId: string) => latestAdd.current(files, itemId), []);
  const t = useT();
  const labels = useTaskLabels();
  // The host's texts in the reader's language where the host translated them (features/host-text).
  const hostTexts = useHostText(task?.translations, taskSources(task));
  const text = (key: HostTextKey, original: string) => hostTexts.text(key, original);
  const shown = task
    ? { title: text('title', task.task_title), description: text('description', task.task_description), instructions: text('instructions', task.special_instructions) }
    : null;

  return (
    <Dialog
      open={task !== null}
      onClose={onClose}
      title={shown?.title ?? t('task.dialog.fallbackTitle')}
      description={task ? t('task.dialog.description', { category: labels.category(task.task_category), property: propertyName ?? t('task.unknownProperty') }) : undefined}
      footer={
        <>
          {actions}
          <Button variant="secondary" onClick={onClose}>
            {t('action.close')}
          </Button>
        </>
      }
    >
      {task ? (
        <div className={canWork ? 'task-details task-details--work' : 'task-details'}>
          <div className="badge-row">
            <TaskStatusBadge status={task.task_status} />
            <PriorityBadge priority={task.priority_level} />
            {isOverdue(task, new Date(), format.settings.timezone) ? <Badge tone="danger">{t('task.overdue')}</Badge> : null}
            {hostName ? (
              <Badge tone="accent" className="host-label">
                <span className="visually-hidden">{t('task.hostPrefix')}</span>
                {hostName}
              </Badge>
            ) : null}
          </div>
          {canWork ? <AlertsPrompt text={t('task.dialog.alertsPrompt')} /> : null}
          {canWork && open ? (
            <div className="task-actions">
              {task.task_status === 'pending' ? (
                <Button size="lg" variant="secondary" onClick={() => void act(startTask(task.id))}>
                  {t('task.action.start')}
                </Button>
              ) : null}
              <Button size="lg" onClick={() => void act(completeTask(task.id))}>
                {t('task.action.complete')}
              </Button>
            </div>
          ) : null}
          <dl className="details">
            <div>
              <dt>{t('task.field.scheduled')}</dt>
              <dd>{task.scheduled_date ? format.when(task.scheduled_date) : t('task.notScheduled')}</dd>
            </div>
            <div>
              <dt>{t('task.field.due')}</dt>
              <dd>{task.due_date ? format.when(task.due_date) : t('task.noDueDate')}</dd>
            </div>
            <div>
              <dt>{t('task.field.estimatedTime')}</dt>
              <dd>{t('task.minutes', { count: task.estimated_duration })}</dd>
            </div>
            {staffName !== undefined ? (
              <div>
                <dt>{t('task.field.assignedTo')}</dt>
                <dd>{staffName || t('task.unassigned')}</dd>
              </div>
            ) : null}
            {task.started_at ? (
              <div>
                <dt>{t('task.field.started')}</dt>
                <dd>{format.dateTime(task.started_at)}</dd>
              </div>
            ) : null}
            {task.completed_at ? (
              <div>
                <dt>{t('task.field.completed')}</dt>
                <dd>
                  {format.dateTime(task.completed_at)}
                  {task.started_at ? <WorkedTime startedAt={task.started_at} completedAt={task.completed_at} /> : null}
                </dd>
              </div>
            ) : null}
            {completedByName ? (
              <div>
                <dt>{t('task.field.completedBy')}</dt>
                <dd>{completedByName}</dd>
              </div>
            ) : null}
          </dl>
          {property ? <PropertyPlace property={property} /> : null}
          {access}
          <HostTextBar view={hostTexts} />
          {shown?.description ? <p>{shown.description}</p> : null}
          {children}
          {task.special_instructions ? (
            <div className="callout">
              <p className="callout__title">{t('task.specialInstructions')}</p>
              <p>{shown?.instructions}</p>
            </div>
          ) : null}
          <h3 className="section-title">{t('task.checklist.title')}</h3>
          {task.checklist_items.length === 0 ? (
            <p className="muted">{t('task.checklist.none')}</p>
          ) : canWork ? (
            <ul className="checklist">
              {task.checklist_items.map((item) => (
                <WorkItem
                  key={item.id}
                  taskId={task.id}
                  itemId={item.id}
                  label={item.text}
                  text={text(itemKey(item.id), item.text)}
                  done={item.done}
                  open={open}
                  photoRequired={item.photo_required === true}
                  photos={photosOf(photos.photos, item.id)}
                  userId={user.ID}
                  onAddPhotos={addPhotos}
                />
              ))}
            </ul>
          ) : (
            <ul className="checklist">
              {task.checklist_items.map((item) => {
                const itemPhotos = photosOf(photos.photos, item.id);
                const missing = item.photo_required === true && item.done && photos.serverKnown && itemPhotos.length === 0;
                return (
                  <li key={item.id}>
                    <div className={item.done ? 'checklist__item checklist__item--done' : 'checklist__item'}>
                      <span className="checklist__mark" aria-hidden="true">
                        {item.done ? CHECK_MARK : null}
                      </span>
                      <span>{text(itemKey(item.id), item.text)}</span>
                      <span className="visually-hidden">{item.done ? t('task.checklist.itemDone') : t('task.checklist.itemToDo')}</span>
                      {missing ? <Badge tone="danger">{t('task.checklist.photoMissing')}</Badge> : item.photo_required ? <Badge tone="neutral">{t('task.checklist.photoRequired')}</Badge> : null}
                    </div>
                    <ItemPhotos photos={itemPhotos} label={item.text} userId={user.ID} />
                  </li>
                );
              })}
            </ul>
          )}
          <TaskPhotoSection photos={photos} checklist={task.checklist_items} userId={user.ID} canAdd={canWork && open} />
          {canWork ? (
            <NotesEditor key={task.id} notes={task.notes} draftAt={draftKey(user.ID, 'task-notes', task.id)} onSave={(notes) => act(saveNotes(task.id, notes))} />
          ) : task.notes ? (
            <>
              <h3 className="section-title">{t('task.notes.title')}</h3>
              <p className="pre-wrap">{task.notes}</p>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

/** How long the work took, after the completion time: " (1 h 5 min)". */
function WorkedTime({ startedAt, completedAt }: { startedAt: string; completedAt: string }) {
  const t = useT();
  const minutes = workedMinuteCount(startedAt, completedAt);
  return minutes === null ? null : <> ({durationText(minutes, t)})</>;
}

/**
 * One checklist item as a large checkbox. It shows the new state at once and follows the stored
 * row when that changes (the write lands a moment later, or a pull changes it); a refused write
 * puts it back. Each item writes through its own useWrite, so that a tick renders only its item.
 */
function ChecklistToggle({
  taskId,
  itemId,
  text,
  done,
  disabled,
  photoRequired,
  photoId,
}: {
  taskId: string;
  itemId: string;
  text: string;
  done: boolean;
  disabled: boolean;
  /** The item needs a photo: it is ticked only once one is taken (`photoId`, the newest). */
  photoRequired: boolean;
  photoId: string | undefined;
}) {
  const { write } = useWrite();
  const [checked, setChecked] = useState(done);
  useEffect(() => setChecked(done), [done]);
  const needsPhoto = photoRequired && !checked && photoId === undefined;
  const t = useT();
  return (
    <label className="checklist__toggle">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled || needsPhoto}
        onChange={(event) => {
          const next = event.target.checked;
          setChecked(next);
          void write(setChecklistItem(taskId, itemId, next, photoRequired ? photoId : undefined)).then((saved) => {
            if (!saved.ok) setChecked(done);
          });
        }}
      />
      <span>
        {text}
        {needsPhoto ? <span className="checklist__photo-note muted"> {t('task.checklist.takePhotoToTick')}</span> : null}
      </span>
    </label>
  );
}

type WorkItemProps = {
  taskId: string;
  itemId: string;
  /** The item's text as the host wrote it (names its photos), and as shown (the reader's language). */
  label: string;
  text: string;
  done: boolean;
  /** The task is open: the item can be ticked and photographed. */
  open: boolean;
  photoRequired: boolean;
  photos: readonly PhotoView[];
  userId: string;
  onAddPhotos: (files: File[], itemId: string) => Promise<void>;
};

/** Equal when every prop is, the photos compared one by one (each render filters them into a new list). */
function sameWorkItem(a: WorkItemProps, b: WorkItemProps): boolean {
  for (const key of Object.keys(a) as (keyof WorkItemProps)[]) if (key !== 'photos' && a[key] !== b[key]) return false;
  return a.photos.length === b.photos.length && a.photos.every((photo, i) => photo === b.photos[i]);
}

/**
 * One checklist item as the housekeeper works it: its box, its photos and its Add photo button.
 * Memoised, so that a tick, which changes the task row and so renders the dialog, renders the
 * item it changed, not the whole list (each item is a few components).
 */
const WorkItem = memo(function WorkItem({ taskId, itemId, label, text, done, open, photoRequired, photos, userId, onAddPhotos }: WorkItemProps) {
  return (
    <li>
      <ChecklistToggle taskId={taskId} itemId={itemId} text={text} done={done} disabled={!open} photoRequired={photoRequired} photoId={photos.at(-1)?.id} />
      <ItemPhotos photos={photos} label={label} userId={userId}>
        {open ? <AddPhotoButtons compact label={label} onFiles={(files) => onAddPhotos(files, itemId)} /> : null}
      </ItemPhotos>
    </li>
  );
}, sameWorkItem);

/** The photos of one checklist item (and, for the housekeeper, its Add photo button). */
function photosOf(photos: readonly PhotoView[], itemId: string | null): PhotoView[] {
  return photos.filter((p) => p.itemId === itemId);
}

function ItemPhotos({ photos, label, userId, children }: { photos: readonly PhotoView[]; label: string; userId: string; children?: ReactNode }) {
  if (photos.length === 0 && !children) return null;
  return (
    <div className="checklist__photos">
      <PhotoGallery photos={photos} label={label} userId={userId} />
      {children}
    </div>
  );
}

/**
 * The task's own photos (and those of items no longer on the checklist), what is still waiting to
 * upload from this device, and, for the housekeeper, the camera and gallery buttons.
 */
function TaskPhotoSection({ photos, checklist, userId, canAdd }: { photos: TaskPhotos; checklist: readonly { id: string }[]; userId: string; canAdd: boolean }) {
  const items = new Set(checklist.map((i) => i.id));
  const own = photos.photos.filter((p) => p.itemId === null || !items.has(p.itemId));
  const t = useT();
  const pending = pendingText(photos.photos, t);
  return (
    <section className="task-photos" aria-label={t('task.photos.label')}>
      <h3 className="section-title">{t('task.photos.title')}</h3>
      {pending ? (
        <p className="task-photos__pending" role="status">
          <Badge tone="info">{pending}</Badge>
        </p>
      ) : null}
      {own.length ? <PhotoGallery photos={own} label={t('task.photos.ofTask')} userId={userId} /> : photos.loading ? <p className="muted">{t('task.photos.loading')}</p> : <p className="muted">{t('task.photos.none')}</p>}
      {photos.error ? <p className="muted">{t('task.photos.loadFailed')}</p> : null}
      {photos.offline ? <p className="muted">{t('task.photos.offline')}</p> : null}
      {canAdd ? <AddPhotoButtons label={t('task.photos.ofTask')} onFiles={(files) => photos.add(files, null)} /> : null}
    </section>
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
  const t = useT();
  const save = async () => {
    if (await onSave(draft)) saveDraft(draftAt, null);
  };
  return (
    <div className="notes-field field">
      <label className="field__label section-title" htmlFor={id}>
        {t('task.notes.title')}
      </label>
      <textarea id={id} className="field__control" value={draft} placeholder={t('task.notes.placeholder')} onChange={(e) => setDraft(e.target.value)} />
      {dirty ? <p className="field__hint notes-field__draft">{t('task.notes.draft')}</p> : null}
      <div className="notes-field__actions">
        {dirty ? (
          <Button variant="ghost" onClick={() => setDraft(notes)}>
            {t('task.notes.discard')}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={!dirty} onClick={() => void save()}>
          {t('task.notes.save')}
        </Button>
      </div>
    </div>
  );
}

type PlaceProperty = Pick<Property, 'address' | 'latitude' | 'longitude'> & { images?: readonly string[] };

/** The property's photos, so that the place is recognised (kept offline for the week ahead: client/src/pwa/photo-selection.ts). */
function PropertyPhotos({ images }: { images: readonly string[] }) {
  // A photo that cannot load (offline and not kept on this device) says so instead of a broken image.
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const t = useT();
  return (
    <ul className="task-place__photos" aria-label={t('task.place.photos')}>
      {images.map((src, i) => (
        <li key={src}>
          {missing.has(src) ? (
            <span className="task-place__photo-missing" role="img" aria-label={t('task.place.photoMissingLabel', { n: i + 1, total: images.length })}>
              {t('task.place.photoMissing')}
            </span>
          ) : (
            <img src={src} alt={t('task.place.photoAlt', { n: i + 1, total: images.length })} loading="lazy" decoding="async" onError={() => setMissing((prev) => new Set(prev).add(src))} />
          )}
        </li>
      ))}
    </ul>
  );
}

function PropertyPlace({ property }: { property: PlaceProperty }) {
  const href = mapLink(property);
  const t = useT();
  return (
    <div className="task-place">
      {property.images && property.images.length > 0 ? <PropertyPhotos images={property.images} /> : null}
      <p>
        <span className="task-place__label">{t('task.place.addressPrefix')}</span>
        {property.address || t('property.noAddress')}
      </p>
      {href ? (
        <a className="btn btn--secondary btn--md" href={href} target="_blank" rel="noreferrer">
          <span>{t('property.openInMaps')}</span>
        </a>
      ) : null}
    </div>
  );
}
