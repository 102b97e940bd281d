/**
 * The in-process job scheduler. Each job is looked at every `tickMs` (with jitter, so that
 * processes started together do not knock at once); it runs when its database lease (lease.ts) says
 * it is due and this process wins the lease. Between processes a job thus runs once per interval,
 * never twice at once; within a process a job never overlaps itself (scheduled runs and runs asked
 * for by an admin share one queue per job).
 *
 * Jobs are plain async functions of a context (`now`); the scheduler owns timing, leases and
 * errors. `stop()` (on app close) clears the timers, waits for runs in progress and leaves their
 * leases idle and due, so that another process can take over at once.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db/index';
import { extendLease, releaseLease, tryAcquireLease } from './lease';

export type JobContext = { now: Date };

export type JobDefinition<R = unknown> = {
  name: string;
  /** Time between runs (cluster-wide). */
  intervalMs: number;
  run: (context: JobContext) => Promise<R> | R;
};

export type SchedulerOptions = {
  now: () => Date;
  /** Names this process in job_leases.holder. */
  holder?: string;
  /** How often each job's lease is looked at (default: a quarter of its interval, at most 15 s). */
  tickMs?: number;
  /** Spread of each tick and of the first look, as a fraction of the tick (default 0.2). */
  jitter?: number;
  /** A running job's deadline, renewed every third of it while it runs (default 2 min). */
  leaseMs?: number;
  random?: () => number;
  onResult?: (name: string, result: unknown) => void;
  onError?: (name: string, error: unknown) => void;
};

export type RunOutcome<R = unknown> =
  | { ran: true; result: R }
  /** Another process (or another run here) holds the lease. */
  | { ran: false; reason: 'busy' | 'not-due' | 'stopped' };

export function defaultHolder(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

export class JobScheduler {
  readonly holder: string;
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<RunOutcome>>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    jobs: readonly JobDefinition[],
    private readonly options: SchedulerOptions,
  ) {
    this.holder = options.holder ?? defaultHolder();
    for (const job of jobs) this.jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  has(name: string): boolean {
    return this.jobs.has(name);
  }

  /** Starts ticking every job; the first look comes after a random part of one tick. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job, this.random() * this.tickOf(job));
  }

  /** Stops ticking and waits for runs in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all([...this.inFlight.values()].map((p) => p.catch(() => undefined)));
  }

  /** One scheduled look at a job: runs it when its lease is due and this process wins it. */
  tick(name: string): Promise<RunOutcome> {
    return this.runJob(name, false);
  }

  /** Runs a job now (an admin's request), unless a run of it is in progress somewhere. */
  runNow(name: string): Promise<RunOutcome> {
    return this.runJob(name, true);
  }

  private random(): number {
    return (this.options.random ?? Math.random)();
  }

  private tickOf(job: JobDefinition): number {
    return this.options.tickMs ?? Math.min(Math.max(job.intervalMs / 4, 1_000), 15_000);
  }

  private schedule(job: JobDefinition, delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.name);
      // A failed run was reported through onError; the job is looked at again next tick.
      void this.tick(job.name)
        .catch(() => undefined)
        .then(() => {
          const tick = this.tickOf(job);
          const spread = this.options.jitter ?? 0.2;
          this.schedule(job, tick * (1 - spread + 2 * spread * this.random()));
        });
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private runJob(name: string, manual: boolean): Promise<RunOutcome> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`No job named ${name}`));
    if (this.stopped) return Promise.resolve({ ran: false, reason: 'stopped' });
    if (this.inFlight.has(name)) return Promise.resolve({ ran: false, reason: 'busy' });
    const run = this.leaseAndRun(job, manual).finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, run);
    return run;
  }

  private async leaseAndRun(job: JobDefinition, manual: boolean): Promise<RunOutcome> {
    const leaseMs = this.options.leaseMs ?? 120_000;
    const start = this.options.now();
    let acquired: boolean;
    try {
      acquired = tryAcquireLease(this.db, job.name, this.holder, start, new Date(start.getTime() + leaseMs), manual);
    } catch (error) {
      // The database is busy or closing: this look is skipped, the next one tries again.
      this.options.onError?.(job.name, error);
      return { ran: false, reason: 'busy' };
    }
    if (!acquired) return { ran: false, reason: manual ? 'busy' : 'not-due' };
    const heartbeat = setInterval(() => {
      try {
        extendLease(this.db, job.name, this.holder, new Date(this.options.now().getTime() + leaseMs));
      } catch (error) {
        this.options.onError?.(job.name, error);
      }
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      const result = await job.run({ now: start });
      this.options.onResult?.(job.name, result);
      return { ran: true, result };
    } catch (error) {
      this.options.onError?.(job.name, error);
      throw error;
    } finally {
      clearInterval(heartbeat);
      // Stopping hands the job over at once; otherwise it is next due one interval after this run.
      const nextDue = this.stopped ? this.options.now() : new Date(start.getTime() + job.intervalMs);
      try {
        releaseLease(this.db, job.name, this.holder, nextDue);
      } catch (error) {
        this.options.onError?.(job.name, error);
      }
    }
  }
}
