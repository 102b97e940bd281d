/**
 * An in-memory copy of the synced tables that screens read (use-rows.ts), so that a write does
 * not make every open screen read whole tables back out of IndexedDB: each read of 10 000 rows is
 * a structured clone, and a local write's readwrite transaction queues behind those reads.
 *
 * Per table: a Map id → row, loaded once on the first read, then kept current by a DBCore
 * middleware (installed by every StaykeepDb) that records each write of a synced table and
 * applies them when their transaction COMMITS (an aborted transaction changes nothing). A row a
 * write did not touch keeps its object, so memoised rows skip rendering. Tables nobody reads are
 * never loaded, and a write to them costs only the note of its ids.
 *
 * Bookings and tasks, which grow with the years, are held in part (window.ts): only the rows of
 * their window (recent and future stays, open and recent tasks) are read in and kept; a committed
 * row outside it leaves memory. Their versions still count every change, so a screen reading
 * history from the store (data/history-read.ts) knows when and which rows to read again.
 *
 * Other contexts write the same database (other tabs; the service worker's Background Sync):
 * each committed transaction's changed ids go out on a BroadcastChannel named after the database,
 * and a mirror that hears another context's ids re-reads just those rows.
 */
import { cmp, type DBCore, type DBCoreKeyRange, type DBCoreMutateRequest, type DBCoreMutateResponse, type DBCoreTransaction, type Middleware } from 'dexie';
import { SYNCED_TABLE_NAMES, type LocalRow, type SyncedTableName } from './schema';
import type { MirrorWindow, WindowSource } from './window';

/** What the mirror needs of the database: reads of a synced table (StaykeepDb). */
export type MirrorSource = {
  readonly name: string;
  getMeta(key: 'hydrated'): Promise<unknown>;
  rows(name: SyncedTableName): WindowSource & {
    toArray(): Promise<LocalRow[]>;
    bulkGet(keys: string[]): Promise<(LocalRow | undefined)[]>;
  };
};

/** The tables held only in part (window.ts): rows outside their window stay in the store. */
export type MirrorWindows = Partial<Record<SyncedTableName, MirrorWindow>>;

/** One write of a transaction, in order. `range`: a deleteRange (null: the whole table). */
type Change =
  | { kind: 'put'; rows: LocalRow[] }
  | { kind: 'delete'; ids: string[] }
  | { kind: 'deleteRange'; range: DBCoreKeyRange | null };

/** Ids changed by one transaction, per table; 'all' when a range went (re-read the table). */
export type ChangedIds = Partial<Record<SyncedTableName, string[] | 'all'>>;

/** What goes on the channel: who wrote (a mirror ignores its own), what changed, and the new `hydrated` flag when it moved. */
type Announcement = { source: string; changed: ChangedIds; hydrated?: boolean };

/** The writes of one open transaction: per synced table, and the last `hydrated` it wrote. */
type TransactionLog = { tables: Map<SyncedTableName, Change[]>; hydrated?: boolean };

/** How many past versions of a table remember which rows they changed (for incremental pages). */
const HISTORY = 64;

export type MirrorTableState =
  | { status: 'idle' | 'loading'; version: number; rows: undefined; error: null }
  | { status: 'ready'; version: number; rows: ReadonlyMap<string, LocalRow>; error: null }
  | { status: 'error'; version: number; rows: undefined; error: Error };

type Table = {
  status: MirrorTableState['status'];
  version: number;
  rows: Map<string, LocalRow>;
  error: Error | null;
  listeners: Set<() => void>;
  /** Changes committed while the table was loading: applied over what the load read. */
  queued: Change[];
  /** Rows another context changed while the table was loading ('all': every row). */
  stale: Set<string> | 'all';
  /** The state as last handed out (a new object only when the version moves). */
  view: MirrorTableState | null;
  /** The rows each recent version changed ('all': every row may have). */
  history: { version: number; ids: Set<string> | 'all' }[];
  /** Held in part: only the rows this window keeps (window.ts). */
  window: MirrorWindow | undefined;
};

const SYNCED = new Set<string>(SYNCED_TABLE_NAMES);

function isSyncedName(name: string): name is SyncedTableName {
  return SYNCED.has(name);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** A deleteRange of the whole table (Dexie's `clear()` sends the range "any"). */
function isWholeRange(range: DBCoreKeyRange): boolean {
  // DBCoreRangeType.Any; the enum is `const` in Dexie's declarations, so not importable here.
  return (range.type as number) === 3;
}

function inRange(key: string, range: DBCoreKeyRange): boolean {
  if (isWholeRange(range)) return true;
  const lower = cmp(key, range.lower);
  const upper = cmp(key, range.upper);
  return (range.lowerOpen ? lower > 0 : lower >= 0) && (range.upperOpen ? upper < 0 : upper <= 0);
}

function isAnnouncement(value: unknown): value is Announcement {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.source === 'string' && typeof v.changed === 'object' && v.changed !== null;
}

let instances = 0;

export class Mirror {
  private readonly tables = new Map<SyncedTableName, Table>();
  /** Changes of each open readwrite transaction, until it commits (or aborts). */
  private readonly open = new WeakMap<DBCoreTransaction, TransactionLog>();
  /** The `hydrated` flag of the meta table (undefined until read). */
  private hydratedValue: boolean | undefined = undefined;
  private hydratedRead = false;
  private readonly hydratedListeners = new Set<() => void>();
  /** Tables whose listeners are to be told of a change, and the timer that will tell them. */
  private readonly due = new Set<Table>();
  private flushing: ReturnType<typeof setTimeout> | null = null;
  /** Announcements waiting for the writer to resume, and the timer that will post them. */
  private readonly outgoing: Announcement[] = [];
  private posting: ReturnType<typeof setTimeout> | null = null;
  private channel: BroadcastChannel | null = null;
  readonly id: string;

  constructor(
    private readonly source: MirrorSource,
    private readonly windows: MirrorWindows = {},
  ) {
    instances += 1;
    this.id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${instances}`;
  }

  /** The DBCore middleware that feeds this mirror; StaykeepDb installs it. */
  middleware(): Middleware<DBCore> {
    return {
      stack: 'dbcore',
      name: 'staykeep-mirror',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          const trans = down.transaction(stores, mode, options);
          if (mode === 'readwrite' && stores.some((store) => store === 'meta' || isSyncedName(store))) this.watch(trans);
          return trans;
        },
        table: (name) => {
          const table = down.table(name);
          if (name === 'meta') return { ...table, mutate: (req) => table.mutate(req).then((res) => (this.recordMeta(req), res)) };
          if (!isSyncedName(name)) return table;
          return {
            ...table,
            mutate: (req) => table.mutate(req).then((res) => (this.record(name, req, res), res)),
          };
        },
      }),
    };
  }

  /** The state of a table now (its rows once loaded). Same object until the version moves. */
  state(name: SyncedTableName): MirrorTableState {
    const t = this.table(name);
    if (t.view && t.view.version === t.version) return t.view;
    const view: MirrorTableState =
      t.status === 'ready'
        ? { status: 'ready', version: t.version, rows: t.rows, error: null }
        : t.status === 'error'
          ? { status: 'error', version: t.version, rows: undefined, error: t.error ?? new Error('The table could not be read') }
          : { status: t.status, version: t.version, rows: undefined, error: null };
    t.view = view;
    return view;
  }

  /**
   * The window of a table held in part (undefined: held whole). A query the window does not cover
   * is answered from the store (data/history-read.ts); this mirror's versions still say when.
   */
  window(name: SyncedTableName): MirrorWindow | undefined {
    return this.windows[name];
  }

  version(name: SyncedTableName): number {
    return this.table(name).version;
  }

  /** Which rows changed after `version` (null when that is not known: too long ago, or a reload). */
  changesSince(name: SyncedTableName, version: number): Set<string> | null {
    const t = this.table(name);
    if (version === t.version) return new Set();
    const first = t.history[0];
    if (!first || first.version > version + 1) return null;
    const ids = new Set<string>();
    for (const entry of t.history) {
      if (entry.version <= version) continue;
      if (entry.ids === 'all') return null;
      for (const id of entry.ids) ids.add(id);
    }
    return ids;
  }

  /**
   * Whether the store holds a complete first copy of the user's data (meta `hydrated`), kept
   * current like the tables: undefined until read (the first subscriber reads it).
   */
  hydrated = (): boolean | undefined => this.hydratedValue;

  subscribeHydrated = (listener: () => void): (() => void) => {
    this.hydratedListeners.add(listener);
    if (!this.hydratedRead) {
      this.hydratedRead = true;
      this.ensureChannel();
      this.source.getMeta('hydrated').then(
        (value) => this.setHydrated(value === true),
        () => this.setHydrated(false),
      );
    }
    return () => {
      this.hydratedListeners.delete(listener);
    };
  };

  /**
   * Loads these tables as soon as the store is known to hold a complete copy of the user's data:
   * at start, so that a screen's first read finds them loading or ready while the page's code is
   * still on its way. Never during a first download, whose pages would then each be applied to
   * memory (the screens hold back their reads until then: data/use-rows.ts).
   */
  warm(names: readonly SyncedTableName[]): void {
    if (names.length === 0) return;
    const loadAll = (): boolean => {
      if (this.hydratedValue !== true) return false;
      for (const name of names) void this.load(name);
      return true;
    };
    if (loadAll()) return;
    const stop = this.subscribeHydrated(() => {
      if (loadAll()) stop();
    });
  }

  private setHydrated(value: boolean): void {
    if (this.hydratedValue === value) return;
    this.hydratedValue = value;
    for (const listener of [...this.hydratedListeners]) listener();
  }

  /**
   * Calls `listener` whenever the table changes; the first subscriber loads it (a failed load
   * is tried again by the next one).
   */
  subscribe(name: SyncedTableName, listener: () => void): () => void {
    const t = this.table(name);
    t.listeners.add(listener);
    if (t.status === 'idle' || t.status === 'error') void this.load(name);
    return () => {
      t.listeners.delete(listener);
    };
  }

  /** Loads a table (once); resolves when it is ready or has failed. */
  async load(name: SyncedTableName): Promise<void> {
    const t = this.table(name);
    if (t.status === 'loading' || t.status === 'ready') return;
    t.status = 'loading';
    t.queued = [];
    t.stale = new Set();
    this.ensureChannel();
    try {
      const rows = await this.readAll(name);
      t.rows = new Map(rows.map((row) => [row.id, row]));
      t.status = 'ready';
      t.error = null;
      for (const change of t.queued) this.applyChange(t, change);
    } catch (error) {
      t.status = 'error';
      t.error = asError(error);
      t.rows = new Map();
    }
    // Read back: messages may have arrived during the load (TypeScript keeps the narrowing above).
    const stale = t.stale as Table['stale'];
    t.queued = [];
    t.stale = new Set();
    this.bump(t, 'all');
    if (t.status === 'ready' && (stale === 'all' || stale.size > 0)) await this.refresh(name, stale);
  }

  /** Stops listening to other contexts (the database closes; a later write or read opens it again). */
  close(): void {
    // What this context wrote last still goes out (the service worker closes right after a sync).
    this.post();
    this.channel?.close();
    this.channel = null;
  }

  private table(name: SyncedTableName): Table {
    let t = this.tables.get(name);
    if (!t) {
      t = { status: 'idle', version: 0, rows: new Map(), error: null, listeners: new Set(), queued: [], stale: new Set(), view: null, history: [], window: this.windows[name] };
      this.tables.set(name, t);
    }
    return t;
  }

  private bump(t: Table, ids: Set<string> | 'all'): void {
    t.version += 1;
    t.history.push({ version: t.version, ids });
    if (t.history.length > HISTORY) t.history.shift();
    this.due.add(t);
    // Screens hear of it in a task of their own, not inside the transaction's `complete` event:
    // React renders a store change at the next microtask, which would otherwise come before the
    // writer's own `await` resumes, and make every write wait for the screens it changed.
    this.flushing ??= setTimeout(() => {
      this.flushing = null;
      const due = [...this.due];
      this.due.clear();
      for (const table of due) for (const listener of [...table.listeners]) listener();
    }, 0);
  }

  private watch(trans: DBCoreTransaction): void {
    // Dexie's DBCore transaction over IndexedDB is the IDBTransaction itself (fake-indexeddb's
    // has its own event target class, hence no instanceof).
    const events = trans as Partial<Pick<EventTarget, 'addEventListener'>>;
    if (typeof events.addEventListener !== 'function') return;
    const log: TransactionLog = { tables: new Map() };
    this.open.set(trans, log);
    const done = () => this.open.delete(trans);
    events.addEventListener('complete', () => {
      done();
      if (log.tables.size || log.hydrated !== undefined) this.commit(log);
    });
    events.addEventListener('abort', done);
  }

  private record(name: SyncedTableName, req: DBCoreMutateRequest, res: DBCoreMutateResponse): void {
    const log = this.open.get(req.trans);
    if (!log) return;
    const ok = <T>(list: readonly T[]) => (res.numFailures ? list.filter((_, i) => !res.failures[i]) : [...list]);
    let change: Change;
    switch (req.type) {
      case 'add':
      case 'put':
        change = { kind: 'put', rows: ok(req.values as LocalRow[]) };
        break;
      case 'delete':
        change = { kind: 'delete', ids: ok(req.keys as string[]) };
        break;
      case 'deleteRange':
        change = { kind: 'deleteRange', range: isWholeRange(req.range) ? null : req.range };
        break;
    }
    const list = log.tables.get(name);
    if (list) list.push(change);
    else log.tables.set(name, [change]);
  }

  /** Only the `hydrated` entry of the meta table is mirrored. */
  private recordMeta(req: DBCoreMutateRequest): void {
    const log = this.open.get(req.trans);
    if (!log) return;
    if (req.type === 'add' || req.type === 'put') {
      for (const value of req.values as { key?: unknown; value?: unknown }[]) if (value.key === 'hydrated') log.hydrated = value.value === true;
    } else if (req.type === 'delete') {
      if ((req.keys as unknown[]).includes('hydrated')) log.hydrated = false;
    } else if (inRange('hydrated', req.range)) {
      log.hydrated = false;
    }
  }

  /** A transaction of this context committed: apply its changes, then tell the other contexts. */
  private commit(log: TransactionLog): void {
    const changed: ChangedIds = {};
    for (const [name, changes] of log.tables) {
      const ids = new Set<string>();
      let all = false;
      for (const change of changes) {
        if (change.kind === 'put') for (const row of change.rows) ids.add(row.id);
        else if (change.kind === 'delete') for (const id of change.ids) ids.add(id);
        else all = true;
      }
      changed[name] = all ? 'all' : [...ids];
      const t = this.tables.get(name);
      if (!t) continue;
      if (t.status === 'loading') t.queued.push(...changes);
      else if (t.status === 'ready') {
        for (const change of changes) this.applyChange(t, change);
        this.bump(t, all ? 'all' : ids);
      }
    }
    if (log.hydrated !== undefined) this.setHydrated(log.hydrated);
    this.announce(changed, log.hydrated);
  }

  /** Every row a table holds: the whole table, or its window through the window's indexes. */
  private readAll(name: SyncedTableName): Promise<LocalRow[]> {
    const window = this.windows[name];
    const table = this.source.rows(name);
    return window ? window.read(table) : table.toArray();
  }

  private applyChange(t: Table, change: Change): void {
    const window = t.window;
    if (change.kind === 'put') {
      for (const row of change.rows) {
        // A row that leaves the window (a task completed long ago) leaves memory.
        if (!window || window.keeps(row)) t.rows.set(row.id, row);
        else t.rows.delete(row.id);
      }
    }
    else if (change.kind === 'delete') for (const id of change.ids) t.rows.delete(id);
    else if (change.range === null) t.rows.clear();
    else for (const id of [...t.rows.keys()]) if (inRange(id, change.range)) t.rows.delete(id);
  }

  /**
   * The channel, opened on first need (a read, to hear other contexts; a commit, to tell them).
   * It never keeps a Node test process alive.
   */
  private ensureChannel(): BroadcastChannel | null {
    if (typeof BroadcastChannel === 'undefined') return null;
    if (!this.channel) {
      const channel = new BroadcastChannel(`staykeep-mirror:${this.source.name}`);
      const unref = (channel as { unref?: () => void }).unref;
      if (typeof unref === 'function') unref.call(channel);
      channel.onmessage = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (!isAnnouncement(data) || data.source === this.id) return;
        if (typeof data.hydrated === 'boolean' && this.hydratedRead) this.setHydrated(data.hydrated);
        this.heard(data.changed);
      };
      this.channel = channel;
    }
    return this.channel;
  }

  /** Tells the other contexts, after the writer has resumed (a post clones the ids: not its cost to bear). */
  private announce(changed: ChangedIds, hydrated: boolean | undefined): void {
    const channel = this.ensureChannel();
    if (!channel) return;
    const message: Announcement = hydrated === undefined ? { source: this.id, changed } : { source: this.id, changed, hydrated };
    this.outgoing.push(message);
    this.posting ??= setTimeout(() => this.post(), 0);
  }

  private post(): void {
    if (this.posting !== null) clearTimeout(this.posting);
    this.posting = null;
    const messages = this.outgoing.splice(0);
    for (const message of messages) this.channel?.postMessage(message);
  }

  /** Another context committed changes: re-read those rows of the tables this mirror holds. */
  private heard(changed: ChangedIds): void {
    for (const [name, ids] of Object.entries(changed) as [SyncedTableName, string[] | 'all'][]) {
      if (!isSyncedName(name) || !(ids === 'all' || Array.isArray(ids))) continue;
      const t = this.tables.get(name);
      if (!t) continue;
      if (t.status === 'loading') {
        if (ids === 'all') t.stale = 'all';
        else if (t.stale !== 'all') for (const id of ids) if (typeof id === 'string') t.stale.add(id);
      } else if (t.status === 'ready') {
        void this.refresh(name, ids === 'all' ? 'all' : new Set(ids.filter((id): id is string => typeof id === 'string')));
      }
    }
  }

  /** Re-reads rows (or the whole table) from the database into a ready table. */
  private async refresh(name: SyncedTableName, ids: Set<string> | 'all'): Promise<void> {
    const t = this.table(name);
    try {
      if (ids === 'all') {
        const rows = await this.readAll(name);
        if (t.status !== 'ready') return;
        const previous = t.rows;
        // An old object stays where nothing in the row changed, so its screen row need not render.
        const same = (row: LocalRow) => {
          const old = previous.get(row.id);
          return old !== undefined && JSON.stringify(old) === JSON.stringify(row) ? old : row;
        };
        t.rows = new Map(rows.map((row) => [row.id, same(row)]));
      } else {
        const keys = [...ids];
        if (keys.length === 0) return;
        const rows = await this.source.rows(name).bulkGet(keys);
        if (t.status !== 'ready') return;
        keys.forEach((id, i) => {
          const row = rows[i];
          if (row && (!t.window || t.window.keeps(row))) t.rows.set(id, row);
          else t.rows.delete(id);
        });
      }
    } catch (error) {
      if (t.status !== 'ready') return;
      t.status = 'error';
      t.error = asError(error);
    }
    this.bump(t, ids);
  }
}
