import { describe, expect, it } from 'vitest';
import { plausibleWorkTime, workTimeChanges } from './task-times';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const CREATED = '2026-11-26T06:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('plausibleWorkTime', () => {
  it("keeps the device's time when it is plausible", () => {
    expect(plausibleWorkTime(at('2026-11-26T09:15:00.000Z'), NOW, CREATED)).toBe('2026-11-26T09:15:00.000Z');
  });
  it('never takes a time in the future, nor one before the task existed', () => {
    expect(plausibleWorkTime(at('2026-11-27T09:15:00.000Z'), NOW, CREATED)).toBe(NOW.toISOString());
    expect(plausibleWorkTime(at('2026-11-25T09:15:00.000Z'), NOW, CREATED)).toBe(CREATED);
  });
  it("uses the server's time without a device time, or with an unreadable one", () => {
    expect(plausibleWorkTime(undefined, NOW, CREATED)).toBe(NOW.toISOString());
    expect(plausibleWorkTime(new Date('nonsense'), NOW, null)).toBe(NOW.toISOString());
  });
});

describe('workTimeChanges', () => {
  const pending = { task_status: 'pending', started_at: null, completed_at: null, created_date: CREATED };
  it('stamps the start when a task first goes in progress, and the completion when it is done', () => {
    expect(workTimeChanges(pending, { task_status: 'in_progress' }, at('2026-11-26T09:00:00.000Z'), NOW)).toEqual({ started_at: '2026-11-26T09:00:00.000Z' });
    const started = { ...pending, task_status: 'in_progress', started_at: '2026-11-26T09:00:00.000Z' };
    expect(workTimeChanges(started, { task_status: 'completed' }, at('2026-11-26T10:30:00.000Z'), NOW)).toEqual({ completed_at: '2026-11-26T10:30:00.000Z' });
  });
  it('completes a task never started without inventing a start', () => {
    expect(workTimeChanges(pending, { task_status: 'completed' }, at('2026-11-26T10:30:00.000Z'), NOW)).toEqual({ completed_at: '2026-11-26T10:30:00.000Z' });
  });
  it('clears the times a reopen undoes, and changes nothing when the status stays', () => {
    const done = { ...pending, task_status: 'completed', started_at: '2026-11-26T09:00:00.000Z', completed_at: '2026-11-26T10:00:00.000Z' };
    expect(workTimeChanges(done, { task_status: 'in_progress' }, undefined, NOW)).toEqual({ completed_at: null });
    expect(workTimeChanges(done, { task_status: 'pending' }, undefined, NOW)).toEqual({ completed_at: null, started_at: null });
    expect(workTimeChanges(done, { notes: 'x' } as never, undefined, NOW)).toEqual({});
  });
  it('keeps times the writer names itself', () => {
    expect(workTimeChanges(pending, { task_status: 'completed', completed_at: '2026-11-26T08:00:00.000Z' }, undefined, NOW)).toEqual({});
  });
  it('stamps a task created already in progress', () => {
    expect(workTimeChanges(undefined, { task_status: 'in_progress', created_date: CREATED }, at('2026-11-26T07:00:00.000Z'), NOW)).toEqual({ started_at: '2026-11-26T07:00:00.000Z' });
  });
});
