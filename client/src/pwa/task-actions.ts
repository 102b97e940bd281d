/**
 * Acting from a task alert (the service worker, client/src/sw.ts): an urgent or overdue task
 * alert of a housekeeper carries "Start" (a pending task), "Mark done" (when no checklist item
 * is open) and "Open". "Start" and "Mark done" are the same writes as the task dialog's
 * (features/tasks mutations), made through the same outbox (sync/mutate.ts), so that they are
 * sent once by whoever syncs first: the worker right away, Background Sync later, or the page.
 * The worker loads no message catalog: the actions' titles come in the housekeeper's language with
 * the push (shared/api/push.ts `actionTitles`, written by the server), English when it has none.
 */
import type { TaskAction, TaskActionTitles } from '../../../shared/api/push';
import type { StaykeepDb } from '../db/db';
import type { LocalRow } from '../db/schema';
import { mutate, type WriteRequest } from '../sync/mutate';
// The builders' own module, not the feature's index: the service worker bundles no screen and no message catalog.
import { completeTask, startTask } from '../features/tasks/mutations';

export type { TaskAction };

/** The English titles (the `server.push.action.*` messages of the catalog), for a push that brings none. */
export const TASK_ACTION_TITLES: TaskActionTitles = { start: 'Start', done: 'Mark done', open: 'Open' };

/** The notification's buttons: each action with the title the push brought, else the English one. */
export function taskActionButtons(actions: readonly TaskAction[], titles: Partial<TaskActionTitles> = {}): { action: TaskAction; title: string }[] {
  return actions.map((action) => ({ action, title: titles[action] || TASK_ACTION_TITLES[action] }));
}

function hasOpenChecklistItems(task: LocalRow): boolean {
  return Array.isArray(task.checklist_items) && task.checklist_items.some((item: unknown) => typeof item === 'object' && item !== null && 'done' in item && item.done !== true);
}

/** The actions an alert about `task` offers (only "Open" when the task is not on the device or is closed). */
export function taskActions(task: LocalRow | undefined): TaskAction[] {
  if (!task || (task.task_status !== 'pending' && task.task_status !== 'in_progress')) return ['open'];
  const actions: TaskAction[] = [];
  if (task.task_status === 'pending') actions.push('start');
  if (!hasOpenChecklistItems(task)) actions.push('done');
  actions.push('open');
  return actions;
}

/** The actions for an alert, read from the store: a housekeeper's urgent or warning alert about a task. */
export async function actionsForAlert(db: StaykeepDb, taskId: string | null, type: string): Promise<TaskAction[]> {
  if (!taskId || (type !== 'urgent' && type !== 'warning')) return [];
  const session = await db.getMeta('session');
  if (session?.user.Role !== 'staff') return [];
  return taskActions(await db.rows('housekeeping_tasks').get(taskId));
}

/**
 * Writes what an action does into the outbox; answers whether a change was queued (false: nothing
 * to do, e.g. the task was started already). Throws WriteRefused when the move is not allowed.
 */
export async function actOnTask(db: StaykeepDb, taskId: string, action: TaskAction): Promise<boolean> {
  if (action === 'open') return false;
  const session = await db.getMeta('session');
  if (!session || session.user.Role !== 'staff') return false;
  const request: WriteRequest = action === 'start' ? startTask(taskId) : completeTask(taskId);
  return (await mutate(db, request, { role: session.user.Role })) !== null;
}

export function isTaskAction(value: unknown): value is TaskAction {
  return value === 'start' || value === 'done' || value === 'open';
}
