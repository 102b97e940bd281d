/**
 * The engine bound to the browser: one per signed-in session (none for a demo session, whose
 * changes stay local). It wires the sync's triggers: a write (pushed as soon as nothing is in flight),
 * `online`, focus and visibility, a 30 s timer, and the server's poke over EventSource (opened
 * only after sign-in, with a single-use ticket: event-stream.ts), plus Background Sync where the browser has it, as an extra. Screens read
 * its status through `subscribe`/`getSnapshot` and write through `write`.
 */
import type { Role } from '../../../shared/enums';
import type { StaykeepDb } from '../db/db';
import type { OutboxEntry, Rejection, StoredSession, SyncedTableName } from '../db/schema';
import { areaOf, type Area } from '../auth/session';
import { BACKGROUND_SYNC_TAG, withSyncLock } from './background';
import { SyncEngine, type SyncStatus } from './engine';
import { mutate, type WriteRequest } from './mutate';
import { PERF, timed } from './perf';
import { browserFetch } from '../api/http';
import { openEventStream } from './event-stream';
import { httpTransport, requestEventsTicket } from './transport';
import { askPersistentStorage } from '../pwa/persist';
import { whenSyncSettles } from './sync-settled';
import { setWriteQuiet } from './write-gate';

/** While open, the app syncs at least this often. */
export const SYNC_INTERVAL_MS = 30_000;

export type RuntimeSnapshot = {
  /** No session, a demo session (local only), or a synced one. */
  mode: 'none' | 'demo' | 'synced';
  status: SyncStatus | null;
};

type RejectionListener = (rejections: Rejection[]) => void;

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the service worker to push the outbox when the connection returns, even if the page is gone. */
function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration: SyncRegistration) => registration.sync?.register(BACKGROUND_SYNC_TAG))
    .catch(() => {
      // Not allowed or not supported: the page's own triggers remain.
    });
}

/** The page's own sync cannot send now (offline or failing). */
function isStuck(state: SyncStatus['state']): boolean {
  return state === 'offline' || state === 'error';
}

/**
 * The tables the first screen of each area reads from memory (the host's dashboard, the
 * housekeeper's day): read into the mirror at start on a device that holds its data, beside the
 * loading of the area's code rather than after it (db/mirror.ts `warm`).
 */
export const FIRST_SCREEN_TABLES: Record<Area, readonly SyncedTableName[]> = {
  host: ['properties', 'bookings', 'housekeeping_tasks', 'inbox_messages', 'calendar_blocks'],
  staff: ['housekeeping_tasks', 'housekeeping_staff', 'properties', 'property_access'],
  admin: [],
};

/**
 * The pause in the user's writes the sync's transactions wait for (write-gate.ts), and the longest
 * they wait. Shorter than the time between two taps of a person: a single tap's acknowledgement
 * comes at most a few tens of milliseconds later (its push has gone out at once, so the other
 * device is not held up); a burst of writes is acknowledged once it pauses, within a second.
 * Measured with bench/sync-client.ts (figure b, bench/sync-client/README.md).
 */
const WRITE_QUIET_MS = 100;
const WRITE_QUIET_MAX_MS = 1000;

export class SyncRuntime {
  private engine: SyncEngine | null = null;
  private session: StoredSession | null = null;
  private stopTriggers: (() => void) | null = null;
  private snapshot: RuntimeSnapshot = { mode: 'none', status: null };
  private readonly listeners = new Set<() => void>();
  private readonly rejectionListeners = new Set<RejectionListener>();

  constructor(
    private readonly db: StaykeepDb,
    private readonly hooks: { onUnauthorized: () => void },
  ) {
    // While the user taps one write after another, the sync's transactions wait for a pause.
    setWriteQuiet(db, WRITE_QUIET_MS, WRITE_QUIET_MAX_MS);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RuntimeSnapshot => this.snapshot;

  /** Resolves once this session's sync has had its first go, or after `maxMs` (sync-settled.ts). */
  whenSettled(maxMs: number): Promise<void> {
    return whenSyncSettles(this, maxMs);
  }

  /** Told of rejections as they arrive (the screen shows a toast; the list stays in the store). */
  onRejections(listener: RejectionListener): () => void {
    this.rejectionListeners.add(listener);
    return () => this.rejectionListeners.delete(listener);
  }

  private publish(): void {
    const mode = !this.session ? 'none' : this.session.demo ? 'demo' : 'synced';
    this.snapshot = { mode, status: this.engine ? this.engine.getStatus() : null };
    for (const listener of this.listeners) listener();
  }

  get role(): Role | null {
    return this.session?.user.Role ?? null;
  }

  /** Starts syncing for a session (or, for a demo session, only enables local writes). */
  async start(session: StoredSession): Promise<void> {
    if (this.session && this.session.user.ID === session.user.ID && this.session.token === session.token && this.session.demo === session.demo) return;
    this.stop();
    this.session = session;
    this.db.mirror.warm(FIRST_SCREEN_TABLES[areaOf(session.user.Role)]);
    if (session.demo || !session.token) {
      this.publish();
      return;
    }
    const clientId = await this.db.getMeta('clientId');
    if (this.session !== session) return;
    if (!clientId) {
      // The store is not claimed yet (the sign-in finishes first): the next start will run.
      this.session = null;
      return;
    }
    const token = session.token;
    const engine = new SyncEngine({
      db: this.db,
      transport: httpTransport({ fetch: browserFetch, token: () => token }),
      clientId,
      role: session.user.Role,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
      onUnauthorized: this.hooks.onUnauthorized,
      onRejected: (rejections) => {
        for (const listener of this.rejectionListeners) listener(rejections);
      },
      lock: (run) => withSyncLock(run),
    });
    this.engine = engine;
    engine.subscribe(() => {
      // The page could not send: the service worker gets the outbox out when the connection
      // returns, even if this page has closed by then.
      if (isStuck(engine.getStatus().state)) requestBackgroundSync();
      this.publish();
    });
    this.stopTriggers = this.startTriggers(engine, token, clientId);
    this.publish();
    void engine.sync();
    // The offline data must survive storage pressure: asked at every sign-in and start until granted.
    void askPersistentStorage();
  }

  stop(): void {
    this.stopTriggers?.();
    this.stopTriggers = null;
    this.engine?.stop();
    this.engine = null;
    this.session = null;
    this.publish();
  }

  /**
   * Stops and waits (a little) for a sync under way to end, so that nothing of this session is
   * written after a sign-out wipes the store.
   */
  async halt(timeoutMs = 5000): Promise<void> {
    const running = this.engine?.whenIdle();
    this.stop();
    if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  }

  /** Syncs now (the Retry button); resolves when that sync has finished. */
  async syncNow(): Promise<void> {
    await this.engine?.sync();
  }

  /** Tries to send what waits, for at most `timeoutMs` (before a sign-out). */
  async flush(timeoutMs: number): Promise<void> {
    const engine = this.engine;
    if (!engine) return;
    await Promise.race([engine.sync(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  }

  /** The one write path of the screens: local change + outbox, then a push as soon as none is in flight. */
  async write(request: WriteRequest): Promise<OutboxEntry | null> {
    const role = this.role;
    if (!role) throw new Error('Sign in to make changes');
    const entry = await timed(PERF.write, () => mutate(this.db, request, { role }));
    if (entry && this.engine) {
      this.engine.requestSync();
      // Only while the page itself cannot send: otherwise the service worker would push each
      // write beside the page's own push, and its transactions would hold up the next write.
      if (isStuck(this.engine.getStatus().state) || (typeof navigator !== 'undefined' && !navigator.onLine)) requestBackgroundSync();
    }
    return entry;
  }

  private startTriggers(engine: SyncEngine, token: string, clientId: string): () => void {
    const cleanups: (() => void)[] = [];
    const on = (target: EventTarget, type: string, handler: () => void) => {
      target.addEventListener(type, handler);
      cleanups.push(() => target.removeEventListener(type, handler));
    };
    const sync = () => void engine.sync();
    on(window, 'online', sync);
    on(window, 'offline', () => engine.markOffline());
    on(window, 'focus', sync);
    on(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') sync();
      else {
        // The page may be closed or frozen before a push under way ends: send what waits now, and
        // leave the service worker a Background Sync in case this push cannot finish.
        requestBackgroundSync();
        sync();
      }
    });
    const timer = setInterval(sync, SYNC_INTERVAL_MS);
    cleanups.push(() => clearInterval(timer));

    if (typeof EventSource !== 'undefined') {
      const stream = openEventStream({
        ticket: () => requestEventsTicket({ fetch: browserFetch, token: () => token }, clientId),
        open: (ticket) => new EventSource(`/api/sync/events?ticket=${encodeURIComponent(ticket)}&clientId=${encodeURIComponent(clientId)}`),
        sync,
      });
      cleanups.push(stream);
    }
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  }
}
