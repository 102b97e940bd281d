import { describe, expect, it } from 'vitest';
import { monthPeriod, ownerStatement, workDay, type StatementBooking, type StatementTask } from './owner-statement';

const property = { id: 'p1', property_name: 'Loft', currency: 'EUR' };

function booking(values: Partial<StatementBooking>): StatementBooking {
  return {
    id: 'b',
    property_id: 'p1',
    guest_name: 'Guest',
    check_in_date: '2031-12-02',
    check_out_date: '2031-12-05',
    booking_status: 'confirmed',
    booking_source: 'direct',
    total_amount: 100,
    commission_amount: 10,
    net_amount: 90,
    currency: 'EUR',
    ...values,
  };
}

function task(values: Partial<StatementTask>): StatementTask {
  return { id: 't', property_id: 'p1', task_title: 'Clean', task_category: 'cleaning', task_status: 'completed', cost: 30, scheduled_date: '2031-12-05', ...values };
}

describe('owner statement', () => {
  it('takes the month as stay dates, December into the next year', () => {
    expect(monthPeriod('2031-12')).toEqual({ from: '2031-12-01', to: '2032-01-01' });
    expect(monthPeriod('2031-02')).toEqual({ from: '2031-02-01', to: '2031-03-01' });
  });

  it('dates a task by its scheduled day, else its completion', () => {
    expect(workDay({ scheduled_date: '2031-12-05T09:00:00Z', completed_at: '2032-01-01T00:00:00Z' })).toBe('2031-12-05');
    expect(workDay({ scheduled_date: null, completed_at: '2031-12-31T23:00:00Z' })).toBe('2031-12-31');
    expect(workDay({ scheduled_date: null, completed_at: null })).toBeNull();
  });

  it('counts stays checking in within the month and completed work, per currency, payout after costs', () => {
    const s = ownerStatement(
      property,
      [
        booking({ id: 'in' }),
        booking({ id: 'usd', currency: 'USD', total_amount: 50, commission_amount: 5, net_amount: 45, check_in_date: '2031-12-20', check_out_date: '2031-12-21' }),
        booking({ id: 'cancelled', booking_status: 'cancelled' }),
        booking({ id: 'deleted', deleted_at: '2031-12-03T00:00:00Z' }),
        booking({ id: 'november', check_in_date: '2031-11-30', check_out_date: '2031-12-03' }),
        booking({ id: 'elsewhere', property_id: 'p2' }),
      ],
      [
        task({ id: 'clean' }),
        task({ id: 'fix', task_category: 'maintenance', cost: 120.5 }),
        task({ id: 'pending', task_status: 'pending' }),
        task({ id: 'dollars', currency: 'USD', cost: 7 }),
        task({ id: 'january', scheduled_date: '2032-01-01' }),
      ],
      '2031-12',
    );
    expect(s.sections.map((x) => x.currency)).toEqual(['EUR', 'USD']);
    const [eur, usd] = s.sections;
    expect(eur).toMatchObject({ stays: 1, nights: 3, gross: 100, commission: 10, net: 90, housekeeping: 30, maintenance: 120.5, payout: -60.5 });
    expect(usd).toMatchObject({ stays: 1, nights: 1, gross: 50, net: 45, housekeeping: 7, maintenance: 0, payout: 38 });
    expect(eur?.bookings.map((b) => b.id)).toEqual(['in']);
    expect(eur?.costs.map((c) => [c.id, c.kind])).toEqual([
      ['clean', 'housekeeping'],
      ['fix', 'maintenance'],
    ]);
  });

  it('always has the property’s currency, with zeros in an empty month', () => {
    expect(ownerStatement(property, [], [], '2031-06').sections).toEqual([
      { currency: 'EUR', stays: 0, nights: 0, gross: 0, commission: 0, net: 0, housekeeping: 0, maintenance: 0, payout: 0, bookings: [], costs: [] },
    ]);
  });
});
