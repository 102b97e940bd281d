/**
 * What a host writes on the housekeeping page: staff, task templates and tasks, as requests for
 * useWrite (data/use-write.ts), each one local write through the outbox, so the page works
 * offline. The staff invite is the exception: it creates a login and sends mail, so it is an
 * online-only call to the server.
 */
import { v7 as uuidv7 } from 'uuid';
import { checklistOpsBetween, type ChecklistItem, type ChecklistOp } from '../../../../shared/checklist';
import { SYNCED_TABLES } from '../../db/schema';
import { apiRequest } from '../../api/http';
import type { WriteRequest } from '../../sync/mutate';
import type { TaskTemplate } from '../../data/tables';
import { DEFAULT_CURRENCY } from '../../../../shared/money';
import { rekeyItems, type Translations } from '../../../../shared/host-text';

export type StaffFields = {
  staff_name: string;
  staff_email: string;
  staff_phone: string;
  specializations: string[];
  availability_schedule: Record<string, { start: string; end: string } | 'off'>;
  /** ISO 4217 code of hourly_rate. */
  currency: string;
  hourly_rate: number;
  status: 'active' | 'inactive';
  hire_date: string | null;
  emergency_contact: string;
};

export type TemplateFields = {
  name: string;
  task_category: string;
  description: string;
  checklist_items: ChecklistItem[];
  estimated_duration: number;
  priority_level: 'low' | 'medium' | 'high' | 'urgent';
  special_instructions: string;
  /** The host's translations for housekeepers (shared/host-text.ts). */
  translations: Translations;
  is_default: boolean;
};

export type TaskFields = {
  task_title: string;
  task_description: string;
  task_category: string;
  priority_level: 'low' | 'medium' | 'high' | 'urgent';
  property_id: string;
  booking_id: string | null;
  template_id: string | null;
  scheduled_date: string | null;
  due_date: string | null;
  estimated_duration: number;
  /** ISO 4217 code of cost: the property's for a new task (as a booking's), kept on edits. */
  currency: string;
  cost: number;
  checklist_items: ChecklistItem[];
  special_instructions: string;
  translations: Translations;
  assigned_staff_id: string | null;
};

/**
 * The currency of a task's cost (docs/decisions.md "Money"): its own, else its property's, as a
 * new task gets it (offline too), else the platform default. The server sets the same on create.
 */
export function taskCurrency(task: { currency?: string | null } | null, property: { currency?: string | null } | undefined): string {
  return task?.currency || property?.currency || DEFAULT_CURRENCY;
}

export function saveStaff(id: string | null, fields: StaffFields): WriteRequest {
  if (id) return { table: SYNCED_TABLES.housekeeping_staff, op: 'update', rowId: id, fields };
  return { table: SYNCED_TABLES.housekeeping_staff, op: 'create', fields };
}

export function deleteStaff(id: string): WriteRequest {
  return { table: SYNCED_TABLES.housekeeping_staff, op: 'delete', rowId: id };
}

export function saveTemplate(id: string | null, fields: TemplateFields): WriteRequest {
  if (id) return { table: SYNCED_TABLES.task_templates, op: 'update', rowId: id, fields };
  return { table: SYNCED_TABLES.task_templates, op: 'create', fields };
}

export function deleteTemplate(id: string): WriteRequest {
  return { table: SYNCED_TABLES.task_templates, op: 'delete', rowId: id };
}

/**
 * The fields a host's edit changed, compared with the task as the form opened: only those are
 * sent, so an edit does not overwrite what the housekeeper ticked meanwhile (field-level LWW).
 */
export function editedFields<T extends Record<string, unknown>>(original: Partial<Record<keyof T, unknown>>, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (JSON.stringify(original[key] ?? null) !== JSON.stringify(next[key] ?? null)) out[key] = next[key];
  }
  return out;
}

/**
 * A host's edit of a task: the fields it changed since the form opened (`editedFields`), with
 * the checklist sent as changes by item against the list the form opened with, so that the
 * housekeeper's ticks made meanwhile, and her own edits, are kept (shared/checklist.ts).
 */
export function taskEdit(openedWith: Partial<TaskFields>, next: TaskFields): TaskEdit {
  const { checklist_items: items, ...rest } = editedFields(openedWith, next);
  if (items === undefined) return rest;
  const ops = checklistOpsBetween(openedWith.checklist_items ?? [], items);
  return ops.length > 0 ? { ...rest, checklist_ops: ops } : rest;
}

export type TaskEdit = Partial<Omit<TaskFields, 'checklist_items'>> & { checklist_items?: ChecklistItem[]; checklist_ops?: ChecklistOp[] };

/**
 * The write of a task form: an update names what the form showed when it opened (`openedWith`),
 * so that a field someone else changed meanwhile is told to both (shared/sync.ts `base`).
 */
export function saveTask(id: string | null, fields: TaskFields | TaskEdit, openedWith?: Partial<TaskFields>): WriteRequest {
  if (id) return openedWith ? { table: SYNCED_TABLES.housekeeping_tasks, op: 'update', rowId: id, fields, base: openedWith } : { table: SYNCED_TABLES.housekeeping_tasks, op: 'update', rowId: id, fields };
  return { table: SYNCED_TABLES.housekeeping_tasks, op: 'create', fields: { ...fields, task_status: 'pending', notes: '' } };
}

export function deleteTask(id: string): WriteRequest {
  return { table: SYNCED_TABLES.housekeeping_tasks, op: 'delete', rowId: id };
}

/** A host may cancel an open task (it then leaves the housekeeper's open list). */
export function cancelTask(id: string): WriteRequest {
  return { table: SYNCED_TABLES.housekeeping_tasks, op: 'update', rowId: id, fields: { task_status: 'cancelled' } };
}

/** Only a host moves a finished task back (shared/sync.ts): it is pending again, checklist kept. */
export function reopenTask(id: string): WriteRequest {
  return { table: SYNCED_TABLES.housekeeping_tasks, op: 'update', rowId: id, fields: { task_status: 'pending' } };
}

/** Online only: creates the staff member's login and mails the first-password link. */
export async function inviteStaff(staffId: string): Promise<void> {
  await apiRequest(`/api/staff/${encodeURIComponent(staffId)}/invite`, { method: 'POST', body: {} });
}

// ── Checklists ──────────────────────────────────────────────────────────────────────────────

export function newChecklistItem(text: string, makeId: () => string = uuidv7): ChecklistItem {
  return { id: makeId(), text: text.trim(), done: false };
}

/** A copy of a template's checklist for a new task: fresh ids, nothing ticked, the "needs a photo" flags kept. */
export function freshChecklist(items: readonly ChecklistItem[], makeId: () => string = uuidv7): ChecklistItem[] {
  return items.filter((i) => i.text.trim() !== '').map((i) => ({ id: makeId(), text: i.text.trim(), done: false, ...(i.photo_required ? { photo_required: true } : {}) }));
}

/** Moves an item up (-1) or down (+1); out of range it stays. */
export function moveItem<T>(items: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/** The fields a template gives a new task (the host then adds property, date and assignee). */
export function taskFromTemplate(
  template: Pick<TaskTemplate, 'id' | 'name' | 'task_category' | 'description' | 'checklist_items' | 'estimated_duration' | 'priority_level' | 'special_instructions' | 'translations'>,
  makeId: () => string = uuidv7,
) {
  const ids = new Map<string, string>();
  const checklist = freshChecklist(template.checklist_items, () => makeId());
  template.checklist_items.filter((i) => i.text.trim() !== '').forEach((item, i) => ids.set(item.id, checklist[i]!.id));
  return {
    task_title: template.name,
    task_description: template.description,
    task_category: template.task_category,
    priority_level: template.priority_level,
    template_id: template.id,
    estimated_duration: template.estimated_duration,
    checklist_items: checklist,
    special_instructions: template.special_instructions,
    // The template's translations, for the new items' ids (shared/host-text.ts).
    translations: rekeyItems(template.translations, ids),
  };
}

/** "Deep cleaning, laundry" → ['Deep cleaning', 'laundry']: trimmed, no empties, no repeats. */
export function parseList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item && !seen.has(item.toLowerCase())) {
      seen.add(item.toLowerCase());
      out.push(item);
    }
  }
  return out;
}
