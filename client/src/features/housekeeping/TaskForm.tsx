/**
 * Create or edit a task with every field of a task. Picking a template fills the task from it
 * (title, checklist, duration, category, priority, instructions) in one step. Assigning it to
 * someone who is off, outside their hours, already busy then, or over their hours that day is
 * warned about in the form (schedule-rules.ts); the host may still save.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { TABLE, type Staff, type Task, type TaskTemplate } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { useWrite } from '../../data/use-write';
import { useProperties } from '../../data/common-rows';
import { ChecklistEditor, TextArea } from './controls';
import { categoryOptions, priorityOptions } from './categories';
import { saveTask, taskCurrency, taskEdit, taskFromTemplate, type TaskFields } from './mutations';
import { taskTexts, TranslationsEditor, translationsToSave } from '../host-text';
import { useT } from '../../i18n/use-t';
import { roundToCurrency } from '../../../../shared/money';
import { assignmentWarnings, joinSchedule, splitSchedule, useTaskLabels } from '../tasks';
import { warningText } from './warning-text';

export type TaskFormProps = {
  open: boolean;
  /** The task to edit; null to create one. */
  task: Task | null;
  /** A template to start the new task from. */
  template?: TaskTemplate | null;
  staff: readonly Staff[];
  templates: readonly TaskTemplate[];
  tasks: readonly Task[];
  onClose: () => void;
  /** After a save (the host page then offers alerts on this device). */
  onSaved?: () => void;
};

export function TaskForm(props: TaskFormProps) {
  return props.open ? <TaskFormDialog {...props} /> : null;
}

type Draft = Omit<TaskFields, 'scheduled_date' | 'due_date' | 'estimated_duration' | 'cost' | 'currency'> & {
  scheduled_day: string;
  scheduled_time: string;
  due_day: string;
  due_time: string;
  estimated_duration: string;
  cost: string;
};

function draftOf(task: Task | null, template: TaskTemplate | null | undefined, timezone: string): Draft {
  const scheduled = splitSchedule(task?.scheduled_date, timezone);
  const due = splitSchedule(task?.due_date, timezone);
  const base: Draft = {
    task_title: task?.task_title ?? '',
    task_description: task?.task_description ?? '',
    task_category: task?.task_category ?? 'cleaning',
    priority_level: task?.priority_level ?? 'medium',
    property_id: task?.property_id ?? '',
    booking_id: task?.booking_id ?? null,
    template_id: task?.template_id ?? null,
    scheduled_day: scheduled.day,
    scheduled_time: scheduled.time,
    due_day: due.day,
    due_time: due.time,
    estimated_duration: String(task?.estimated_duration ?? 60),
    cost: task ? String(task.cost) : '0',
    checklist_items: task?.checklist_items ?? [],
    special_instructions: task?.special_instructions ?? '',
    translations: task?.translations ?? {},
    assigned_staff_id: task?.assigned_staff_id ?? null,
  };
  return template ? applyTemplate(base, template) : base;
}

function applyTemplate(draft: Draft, template: TaskTemplate): Draft {
  const from = taskFromTemplate(template);
  return { ...draft, ...from, estimated_duration: String(from.estimated_duration) };
}

function TaskFormDialog({ task, template, staff, templates, tasks, onClose, onSaved }: TaskFormProps) {
  const format = useFormat();
  const tz = format.settings.timezone;
  const { write, pending: saving } = useWrite();
  const { toast } = useToast();
  const properties = useProperties();
  const bookings = useRows(TABLE.bookings, { PageSize: 1000, OrderByField: 'check_in_date', IsAsc: false });
  const [draft, setDraft] = useState<Draft>(() => draftOf(task, template, tz));
  // The task as the form opened: an edit sends what changed since then, not the live row's copy.
  const [openedWith] = useState(task);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const t = useT();
  const labels = useTaskLabels();
  const texts = taskTexts(t, { title: draft.task_title, description: draft.task_description, instructions: draft.special_instructions, items: draft.checklist_items });

  const propertyBookings = useMemo(
    () => (bookings.rows ?? []).filter((b) => b.property_id === draft.property_id && b.booking_status !== 'cancelled'),
    [bookings.rows, draft.property_id],
  );
  const assignee = staff.find((s) => s.id === draft.assigned_staff_id) ?? null;
  // A new task's cost is in its property's currency; an existing task keeps its own.
  const currency = taskCurrency(task, (properties.rows ?? []).find((p) => p.id === draft.property_id));
  const scheduled = joinSchedule(draft.scheduled_day, draft.scheduled_time, tz);
  const duration = Number(draft.estimated_duration);
  const warnings = assignee
    ? assignmentWarnings(
        {
          id: task?.id ?? '',
          task_title: draft.task_title,
          task_status: task?.task_status ?? 'pending',
          scheduled_date: scheduled,
          estimated_duration: Number.isFinite(duration) ? duration : 0,
          assigned_staff_id: assignee.id,
        },
        assignee,
        tasks,
        tz,
      )
    : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.task_title.trim()) found.task_title = t('host.housekeeping.form.enterTitle');
    if (!draft.property_id) found.property_id = t('host.housekeeping.form.chooseProperty');
    if (!Number.isInteger(duration) || duration < 0 || duration > 10080) found.estimated_duration = t('host.housekeeping.form.durationError');
    const cost = draft.cost.trim() === '' ? 0 : Number(draft.cost);
    if (!Number.isFinite(cost) || cost < 0) found.cost = t('host.housekeeping.form.amountError');
    const due = joinSchedule(draft.due_day, draft.due_time, tz);
    if (draft.scheduled_time && !draft.scheduled_day) found.scheduled_day = t('host.housekeeping.form.dayForTime');
    if (draft.due_time && !draft.due_day) found.due_day = t('host.housekeeping.form.dayForTime');
    if (scheduled && due && due < scheduled && due.length === scheduled.length) found.due_day = t('host.housekeeping.form.dueBeforeScheduled');
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields: TaskFields = {
      task_title: draft.task_title.trim(),
      task_description: draft.task_description,
      task_category: draft.task_category,
      priority_level: draft.priority_level,
      property_id: draft.property_id,
      booking_id: draft.booking_id || null,
      template_id: draft.template_id || null,
      scheduled_date: scheduled,
      due_date: due,
      estimated_duration: duration,
      currency,
      cost: roundToCurrency(cost, currency),
      checklist_items: draft.checklist_items.filter((i) => i.text.trim()).map((i) => ({ ...i, text: i.text.trim() })),
      special_instructions: draft.special_instructions,
      translations: translationsToSave(draft.translations, texts),
      assigned_staff_id: draft.assigned_staff_id || null,
    };
    const saved = await write(saveTask(task?.id ?? null, openedWith ? taskEdit(openedWith, fields) : fields, openedWith ?? undefined));
    if (!saved.ok) return;
    toast({ title: task ? t('host.housekeeping.form.taskSaved') : t('host.housekeeping.form.taskCreated'), description: fields.task_title, variant: 'success' });
    onClose();
    onSaved?.();
  };

  const formId = 'task-form';
  const staffOptions = [{ value: '', label: t('task.unassigned') }, ...staff.map((s) => ({ value: s.id, label: s.status === 'active' ? s.staff_name : t('host.housekeeping.form.inactiveStaff', { name: s.staff_name }) }))];
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={task ? t('host.housekeeping.editNamed', { name: task.task_title }) : t('host.housekeeping.newTask')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {task ? t('host.housekeeping.form.saveTask') : t('host.housekeeping.form.createTask')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        {!task ? (
          <Select
            label={t('host.housekeeping.form.fromTemplate')}
            value={draft.template_id ?? ''}
            options={[{ value: '', label: t('host.housekeeping.form.noTemplate') }, ...templates.map((tp) => ({ value: tp.id, label: tp.name }))]}
            hint={t('host.housekeeping.form.fromTemplateHint')}
            onChange={(e) => {
              const picked = templates.find((tp) => tp.id === e.target.value);
              setDraft((d) => (picked ? applyTemplate(d, picked) : { ...d, template_id: null }));
            }}
          />
        ) : null}
        <Input label={t('host.housekeeping.form.title')} required value={draft.task_title} error={errors.task_title} onChange={(e) => set('task_title', e.target.value)} autoComplete="off" />
        <div className="hk-grid">
          <Select
            label={t('host.housekeeping.field.property')}
            required
            value={draft.property_id}
            error={errors.property_id}
            options={[{ value: '', label: properties.status === 'success' ? t('host.common.chooseProperty') : t('host.housekeeping.form.loading') }, ...(properties.rows ?? []).map((p) => ({ value: p.id, label: p.property_name }))]}
            onChange={(e) => setDraft((d) => ({ ...d, property_id: e.target.value, booking_id: null }))}
          />
          <Select
            label={t('host.housekeeping.form.booking')}
            value={draft.booking_id ?? ''}
            options={[
              { value: '', label: t('host.housekeeping.form.noBooking') },
              ...propertyBookings.map((b) => ({ value: b.id, label: t('host.housekeeping.form.bookingOption', { guest: b.guest_name, from: format.date(b.check_in_date), to: format.date(b.check_out_date) }) })),
            ]}
            onChange={(e) => set('booking_id', e.target.value || null)}
          />
          <Select label={t('host.housekeeping.field.category')} value={draft.task_category} options={categoryOptions(labels.category, draft.task_category)} onChange={(e) => set('task_category', e.target.value)} />
          <Select label={t('host.housekeeping.field.priority')} value={draft.priority_level} options={priorityOptions(labels.priority)} onChange={(e) => set('priority_level', e.target.value as TaskFields['priority_level'])} />
          <Input label={t('host.housekeeping.form.scheduledDate')} type="date" value={draft.scheduled_day} error={errors.scheduled_day} onChange={(e) => set('scheduled_day', e.target.value)} />
          <Input label={t('host.housekeeping.form.startTime')} type="time" value={draft.scheduled_time} hint={t('host.housekeeping.form.optional')} onChange={(e) => set('scheduled_time', e.target.value)} />
          <Input label={t('host.housekeeping.form.dueDate')} type="date" value={draft.due_day} error={errors.due_day} onChange={(e) => set('due_day', e.target.value)} />
          <Input label={t('host.housekeeping.form.dueTime')} type="time" value={draft.due_time} hint={t('host.housekeeping.form.optional')} onChange={(e) => set('due_time', e.target.value)} />
          <Input
            label={t('host.housekeeping.form.duration')}
            inputMode="numeric"
            value={draft.estimated_duration}
            error={errors.estimated_duration}
            onChange={(e) => set('estimated_duration', e.target.value)}
          />
          <Input
            label={t('host.housekeeping.form.fixedCost', { currency })}
            hint={t('host.housekeeping.form.fixedCostHint')}
            inputMode="decimal"
            value={draft.cost}
            error={errors.cost}
            onChange={(e) => set('cost', e.target.value)}
          />
        </div>
        <Select label={t('host.housekeeping.form.assignedTo')} value={draft.assigned_staff_id ?? ''} options={staffOptions} onChange={(e) => set('assigned_staff_id', e.target.value || null)} />
        {warnings.length && assignee ? (
          <div className="callout hk-warnings" role="status" aria-live="polite">
            <p className="callout__title">{t('host.housekeeping.form.checkAssignment')}</p>
            <ul>
              {warnings.map((w) => (
                <li key={`${w.kind}-${w.kind === 'overlap' ? w.other.id : ''}`}>{warningText(w, assignee.staff_name, t, format.date)}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <TextArea label={t('host.housekeeping.form.description')} value={draft.task_description} onChange={(e) => set('task_description', e.target.value)} />
        <TextArea label={t('host.housekeeping.form.instructions')} value={draft.special_instructions} onChange={(e) => set('special_instructions', e.target.value)} />
        <ChecklistEditor items={draft.checklist_items} onChange={(items) => set('checklist_items', items)} />
        <TranslationsEditor texts={texts} value={draft.translations} onChange={(translations) => set('translations', translations)} />
      </form>
    </Dialog>
  );
}
