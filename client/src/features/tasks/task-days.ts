/**
 * The days of tasks, as both the host's housekeeping views and the housekeeper's pages read them:
 * the day a task is planned for, the weeks and days a view spans, and the order to work a day in.
 * Pure functions.
 */
import { addDays, dayOf } from '../../../../shared/format/dates';
import { taskSlot, weekdayOf } from './schedule-rules';

type DayTask = {
  id: string;
  priority_level: string;
  task_status: string;
  scheduled_date: string | null;
  due_date: string | null;
  estimated_duration: number;
};

/** The day a task is planned for: its scheduled day, else its due day. */
export function plannedDay<T extends Pick<DayTask, 'scheduled_date' | 'due_date'>>(task: T, timezone: string): string | null {
  return dayOf(task.scheduled_date, timezone) ?? dayOf(task.due_date, timezone);
}

/** The Monday that starts the week of a day. */
export function weekStart(day: string): string {
  const offset = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(weekdayOf(day));
  return addDays(day, -offset);
}

export function daysFrom(start: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

/**
 * The housekeeper's day in the order to work it: open tasks first (in progress, then by start
 * time, untimed ones after, urgent before others at the same time), then the finished ones.
 */
export function dayOrder<T extends DayTask>(tasks: readonly T[], timezone: string): T[] {
  const rank = (t: T) => (t.task_status === 'in_progress' ? 0 : t.task_status === 'pending' ? 1 : 2);
  const prio = (t: T) => ['urgent', 'high', 'medium', 'low'].indexOf(t.priority_level);
  // Each task's start is worked out once (a time zone conversion), not at every comparison.
  const starts = new Map(tasks.map((t) => [t, taskSlot(t, timezone)?.start ?? 24 * 60]));
  const start = (t: T) => starts.get(t) ?? 24 * 60;
  return [...tasks].sort((a, b) => rank(a) - rank(b) || start(a) - start(b) || prio(a) - prio(b) || a.id.localeCompare(b.id));
}

/** Progress of a day: finished tasks over all, and ticked checklist items over all. */
export function dayProgress(tasks: readonly { task_status: string; checklist_items: readonly { done: boolean }[] }[]) {
  const counted = tasks.filter((t) => t.task_status !== 'cancelled');
  const done = counted.filter((t) => t.task_status === 'completed').length;
  const items = counted.flatMap((t) => t.checklist_items);
  const ticked = items.filter((i) => i.done).length;
  return { done, total: counted.length, ticked, items: items.length, percent: counted.length ? Math.round((done / counted.length) * 100) : 0 };
}
