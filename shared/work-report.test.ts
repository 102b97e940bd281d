import { describe, expect, it } from 'vitest';
import { costCurrency, taskCostMinor, workMinutes, workReport, type WorkTask } from './work-report';

const task = (over: Partial<WorkTask>): WorkTask => ({
  id: 't',
  property_id: 'p1',
  task_status: 'completed',
  started_at: '2026-03-10T09:00:00.000Z',
  completed_at: '2026-03-10T11:30:00.000Z',
  cost: 0,
  assigned_staff_id: 's1',
  ...over,
});

const staff = [
  { id: 's1', staff_name: 'Ana', hourly_rate: 18.5 },
  { id: 's2', staff_name: 'Bo', hourly_rate: 1000 },
];
const properties = [
  { id: 'p1', property_name: 'Lisbon flat', currency: 'EUR' },
  { id: 'p2', property_name: 'Tokyo house', currency: 'JPY' },
];

describe('work report', () => {
  it('measures minutes between start and finish, and none without both', () => {
    expect(workMinutes(task({}))).toBe(150);
    expect(workMinutes(task({ started_at: null }))).toBeNull();
    expect(workMinutes(task({ started_at: '2026-03-10T12:00:00.000Z' }))).toBeNull();
  });

  it('costs the hours at the rate, rounded once in minor units, or the fixed cost', () => {
    expect(taskCostMinor({ cost: 0 }, 150, 18.5, 'EUR')).toBe(4625);
    // 7 minutes at 10.01/h = 1.16783… → 1.17, rounded once.
    expect(taskCostMinor({ cost: 0 }, 7, 10.01, 'USD')).toBe(117);
    expect(taskCostMinor({ cost: 0 }, 45, 1000, 'JPY')).toBe(750);
    expect(taskCostMinor({ cost: 35 }, 150, 18.5, 'EUR')).toBe(3500);
    expect(taskCostMinor({ cost: 0 }, null, 18.5, 'EUR')).toBe(0);
  });

  it('groups per staff member, per property and per currency, never adding currencies', () => {
    const report = workReport(
      '2026-03',
      [
        task({ id: 'a' }),
        task({ id: 'b', cost: 40 }),
        task({ id: 'c', property_id: 'p2', assigned_staff_id: 's1', completed_by_staff_id: 's2', started_at: '2026-03-11T00:00:00.000Z', completed_at: '2026-03-11T00:45:00.000Z' }),
        task({ id: 'd', started_at: null }),
        task({ id: 'e', completed_at: '2026-04-01T00:10:00.000Z' }),
        task({ id: 'f', task_status: 'in_progress', completed_at: null }),
        task({ id: 'g', deleted_at: '2026-03-12T00:00:00.000Z' }),
      ],
      staff,
      properties,
    );
    expect(report.totals).toEqual([
      { key: '', name: 'Total', currency: 'EUR', tasks: 3, untimed: 1, minutes: 300, cost: 86.25 },
      { key: '', name: 'Total', currency: 'JPY', tasks: 1, untimed: 0, minutes: 45, cost: 750 },
    ]);
    expect(report.byStaff.map((l) => [l.name, l.currency, l.tasks, l.cost])).toEqual([
      ['Ana', 'EUR', 3, 86.25],
      ['Bo', 'JPY', 1, 750],
    ]);
    expect(report.byProperty.map((l) => [l.name, l.currency, l.minutes])).toEqual([
      ['Lisbon flat', 'EUR', 300],
      ['Tokyo house', 'JPY', 45],
    ]);
  });

  it("counts a fixed cost in the task's currency and hours in the currency of the staff member's rate", () => {
    expect(costCurrency({ cost: 40, currency: 'JPY' }, { currency: 'EUR' }, { currency: 'USD' })).toBe('JPY');
    expect(costCurrency({ cost: 0, currency: 'JPY' }, { currency: 'EUR' }, { currency: 'JPY' })).toBe('EUR');
    expect(costCurrency({ cost: 0 }, undefined, { currency: 'JPY' })).toBe('JPY');
    const report = workReport('2026-03', [task({ id: 'a', property_id: 'p2', currency: 'JPY' })], [{ ...staff[0]!, currency: 'EUR' }], properties);
    expect(report.byProperty.map((l) => [l.name, l.currency, l.cost])).toEqual([['Tokyo house', 'EUR', 46.25]]);
  });
});
