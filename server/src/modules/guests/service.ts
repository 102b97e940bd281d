/**
 * Guests (spec §4/§5, decisions.md "Rules read literally"): derived from a host's bookings with
 * shared/guests.ts, never typed in. Kept up to date incrementally: every booking write refreshes
 * the guest of its (host, e-mail), and of the old pair too when it moved, in the same transaction.
 * `rebuildGuests` derives every guest of a host at once (POST /api/guests/sync) with the same
 * rules and the same row writer, so an incremental result and a rebuild never differ.
 *
 * Booking e-mails are stored trimmed and lower-cased by the booking service, so one guest's
 * bookings are found with the (host_id, guest_email) index. Fields with no source in the bookings
 * are kept from the guest row: country, and average_rating (reviews are not collected yet; a
 * rating seeded from elsewhere stays, never under the 3.5 floor). A guest with no booking left is
 * tombstoned; when it books again, the same row (same id) comes back.
 *
 * guest_status depends on today: it is exact as of the last write or rebuild of that guest.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import { utcDateOf } from '../../../../shared/dates';
import { AVERAGE_RATING_FLOOR, deriveGuests, type DerivedGuest, type GuestSourceBooking } from '../../../../shared/guests';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, guests, hostProfiles, properties } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, nowIso, tombstoneRow, updateRow, type Row, type Tx } from '../../db/write';
import { Forbidden, NotFound, ValidationFailed } from '../../errors';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const GUESTS = requireDef(TABLE_IDS.guests);

type GuestRow = typeof guests.$inferSelect;

/** The stored form of a booking e-mail and of a guest's e-mail. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const SOURCE_COLUMNS = {
  host_id: bookings.host_id,
  property_id: bookings.property_id,
  guest_name: bookings.guest_name,
  guest_email: bookings.guest_email,
  guest_phone: bookings.guest_phone,
  check_in_date: bookings.check_in_date,
  check_out_date: bookings.check_out_date,
  total_amount: bookings.total_amount,
  booking_status: bookings.booking_status,
  booking_source: bookings.booking_source,
  created_date: bookings.created_date,
};

/**
 * Live bookings in a stable order (check-in, then id): deriveGuests breaks check-in ties by input
 * order, so both paths must hand them over in the same order.
 */
function sourceBookings(tx: Tx, hostId: string, email?: string): GuestSourceBooking[] {
  const where = email === undefined ? and(eq(bookings.host_id, hostId), isNull(bookings.deleted_at)) : and(eq(bookings.host_id, hostId), eq(bookings.guest_email, email), isNull(bookings.deleted_at));
  return tx.select(SOURCE_COLUMNS).from(bookings).where(where).orderBy(bookings.check_in_date, bookings.id).all();
}

/** Names of the properties the bookings refer to (archived ones included: a stay happened there). */
function propertyNames(tx: Tx, ids: readonly string[]): Map<string, { property_name: string }> {
  const unique = [...new Set(ids)];
  const out = new Map<string, { property_name: string }>();
  // Bounded IN lists: SQLite caps the number of bound values per statement.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = tx
      .select({ id: properties.id, property_name: properties.property_name })
      .from(properties)
      .where(inArray(properties.id, unique.slice(i, i + 500)))
      .all();
    for (const r of rows) out.set(r.id, { property_name: r.property_name });
  }
  return out;
}

function todayOf(now: Date): string {
  // The platform timezone (spec §9: UTC) decides "today" for guest status, as in the demo seed.
  return utcDateOf(now);
}

/** The columns a guest row takes from its derivation, plus the kept ones. */
function desiredRow(derived: DerivedGuest, existing: GuestRow | undefined, now: Date): Row {
  return {
    host_id: derived.host_id,
    guest_email: derived.guest_email,
    guest_name: derived.guest_name,
    guest_phone: derived.guest_phone,
    total_bookings: derived.total_bookings,
    total_spent: derived.total_spent,
    average_rating: Math.max(AVERAGE_RATING_FLOOR, existing?.average_rating ?? derived.average_rating),
    last_booking_date: derived.last_booking_date,
    guest_status: derived.guest_status,
    properties_stayed: derived.properties_stayed,
    vip_status: derived.vip_status,
    verified_status: derived.verified_status,
    created_date: derived.created_date ?? existing?.created_date ?? nowIso(now),
  };
}

export type GuestWrite = 'created' | 'updated' | 'unchanged' | 'removed' | 'none';

/**
 * Makes the stored guest match its derivation (undefined: no booking left). Writes only what
 * changed, so an unchanged guest keeps its version and is not pulled again.
 */
function writeGuest(tx: Tx, existing: GuestRow | undefined, derived: DerivedGuest | undefined, now: Date): GuestWrite {
  const live = existing && existing.deleted_at === null ? existing : undefined;
  if (!derived) {
    if (!live) return 'none';
    tombstoneRow(tx, GUESTS, live.id, now);
    return 'removed';
  }
  const desired = desiredRow(derived, existing, now);
  if (live) {
    const changes: Row = {};
    for (const [key, value] of Object.entries(desired)) {
      if (!isDeepStrictEqual((live as Row)[key], value)) changes[key] = value;
    }
    if (Object.keys(changes).length === 0) return 'unchanged';
    updateRow(tx, GUESTS, live.id, { ...changes, updated_date: nowIso(now) }, now);
    return 'updated';
  }
  if (existing) {
    // The unique (host_id, guest_email) index holds the tombstone too, and updateRow only writes
    // live rows: the tombstone is replaced by a fresh row under the same id and a new version,
    // which every client applies over the tombstone it has.
    tx.delete(guests).where(eq(guests.id, existing.id)).run();
    insertRow(tx, GUESTS, { ...desired, id: existing.id, country: existing.country, updated_date: nowIso(now) }, now);
    return 'created';
  }
  insertRow(tx, GUESTS, { ...desired, updated_date: nowIso(now) }, now);
  return 'created';
}

function storedGuest(tx: Tx, hostId: string, email: string): GuestRow | undefined {
  return tx
    .select()
    .from(guests)
    .where(and(eq(guests.host_id, hostId), eq(guests.guest_email, email)))
    .get();
}

/** Re-derives the one guest of (host, e-mail) from its bookings; nothing for an empty e-mail. */
export function refreshGuest(tx: Tx, hostId: string, email: string, now: Date): GuestWrite {
  const key = normalizeEmail(email);
  if (!key) return 'none';
  const source = sourceBookings(tx, hostId, key);
  const names = propertyNames(
    tx,
    source.map((b) => b.property_id),
  );
  const [derived] = deriveGuests(source, names, todayOf(now));
  return writeGuest(tx, storedGuest(tx, hostId, key), derived, now);
}

/** Refreshes the guests a booking change touches: its (host, e-mail) before and after. */
export function refreshGuestsOf(tx: Tx, before: Row | undefined, after: Row | undefined, now: Date): void {
  const pairs = new Map<string, [string, string]>();
  for (const row of [before, after]) {
    if (!row || typeof row.host_id !== 'string' || typeof row.guest_email !== 'string') continue;
    const email = normalizeEmail(row.guest_email);
    if (email) pairs.set(`${row.host_id}\u0000${email}`, [row.host_id, email]);
  }
  for (const [hostId, email] of pairs.values()) refreshGuest(tx, hostId, email, now);
}

/** The guests who stayed at a property (their properties_stayed names it). */
export function refreshGuestsOfProperty(tx: Tx, propertyId: string, now: Date): number {
  const pairs = tx
    .select({ host_id: bookings.host_id, guest_email: bookings.guest_email })
    .from(bookings)
    .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at), sql`${bookings.guest_email} <> ''`))
    .groupBy(bookings.host_id, bookings.guest_email)
    .all();
  for (const p of pairs) refreshGuest(tx, p.host_id, p.guest_email, now);
  return pairs.length;
}

export type GuestRebuild = {
  /** Guests of the host after the rebuild. */
  guests: number;
  /** Live bookings of the host the guests were derived from. */
  bookings: number;
  created: number;
  updated: number;
  removed: number;
};

/** Derives every guest of a host from its bookings in the caller's transaction. */
export function rebuildGuests(tx: Tx, hostId: string, now: Date): GuestRebuild {
  const source = sourceBookings(tx, hostId);
  // A booking written around the booking service may carry another case: grouping lower-cases.
  const names = propertyNames(
    tx,
    source.map((b) => b.property_id),
  );
  const derived = deriveGuests(source, names, todayOf(now));
  const stored = new Map<string, GuestRow>();
  for (const row of tx.select().from(guests).where(eq(guests.host_id, hostId)).all()) stored.set(row.guest_email, row);
  const result: GuestRebuild = { guests: derived.length, bookings: source.length, created: 0, updated: 0, removed: 0 };
  for (const guest of derived) {
    const outcome = writeGuest(tx, stored.get(guest.guest_email), guest, now);
    stored.delete(guest.guest_email);
    if (outcome === 'created') result.created += 1;
    else if (outcome === 'updated') result.updated += 1;
  }
  for (const row of stored.values()) {
    if (writeGuest(tx, row, undefined, now) === 'removed') result.removed += 1;
  }
  return result;
}

/**
 * POST /api/guests/sync: a host rebuilds its own guests; an admin names the host (`hostId`).
 * One transaction, so the screen's counts are those of one consistent state.
 */
export function syncGuests(db: Db, actor: Actor, input: { hostId?: string | undefined }, now: Date): GuestRebuild {
  let hostId: string;
  if (actor.role === 'host') {
    if (!actor.hostProfileId) throw new Forbidden('A host profile is required');
    // A host names no other host: a foreign id is out of its scope, so it does not exist for it.
    if (input.hostId !== undefined && input.hostId !== actor.hostProfileId) throw new NotFound(`No host profile with ID ${input.hostId}`);
    hostId = actor.hostProfileId;
  } else if (actor.role === 'admin' || actor.role === 'super_admin') {
    if (input.hostId === undefined) throw new ValidationFailed('Invalid value for hostId: required (the host profile whose guests to rebuild)');
    hostId = input.hostId;
  } else {
    throw new Forbidden();
  }
  return db.transaction((tx) => {
    const profile = tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
      .get();
    if (!profile) throw new NotFound(`No host profile with ID ${hostId}`);
    return rebuildGuests(tx, hostId, now);
  });
}
