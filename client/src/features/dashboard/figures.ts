/**
 * The host dashboard's figures from the rows the device holds: arrivals and
 * departures for today and tomorrow, occupancy of the next 30 days, revenue of this month against
 * last month, open and urgent tasks, unread messages, and what needs attention. Pure, so it is
 * tested without a browser. Revenue and occupancy are night-based (shared/stats.ts, as on the
 * analytics page and a property's page): a stay's revenue is spread over its nights, so a month
 * earns what was stayed in it. The finance page counts each stay whole in its check-in month (the
 * money booked), so its month can differ; the card says which it shows.
 */
import { holdsDates } from '../../../../shared/bookings';
import { clashingPairs, feedOfExternalUid } from '../../../../shared/calendar-clashes';
import { addDays } from '../../../../shared/format/dates';
import { sortCurrencies } from '../../../../shared/money';
import { occupancy, roomRevenue, type StatsBooking, type StatsPropertyRef } from '../../../../shared/stats';
import { isOpen, isOverdue, taskDay } from '../tasks';
import { compareValues } from '../../data/query-local';
import { monthStart, nextMonthStart, previousMonthStart } from '../../lib/months';

export type DashBooking = StatsBooking & {
  id: string;
  guest_name: string;
  payment_status: string;
  /** `<feed id>:<uid>` when a calendar feed brought it. */
  external_uid?: string | null;
};

/** An imported (or hand-made) block of nights. */
export type DashBlock = { id: string; property_id: string; start_date: string; end_date: string; summary: string; feed_id?: string | null };

export type DashTask = {
  id: string;
  task_status: string;
  priority_level: string;
  due_date: string | null;
  scheduled_date: string | null;
  booking_id: string | null;
  assigned_staff_id: string | null;
};

export type DashMessage = { direction: string; status: string };

/** One side of a clash: a booking, or a block. */
export type ClashSide<B extends DashBooking = DashBooking> =
  | { kind: 'booking'; id: string; property_id: string; start: string; end: string; booking: B }
  | { kind: 'block'; id: string; property_id: string; start: string; end: string; block: DashBlock };

export type Clash<B extends DashBooking = DashBooking> = { a: ClashSide<B>; b: ClashSide<B> };

export type DashboardFigures<B extends DashBooking = DashBooking, T extends DashTask = DashTask> = {
  arrivals: { today: B[]; tomorrow: B[] };
  departures: { today: B[]; tomorrow: B[] };
  /** Next 30 days from today, all non-archived properties; rate 0..1. */
  occupancy: { rate: number; occupiedNights: number; availableNights: number };
  /** Per currency (the default first; every property currency listed): never added across currencies. */
  revenue: { currency: string; thisMonth: number; lastMonth: number; /** percent change, 2 decimals; null when last month had none. */ change: number | null }[];
  tasks: { open: number; urgent: number };
  unreadMessages: number;
  attention: {
    unassignedTurnovers: T[];
    overdueTasks: T[];
    unpaidBookings: B[];
    clashes: Clash<B>[];
  };
};

/** The stay dates a dashboard needs bookings for: last month's start to 31 days ahead. */
export function dashboardWindow(today: string): { from: string; to: string } {
  return { from: previousMonthStart(today), to: addDays(today, 31) };
}

const UNPAID = new Set(['pending', 'partial']);

/** Soonest planned day first (the turnover to staff next leads), each task's day worked out once. */
function bySoonestDay<T extends DashTask>(tasks: T[], timezone: string): T[] {
  const days = new Map(tasks.map((t) => [t, taskDay(t, timezone)]));
  return tasks.sort((a, b) => compareValues(days.get(a), days.get(b)));
}

/**
 * The clashes of the calendar (shared/calendar-clashes.ts: the rule of the calendar screen and
 * the server) among live bookings and blocks touching [from, to), per property, each pair once,
 * earliest first.
 */
export function clashesIn<B extends DashBooking>(bookings: readonly B[], blocks: readonly DashBlock[], from: string, to: string): Clash<B>[] {
  const byProperty = new Map<string, (ClashSide<B> & { feedId: string | undefined })[]>();
  const add = (side: ClashSide<B> & { feedId: string | undefined }) => {
    if (!(side.start < to && side.end > from)) return;
    const list = byProperty.get(side.property_id);
    if (list) list.push(side);
    else byProperty.set(side.property_id, [side]);
  };
  for (const b of bookings) {
    if (holdsDates(b)) add({ kind: 'booking', id: b.id, property_id: b.property_id, start: b.check_in_date, end: b.check_out_date, booking: b, feedId: feedOfExternalUid(b.external_uid) });
  }
  for (const k of blocks) add({ kind: 'block', id: k.id, property_id: k.property_id, start: k.start_date, end: k.end_date, block: k, feedId: k.feed_id ?? undefined });
  const clashes: Clash<B>[] = [];
  for (const list of byProperty.values()) for (const [a, b] of clashingPairs(list)) clashes.push({ a, b });
  return clashes.sort((x, y) => (x.a.start < y.a.start ? -1 : x.a.start > y.a.start ? 1 : 0));
}

function percentChange(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 10000) / 100;
}

export function dashboardFigures<B extends DashBooking, T extends DashTask>(input: {
  today: string;
  now: Date;
  timezone: string;
  /** The properties counted (not archived), with the currency each is priced in. */
  properties: readonly StatsPropertyRef[];
  bookings: readonly B[];
  blocks: readonly DashBlock[];
  tasks: readonly T[];
  messages: readonly DashMessage[];
}): DashboardFigures<B, T> {
  const { today, bookings, tasks } = input;
  const tomorrow = addDays(today, 1);
  const live = bookings.filter(holdsDates);
  const byGuest = (a: B, b: B) => a.guest_name.localeCompare(b.guest_name);
  const arriving = (day: string) => live.filter((b) => b.check_in_date === day).sort(byGuest);
  const leaving = (day: string) => live.filter((b) => b.check_out_date === day).sort(byGuest);

  const thisMonth = roomRevenue(bookings, input.properties, { from: monthStart(today), to: nextMonthStart(today) });
  const lastMonth = roomRevenue(bookings, input.properties, { from: previousMonthStart(today), to: monthStart(today) });
  const revenue = sortCurrencies([...thisMonth, ...lastMonth].map((r) => r.currency)).map((currency) => {
    const now = thisMonth.find((r) => r.currency === currency)?.revenue ?? 0;
    const before = lastMonth.find((r) => r.currency === currency)?.revenue ?? 0;
    return { currency, thisMonth: now, lastMonth: before, change: percentChange(now, before) };
  });
  const occ = occupancy(
    bookings,
    input.properties.map((p) => p.id),
    { from: today, to: addDays(today, 30) },
  );

  const open = tasks.filter(isOpen);
  const horizon = addDays(today, 7);
  return {
    arrivals: { today: arriving(today), tomorrow: arriving(tomorrow) },
    departures: { today: leaving(today), tomorrow: leaving(tomorrow) },
    occupancy: occ,
    revenue,
    tasks: { open: open.length, urgent: open.filter((t) => t.priority_level === 'urgent').length },
    unreadMessages: input.messages.filter((m) => m.direction === 'inbound' && m.status === 'unread').length,
    attention: {
      unassignedTurnovers: bySoonestDay(open.filter((t) => t.booking_id !== null && !t.assigned_staff_id), input.timezone),
      // Longest overdue first.
      overdueTasks: open.filter((t) => isOverdue(t, input.now, input.timezone)).sort((a, b) => compareValues(a.due_date, b.due_date)),
      // Unpaid stays that have begun or begin within a week: the ones to chase now.
      unpaidBookings: live.filter((b) => UNPAID.has(b.payment_status) && b.check_in_date <= horizon).sort((a, b) => (a.check_in_date < b.check_in_date ? -1 : 1)),
      clashes: clashesIn(bookings, input.blocks, today, addDays(today, 31)),
    },
  };
}
