/** Task facts the screens share: which statuses are open, when a task is overdue, its day, a map link. */
import { dayOf } from '../../../../shared/format/dates';

type TaskLike = { task_status: string; due_date: string | null; scheduled_date: string | null };

export function isOpen(task: Pick<TaskLike, 'task_status'>): boolean {
  return task.task_status === 'pending' || task.task_status === 'in_progress';
}

let lastToday: { minute: number; timezone: string; today: string | null } | null = null;

/** Today in a timezone, worked out once per minute: a list asks it for each of its rows. */
function todayIn(now: Date, timezone: string): string | null {
  const minute = Math.floor(now.getTime() / 60_000);
  if (lastToday?.minute !== minute || lastToday.timezone !== timezone) lastToday = { minute, timezone, today: dayOf(now.toISOString(), timezone) };
  return lastToday.today;
}

/**
 * An open task past its due time. A due day (no time) is overdue once that day has ended in the
 * user's timezone; an instant once it has passed.
 */
export function isOverdue(task: TaskLike, now: Date, timezone = 'UTC'): boolean {
  if (!isOpen(task) || !task.due_date) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(task.due_date)) {
    const today = todayIn(now, timezone);
    return today !== null && task.due_date < today;
  }
  const due = Date.parse(task.due_date);
  return Number.isFinite(due) && due < now.getTime();
}

/** The day a task is planned for (its scheduled date, else its due date), in a timezone. */
export function taskDay(task: TaskLike, timezone: string): string | null {
  return dayOf(task.scheduled_date, timezone) ?? dayOf(task.due_date, timezone);
}

/** Where a map app should go for a property: its coordinates when known, else its address. */
export function mapLink(property: { address: string; latitude: number | null; longitude: number | null }): string | null {
  if (property.latitude != null && property.longitude != null) return `https://www.google.com/maps/search/?api=1&query=${property.latitude},${property.longitude}`;
  if (property.address.trim()) return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(property.address.trim())}`;
  return null;
}

/** How many minutes the work took, from its start to its completion (null when a time is unreadable). */
export function workedMinuteCount(startedAt: string, completedAt: string): number | null {
  const minutes = Math.max(0, Math.round((Date.parse(completedAt) - Date.parse(startedAt)) / 60_000));
  return Number.isFinite(minutes) ? minutes : null;
}

/** How long the work took, in English: "45 min", "1 h 5 min" (screens use task-labels.tsx `durationText`). */
export function workedMinutes(startedAt: string, completedAt: string): string {
  const minutes = workedMinuteCount(startedAt, completedAt);
  if (minutes === null) return '';
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}
