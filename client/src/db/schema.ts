/**
 * What the browser keeps: the synced tables of shared/registry.ts under
 * their registry names, keyed by `id` with the server's field names, and the engine's own tables.
 * Indexes are the fields the screens filter and sort on; IndexedDB cannot index booleans, so
 * flags such as `isRead` are filtered in memory.
 */
import { TABLE_IDS } from '../../../shared/table-ids';
import type { MutationOp } from '../../../shared/sync';
import type { SessionUser } from '../auth/session';

/** The synced tables (those the registry, shared/registry.ts, marks `synced`), name → numeric table id. */
export const SYNCED_TABLES = {
  host_profiles: TABLE_IDS.host_profiles,
  subscription_tiers: TABLE_IDS.subscription_tiers,
  platform_settings: TABLE_IDS.platform_settings,
  display_settings: TABLE_IDS.display_settings,
  properties: TABLE_IDS.properties,
  bookings: TABLE_IDS.bookings,
  property_access: TABLE_IDS.property_access,
  housekeeping_staff: TABLE_IDS.housekeeping_staff,
  housekeeping_tasks: TABLE_IDS.housekeeping_tasks,
  task_templates: TABLE_IDS.task_templates,
  problem_reports: TABLE_IDS.problem_reports,
  guests: TABLE_IDS.guests,
  notifications: TABLE_IDS.notifications,
  calendar_feeds: TABLE_IDS.calendar_feeds,
  calendar_sync_jobs: TABLE_IDS.calendar_sync_jobs,
  calendar_blocks: TABLE_IDS.calendar_blocks,
  inbox_messages: TABLE_IDS.inbox_messages,
} as const satisfies Partial<typeof TABLE_IDS>;

export type SyncedTableName = keyof typeof SYNCED_TABLES;
export type SyncedTableId = (typeof SYNCED_TABLES)[SyncedTableName];

export const SYNCED_TABLE_NAMES = Object.keys(SYNCED_TABLES) as SyncedTableName[];

const NAME_BY_ID = new Map<number, SyncedTableName>(SYNCED_TABLE_NAMES.map((name) => [SYNCED_TABLES[name], name]));

/** The local table of a numeric table id, or undefined when that table is not kept offline. */
export function syncedTableName(id: number): SyncedTableName | undefined {
  return NAME_BY_ID.get(id);
}

export function isSyncedTableId(id: number): id is SyncedTableId {
  return NAME_BY_ID.has(id);
}

/**
 * Version 1 of the store, as shipped: never edited (Dexie upgrades installed browsers from it).
 * Version 2 (SYNCED_INDEXES_V2) dropped the indexes of the two big tables that no read used.
 */
/** The tables a shipped version already had (a later one adds its own). */
type ShippedTableName = Exclude<SyncedTableName, 'problem_reports' | 'property_access'>;

export const SYNCED_INDEXES_V1: Record<ShippedTableName, string> = {
  host_profiles: 'id, user_id, account_status, created_date',
  subscription_tiers: 'id, sort_order',
  platform_settings: 'id, setting_key, category',
  display_settings: 'id, user_id',
  properties: 'id, host_id, status, property_name',
  bookings: 'id, host_id, property_id, check_in_date, check_out_date, booking_status, [property_id+check_in_date]',
  housekeeping_staff: 'id, host_id, staff_name, staff_email, user_id',
  housekeeping_tasks: 'id, host_id, property_id, assigned_staff_id, booking_id, scheduled_date, due_date, task_status',
  task_templates: 'id, host_id, name',
  guests: 'id, host_id, guest_email, last_booking_date',
  notifications: 'id, user_id, timestamp',
  calendar_feeds: 'id, host_id, property_id, created_at',
  calendar_sync_jobs: 'id, host_id, status, propertyId',
  calendar_blocks: 'id, host_id, property_id, start_date, end_date, feed_id',
  inbox_messages: 'id, host_id, booking_id, sent_at',
};

/**
 * Version 2 of the store, as shipped. Dexie index specs: primary key `id`, then the fields screens
 * narrowed by. Every index is one more write per row stored, and a first sync stores tens of
 * thousands of bookings and tasks: those two kept only the fields an Equal filter named.
 */
export const SYNCED_INDEXES_V2: Record<ShippedTableName, string> = {
  ...SYNCED_INDEXES_V1,
  bookings: 'id, property_id, check_out_date',
  housekeeping_tasks: 'id, property_id, assigned_staff_id, booking_id',
};

/**
 * Version 3, as shipped: screens read the in-memory mirror (mirror.ts), which loads whole
 * tables, so of the big tables' indexes only bookings' check_out_date is still read (the stays of
 * a window: calendar, dashboard). Each index was one more store write per row of a first sync.
 */
export const SYNCED_INDEXES_V3: Record<ShippedTableName, string> = {
  ...SYNCED_INDEXES_V2,
  bookings: 'id, check_out_date',
  housekeeping_tasks: 'id',
};

/**
 * Version 4, as shipped: adds the problem reports (read through the mirror) and a property's
 * access details (door code, Wi-Fi), one row per property.
 */
export const SYNCED_INDEXES_V4: Record<SyncedTableName, string> = {
  ...SYNCED_INDEXES_V3,
  problem_reports: 'id',
  property_access: 'id, property_id',
};

/**
 * Version 5, the current one: the mirror holds only a window of the tasks (db/window.ts: open
 * ones, and those scheduled from a few months back on), read through these two indexes.
 */
export const SYNCED_INDEXES: Record<SyncedTableName, string> = {
  ...SYNCED_INDEXES_V4,
  housekeeping_tasks: 'id, scheduled_date, task_status',
};

/** A row of any synced table as stored: the server's row (or the local intent over it). */
export type LocalRow = { id: string } & Record<string, unknown>;

/** A local write waiting for the server: the wire mutation of shared/sync.ts. */
export type OutboxEntry = {
  /** UUIDv7: results are matched to it. */
  id: string;
  /** 1, 2, 3… per clientId, in the order the user made the changes. */
  seq: number;
  table: SyncedTableId;
  op: MutationOp;
  rowId: string;
  fields: Record<string, unknown>;
  /** update: the changed fields as the user saw them before the change (shared/sync.ts `base`). */
  base?: Record<string, unknown>;
  /** ISO instant of the user's change. */
  at: string;
};

/**
 * The server's state of a row that has mutations waiting (null: not on the server as far as this
 * client knows). The screen shows it with the waiting mutations replayed on top (rebase), and a
 * rejected mutation falls back to it.
 */
export type BaseEntry = { table: SyncedTableId; rowId: string; row: LocalRow | null };

/** A mutation the server refused, kept until the user has read why. */
export type Rejection = {
  /** The mutation's id. */
  id: string;
  table: SyncedTableId;
  op: MutationOp;
  rowId: string;
  fields: Record<string, unknown>;
  /** When the change was made, and when the server refused it. */
  at: string;
  rejectedAt: string;
  /** The server's reason, in words a user can read. */
  error: string;
  /** The HTTP status the same write would have had through the table API. */
  code?: number;
  /** Refused to the service worker's Background Sync, while no page may have been open to say so. */
  background?: true;
};

/** Where the session is kept between visits: in IndexedDB, so that a user signs in offline. */
export type StoredSession = {
  /** Null for a no-server demo session. */
  token: string | null;
  user: SessionUser;
  /** A demo account signed in without the server: changes stay on this device. */
  demo: boolean;
};

/** Key → value of the `meta` table. */
export type MetaValues = {
  /** This install's id on the sync protocol; a new one whenever another user's data moves in. */
  clientId: string;
  /** The cursor of the last pull page applied. */
  cursor: number;
  /** The last seq given to a mutation of this clientId. */
  seq: number;
  /** The user whose rows and outbox this store holds, and how to name them (their e-mail). */
  owner: string;
  ownerLabel: string;
  /** A first pull has completed (or the demo data was loaded): the tables are usable. */
  hydrated: boolean;
  /**
   * The server's version of the first part of the first sync (sync/pull.ts), stored while the
   * rest of that sync comes: the screens made for it show their rows before `hydrated`.
   */
  firstPartVersion: number;
  session: StoredSession;
};

export type MetaKey = keyof MetaValues;
export type MetaEntry = { [K in MetaKey]: { key: K; value: MetaValues[K] } }[MetaKey];

/** The engine's own tables. */
export const LOCAL_INDEXES = {
  outbox: 'seq, &id, [table+rowId]',
  base: '[table+rowId]',
  rejections: 'id, rejectedAt',
  meta: 'key',
} as const;
