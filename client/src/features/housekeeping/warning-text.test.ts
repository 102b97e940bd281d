import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace, t } from '../../i18n';
import { warningText } from './warning-text';

// The texts are in the `host` catalog, which the host area loads.
beforeAll(() => loadNamespace('host'));

describe('warningText', () => {
  it('says each warning as the task form shows it', () => {
    expect(warningText({ kind: 'inactive' }, 'Maria', t, (d) => d)).toBe('Maria is marked inactive.');
    expect(warningText({ kind: 'day-off', day: '2025-06-04', weekday: 'wednesday' }, 'Maria', t, (d) => d)).toBe('Maria is not available on Wednesdays (2025-06-04).');
    expect(
      warningText({ kind: 'outside-hours', day: '2025-06-03', weekday: 'tuesday', hours: { start: '08:00', end: '12:00' }, task: { start: '11:00', end: '12:30' } }, 'Maria', t, (d) => d),
    ).toBe('Maria works 08:00–12:00 on Tuesdays; this task runs 11:00–12:30.');
    expect(warningText({ kind: 'overlap', day: '2025-06-03', other: { id: 'x', title: 'Deep clean', start: '10:00', end: '11:00' } }, 'Maria', t, (d) => d)).toBe(
      'Overlaps "Deep clean" (10:00–11:00), also assigned to Maria.',
    );
    expect(warningText({ kind: 'over-capacity', day: '2025-06-03', bookedMinutes: 270, availableMinutes: 240 }, 'Maria', t, (d) => d)).toBe('Maria would have 4 h 30 min of work on 2025-06-03, with 4 h available.');
    expect(warningText({ kind: 'over-capacity', day: '2025-06-03', bookedMinutes: 30, availableMinutes: 0 }, 'Maria', t, (d) => d)).toBe('Maria would have 0 h 30 min of work on 2025-06-03, with 0 h available.');
  });
});
