/**
 * Calendar sync jobs on the screen: the order of the queue, the batch the user
 * started and how it ended, and which jobs "Clear queue" removes. Pure, so the rules are tested
 * without a browser.
 */
import type { SYNC_JOB_STATUSES } from '../../../../shared/enums';

type JobStatus = (typeof SYNC_JOB_STATUSES)[number];
export type JobLike = { id: string; status: JobStatus; progress: number; startTime: string | null };

/** The progress steps a job reports, in order. */
export const PROGRESS_STEPS = [20, 40, 60, 80, 95, 100] as const;

const STATUS_ORDER: Record<JobStatus, number> = { running: 0, pending: 1, failed: 2, completed: 3 };

/** Running first, then waiting, failed and done; newest first within each (ids are UUIDv7, time-ordered). */
export function orderJobs<J extends JobLike>(jobs: readonly J[]): J[] {
  return [...jobs].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Jobs still under way on the server; the rest are finished and may be cleared. */
export function isActive(job: Pick<JobLike, 'status'>): boolean {
  return job.status === 'pending' || job.status === 'running';
}

export function clearableJobs<J extends JobLike>(jobs: readonly J[]): J[] {
  return jobs.filter((j) => !isActive(j));
}

export type BatchState = 'running' | 'completed' | 'failed';

export type BatchSummary = { state: BatchState; completed: number; failed: number; active: number; total: number };

/**
 * Where a batch stands, from the server's job list. The server drops completed jobs 10 s after
 * their batch (and only completed ones), so a job of the batch missing from the list completed.
 * A batch is running while one of its jobs is, then completed (with its counts); it fails only
 * when the sync process itself fails (the request), which the caller knows, not the job list.
 */
export function summarizeBatch(jobIds: readonly string[], serverJobs: readonly Pick<JobLike, 'id' | 'status'>[]): BatchSummary {
  const byId = new Map(serverJobs.map((j) => [j.id, j.status]));
  let completed = 0;
  let failed = 0;
  let active = 0;
  for (const id of jobIds) {
    const status = byId.get(id) ?? 'completed';
    if (status === 'completed') completed += 1;
    else if (status === 'failed') failed += 1;
    else active += 1;
  }
  const total = jobIds.length;
  const state: BatchState = active > 0 ? 'running' : 'completed';
  return { state, completed, failed, active, total };
}

/** A progress value shown as the last step reached (the bar moves in PROGRESS_STEPS). */
export function progressStep(progress: number): number {
  const clamped = Math.max(0, Math.min(100, progress));
  let step = 0;
  for (const s of PROGRESS_STEPS) if (clamped >= s) step = s;
  return step;
}
