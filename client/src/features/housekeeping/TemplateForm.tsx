/** Add or edit a task template: a checklist and a duration per task type. */
import { useState, type FormEvent } from 'react';
import type { TaskTemplate } from '../../data/tables';
import { Dialog } from '../../components/ui/Dialog';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Input';
import { useToast } from '../../components/ui/Toast';
import { useWrite } from '../../data/use-write';
import { CheckboxField, ChecklistEditor, TextArea } from './controls';
import { categoryOptions, priorityOptions } from './categories';
import { saveTemplate, type TemplateFields } from './mutations';
import { taskTexts, TranslationsEditor, translationsToSave } from '../host-text';
import { useT } from '../../i18n/use-t';
import { useTaskLabels } from '../tasks';

export function TemplateForm({ open, template, onClose }: { open: boolean; template: TaskTemplate | null; onClose: () => void }) {
  return open ? <TemplateFormDialog template={template} onClose={onClose} /> : null;
}

function TemplateFormDialog({ template, onClose }: { template: TaskTemplate | null; onClose: () => void }) {
  const { write, pending: saving } = useWrite();
  const { toast } = useToast();
  const [draft, setDraft] = useState(() => ({
    name: template?.name ?? '',
    task_category: template?.task_category ?? 'cleaning',
    description: template?.description ?? '',
    checklist_items: template?.checklist_items ?? [],
    estimated_duration: String(template?.estimated_duration ?? 60),
    priority_level: template?.priority_level ?? 'medium',
    special_instructions: template?.special_instructions ?? '',
    translations: template?.translations ?? {},
    is_default: template?.is_default ?? false,
  }));
  const t = useT();
  const labels = useTaskLabels();
  const texts = taskTexts(t, { title: draft.name, description: draft.description, instructions: draft.special_instructions, items: draft.checklist_items });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!draft.name.trim()) found.name = t('host.housekeeping.form.enterName');
    const duration = Number(draft.estimated_duration);
    if (!Number.isInteger(duration) || duration < 0 || duration > 10080) found.estimated_duration = t('host.housekeeping.form.durationError');
    setErrors(found);
    if (Object.keys(found).length) return;
    const fields: TemplateFields = {
      name: draft.name.trim(),
      task_category: draft.task_category,
      description: draft.description,
      checklist_items: draft.checklist_items.filter((i) => i.text.trim()).map((i) => ({ ...i, text: i.text.trim(), done: false })),
      estimated_duration: duration,
      priority_level: draft.priority_level,
      special_instructions: draft.special_instructions,
      translations: translationsToSave(draft.translations, texts),
      is_default: draft.is_default,
    };
    const saved = await write(saveTemplate(template?.id ?? null, fields));
    if (!saved.ok) return;
    toast({ title: template ? t('host.housekeeping.templates.saved') : t('host.housekeeping.templates.added'), description: fields.name, variant: 'success' });
    onClose();
  };

  const formId = 'template-form';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={template ? t('host.housekeeping.editNamed', { name: template.name }) : t('host.housekeeping.templates.add')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('host.common.cancel')}
          </Button>
          <Button type="submit" form={formId} isLoading={saving}>
            {template ? t('host.housekeeping.form.save') : t('host.housekeeping.templates.add')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => void submit(e)}>
        <div className="hk-grid">
          <Input label={t('host.housekeeping.staff.name')} required value={draft.name} error={errors.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
          <Select label={t('host.housekeeping.field.category')} value={draft.task_category} options={categoryOptions(labels.category, draft.task_category)} onChange={(e) => set('task_category', e.target.value)} />
          <Select label={t('host.housekeeping.field.priority')} value={draft.priority_level} options={priorityOptions(labels.priority)} onChange={(e) => set('priority_level', e.target.value as TemplateFields['priority_level'])} />
          <Input
            label={t('host.housekeeping.form.duration')}
            inputMode="numeric"
            value={draft.estimated_duration}
            error={errors.estimated_duration}
            onChange={(e) => set('estimated_duration', e.target.value)}
          />
        </div>
        <TextArea label={t('host.housekeeping.form.description')} value={draft.description} onChange={(e) => set('description', e.target.value)} />
        <TextArea label={t('host.housekeeping.form.instructions')} value={draft.special_instructions} onChange={(e) => set('special_instructions', e.target.value)} />
        <ChecklistEditor items={draft.checklist_items} onChange={(items) => set('checklist_items', items)} />
        <TranslationsEditor texts={texts} value={draft.translations} onChange={(translations) => set('translations', translations)} />
        <CheckboxField
          label={t('host.housekeeping.templates.useForTurnovers')}
          hint={t('host.housekeeping.templates.useForTurnoversHint')}
          checked={draft.is_default}
          onChange={(checked) => set('is_default', checked)}
        />
      </form>
    </Dialog>
  );
}
