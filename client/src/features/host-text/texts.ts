/** The texts of a template, a task or access details that a host may translate, with their labels. */
import { itemKey, pruneTranslations, type Translations } from '../../../../shared/host-text';
import type { MessageId, MessageValues } from '../../i18n';
import type { TranslatableText } from './TranslationsEditor';
import type { HostTextSource } from './use-host-text';

type Translate = (id: MessageId, values?: MessageValues) => string;

export function taskTexts(
  t: Translate,
  fields: { title: string; description: string; instructions: string; items: readonly { id: string; text: string }[] },
): TranslatableText[] {
  // As the forms save them (trimmed), so that a translation stays current after the save.
  return [
    { key: 'title', label: t('host.translations.field.title'), original: fields.title.trim() },
    { key: 'description', label: t('host.translations.field.description'), original: fields.description },
    { key: 'instructions', label: t('host.translations.field.instructions'), original: fields.instructions },
    ...fields.items.map((item, i) => ({ key: itemKey(item.id), label: t('host.translations.field.item', { number: i + 1 }), original: item.text.trim() })),
  ];
}

/** A task's texts as the staff screens read them (useHostText). */
export function taskSources(task: { task_title: string; task_description: string; special_instructions: string; checklist_items: readonly { id: string; text: string }[] } | null): HostTextSource[] {
  if (!task) return [];
  return [
    { key: 'title', original: task.task_title },
    { key: 'description', original: task.task_description },
    { key: 'instructions', original: task.special_instructions },
    ...task.checklist_items.map((item) => ({ key: itemKey(item.id), original: item.text })),
  ];
}

export function accessTexts(t: Translate, fields: { parking: string; arrival_notes: string }): TranslatableText[] {
  return [
    { key: 'parking', label: t('host.translations.field.parking'), original: fields.parking },
    { key: 'arrival_notes', label: t('host.translations.field.arrivalNotes'), original: fields.arrival_notes },
  ];
}

/** The translations to save: those of texts the form still has (a removed checklist item's go). */
export function translationsToSave(translations: Translations, texts: readonly TranslatableText[]): Translations {
  return pruneTranslations(translations, new Set(texts.filter((text) => text.original.trim()).map((text) => text.key)));
}
