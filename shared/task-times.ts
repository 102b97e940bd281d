/**
 * When the work on a task really happened. Each change a device makes carries the device's time
 * (`at` of the sync mutation); the server stamps `started_at` when a task first goes in progress
 * and `completed_at` when it is completed, from that time, so a day of offline work keeps its real
 * times rather than the moment the phone found a signal. docs/decisions.md "The time of the work".
 */
import type { TaskStatus } from './sync';

type Times = { started_at?: string | null; completed_at?: string | null };
export type TaskTimesRow = Times & { task_status?: TaskStatus | string | null; created_date?: string | null };

/**
 * The time a change was made, as far as it is plausible: the device's clock, but never after the
 * server's now (a clock running fast) and never before the task existed (a clock running slow).
 */
export function plausibleWorkTime(at: Date | undefined, now: Date, createdDate: string | null | undefined): string {
  let time = at && Number.isFinite(at.getTime()) && at.getTime() < now.getTime() ? at.getTime() : now.getTime();
  const created = createdDate ? Date.parse(createdDate) : NaN;
  if (Number.isFinite(created) && time < created) time = Math.min(created, now.getTime());
  return new Date(time).toISOString();
}

/**
 * The work times a status change sets: `started_at` when the task goes in progress (the first
 * time), `completed_at` when it is completed, and both cleared when it is set back (a host's
 * reopen). A time the writer names itself (`changes`) is kept as given. Answers only what changes.
 */
export function workTimeChanges(before: TaskTimesRow | undefined, changes: TaskTimesRow, at: Date | undefined, now: Date): Times {
  const from = before?.task_status ?? undefined;
  const to = changes.task_status ?? from;
  if (to === from || to === undefined || to === null) return {};
  const out: Times = {};
  const set = (field: keyof Times, value: string | null) => {
    if (!(field in changes)) out[field] = value;
  };
  const time = () => plausibleWorkTime(at, now, before?.created_date ?? changes.created_date);
  const started = changes.started_at !== undefined ? changes.started_at : (before?.started_at ?? null);
  if (to === 'in_progress' && !started) set('started_at', time());
  if (to === 'completed') set('completed_at', time());
  if (from === 'completed' && to !== 'completed') set('completed_at', null);
  if (to === 'pending' && started) set('started_at', null);
  return out;
}
