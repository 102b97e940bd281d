/**
 * What a housekeeper does to a task, as requests for useWrite (data/use-write.ts), through the
 * outbox so that it works offline: start, complete, tick checklist items, write notes. Each is one
 * local write; fields that depend on the task (the checklist) are computed from the row as stored
 * at the moment of the write, so two quick ticks never undo each other.
 */
import type { ChecklistItem } from '../../../../shared/schema/tables';
import { SYNCED_TABLES, type LocalRow } from '../../db/schema';
import type { WriteRequest } from '../../sync/mutate';

const TASKS = SYNCED_TABLES.housekeeping_tasks;

function checklistOf(row: LocalRow): ChecklistItem[] {
  return Array.isArray(row.checklist_items) ? (row.checklist_items as ChecklistItem[]) : [];
}

export function startTask(taskId: string): WriteRequest {
  return { table: TASKS, op: 'update', rowId: taskId, fields: { task_status: 'in_progress' } };
}

export function completeTask(taskId: string): WriteRequest {
  return { table: TASKS, op: 'update', rowId: taskId, fields: { task_status: 'completed' } };
}

/**
 * A tick or untick says which item, not the whole list (shared/checklist.ts): the host may be
 * renaming or adding items at the same time, and both changes must survive. A tick of an item that
 * needs a photo names the photo (`photoId`), which may still be waiting to upload.
 */
export function setChecklistItem(taskId: string, itemId: string, done: boolean, photoId?: string): WriteRequest {
  return {
    table: TASKS,
    op: 'update',
    rowId: taskId,
    fields: (row) => {
      const item = checklistOf(row).find((i) => i.id === itemId);
      if (!item || item.done === done) return null;
      return { checklist_ops: [done && photoId ? { op: 'set_done', id: itemId, done, photo_id: photoId } : { op: 'set_done', id: itemId, done }] };
    },
  };
}

export function saveNotes(taskId: string, notes: string): WriteRequest {
  return { table: TASKS, op: 'update', rowId: taskId, fields: { notes } };
}
