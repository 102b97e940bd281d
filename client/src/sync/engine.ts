/**
 * The sync engine: one sync at a time, push then pull, and a status the
 * layouts show. Triggers (a write, `online`, focus, the 30 s timer, a server poke) only ask for a
 * sync; asks that arrive while one runs fold into one more run after it. A write pushes as soon
 * as nothing is in flight (no debounce: the other device sees it one round trip later), and the
 * writes made while a push is in flight go out together in the next one, so ticking five
 * checklist items quickly is still one or two pushes. Timers are injectable so that tests drive
 * them with a fake clock.
 */
import type { Role } from '../../../shared/enums';
import type { StaykeepDb } from '../db/db';
import type { Rejection } from '../db/schema';
import { measureSince, perfStart, PERF, type SyncRunDetail } from './perf';
import { pullAll, readPullStart, type PullProgress } from './pull';
import { pushOutbox } from './push';
import { ApiError } from '../api/http';
import { isStorageFull, STORAGE_FULL_SYNC_ERROR } from '../db/storage-full';
import type { SyncTransport } from './transport';

export type SyncState =
  /** Everything sent and received (or nothing to do yet). */
  | 'idle'
  | 'syncing'
  /** The server cannot be reached; changes wait on this device. */
  | 'offline'
  /** The last sync failed for another reason; `error` says why. */
  | 'error'
  /** The session ended (401): the outbox waits until the user signs in again. */
  | 'unauthorized';

export type SyncProgress = PullProgress;

export type SyncStatus = {
  state: SyncState;
  error: string | null;
  /** ISO instant of the last sync that finished without error. */
  lastSyncedAt: string | null;
  /** Set while a pull is paging (after its first page, until its last). */
  progress: SyncProgress | null;
};

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type EngineOptions = {
  db: StaykeepDb;
  transport: SyncTransport;
  clientId: string;
  role: Role;
  now?: () => Date;
  /** navigator.onLine where there is one: when false the engine does not even try. */
  isOnline?: () => boolean;
  /** Told when the server answers 401: the session is over. */
  onUnauthorized?: () => void;
  pullLimit?: number;
  /** Told of mutations the server refused, as each push brings them. */
  onRejected?: (rejections: Rejection[]) => void;
  /**
   * Runs one sync exclusively across tabs and the service worker (Web Locks), so that two of
   * them never push the same outbox at once. Without it, syncs are exclusive in this engine only.
   */
  lock?: <T>(run: () => Promise<T>) => Promise<T>;
  timers?: Timers;
};

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export class SyncEngine {
  private status: SyncStatus = { state: 'idle', error: null, lastSyncedAt: null, progress: null };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  /** A write's push, asked for in this task and not started yet. */
  private kick: unknown = null;
  private stopped = false;
  private readonly timers: Timers;

  constructor(private readonly options: EngineOptions) {
    this.timers = options.timers ?? defaultTimers;
  }

  getStatus = (): SyncStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** The browser says the network is gone: show it at once rather than at the next failure. */
  markOffline(): void {
    if (this.status.state !== 'syncing') this.set({ state: 'offline', progress: null });
  }

  /**
   * A local write happened: push it as soon as nothing is in flight. While a sync runs, the write
   * waits for it and goes out in the one run that follows, together with every other write made
   * meanwhile (a burst is one request). Otherwise the push starts in a task of its own, right
   * after the writer's: the writes of one task go out together, and the writer's `await`
   * resumes before the sync's first status change renders anything.
   */
  requestSync(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.kick ??= this.timers.setTimeout(() => {
      this.kick = null;
      void this.sync();
    }, 0);
  }

  /** Syncs now; while a sync runs, one more run follows it. Never rejects. */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    // A write's push not started yet goes out with this run.
    if (this.kick !== null) {
      this.timers.clearTimeout(this.kick);
      this.kick = null;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.runOnce();
        } while (this.again && !this.stopped && this.status.state === 'idle');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when the sync under way (if any) has finished. */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** No more syncs; one under way stops at its next step (it never writes a page after this). */
  stop(): void {
    this.stopped = true;
    if (this.kick !== null) this.timers.clearTimeout(this.kick);
    this.kick = null;
    this.listeners.clear();
  }

  private async runOnce(): Promise<void> {
    if (this.options.isOnline && !this.options.isOnline()) {
      this.set({ state: 'offline', progress: null });
      return;
    }
    this.set({ state: 'syncing', error: null });
    const lock = this.options.lock ?? ((run) => run());
    const started = perfStart();
    try {
      const detail = await lock(() => this.pushAndPull());
      measureSince(PERF.sync, started, detail);
      this.set({ state: 'idle', error: null, progress: null, lastSyncedAt: (this.options.now ?? (() => new Date()))().toISOString() });
    } catch (err) {
      if (this.stopped) return;
      if (err instanceof ApiError && err.isNetwork) this.set({ state: 'offline', progress: null });
      else if (err instanceof ApiError && err.status === 401) {
        this.set({ state: 'unauthorized', error: 'Your session has ended. Sign in again to send your changes.', progress: null });
        this.options.onUnauthorized?.();
      } else {
        const message = isStorageFull(err) ? STORAGE_FULL_SYNC_ERROR : err instanceof Error ? err.message : String(err);
        this.set({ state: 'error', error: message, progress: null });
      }
    }
  }

  private async pushAndPull(): Promise<SyncRunDetail> {
    const { db, transport, clientId, role } = this.options;
    const isStopped = () => this.stopped;
    // The pull's start is read beside the push's first read (a push never moves it): on a poke,
    // with nothing to send, the pull's request leaves one round trip to the store sooner.
    const starting = readPullStart(db);
    starting.catch(() => undefined);
    const pushed = await pushOutbox(db, transport, { clientId, role, now: this.options.now, isStopped });
    if (pushed.rejected.length > 0) this.options.onRejected?.(pushed.rejected);
    const start = await starting;
    const from = start.cursor;
    const pulled = await pullAll(db, transport, {
      role,
      start,
      isStopped,
      now: this.options.now,
      limit: this.options.pullLimit,
      onProgress: (progress) => {
        if (this.stopped) return;
        this.set({ progress: progress.more ? progress : null });
      },
    });
    return { from, cursor: pulled.cursor, received: pulled.changes, pages: pulled.pages, pushed: pushed.sent };
  }
}
