/**
 * Hours and cost of housekeeping work (docs/decisions.md "Time and cost"). A task's duration runs
 * from `started_at` to `completed_at`, both stamped from the device's clock with the write that
 * started or finished it (shared/task-times.ts). Its cost is the fixed cost the host set on the
 * task (`cost` above zero), otherwise the hours at the hourly rate of the staff member credited
 * with the work (`completed_by_staff_id`, else the assignee). A cost is counted in the currency it
 * was priced in (`costCurrency`): a fixed cost in the task's currency, hours in the currency of the
 * staff member's rate; never converted. Money is counted in minor units, rounded once per task
 * (shared/money.ts), and figures of different currencies are kept apart, never added. A task
 * counts in the month (UTC) it was completed.
 */
import { DEFAULT_CURRENCY, currencyDecimals, fromMinor, roundCents, toMinor } from './money';

export type WorkTask = {
  id: string;
  property_id: string;
  task_status: string;
  started_at: string | null;
  completed_at: string | null;
  cost: number;
  assigned_staff_id: string | null;
  completed_by_staff_id?: string | null;
  deleted_at?: string | null;
  /** The currency of `cost` (the property's when the task was made). */
  currency?: string;
};
/** `currency` is the currency of `hourly_rate`. */
export type WorkStaff = { id: string; staff_name: string; hourly_rate: number; currency?: string };
export type WorkProperty = { id: string; property_name: string; currency: string };

/** One line of the report: a staff member's or a property's work in one currency. */
export type WorkLine = {
  key: string;
  name: string;
  currency: string;
  tasks: number;
  /** Tasks without both times: counted, with no hours. */
  untimed: number;
  minutes: number;
  /** In currency units, summed in minor units. */
  cost: number;
};

export type WorkReport = {
  month: string;
  byStaff: WorkLine[];
  byProperty: WorkLine[];
  /** One line per currency. */
  totals: WorkLine[];
};

/** Minutes between the two instants, or null when either is missing or the order is wrong. */
export function workMinutes(task: Pick<WorkTask, 'started_at' | 'completed_at'>): number | null {
  if (!task.started_at || !task.completed_at) return null;
  const ms = Date.parse(task.completed_at) - Date.parse(task.started_at);
  return Number.isFinite(ms) && ms >= 0 ? Math.round(ms / 60_000) : null;
}

/** A task's cost in minor units: the fixed cost, or minutes at the hourly rate, rounded once. */
export function taskCostMinor(task: Pick<WorkTask, 'cost'>, minutes: number | null, hourlyRate: number, currency: string): number {
  if (task.cost > 0) return toMinor(task.cost, currency);
  if (minutes === null || hourlyRate <= 0) return 0;
  return roundCents((toMinor(hourlyRate, currency) * minutes) / 60);
}

/** The currency a task's cost is counted in: a fixed cost's is the task's, hours are costed in the rate's. */
export function costCurrency(
  task: Pick<WorkTask, 'cost' | 'currency'>,
  member: Pick<WorkStaff, 'currency'> | undefined,
  property: Pick<WorkProperty, 'currency'> | undefined,
): string {
  const taskCurrency = task.currency ?? property?.currency ?? DEFAULT_CURRENCY;
  return task.cost > 0 ? taskCurrency : (member?.currency ?? taskCurrency);
}

type Acc = Omit<WorkLine, 'cost'> & { costMinor: number };

function add(lines: Map<string, Acc>, key: string, name: string, currency: string, minutes: number | null, costMinor: number): void {
  const id = `${key}|${currency}`;
  let line = lines.get(id);
  if (!line) lines.set(id, (line = { key, name, currency, tasks: 0, untimed: 0, minutes: 0, costMinor: 0 }));
  line.tasks += 1;
  if (minutes === null) line.untimed += 1;
  else line.minutes += minutes;
  line.costMinor += costMinor;
}

function finish(lines: Map<string, Acc>): WorkLine[] {
  return [...lines.values()]
    .map(({ costMinor, ...line }) => ({ ...line, cost: fromMinor(costMinor, line.currency) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.currency.localeCompare(b.currency));
}

/** The work completed in `month` (YYYY-MM, UTC), per staff member, per property and per currency. */
export function workReport(month: string, tasks: readonly WorkTask[], staff: readonly WorkStaff[], properties: readonly WorkProperty[]): WorkReport {
  const staffById = new Map(staff.map((s) => [s.id, s]));
  const propertyById = new Map(properties.map((p) => [p.id, p]));
  const byStaff = new Map<string, Acc>();
  const byProperty = new Map<string, Acc>();
  const totals = new Map<string, Acc>();
  for (const task of tasks) {
    if (task.deleted_at || task.task_status !== 'completed' || !task.completed_at?.startsWith(month)) continue;
    const property = propertyById.get(task.property_id);
    const staffId = task.completed_by_staff_id ?? task.assigned_staff_id;
    const member = staffId ? staffById.get(staffId) : undefined;
    const currency = costCurrency(task, member, property);
    const minutes = workMinutes(task);
    const cost = taskCostMinor(task, minutes, member?.hourly_rate ?? 0, currency);
    add(byStaff, staffId ?? '', member?.staff_name ?? (staffId ? 'Former staff member' : 'Unassigned'), currency, minutes, cost);
    add(byProperty, task.property_id, property?.property_name ?? 'Removed property', currency, minutes, cost);
    add(totals, '', 'Total', currency, minutes, cost);
  }
  return { month, byStaff: finish(byStaff), byProperty: finish(byProperty), totals: finish(totals) };
}

/** Hours as a number with two decimals, for tables, charts and CSV. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** The cost as it is written in a CSV cell: the currency's own decimals, no grouping. */
export function costText(cost: number, currency: string): string {
  return cost.toFixed(currencyDecimals(currency));
}
