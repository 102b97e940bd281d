import { describe, expect, it } from 'vitest';
import { CLOCK_SLACK_MS, endedAccessIds } from './access';

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
  it('counts each property’s own days: around midnight UTC, Honolulu is still on the day before, Tokyo well into the next', () => {
    const honolulu = { id: 'a1', property_id: 'p1' };
    const tokyo = { id: 'a2', property_id: 'p2' };
    const zones = new Map([
      ['p1', 'Pacific/Honolulu'],
      ['p2', 'Asia/Tokyo'],
    ]);
    const tasks = [
      { property_id: 'p1', assigned_staff_id: 's1', task_status: 'pending', scheduled_date: '2026-11-28' },
      { property_id: 'p2', assigned_staff_id: 's1', task_status: 'pending', scheduled_date: '2026-11-28' },
    ];
    // Read with the clock's slack, 18:30 UTC is 00:30 UTC on the 27th: the 26th in Honolulu, the 27th in Tokyo.
    const now = new Date(Date.parse('2026-11-27T00:30:00Z') - CLOCK_SLACK_MS);
    expect(endedAccessIds([honolulu, tokyo], tasks, ['s1'], now, zones)).toEqual(['a1']);
    // UTC days (a property row without its timezone) would keep both.
    expect(endedAccessIds([honolulu, tokyo], tasks, ['s1'], now)).toEqual([]);
    // Once Honolulu's 27th has begun (10:00 UTC), both are kept.
    expect(endedAccessIds([honolulu, tokyo], tasks, ['s1'], new Date(Date.parse('2026-11-27T10:00:00Z') - CLOCK_SLACK_MS), zones)).toEqual([]);
  });
});
