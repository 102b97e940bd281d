/**
 * Guests (docs/decisions.md, Rules read literally): derived from a host's bookings with
 * shared/guests.ts, never typed in. Kept up to date incrementally: every booking write refreshes
 * the guest of its (host, e-mail), and of the old pair too when it moved, in the same transaction.
 * `rebuildGuests` derives every guest of a host at once (POST /api/guests/sync) with the same
 * derivation (deriveGuests), the same row (desiredRow) and the same comparison; only its writing is
 * batched. So an incremental result and a rebuild never differ (guests.test.ts checks it on random
 * operation sequences).
 *
 * Booking e-mails are stored trimmed and lower-cased by the booking service, so one guest's
 * bookings are found with the (host_id, guest_email) index. Fields with no source in the bookings
 * are kept from the guest row: country, and average_rating (reviews are not collected yet; a
 * rating seeded from elsewhere stays, never under the 3.5 floor). A guest with no booking left is
 * tombstoned; when it books again, the same row (same id) comes back.
 *
 * guest_status depends on today: each write or rebuild sets it, and the hourly `guest-status`
 * job (`refreshDatedStatuses`) moves the guests whose day has come (upcoming → current → past).
 */
import { randomFillSync } from 'node:crypto';
import type Database from 'better-sqlite3';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { utcDateOf } from '../../../../shared/dates';
import { COUNTER_CURRENCY, fromCents, toCents } from '../../../../shared/money';
import { AVERAGE_RATING_FLOOR, deriveGuests, guestStatusOf, isVip, type DerivedGuest, type GuestSourceBooking } from '../../../../shared/guests';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { bookings, guests, hostProfiles, properties } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { connectionOf, insertRow, newId, nowIso, reserveVersions, tombstoneRow, transact, updateRow, type Row, type Tx } from '../../db/write';
import { recordChange } from '../../db/changes';
import { minorScaleSql, minorScaleText } from '../../db/money';
import { Forbidden, NotFound, ValidationFailed } from '../../errors';
import { mayPerform, scopeOf } from '../../policy';

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
  property_id: bookings.property_id,
  guest_name: bookings.guest_name,
  guest_email: bookings.guest_email,
  guest_phone: bookings.guest_phone,
  check_in_date: bookings.check_in_date,
  check_out_date: bookings.check_out_date,
  // In units: the stored minor units of the booking's currency over that currency's scale.
  total_amount: sql<number>`${bookings.total_amount} * 1.0 / ${minorScaleSql(bookings.currency)}`,
  booking_status: bookings.booking_status,
  booking_source: bookings.booking_source,
  created_date: bookings.created_date,
  currency: bookings.currency,
};

type SourceValues = [string, string, string, string, string, string, number, BookingStatus, string, string | null, string];
type BookingStatus = GuestSourceBooking['booking_status'];

function sourceBooking(hostId: string, r: SourceValues | SourceWithName): GuestSourceBooking {
  return {
    host_id: hostId,
    property_id: r[0],
    guest_name: r[1],
    guest_email: r[2],
    guest_phone: r[3],
    check_in_date: r[4],
    check_out_date: r[5],
    total_amount: Number(r[6]),
    booking_status: r[7],
    booking_source: r[8],
    created_date: r[9],
    currency: r[10],
  };
}

/**
 * How a guest write runs: `now`, and optionally the root handle the transaction runs on. With it,
 * the fixed-shape queries of one guest are prepared once per handle and reused: a transaction is
 * state of the handle's one connection, so they run inside it (a booking write refreshes a guest
 * every time, and preparing costs more than running).
 */
export type GuestEnv = { now: Date; db?: Db | undefined };

type SourceWithName = [...SourceValues, string | null];

function guestStatements(handle: Tx) {
  const host = sql.placeholder('host');
  const email = sql.placeholder('email');
  return {
    /** One guest's live bookings with their property names, in the order of sourceBookings. */
    source: handle
      .select({ ...SOURCE_COLUMNS, property_name: properties.property_name })
      .from(bookings)
      .leftJoin(properties, eq(properties.id, bookings.property_id))
      .where(and(eq(bookings.host_id, host), eq(bookings.guest_email, email), isNull(bookings.deleted_at)))
      .orderBy(bookings.check_in_date, bookings.id)
      .prepare(),
    stored: handle
      .select()
      .from(guests)
      .where(and(eq(guests.host_id, host), eq(guests.guest_email, email)))
      .prepare(),
  };
}

type GuestStatements = ReturnType<typeof guestStatements>;
const statementCache = new WeakMap<Tx, GuestStatements>();

function statementsFor(handle: Tx): GuestStatements {
  let statements = statementCache.get(handle);
  if (!statements) {
    statements = guestStatements(handle);
    statementCache.set(handle, statements);
  }
  return statements;
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
  // The platform timezone, UTC, decides "today" for guest status, as in the demo seed.
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
 * Guest values are primitives or lists of names, so no general deep-equal is needed (a rebuild
 * compares every guest of a host).
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((item, i) => item === b[i]);
}

function changedFields(current: GuestRow, desired: Row): Row {
  const changes: Row = {};
  for (const [key, value] of Object.entries(desired)) {
    if (!sameValue((current as Row)[key], value)) changes[key] = value;
  }
  return changes;
}

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
    const changes = changedFields(live, desired);
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

/** Re-derives the one guest of (host, e-mail) from its bookings; nothing for an empty e-mail. */
export function refreshGuest(tx: Tx, hostId: string, email: string, env: GuestEnv): GuestWrite {
  const key = normalizeEmail(email);
  if (!key) return 'none';
  const statements = statementsFor(env.db ?? tx);
  const rows = statements.source.values({ host: hostId, email: key }) as SourceWithName[];
  const names = new Map<string, { property_name: string }>();
  for (const r of rows) if (r[11] !== null) names.set(r[0], { property_name: r[11] });
  const [derived] = deriveGuests(rows.map((r) => sourceBooking(hostId, r)), names, todayOf(env.now));
  return writeGuest(tx, statements.stored.get({ host: hostId, email: key }), derived, env.now);
}

/**
 * The guests whose status the calendar has moved since it was written: upcoming ones whose latest
 * check-in (last_booking_date) has come, and the current ones (their stay may have ended). Each is
 * derived again in one transaction; answers how many were looked at and the rows that changed.
 */
export function refreshDatedStatuses(db: Db, now: Date): { checked: number; changed: Row[] } {
  const today = todayOf(now);
  return transact(db, (tx) => {
    const due = tx
      .select({ host_id: guests.host_id, guest_email: guests.guest_email })
      .from(guests)
      .where(
        and(
          isNull(guests.deleted_at),
          or(and(eq(guests.guest_status, 'upcoming'), lte(guests.last_booking_date, today)), eq(guests.guest_status, 'current')),
        ),
      )
      .all();
    const changed: Row[] = [];
    for (const g of due) {
      const write = refreshGuest(tx, g.host_id, g.guest_email, { now, db });
      if (write !== 'unchanged' && write !== 'none') changed.push({ host_id: g.host_id });
    }
    return { checked: due.length, changed };
  });
}

/** Refreshes the guests a booking change touches: its (host, e-mail) before and after. */
export function refreshGuestsOf(tx: Tx, before: Row | undefined, after: Row | undefined, env: GuestEnv): void {
  const pairs = new Map<string, [string, string]>();
  for (const row of [before, after]) {
    if (!row || typeof row.host_id !== 'string' || typeof row.guest_email !== 'string') continue;
    const email = normalizeEmail(row.guest_email);
    if (email) pairs.set(`${row.host_id}\u0000${email}`, [row.host_id, email]);
  }
  for (const [hostId, email] of pairs.values()) refreshGuest(tx, hostId, email, env);
}

/** The guests who stayed at a property (their properties_stayed names it). */
export function refreshGuestsOfProperty(tx: Tx, propertyId: string, env: GuestEnv): number {
  const pairs = tx
    .select({ host_id: bookings.host_id, guest_email: bookings.guest_email })
    .from(bookings)
    .where(and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at), sql`${bookings.guest_email} <> ''`))
    .groupBy(bookings.host_id, bookings.guest_email)
    .all();
  for (const p of pairs) refreshGuest(tx, p.host_id, p.guest_email, env);
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

/** The columns a guest row takes from its derivation, in the order the bulk statements bind them. */
const DERIVED_COLUMNS = [
  'guest_name',
  'guest_phone',
  'total_bookings',
  'total_spent',
  'average_rating',
  'last_booking_date',
  'guest_status',
  'properties_stayed',
  'vip_status',
  'verified_status',
  'created_date',
] as const;

/** A guest's DERIVED_COLUMNS as SQLite stores them (cents, 0/1, JSON text), in that order. */
type StoredValues = unknown[];

/**
 * The stored form of a derived guest, built directly (a first rebuild encodes tens of thousands):
 * the same values as the columns' own encoders give (the property test compares every row).
 */
function storedValuesOf(guest: DerivedGuest, cents: number, rating: number, createdDate: string): StoredValues {
  return [
    guest.guest_name,
    guest.guest_phone,
    guest.total_bookings,
    cents,
    rating,
    guest.last_booking_date,
    guest.guest_status,
    guests.properties_stayed.mapToDriverValue(guest.properties_stayed),
    guest.vip_status ? 1 : 0,
    guest.verified_status ? 1 : 0,
    createdDate,
  ];
}

/** A row (desiredRow) through the columns' encoders, for the rare guest compared column by column. */
function encodedValuesOf(row: Row): StoredValues {
  return DERIVED_COLUMNS.map((c) => {
    const value = row[c];
    return value === null || value === undefined ? null : guests[c].mapToDriverValue(value as never);
  });
}

type BulkWrite = { id: string; hostId: string; email: string; values: StoredValues; insert: boolean };

/**
 * UUIDv7 ids for a batch of new rows from one call for random bytes (newId asks for 16 bytes per
 * id, a tenth of a first rebuild's time): the batch's time, a sequence counting up from a random
 * 31-bit start, so the ids are as unique and ordered as newId's.
 */
function newIds(n: number): string[] {
  const random = randomFillSync(new Uint8Array(16 * n));
  const msecs = Date.now();
  const start = (((random[6] ?? 0) & 0x7f) << 24) | ((random[7] ?? 0) << 16) | ((random[8] ?? 0) << 8) | (random[9] ?? 0);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(uuidv7({ msecs, seq: start + i, random: random.subarray(16 * i, 16 * i + 16) }));
  return ids;
}

/**
 * Writes many guest rows with an INSERT and an UPDATE each compiled once per connection, every row
 * taking its own version from one range reserved on the global counter (reserveVersions) and
 * updated_at = now: the rows insertRow/updateRow would write. A first rebuild writes tens of
 * thousands of rows, and building a drizzle query per row (or per multi-row chunk) costs seconds.
 */
function writeGuestsInBulk(tx: Tx, writes: readonly BulkWrite[], now: Date): void {
  if (writes.length === 0) return;
  const { insert, update } = rebuildStatementsFor(tx);
  const first = reserveVersions(tx, writes.length) - writes.length + 1;
  const at = nowIso(now);
  const connection = connectionOf(tx);
  writes.forEach((w, i) => {
    if (w.insert) insert.run(w.id, first + i, at, w.hostId, w.email, at, ...w.values);
    else update.run(first + i, at, at, ...w.values, w.id);
    // These statements bypass db/write.ts: the change feed is told here.
    recordChange(connection, GUESTS, w.id, w.insert ? 'create' : 'update', { host_id: w.hostId });
  });
}

/**
 * One row per stored booking e-mail of a host, with what a guest is derived from, computed by
 * SQLite in one pass over the host's live bookings (reading every booking into JavaScript costs
 * several times more): counts and spend of the kept (non-cancelled) bookings (each booking's minor
 * units in cents of its units, rounded per booking as deriveGuests rounds), the first booking
 * time, verified, the kept stays' property ids in stay order, and the latest booking (greatest
 * check-in, then id: the order deriveGuests reads them in) joined back for its name, phone, status
 * and dates. Both the pass and the join read only bookings_guest_stays_idx, which holds every
 * column used here (EXPLAIN QUERY PLAN says COVERING INDEX for both): reaching each booking row
 * through the table instead cost more than all the aggregating.
 *
 * The (check-in, id) order is compared on `check_in_date || id`, exact while check-in dates are 10
 * bytes (YYYY-MM-DD); a group with another form, or a property id holding the list separator, is
 * flagged `irregular` and derived the slow, exact way.
 */
const AGGREGATE_SQL = () => `
SELECT a.email, a.n, a.kept, a.cents, a.first_booked, a.verified, a.stayed, a.irregular,
       l.guest_name, l.guest_phone, l.booking_status, l.check_in_date, l.check_out_date,
       a.named, a.phoned
FROM (
  SELECT guest_email AS email,
         count(*) AS n,
         count(*) FILTER (WHERE booking_status <> 'cancelled') AS kept,
         coalesce(sum(round(total_amount * 100.0 / ${minorScaleText('currency')})) FILTER (WHERE booking_status <> 'cancelled' AND currency = '${COUNTER_CURRENCY}'), 0) AS cents,
         max(check_in_date || id) AS latest,
         max(guest_name <> '') AS named,
         max(guest_phone <> '') AS phoned,
         min(nullif(created_date, '')) AS first_booked,
         max(booking_status <> 'cancelled' AND booking_source <> 'direct') AS verified,
         group_concat(property_id, char(31) ORDER BY check_in_date, id) FILTER (WHERE booking_status <> 'cancelled') AS stayed,
         max(length(CAST(check_in_date AS BLOB)) <> 10 OR instr(property_id, char(31)) > 0) AS irregular
  FROM bookings
  WHERE host_id = @host AND deleted_at IS NULL
  GROUP BY guest_email
) a
LEFT JOIN bookings l ON l.host_id = @host AND l.guest_email = a.email AND l.check_in_date = substr(a.latest, 1, 10) AND l.id = substr(a.latest, 11)`;

type Aggregate = [
  email: string,
  n: number,
  kept: number,
  cents: number,
  firstBooked: string | null,
  verified: number,
  stayed: string | null,
  irregular: number,
  name: string | null,
  phone: string | null,
  status: BookingStatus | null,
  checkIn: string | null,
  checkOut: string | null,
  /** Whether some booking of the group has a name, a phone that is not ''. */
  named: number,
  phoned: number,
];

/**
 * The stored guests of a host, each with its compared columns in one string (as SQLite holds them,
 * joined by U+001F; U+001E for null), its created date and rating: comparing that string with the
 * desired row's costs far less than reading and decoding every column of every guest.
 */
const SIGNATURE_SQL = `SELECT id, guest_email, deleted_at, created_date, average_rating,
  guest_name || char(31) || guest_phone || char(31) || total_bookings || char(31) || total_spent || char(31) ||
  coalesce(last_booking_date, char(30)) || char(31) || guest_status || char(31) || properties_stayed || char(31) ||
  vip_status || char(31) || verified_status || char(31) || coalesce(created_date, char(30))
FROM guests WHERE host_id = ?`;

type Signed = [id: string, email: string, deletedAt: string | null, createdDate: string | null, averageRating: number, signature: string];

/** Where average_rating sits in StoredValues: the one derived column the signature leaves out. */
const RATING_AT = DERIVED_COLUMNS.indexOf('average_rating');

/**
 * Stored values in the form of SIGNATURE_SQL; undefined when a value could make two different
 * rows look alike (a separator inside a text).
 */
function signatureOf(values: StoredValues): string | undefined {
  const parts: string[] = [];
  for (let i = 0; i < values.length; i += 1) {
    if (i === RATING_AT) continue;
    const value = values[i];
    const text = value === null || value === undefined ? '\u001e' : String(value);
    if (text.includes('\u001f')) return undefined;
    parts.push(text);
  }
  return parts.join('\u001f');
}

type RebuildStatements = { aggregate: Database.Statement; signed: Database.Statement; insert: Database.Statement; update: Database.Statement };
const rebuildStatements = new WeakMap<object, RebuildStatements>();

function rebuildStatementsFor(tx: Tx): RebuildStatements {
  const connection = connectionOf(tx) as Database.Database;
  let statements = rebuildStatements.get(connection);
  if (!statements) {
    const names = DERIVED_COLUMNS.map((c) => `"${guests[c].name}"`);
    statements = {
      aggregate: connection.prepare(AGGREGATE_SQL()).raw(),
      signed: connection.prepare(SIGNATURE_SQL).raw(),
      insert: connection.prepare(
        `INSERT INTO guests (id, version, updated_at, host_id, guest_email, country, updated_date, ${names.join(', ')}) VALUES (?, ?, ?, ?, ?, '', ?, ${names.map(() => '?').join(', ')})`,
      ),
      update: connection.prepare(`UPDATE guests SET version = ?, updated_at = ?, updated_date = ?, ${names.map((n) => `${n} = ?`).join(', ')} WHERE id = ? AND deleted_at IS NULL`),
    };
    rebuildStatements.set(connection, statements);
  }
  return statements;
}

/** The guest of one aggregate row, or undefined when only the exact derivation can tell it. */
function derivedOf(hostId: string, a: Aggregate, nameOf: (propertyId: string) => string | undefined, today: string): DerivedGuest | undefined {
  const [email, , kept, cents, firstBooked, verified, stayed, irregular, name, phone, status, checkIn, checkOut, named, phoned] = a;
  if (irregular || name === null || phone === null || status === null || checkIn === null || checkOut === null) return undefined;
  // A blank latest name or phone falls back to an older booking's: only the exact path finds which.
  const guestName = name.trim() || (named ? undefined : 'Guest');
  const guestPhone = phone.trim() || (phoned ? undefined : '');
  if (guestName === undefined || guestPhone === undefined) return undefined;
  const propertiesStayed: string[] = [];
  for (const id of stayed === null ? [] : stayed.split('\u001f')) {
    const propertyName = nameOf(id);
    if (propertyName && !propertiesStayed.includes(propertyName)) propertiesStayed.push(propertyName);
  }
  // Cents summed by SQLite are the sum deriveGuests makes of each stay's cents.
  const totalSpent = fromCents(Number(cents));
  return {
    host_id: hostId,
    guest_name: guestName,
    guest_email: email,
    guest_phone: guestPhone,
    total_bookings: kept,
    total_spent: totalSpent,
    average_rating: AVERAGE_RATING_FLOOR,
    last_booking_date: checkIn,
    guest_status: guestStatusOf({ booking_status: status, check_in_date: checkIn, check_out_date: checkOut }, today),
    properties_stayed: propertiesStayed,
    vip_status: isVip(kept, totalSpent),
    verified_status: verified === 1,
    created_date: firstBooked,
  };
}

/**
 * The host's live bookings under these stored e-mails in a stable order (check-in, then id):
 * deriveGuests breaks check-in ties by input order, so every path hands them over in this order.
 * The e-mails travel as one JSON array, so that no bound-parameter limit applies.
 */
function sourceBookingsOf(tx: Tx, hostId: string, emails: readonly string[]): GuestSourceBooking[] {
  const rows = tx
    .select(SOURCE_COLUMNS)
    .from(bookings)
    .where(and(eq(bookings.host_id, hostId), sql`${bookings.guest_email} IN (SELECT value FROM json_each(${JSON.stringify(emails)}))`, isNull(bookings.deleted_at)))
    .orderBy(bookings.check_in_date, bookings.id)
    .values() as SourceValues[];
  return rows.map((r) => sourceBooking(hostId, r));
}

/** A derived guest with its spend in stored cents (the aggregate's own sum when it has one). */
type Desired = { guest: DerivedGuest; cents: number };

/**
 * Every guest of a host as derived from its bookings: from the aggregate, and through deriveGuests
 * for the groups the aggregate cannot settle (an e-mail stored in another case or with blanks,
 * odd dates, a blank latest name or phone with an older one to fall back to).
 */
function desiredGuests(tx: Tx, hostId: string, today: string): { desired: Desired[]; bookings: number } {
  const aggregates = rebuildStatementsFor(tx).aggregate.all({ host: hostId }) as Aggregate[];
  let bookingCount = 0;
  // Bookings refer to the host's own properties: one read gives every name, and an id from
  // elsewhere is looked up when met (held ids would outlive the young heap and slow collection).
  const names = new Map<string, string>();
  for (const p of tx.select({ id: properties.id, property_name: properties.property_name }).from(properties).where(eq(properties.host_id, hostId)).all()) {
    names.set(p.id, p.property_name);
  }
  const nameOf = (id: string): string | undefined => {
    if (!names.has(id)) names.set(id, propertyNames(tx, [id]).get(id)?.property_name ?? '');
    return names.get(id);
  };
  // A key is settled by the aggregate only when it has one stored e-mail, already in the stored
  // form: count the stored e-mails of each key first.
  const perKey = new Map<string, number>();
  for (const a of aggregates) {
    bookingCount += a[1];
    const key = normalizeEmail(a[0]);
    if (key) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }
  const desired: Desired[] = [];
  const exactEmails: string[] = [];
  for (const a of aggregates) {
    const key = normalizeEmail(a[0]);
    if (!key) continue;
    const guest = a[0] === key && perKey.get(key) === 1 ? derivedOf(hostId, a, nameOf, today) : undefined;
    if (guest) desired.push({ guest, cents: Number(a[3]) });
    else exactEmails.push(a[0]);
  }
  if (exactEmails.length > 0) {
    const source = sourceBookingsOf(tx, hostId, exactEmails);
    for (const guest of deriveGuests(source, propertyNames(tx, source.map((b) => b.property_id)), today)) {
      desired.push({ guest, cents: toCents(guest.total_spent) });
    }
  }
  return { desired, bookings: bookingCount };
}

/**
 * Derives every guest of a host from its bookings in the caller's transaction: the same guests as
 * deriveGuests over sourceBookings (what refreshGuest does one guest at a time), the same row
 * (desiredRow) and the same comparison; only the deriving and the writing are batched. A guest
 * whose stored signature matches is left alone; a new one is inserted without reading anything
 * more.
 */
export function rebuildGuests(tx: Tx, hostId: string, now: Date): GuestRebuild {
  const at = nowIso(now);
  const { desired, bookings: bookingCount } = desiredGuests(tx, hostId, todayOf(now));
  const stored = new Map<string, Signed>();
  for (const row of rebuildStatementsFor(tx).signed.all(hostId) as Signed[]) stored.set(row[1], row);
  const result: GuestRebuild = { guests: desired.length, bookings: bookingCount, created: 0, updated: 0, removed: 0 };
  const writes: BulkWrite[] = [];
  const inserts: { email: string; values: StoredValues }[] = [];
  // The whole stored row, for the rare guest the signatures cannot settle.
  const full = (email: string) => statementsFor(tx).stored.get({ host: hostId, email });
  for (const { guest, cents } of desired) {
    const email = guest.guest_email;
    const signed = stored.get(email);
    stored.delete(email);
    if (signed && signed[2] !== null) {
      // A tombstone to bring back: rare, the one-row path handles it (with every column of the row).
      writeGuest(tx, full(email), guest, now);
      result.created += 1;
      continue;
    }
    if (!signed) {
      // As desiredRow with no existing row.
      inserts.push({ email, values: storedValuesOf(guest, cents, Math.max(AVERAGE_RATING_FLOOR, guest.average_rating), guest.created_date ?? at) });
      result.created += 1;
      continue;
    }
    // As desiredRow: the created date falls back to the stored one, the rating is the stored one
    // raised to the floor (so it is unchanged when the stored one is at least the floor).
    const signature = signatureOf(storedValuesOf(guest, cents, signed[4], guest.created_date ?? signed[3] ?? at));
    if (signature !== undefined && signature === signed[5] && signed[4] >= AVERAGE_RATING_FLOOR) continue;
    // desiredRow reads only these two of the existing row.
    const row = desiredRow(guest, { average_rating: signed[4], created_date: signed[3] } as GuestRow, now);
    const existing = full(email);
    if (existing && Object.keys(changedFields(existing, row)).length > 0) {
      writes.push({ id: existing.id, hostId, email, values: encodedValuesOf(row), insert: false });
      result.updated += 1;
    }
  }
  const ids = newIds(inserts.length);
  inserts.forEach((w, i) => writes.push({ id: ids[i] ?? newId(), hostId, email: w.email, values: w.values, insert: true }));
  writeGuestsInBulk(tx, writes, now);
  for (const [id, , deletedAt] of stored.values()) {
    if (deletedAt !== null) continue;
    tombstoneRow(tx, GUESTS, id, now);
    result.removed += 1;
  }
  return result;
}

/**
 * POST /api/guests/sync: a host rebuilds its own guests; an admin names the host (`hostId`).
 * One transaction, so the screen's counts are those of one consistent state.
 */
export function syncGuests(db: Db, actor: Actor, input: { hostId?: string | undefined }, now: Date): GuestRebuild {
  let hostId: string;
  // A caller whose guests are its own rebuilds its own; one who sees every host's names the host.
  const scope = scopeOf(actor, GUESTS);
  if (!mayPerform(actor, 'guests.rebuild')) throw new Forbidden();
  if (scope === undefined) throw new Forbidden('A host profile is required');
  if (scope === 'all') {
    if (input.hostId === undefined) throw new ValidationFailed('Invalid value for hostId: required (the host profile whose guests to rebuild)');
    hostId = input.hostId;
  } else {
    if (!actor.hostProfileId) throw new Forbidden('A host profile is required');
    // A host names no other host: a foreign id is out of its scope, so it does not exist for it.
    if (input.hostId !== undefined && input.hostId !== actor.hostProfileId) throw new NotFound(`No host profile with ID ${input.hostId}`);
    hostId = actor.hostProfileId;
  }
  return transact(db, (tx) => {
    const profile = tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
      .get();
    if (!profile) throw new NotFound(`No host profile with ID ${hostId}`);
    return rebuildGuests(tx, hostId, now);
  });
}
