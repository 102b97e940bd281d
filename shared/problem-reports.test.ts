import { describe, expect, it } from 'vitest';
import { maintenanceTitle, priorityOfSeverity } from './problem-reports';

describe('problem reports', () => {
  it('give the maintenance task a priority from the severity', () => {
    expect([priorityOfSeverity('low'), priorityOfSeverity('normal'), priorityOfSeverity('urgent')]).toEqual(['low', 'medium', 'urgent']);
  });

  it('title the task with the category and the start of the description', () => {
    expect(maintenanceTitle('plumbing', '  The   tap drips ')).toBe('Plumbing: The tap drips');
    const long = maintenanceTitle('damage', 'word '.repeat(30));
    expect(long.startsWith('Damage: word word')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual('Damage: '.length + 58);
  });
});
