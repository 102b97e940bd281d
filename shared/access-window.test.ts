/**
 * The access window counts the property's own days (its IANA timezone), whatever the machine's
 * timezone: a property in Honolulu (UTC−10) and one in Tokyo (UTC+9) around midnight UTC, with the
 * process's own zone set to UTC and then to America/Los_Angeles.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { accessOpensThrough, isAccessWindowOpen } from './access-window';

const HONOLULU = 'Pacific/Honolulu';
const TOKYO = 'Asia/Tokyo';
const saved = process.env.TZ;
afterAll(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

const task = (scheduled_date: string | null, task_status = 'pending') => ({ task_status, scheduled_date });

describe.each(['UTC', 'America/Los_Angeles'])('with the machine in %s', (machineZone) => {
  it('runs in that zone', () => {
    process.env.TZ = machineZone;
    expect(new Date('2026-11-27T00:30:00Z').getTimezoneOffset()).toBe(machineZone === 'UTC' ? 0 : 480);
  });

  it('opens through tomorrow in the property’s days, not in UTC days', () => {
    // 23:30 UTC on the 26th: 13:30 on the 26th in Honolulu, 08:30 on the 27th in Tokyo.
    const before = new Date('2026-11-26T23:30:00Z');
    expect(accessOpensThrough(before, HONOLULU)).toBe('2026-11-27');
    expect(accessOpensThrough(before, TOKYO)).toBe('2026-11-28');
    expect(accessOpensThrough(before)).toBe('2026-11-27');
    // 00:30 UTC on the 27th: a new UTC day, still the 26th in Honolulu.
    const after = new Date('2026-11-27T00:30:00Z');
    expect(accessOpensThrough(after, HONOLULU)).toBe('2026-11-27');
    expect(accessOpensThrough(after, TOKYO)).toBe('2026-11-28');
    expect(accessOpensThrough(after, 'UTC')).toBe('2026-11-28');
    // An unknown zone counts as UTC.
    expect(accessOpensThrough(after, 'Mars/Olympus_Mons')).toBe('2026-11-28');
  });

  it('opens a task’s window at the property’s midnight of the day before', () => {
    const onThe28th = task('2026-11-28');
    // Tokyo's 27th starts at 15:00 UTC on the 26th.
    expect(isAccessWindowOpen(onThe28th, new Date('2026-11-26T14:59:00Z'), TOKYO)).toBe(false);
    expect(isAccessWindowOpen(onThe28th, new Date('2026-11-26T15:00:00Z'), TOKYO)).toBe(true);
    // Honolulu's 27th starts at 10:00 UTC on the 27th: midnight UTC opens nothing there.
    expect(isAccessWindowOpen(onThe28th, new Date('2026-11-27T00:30:00Z'), HONOLULU)).toBe(false);
    expect(isAccessWindowOpen(onThe28th, new Date('2026-11-27T09:59:00Z'), HONOLULU)).toBe(false);
    expect(isAccessWindowOpen(onThe28th, new Date('2026-11-27T10:00:00Z'), HONOLULU)).toBe(true);
    // Done, removed or undated tasks as before.
    expect(isAccessWindowOpen(task('2026-11-28', 'completed'), new Date('2026-11-27T12:00:00Z'), HONOLULU)).toBe(false);
    expect(isAccessWindowOpen({ ...onThe28th, deleted_at: '2026-11-27T00:00:00Z' }, new Date('2026-11-27T12:00:00Z'), TOKYO)).toBe(false);
    expect(isAccessWindowOpen(task(null), new Date('2026-11-27T00:30:00Z'), HONOLULU)).toBe(true);
  });
});
