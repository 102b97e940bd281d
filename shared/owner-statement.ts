/**
 * The owner statement of one property and one month (docs/decisions.md "Owner statements"): what
 * a host who manages a home for its owner sends them. The same function makes the host's page (from
 * the device's rows), the server's CSV and PDF (from the database), and the tests compare both with
 * the finance page.
 *
 * - **Stays** are the property's bookings that are not cancelled and check in within the month:
 *   the finance page's rule (a booking belongs to the month of its check-in, where its commission
 *   is charged), so gross, commission and net are exactly that page's figures for the month and
 *   property (`moneyTotals` of shared/stats.ts). Nights are the stays' whole nights.
 * - **Costs** are the costs of the property's completed tasks whose work day (the scheduled day,
 *   else the day of completion) is in the month: housekeeping (every category but maintenance) and
 *   maintenance apart.
 * - **Payout** = net − housekeeping − maintenance: what the owner receives once the platform's
 *   commission and the work on the home are paid.
 * - **Per currency**: one section per currency (bookings' own, a task's own when it has one, else
 *   the property's), never added across currencies; the property's currency always has one.
 */
import { holdsDates, nightsOf } from './bookings';
import { fromMinor, sortCurrencies, toMinor } from './money';
import { currencyOf, moneyTotals, totalsIn, type StatsBooking } from './stats';
import { MAINTENANCE_CATEGORY } from './problem-reports';

export type StatementProperty = { id: string; property_name: string; currency?: string | null; address?: string | null };

export type StatementBooking = StatsBooking & {
  id: string;
  guest_name: string;
  booking_reference?: string | null;
  deleted_at?: string | null;
};

export type StatementTask = {
  id: string;
  property_id: string;
  task_title: string;
  task_category: string;
  task_status: string;
  cost: number;
  scheduled_date?: string | null;
  completed_at?: string | null;
  deleted_at?: string | null;
  /** A task's own currency when it has one; otherwise the property's. */
  currency?: string | null;
};

export type StatementStay = StatementBooking & { nights: number };
export type StatementCost = StatementTask & { day: string; kind: 'housekeeping' | 'maintenance'; currency: string };

export type StatementSection = {
  currency: string;
  stays: number;
  nights: number;
  gross: number;
  commission: number;
  net: number;
  housekeeping: number;
  maintenance: number;
  payout: number;
  bookings: StatementStay[];
  costs: StatementCost[];
};

export type OwnerStatement = {
  property: { id: string; property_name: string; currency: string };
  /** `YYYY-MM`. */
  month: string;
  /** The month as stay dates `[from, to)`. */
  period: { from: string; to: string };
  sections: StatementSection[];
};

export { MONTH_PATTERN } from './dates';

/** The month `YYYY-MM` as stay dates `[first day, first day of the next month)`. */
export function monthPeriod(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The day a task's work counts on: its scheduled day, else the day it was completed (UTC). */
export function workDay(task: Pick<StatementTask, 'scheduled_date' | 'completed_at'>): string | null {
  const when = task.scheduled_date || task.completed_at;
  return when ? when.slice(0, 10) : null;
}

function byDate<T>(dayOf: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => (dayOf(a) < dayOf(b) ? -1 : dayOf(a) > dayOf(b) ? 1 : 0);
}

function stayRows(property: StatementProperty, bookings: readonly StatementBooking[], period: { from: string; to: string }): StatementStay[] {
  return bookings
    .filter((b) => !b.deleted_at && b.property_id === property.id && holdsDates(b) && b.check_in_date >= period.from && b.check_in_date < period.to)
    .map((b) => ({ ...b, nights: nightsOf(b) }))
    .sort(byDate((b) => b.check_in_date));
}

function costRows(property: StatementProperty, tasks: readonly StatementTask[], period: { from: string; to: string }): StatementCost[] {
  const out: StatementCost[] = [];
  for (const t of tasks) {
    const day = workDay(t);
    if (t.deleted_at || t.property_id !== property.id || t.task_status !== 'completed' || !day || day < period.from || day >= period.to) continue;
    const kind = t.task_category === MAINTENANCE_CATEGORY ? 'maintenance' : 'housekeeping';
    out.push({ ...t, day, kind, currency: t.currency || currencyOf(property) });
  }
  return out.sort(byDate((c) => c.day));
}

function sumCosts(costs: readonly StatementCost[], currency: string, kind: StatementCost['kind']): number {
  return costs.filter((c) => c.kind === kind && c.currency === currency).reduce((sum, c) => sum + toMinor(c.cost, currency), 0);
}

/** The statement of `property` for `month` (`YYYY-MM`) from its bookings and tasks (other properties' rows are left out). */
export function ownerStatement(property: StatementProperty, bookings: readonly StatementBooking[], tasks: readonly StatementTask[], month: string): OwnerStatement {
  const period = monthPeriod(month);
  const stays = stayRows(property, bookings, period);
  const costs = costRows(property, tasks, period);
  const own = currencyOf(property);
  const totals = moneyTotals(stays, [own]);
  const currencies = sortCurrencies([own, ...totals.map((t) => t.currency), ...costs.map((c) => c.currency)], own);
  const sections = currencies.map((currency): StatementSection => {
    const t = totalsIn(totals, currency);
    const bookingsIn = stays.filter((b) => currencyOf(b) === currency);
    const housekeeping = sumCosts(costs, currency, 'housekeeping');
    const maintenance = sumCosts(costs, currency, 'maintenance');
    return {
      currency,
      stays: t.bookings,
      nights: bookingsIn.reduce((n, b) => n + b.nights, 0),
      gross: t.revenue,
      commission: t.commission,
      net: t.net,
      housekeeping: fromMinor(housekeeping, currency),
      maintenance: fromMinor(maintenance, currency),
      payout: fromMinor(toMinor(t.net, currency) - housekeeping - maintenance, currency),
      bookings: bookingsIn,
      costs: costs.filter((c) => c.currency === currency),
    };
  });
  return { property: { id: property.id, property_name: property.property_name, currency: own }, month, period, sections };
}

/** The statement's lines as label and amount, in the order every rendering shows them. */
export const STATEMENT_FIGURES = [
  ['gross', 'Gross'],
  ['commission', 'Commission'],
  ['net', 'Net'],
  ['housekeeping', 'Housekeeping'],
  ['maintenance', 'Maintenance'],
  ['payout', "Owner's payout"],
] as const satisfies readonly (readonly [keyof StatementSection, string])[];
