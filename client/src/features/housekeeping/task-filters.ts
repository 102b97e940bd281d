/**
 * The filters and groupings of the host's housekeeping views (board by status, day and week per
 * staff member). Pure, so the views stay thin and the rules are tested without a browser.
 */
import { TASK_STATUSES } from '../../../../shared/enums';
import { plannedDay, taskSlot } from '../tasks';

export type TaskFilters = {
  propertyId: string;
  /** A staff id, 'unassigned', or '' for everyone. */
  staffId: string;
  priority: string;
  status: string;
  /** YYYY-MM-DD: tasks planned (scheduled, else due) that day; '' for any day. */
  day: string;
};

export const NO_FILTERS: TaskFilters = { propertyId: '', staffId: '', priority: '', status: '', day: '' };

type FilterableTask = {
  property_id: string;
  assigned_staff_id: string | null;
  priority_level: string;
  task_status: string;
  scheduled_date: string | null;
  due_date: string | null;
};

export function filterTasks<T extends FilterableTask>(tasks: readonly T[], filters: TaskFilters, timezone: string): T[] {
  return tasks.filter((t) => {
    if (filters.propertyId && t.property_id !== filters.propertyId) return false;
    if (filters.staffId === 'unassigned' ? t.assigned_staff_id : filters.staffId && t.assigned_staff_id !== filters.staffId) return false;
    if (filters.priority && t.priority_level !== filters.priority) return false;
    if (filters.status && t.task_status !== filters.status) return false;
    if (filters.day && plannedDay(t, timezone) !== filters.day) return false;
    return true;
  });
}

export function activeFilterCount(filters: TaskFilters): number {
  return Object.values(filters).filter(Boolean).length;
}

/** Board columns: one per task status, in the order work moves. */
export function groupByStatus<T extends Pick<FilterableTask, 'task_status'>>(tasks: readonly T[]): { status: (typeof TASK_STATUSES)[number]; tasks: T[] }[] {
  return TASK_STATUSES.map((status) => ({ status, tasks: tasks.filter((t) => t.task_status === status) }));
}

type PlannedTask = FilterableTask & { id: string; estimated_duration: number };

/**
 * The rows of the day/week list: one per staff member (in the given order) and one for
 * unassigned tasks, each with its tasks per day, timed ones by start time, untimed after.
 */
export function staffDays<T extends PlannedTask, S extends { id: string }>(tasks: readonly T[], staff: readonly S[], days: readonly string[], timezone: string) {
  const byStart = (a: T, b: T) => (taskSlot(a, timezone)?.start ?? 24 * 60) - (taskSlot(b, timezone)?.start ?? 24 * 60);
  const rowFor = (member: S | null) => ({
    member,
    days: days.map((day) => ({
      day,
      tasks: tasks.filter((t) => (member ? t.assigned_staff_id === member.id : !t.assigned_staff_id) && plannedDay(t, timezone) === day).sort(byStart),
    })),
  });
  const rows = staff.map((s) => rowFor(s));
  const unassigned = rowFor(null);
  return unassigned.days.some((d) => d.tasks.length) ? [...rows, unassigned] : rows;
}
