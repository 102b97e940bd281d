import { describe, expect, it } from 'vitest';
import { endedAccessIds } from './access';

const NOW = new Date('2030-05-10T10:00:00.000Z');

describe('endedAccessIds', () => {
  const access = [
    { id: 'a1', property_id: 'p1' },
    { id: 'a2', property_id: 'p2' },
    { id: 'a3', property_id: 'p3' },
    { id: 'a4', property_id: 'p4' },
  ];
  it('keeps the details of properties where one of her tasks has its window open, and drops the rest', () => {
    const tasks = [
      { property_id: 'p1', assigned_staff_id: 's1', task_status: 'in_progress', scheduled_date: '2030-05-10' },
      { property_id: 'p2', assigned_staff_id: 's1', task_status: 'completed', scheduled_date: '2030-05-10' },
      { property_id: 'p2', assigned_staff_id: 's9', task_status: 'pending', scheduled_date: '2030-05-10' },
      { property_id: 'p3', assigned_staff_id: 's2', task_status: 'pending', scheduled_date: '2030-05-11', deleted_at: '2030-05-09T00:00:00Z' },
      // Next week's task at p4 does not keep its details now.
      { property_id: 'p4', assigned_staff_id: 's1', task_status: 'pending', scheduled_date: '2030-05-17' },
    ];
    expect(endedAccessIds(access, tasks, ['s1', 's2'], NOW)).toEqual(['a2', 'a3', 'a4']);
  });
  it('keeps tomorrow’s, and the day after’s a few hours before midnight (a slow clock never drops what was just sent)', () => {
    const tasks = [
      { property_id: 'p1', assigned_staff_id: 's1', task_status: 'pending', scheduled_date: '2030-05-11' },
      { property_id: 'p2', assigned_staff_id: 's1', task_status: 'pending', scheduled_date: '2030-05-12' },
    ];
    expect(endedAccessIds(access, tasks, ['s1'], NOW)).toEqual(['a2', 'a3', 'a4']);
    expect(endedAccessIds(access, tasks, ['s1'], new Date('2030-05-10T20:00:00.000Z'))).toEqual(['a3', 'a4']);
  });
  it('drops everything once every task is done or cancelled', () => {
    const tasks = [
      { property_id: 'p1', assigned_staff_id: 's1', task_status: 'cancelled', scheduled_date: null },
      { property_id: 'p2', assigned_staff_id: 's1', task_status: 'completed', scheduled_date: null },
    ];
    expect(endedAccessIds(access, tasks, ['s1'], NOW)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });
});
