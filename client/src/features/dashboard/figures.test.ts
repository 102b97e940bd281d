import { describe, expect, it } from 'vitest';
import { clashesIn, dashboardFigures, dashboardWindow, type DashBooking, type DashTask } from './figures';

let n = 0;
function booking(over: Partial<DashBooking>): DashBooking {
  n += 1;
  return {
    id: `b${String(n).padStart(3, '0')}`,
    property_id: 'p1',
    guest_name: `Guest ${n}`,
    check_in_date: '2026-03-10',
    check_out_date: '2026-03-12',
    booking_status: 'confirmed',
    booking_source: 'airbnb',
    payment_status: 'paid',
    total_amount: 200,
    commission_amount: 24,
    net_amount: 176,
    ...over,
  };
}

function task(over: Partial<DashTask>): DashTask {
  return { id: 't', task_status: 'pending', priority_level: 'medium', due_date: null, scheduled_date: null, booking_id: null, assigned_staff_id: null, ...over };
}

const today = '2026-03-15';
const now = new Date('2026-03-15T12:00:00Z');

describe('dashboard window', () => {
  it('runs from the start of last month to 31 days ahead', () => {
    expect(dashboardWindow('2026-03-15')).toEqual({ from: '2026-02-01', to: '2026-04-15' });
  });
});

describe('dashboard figures', () => {
  it('lists arrivals and departures of today and tomorrow without cancelled stays', () => {
    const inToday = booking({ check_in_date: today, check_out_date: '2026-03-18' });
    const outTomorrow = booking({ check_in_date: '2026-03-13', check_out_date: '2026-03-16' });
    const cancelled = booking({ check_in_date: today, check_out_date: '2026-03-17', booking_status: 'cancelled' });
    const f = dashboardFigures({ today, now, timezone: 'UTC', properties: [{ id: 'p1' }], bookings: [inToday, outTomorrow, cancelled], blocks: [], tasks: [], messages: [] });
    expect(f.arrivals.today.map((b) => b.id)).toEqual([inToday.id]);
    expect(f.arrivals.tomorrow).toEqual([]);
    expect(f.departures.tomorrow.map((b) => b.id)).toEqual([outTomorrow.id]);
  });

  it('compares this month with last month night by night, and reports no change when last month earned nothing', () => {
    // 4 nights at 100 = 400: 2 nights in February (200), 2 in March (200).
    const straddling = booking({ check_in_date: '2026-02-27', check_out_date: '2026-03-03', total_amount: 400 });
    const march = booking({ check_in_date: '2026-03-20', check_out_date: '2026-03-21', total_amount: 100 });
    const f = dashboardFigures({ today, now, timezone: 'UTC', properties: [{ id: 'p1' }], bookings: [straddling, march], blocks: [], tasks: [], messages: [] });
    expect(f.revenue).toEqual([{ currency: 'USD', thisMonth: 300, lastMonth: 100 * 2, change: 50 }]);
    const none = dashboardFigures({ today, now, timezone: 'UTC', properties: [{ id: 'p1' }], bookings: [march], blocks: [], tasks: [], messages: [] });
    expect(none.revenue[0]?.change).toBeNull();
  });

  it('keeps each currency apart, every property currency listed', () => {
    const usd = booking({ check_in_date: '2026-03-01', check_out_date: '2026-03-03', total_amount: 400 });
    const eur = booking({ property_id: 'p2', check_in_date: '2026-03-04', check_out_date: '2026-03-06', total_amount: 290.5, currency: 'EUR' });
    const jpy = booking({ property_id: 'p3', check_in_date: '2026-02-10', check_out_date: '2026-02-13', total_amount: 84000, currency: 'JPY' });
    const properties = [{ id: 'p1', currency: 'USD' }, { id: 'p2', currency: 'EUR' }, { id: 'p3', currency: 'JPY' }, { id: 'p4', currency: 'GBP' }];
    const f = dashboardFigures({ today, now, timezone: 'UTC', properties, bookings: [usd, eur, jpy], blocks: [], tasks: [], messages: [] });
    expect(f.revenue).toEqual([
      { currency: 'USD', thisMonth: 400, lastMonth: 0, change: null },
      { currency: 'EUR', thisMonth: 290.5, lastMonth: 0, change: null },
      { currency: 'GBP', thisMonth: 0, lastMonth: 0, change: null },
      { currency: 'JPY', thisMonth: 0, lastMonth: 84000, change: -100 },
    ]);
  });

  it('measures occupancy over the next 30 days of every property', () => {
    const f = dashboardFigures({
      today,
      now,
      timezone: 'UTC',
      properties: [{ id: 'p1' }, { id: 'p2' }],
      bookings: [booking({ check_in_date: '2026-03-14', check_out_date: '2026-03-20' })],
      blocks: [],
      tasks: [],
      messages: [],
    });
    expect(f.occupancy).toEqual({ occupiedNights: 5, availableNights: 60, rate: 5 / 60 });
  });

  it('counts open and urgent tasks, unread inbound messages, and what needs attention', () => {
    const tasks = [
      task({ id: 'turnover', booking_id: 'b1' }),
      task({ id: 'assigned', booking_id: 'b2', assigned_staff_id: 's1' }),
      task({ id: 'late', due_date: '2026-03-14', priority_level: 'urgent' }),
      task({ id: 'done', task_status: 'completed', due_date: '2026-03-01', booking_id: 'b3' }),
    ];
    const unpaid = booking({ check_in_date: '2026-03-18', check_out_date: '2026-03-19', payment_status: 'pending' });
    const laterUnpaid = booking({ check_in_date: '2026-04-10', check_out_date: '2026-04-12', payment_status: 'partial' });
    const f = dashboardFigures({
      today,
      now,
      timezone: 'UTC',
      properties: [{ id: 'p1' }],
      bookings: [unpaid, laterUnpaid],
      blocks: [],
      tasks,
      messages: [
        { direction: 'inbound', status: 'unread' },
        { direction: 'inbound', status: 'read' },
        { direction: 'outbound', status: 'unread' },
      ],
    });
    expect(f.tasks).toEqual({ open: 3, urgent: 1 });
    expect(f.unreadMessages).toBe(1);
    expect(f.attention.unassignedTurnovers.map((t) => t.id)).toEqual(['turnover']);
    expect(f.attention.overdueTasks.map((t) => t.id)).toEqual(['late']);
    expect(f.attention.unpaidBookings.map((b) => b.id)).toEqual([unpaid.id]);
  });

  it('lists the turnover to staff next and the longest overdue task first', () => {
    const tasks = [
      task({ id: 'in-a-month', booking_id: 'b1', scheduled_date: '2026-04-15' }),
      task({ id: 'tomorrow', booking_id: 'b2', scheduled_date: '2026-03-16T11:00:00.000Z' }),
      task({ id: 'unscheduled', booking_id: 'b3', scheduled_date: null, due_date: '2026-03-20' }),
      task({ id: 'late-a-day', due_date: '2026-03-14' }),
      task({ id: 'late-a-week', due_date: '2026-03-08T09:00:00.000Z' }),
    ];
    const f = dashboardFigures({ today, now, timezone: 'UTC', properties: [{ id: 'p1' }], bookings: [], blocks: [], tasks, messages: [] });
    expect(f.attention.unassignedTurnovers.map((t) => t.id)).toEqual(['tomorrow', 'unscheduled', 'in-a-month']);
    expect(f.attention.overdueTasks.map((t) => t.id)).toEqual(['late-a-week', 'late-a-day']);
  });
});

describe('clashes', () => {
  it('pairs overlapping live stays of one property once; back-to-back and cancelled stays pass', () => {
    const a = booking({ check_in_date: '2026-03-16', check_out_date: '2026-03-20' });
    const b = booking({ check_in_date: '2026-03-19', check_out_date: '2026-03-22' });
    const backToBack = booking({ check_in_date: '2026-03-22', check_out_date: '2026-03-24' });
    const cancelled = booking({ check_in_date: '2026-03-17', check_out_date: '2026-03-18', booking_status: 'cancelled' });
    const other = booking({ property_id: 'p2', check_in_date: '2026-03-16', check_out_date: '2026-03-20' });
    const clashes = clashesIn([a, b, backToBack, cancelled, other], [], today, '2026-04-15');
    expect(clashes.map((c) => [c.a.id, c.b.id])).toEqual([[a.id, b.id]]);
  });

  it('pairs a block with the booking on its nights, but not two stays of one feed or a block of that feed', () => {
    const direct = booking({ check_in_date: '2026-03-20', check_out_date: '2026-03-23', booking_source: 'direct' });
    const imported1 = booking({ check_in_date: '2026-03-16', check_out_date: '2026-03-19', external_uid: 'f1:1@airbnb.com' });
    const imported2 = booking({ check_in_date: '2026-03-17', check_out_date: '2026-03-18', external_uid: 'f1:2@airbnb.com' });
    const block = { id: 'k1', property_id: 'p1', start_date: '2026-03-22', end_date: '2026-03-25', summary: 'Not available', feed_id: 'f2' };
    const sameFeedBlock = { id: 'k2', property_id: 'p1', start_date: '2026-03-16', end_date: '2026-03-17', summary: 'Not available', feed_id: 'f1' };
    const past = { id: 'k3', property_id: 'p1', start_date: '2026-03-01', end_date: '2026-03-05', summary: 'Owner', feed_id: null };
    const clashes = clashesIn([direct, imported1, imported2], [block, sameFeedBlock, past], today, '2026-04-15');
    expect(clashes.map((c) => [c.a.kind, c.a.id, c.b.kind, c.b.id])).toEqual([['booking', direct.id, 'block', 'k1']]);
  });
});
