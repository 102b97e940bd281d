/**
 * Scheduling facts of housekeeping tasks: where a task sits in its assignee's week, and the
 * warnings a host sees before assigning it (off that weekday, outside the hours, overlapping
 * another task, more work that day than hours). Pure functions: the caller passes the timezone in
 * which availability hours are read (the user's display timezone) and the other tasks.
 *
 * A task planned for a day without a time (YYYY-MM-DD) has no hours: it is checked against the
 * weekday only, and counts toward the day's load, but cannot overlap a timed task.
 */
import { WEEKDAYS } from '../../../../shared/enums';
import { isIsoDate } from '../../../../shared/schema/fields';
import type { AvailabilitySchedule } from '../../../../shared/schema/tables';

export type Weekday = (typeof WEEKDAYS)[number];

const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** "HH:MM" → minutes after midnight, or null. */
export function minutesOf(time: string): number | null {
  const m = TIME_RE.exec(time);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}

/** Minutes after midnight → "HH:MM". */
export function timeOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
}

/** The weekday of a calendar day (YYYY-MM-DD). */
export function weekdayOf(day: string): Weekday {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  const index = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return WEEKDAYS[index] as Weekday;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timezone, f);
  }
  return f;
}

/** An instant's calendar day and minutes after midnight in a timezone (UTC when it is unknown). */
export function zonedParts(instant: string | number, timezone: string): { day: string; minutes: number } | null {
  const ms = typeof instant === 'number' ? instant : INSTANT_RE.test(instant) ? Date.parse(instant) : NaN;
  if (!Number.isFinite(ms)) return null;
  let f: Intl.DateTimeFormat;
  try {
    f = formatterFor(timezone);
  } catch {
    f = formatterFor('UTC');
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = NaN, month = NaN, day = NaN, hour = NaN, minute = NaN } = parts;
  if (![year, month, day, hour, minute].every(Number.isFinite)) return null;
  return { day: `${pad(year, 4)}-${pad(month)}-${pad(day)}`, minutes: (hour % 24) * 60 + minute };
}

/**
 * The instant at which the wall clock of a timezone shows `day` `time` (a form's date and time
 * fields). In a DST gap the clock jumps: the answer is the first instant after it.
 */
export function zonedInstant(day: string, time: string, timezone: string): string | null {
  const minutes = minutesOf(time);
  if (!isIsoDate(day) || minutes === null) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // Two passes converge on the offset in force at that instant (it may differ from the guess's).
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const parts = zonedParts(guess, timezone);
    if (!parts) return null;
    const [py, pm, pd] = parts.day.split('-').map(Number) as [number, number, number];
    const shown = Date.UTC(py, pm - 1, pd, 0, parts.minutes);
    guess = guess + (wall - shown);
  }
  return new Date(guess).toISOString().replace('.000Z', 'Z');
}

/** Splits a task's scheduled value into the form's day and time fields (time '' for a day). */
export function splitSchedule(value: string | null | undefined, timezone: string): { day: string; time: string } {
  if (!value) return { day: '', time: '' };
  if (isIsoDate(value)) return { day: value, time: '' };
  const parts = zonedParts(value, timezone);
  return parts ? { day: parts.day, time: timeOf(parts.minutes) } : { day: '', time: '' };
}

/** The form's day and time back into a stored value: a day, an instant, or null. */
export function joinSchedule(day: string, time: string, timezone: string): string | null {
  if (!day) return null;
  if (!time) return isIsoDate(day) ? day : null;
  return zonedInstant(day, time, timezone);
}

type TaskLike = {
  id: string;
  task_title: string;
  task_status: string;
  scheduled_date: string | null;
  due_date?: string | null;
  estimated_duration: number;
  assigned_staff_id?: string | null;
};

export type TaskSlot = {
  day: string;
  /** Minutes after midnight, or null for a task planned for the day without a time. */
  start: number | null;
  end: number | null;
};

/** Where a task sits in the day of its timezone: its scheduled day (and hours when it has a time). */
export function taskSlot(task: Pick<TaskLike, 'scheduled_date' | 'estimated_duration'>, timezone: string): TaskSlot | null {
  const value = task.scheduled_date;
  if (!value) return null;
  if (isIsoDate(value)) return { day: value, start: null, end: null };
  const parts = zonedParts(value, timezone);
  if (!parts) return null;
  return { day: parts.day, start: parts.minutes, end: parts.minutes + Math.max(0, task.estimated_duration) };
}

export type DayHours = { start: number; end: number } | 'off';

/** A staff member's hours on a day: 'off' when the weekday is off or not given. */
export function hoursOn(schedule: AvailabilitySchedule | null | undefined, day: string): DayHours {
  const slot = schedule?.[weekdayOf(day)];
  if (!slot || slot === 'off') return 'off';
  const start = minutesOf(slot.start);
  const end = minutesOf(slot.end);
  if (start === null || end === null || end <= start) return 'off';
  return { start, end };
}

export type AssignmentWarning =
  | { kind: 'inactive' }
  | { kind: 'day-off'; day: string; weekday: Weekday }
  | { kind: 'outside-hours'; day: string; weekday: Weekday; hours: { start: string; end: string }; task: { start: string; end: string } }
  | { kind: 'overlap'; day: string; other: { id: string; title: string; start: string; end: string } }
  | { kind: 'over-capacity'; day: string; bookedMinutes: number; availableMinutes: number };

type StaffLike = { status: string; availability_schedule: AvailabilitySchedule | null | undefined };

function isOpenStatus(status: string): boolean {
  return status === 'pending' || status === 'in_progress';
}

/**
 * What a host should know before this task goes to this staff member. `others` are any tasks
 * (the function keeps the open ones of the same assignee, the task itself left out). A task with
 * no date raises nothing but an inactive assignee.
 */
export function assignmentWarnings(task: TaskLike, staff: StaffLike, others: readonly TaskLike[], timezone: string): AssignmentWarning[] {
  const warnings: AssignmentWarning[] = [];
  if (staff.status !== 'active') warnings.push({ kind: 'inactive' });
  const slot = taskSlot(task, timezone);
  if (!slot || !isOpenStatus(task.task_status)) return warnings;
  const weekday = weekdayOf(slot.day);
  const hours = hoursOn(staff.availability_schedule, slot.day);
  if (hours === 'off') {
    warnings.push({ kind: 'day-off', day: slot.day, weekday });
  } else if (slot.start !== null && slot.end !== null && (slot.start < hours.start || slot.end > hours.end)) {
    warnings.push({
      kind: 'outside-hours',
      day: slot.day,
      weekday,
      hours: { start: timeOf(hours.start), end: timeOf(hours.end) },
      task: { start: timeOf(slot.start), end: timeOf(slot.end) },
    });
  }

  const sameDay = others
    .filter((o) => o.id !== task.id && isOpenStatus(o.task_status) && o.assigned_staff_id === task.assigned_staff_id)
    .map((o) => ({ task: o, slot: taskSlot(o, timezone) }))
    .filter((o): o is { task: TaskLike; slot: TaskSlot } => o.slot !== null && o.slot.day === slot.day);

  if (slot.start !== null && slot.end !== null) {
    for (const o of sameDay) {
      if (o.slot.start === null || o.slot.end === null) continue;
      // Touching ends (one finishes at 11:00, the next starts at 11:00) do not overlap.
      if (o.slot.start < slot.end && slot.start < o.slot.end) {
        warnings.push({ kind: 'overlap', day: slot.day, other: { id: o.task.id, title: o.task.task_title, start: timeOf(o.slot.start), end: timeOf(o.slot.end) } });
      }
    }
  }

  if (hours !== 'off') {
    const bookedMinutes = [task, ...sameDay.map((o) => o.task)].reduce((sum, t) => sum + Math.max(0, t.estimated_duration), 0);
    const availableMinutes = hours.end - hours.start;
    if (bookedMinutes > availableMinutes) warnings.push({ kind: 'over-capacity', day: slot.day, bookedMinutes, availableMinutes });
  }
  return warnings;
}
