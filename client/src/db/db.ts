/**
 * The one Dexie database of the client. Schema versions are only ever added: a shipped version
 * is never edited (schema.ts keeps each), so that every installed browser can upgrade from it.
 */
import { Dexie, type DexieOptions, type Table } from 'dexie';
import { Mirror } from './mirror';
import { mirrorWindows, windowToday } from './window';
import {
  LOCAL_INDEXES,
  SYNCED_INDEXES,
  SYNCED_TABLE_NAMES,
  type BaseEntry,
  type LocalRow,
  type MetaEntry,
  type MetaKey,
  type MetaValues,
  type OutboxEntry,
  type Rejection,
  type SyncedTableName,
} from './schema';

import { DB_NAME } from './store-probe';

export { DB_NAME };

export class StaykeepDb extends Dexie {
  declare outbox: Table<OutboxEntry, number>;
  declare base: Table<BaseEntry, [number, string]>;
  declare rejections: Table<Rejection, string>;
  declare meta: Table<MetaEntry, MetaKey>;
  /** The synced tables in memory, kept current by every write (mirror.ts): what screens read. */
  readonly mirror: Mirror;

  /**
   * `options` lets tests run on fake-indexeddb (`{ indexedDB, IDBKeyRange }`). `windowed`: the
   * mirror holds the big tables' recent and future rows only (db/window.ts), as of `today`; false
   * holds every table whole.
   */
  constructor(name: string = DB_NAME, options?: DexieOptions, mirrorOptions: { windowed?: boolean; today?: string } = {}) {
    super(name, options);
    // Only the current version: Dexie (3 and later) upgrades an installed store of any earlier
    // version by comparing its actual tables and indexes with this one, and the earlier versions
    // have no upgrade function of their own (schema.ts keeps their specs; schema.test.ts opens
    // each of them with this class). Declared all five, Dexie parsed every spec again at each
    // version: building this object took 11 to 18 ms of a page's start in Chromium on the
    // benchmark machine, against 1 to 3 ms now (README.md, "Lighthouse").
    this.version(5).stores({ ...SYNCED_INDEXES, ...LOCAL_INDEXES });
    const windowed = mirrorOptions.windowed ?? true;
    this.mirror = new Mirror(this, windowed ? mirrorWindows(mirrorOptions.today ?? windowToday()) : {});
    this.use(this.mirror.middleware());
  }

  override close(options?: { disableAutoOpen: boolean }): void {
    this.mirror.close();
    super.close(options);
  }

  /** A synced table by its registry name. */
  rows(name: SyncedTableName): Table<LocalRow, string> {
    return this.table(name);
  }

  /** Every synced table, for transactions that touch rows of any of them. */
  syncedTables(): Table<LocalRow, string>[] {
    return SYNCED_TABLE_NAMES.map((name) => this.rows(name));
  }

  async getMeta<K extends MetaKey>(key: K): Promise<MetaValues[K] | undefined> {
    const entry = await this.meta.get(key);
    return entry?.value as MetaValues[K] | undefined;
  }

  async setMeta<K extends MetaKey>(key: K, value: MetaValues[K]): Promise<void> {
    await this.meta.put({ key, value } as MetaEntry);
  }
}
