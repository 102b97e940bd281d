import { describe, expect, it } from 'vitest';
import { clearableJobs, orderJobs, progressStep, summarizeBatch, type JobLike } from './jobs';

function job(id: string, status: JobLike['status'], progress = 0): JobLike {
  return { id, status, progress, startTime: null };
}

describe('orderJobs', () => {
  it('puts running, then pending, failed and completed jobs first, newest first within each', () => {
    const list = [job('01a', 'completed'), job('01b', 'pending'), job('01c', 'running'), job('01d', 'failed'), job('01e', 'pending')];
    expect(orderJobs(list).map((j) => j.id)).toEqual(['01c', '01e', '01b', '01d', '01a']);
  });
});

describe('clearableJobs', () => {
  it('clears only finished jobs: the server is still working on the others', () => {
    const list = [job('a', 'completed'), job('b', 'pending'), job('c', 'running'), job('d', 'failed')];
    expect(clearableJobs(list).map((j) => j.id)).toEqual(['a', 'd']);
  });
});

describe('summarizeBatch', () => {
  it('is running while a job of the batch is pending or running', () => {
    expect(summarizeBatch(['a', 'b'], [job('a', 'completed'), job('b', 'running')])).toEqual({ state: 'running', completed: 1, failed: 0, active: 1, total: 2 });
    expect(summarizeBatch(['a'], [job('a', 'pending')]).state).toBe('running');
  });

  it('completes with its counts once every job has finished', () => {
    expect(summarizeBatch(['a', 'b', 'c'], [job('a', 'completed'), job('b', 'failed'), job('c', 'completed'), job('other', 'running')])).toEqual({
      state: 'completed',
      completed: 2,
      failed: 1,
      active: 0,
      total: 3,
    });
  });

  it('counts a job gone from the server list as completed (only completed jobs are dropped)', () => {
    expect(summarizeBatch(['a', 'b'], [job('b', 'failed')])).toEqual({ state: 'completed', completed: 1, failed: 1, active: 0, total: 2 });
  });
});

describe('progressStep', () => {
  it('shows the last of the progress steps reached', () => {
    expect([0, 19, 20, 45, 80, 94, 95, 99, 100, 140].map(progressStep)).toEqual([0, 0, 20, 40, 80, 80, 95, 95, 100, 100]);
  });
});
