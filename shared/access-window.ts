/**
 * When a housekeeper holds a property's access details (door code, Wi-Fi, parking, arrival notes):
 * from the day before one of her tasks there is scheduled until that task is done
 * (docs/security.md "Access details"). Days are the property's own (its IANA `timezone`), the same
 * for the server, which decides what a pull sends, and for the device, which drops what it holds
 * when the window ends by its own clock, offline too. A task without a date opens its window at once.
 */
import { addDays, localToday } from './dates';

/** Statuses of a task that is not done: its window may be open. */
export const OPEN_TASK_STATUSES = ['pending', 'in_progress'] as const;

/**
 * The last scheduled date whose window is open at `now`: tomorrow, in the property's days
 * (`timezone`; none or an unknown one counts as UTC).
 */
export function accessOpensThrough(now: Date, timezone?: string | null): string {
  return addDays(localToday(timezone || 'UTC', now), 1);
}

export type WindowTask = { task_status?: string | null; scheduled_date?: string | null; deleted_at?: string | null };

/** Whether this task opens its property's access window at `now`; `timezone` is the property's. */
export function isAccessWindowOpen(task: WindowTask, now: Date, timezone?: string | null): boolean {
  if (task.deleted_at) return false;
  if (!(OPEN_TASK_STATUSES as readonly string[]).includes(task.task_status ?? '')) return false;
  return !task.scheduled_date || task.scheduled_date <= accessOpensThrough(now, timezone);
}
