/**
 * The host profile counters, which only the server sets (docs/decisions.md, Ownership and scope):
 * properties_count (live, not archived), total_bookings and total_revenue (live, not cancelled;
 * total_revenue only of the bookings priced in COUNTER_CURRENCY, the spec's USD: amounts of two
 * currencies are never added, and screens show revenue per currency from the bookings).
 * Every property and booking write adjusts them by its difference in the same transaction, so
 * they are exact without a recount; `countersFromScratch` is the recount, for checks and repairs.
 */
import type Database from 'better-sqlite3';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { holdsDates } from '../../../../shared/bookings';
import { COUNTER_CURRENCY, DEFAULT_CURRENCY, fromCents, fromMinor, toCents } from '../../../../shared/money';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, hostProfiles, properties } from '../../../../shared/schema/tables';
import { connectionOf, nextVersion, nowIso, updateRow, type Row, type Tx } from '../../db/write';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const HOST_PROFILES = requireDef(TABLE_IDS.host_profiles);

export type HostCounters = { properties_count: number; total_bookings: number; total_revenue: number };

/** What one row adds to its host's counters. */
type Contribution = { properties: number; bookings: number; revenueCents: number };

const NONE: Contribution = { properties: 0, bookings: 0, revenueCents: 0 };

function isLive(row: Row | undefined): row is Row {
  return row !== undefined && (row.deleted_at === null || row.deleted_at === undefined);
}

export function bookingContribution(row: Row | undefined): Contribution {
  if (!isLive(row) || !holdsDates({ booking_status: String(row.booking_status ?? 'confirmed') })) return NONE;
  const inRevenueCurrency = (row.currency ?? DEFAULT_CURRENCY) === COUNTER_CURRENCY;
  const amount = inRevenueCurrency && typeof row.total_amount === 'number' ? row.total_amount : 0;
  return { properties: 0, bookings: 1, revenueCents: toCents(amount) };
}

export function propertyContribution(row: Row | undefined): Contribution {
  if (!isLive(row) || row.status === 'archived') return NONE;
  return { properties: 1, bookings: 0, revenueCents: 0 };
}

/**
 * Applies the change from `before` to `after` of one row (either may be absent: a create, a
 * delete) to the counters of the hosts involved: both when the row moved to another host.
 */
export function applyCounterChange(tx: Tx, contribution: (row: Row | undefined) => Contribution, before: Row | undefined, after: Row | undefined, now: Date): void {
  applyCounterChanges(tx, contribution, [[before, after]], now);
}

/**
 * The changes of many rows at once (imports): the deltas are summed per host first, so each host's
 * counters are written once, to the values the rows one by one would have left.
 */
export function applyCounterChanges(
  tx: Tx,
  contribution: (row: Row | undefined) => Contribution,
  changes: Iterable<readonly [Row | undefined, Row | undefined]>,
  now: Date,
): void {
  const deltas = new Map<string, Contribution>();
  const add = (row: Row | undefined, sign: 1 | -1) => {
    if (!row || typeof row.host_id !== 'string') return;
    const c = contribution(row);
    const d = deltas.get(row.host_id) ?? { ...NONE };
    d.properties += sign * c.properties;
    d.bookings += sign * c.bookings;
    d.revenueCents += sign * c.revenueCents;
    deltas.set(row.host_id, d);
  };
  for (const [before, after] of changes) {
    add(before, -1);
    add(after, 1);
  }
  for (const [hostId, d] of deltas) adjustHostCounters(tx, hostId, d, now);
}

/** The increment of one host's counters, compiled once per connection (every booking write runs it). */
const adjustStatements = new WeakMap<object, Database.Statement>();

function adjustStatement(tx: Tx): Database.Statement {
  const connection = connectionOf(tx) as Database.Database;
  let statement = adjustStatements.get(connection);
  if (!statement) {
    statement = connection.prepare(
      `UPDATE host_profiles SET properties_count = properties_count + ?, total_bookings = total_bookings + ?, total_revenue = total_revenue + ?, version = ?, updated_at = ?
       WHERE id = ? AND deleted_at IS NULL`,
    );
    adjustStatements.set(connection, statement);
  }
  return statement;
}

function adjustHostCounters(tx: Tx, hostId: string, delta: Contribution, now: Date): void {
  if (delta.properties === 0 && delta.bookings === 0 && delta.revenueCents === 0) return;
  // Increments in SQL: no read first, and exact whatever else this transaction wrote before. The
  // raw total_revenue column holds cents (shared/schema/columns.ts), so cents are added. A fresh
  // version and updated_at as updateRow stamps them; a row of a removed host profile finds no live
  // profile: there is no counter left to keep.
  adjustStatement(tx).run(delta.properties, delta.bookings, delta.revenueCents, nextVersion(tx), nowIso(now), hostId);
}

/** The counters recomputed from the rows themselves. */
export function countersFromScratch(tx: Tx, hostId: string): HostCounters {
  const props = tx
    .select({ n: count() })
    .from(properties)
    .where(and(eq(properties.host_id, hostId), isNull(properties.deleted_at), ne(properties.status, 'archived')))
    .get();
  // sum() over the raw column per currency: minor units of each, added up as integers by SQLite.
  const kept = tx
    .select({ currency: bookings.currency, n: count(), minor: sql<number>`coalesce(sum(${bookings.total_amount}), 0)` })
    .from(bookings)
    .where(and(eq(bookings.host_id, hostId), isNull(bookings.deleted_at), ne(bookings.booking_status, 'cancelled')))
    .groupBy(bookings.currency)
    .all();
  const cents = kept.reduce((sum, k) => (k.currency === COUNTER_CURRENCY ? sum + toCents(fromMinor(Number(k.minor), k.currency)) : sum), 0);
  return { properties_count: props?.n ?? 0, total_bookings: kept.reduce((n, k) => n + k.n, 0), total_revenue: fromCents(cents) };
}

/** Rewrites a host's counters from scratch when they differ (a repair; writes nothing otherwise). */
export function recountHost(tx: Tx, hostId: string, now: Date): HostCounters {
  const fresh = countersFromScratch(tx, hostId);
  const current = tx
    .select({ properties_count: hostProfiles.properties_count, total_bookings: hostProfiles.total_bookings, total_revenue: hostProfiles.total_revenue })
    .from(hostProfiles)
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
    .get();
  if (
    current &&
    (current.properties_count !== fresh.properties_count || current.total_bookings !== fresh.total_bookings || current.total_revenue !== fresh.total_revenue)
  ) {
    updateRow(tx, HOST_PROFILES, hostId, { ...fresh }, now);
  }
  return fresh;
}
