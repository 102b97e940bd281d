/**
 * The admin console's reads of hosts (routes.ts): the list, searched across the host's user
 * (name, sign-in e-mail) and profile (e-mail, company), filtered, sorted and paged in SQL so that
 * thousands of hosts cost one page; and one host's page with its properties, bookings and
 * commission, staff and calendar feeds.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { HostDetail, HostListQuerySchema, HostListReply, HostListRow, HostSortKey } from '../../../../shared/api/admin';
import { DEFAULT_CURRENCY, fromMinor, sortCurrencies, type Money } from '../../../../shared/money';
import { bookings, calendarFeeds, hostProfiles, housekeepingStaff, properties, users } from '../../../../shared/schema/tables';
import type { z } from 'zod';
import type { Tx } from '../../db/write';
import { NotFound } from '../../errors';

type ListQuery = z.output<typeof HostListQuerySchema>;

const SORT_COLUMNS: Record<HostSortKey, SQL> = {
  name: sql`lower(${users.Name})`,
  email: sql`lower(${users.Email})`,
  company: sql`lower(${hostProfiles.company_name})`,
  tier: sql`lower(${hostProfiles.subscription_tier})`,
  status: sql`${hostProfiles.account_status}`,
  properties: sql`${hostProfiles.properties_count}`,
  bookings: sql`${hostProfiles.total_bookings}`,
  // Ranked by revenue in the platform's default currency: amounts of two currencies are not compared.
  revenue: sql`(SELECT coalesce(sum(b.total_amount), 0) FROM bookings b WHERE b.host_id = ${hostProfiles.id} AND b.currency = ${DEFAULT_CURRENCY} AND b.booking_status <> 'cancelled' AND b.deleted_at IS NULL)`,
  created: sql`${hostProfiles.created_date}`,
};

const listColumns = {
  id: hostProfiles.id,
  user_id: hostProfiles.user_id,
  name: users.Name,
  email: users.Email,
  company_name: hostProfiles.company_name,
  phone_number: hostProfiles.phone_number,
  subscription_tier: hostProfiles.subscription_tier,
  subscription_status: hostProfiles.subscription_status,
  account_status: hostProfiles.account_status,
  commission_rate: hostProfiles.commission_rate,
  properties_count: hostProfiles.properties_count,
  total_bookings: hostProfiles.total_bookings,
  created_date: hostProfiles.created_date,
};

/** `%text%` for LIKE, with LIKE's own wildcards taken literally (escaped with `\`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function listWhere(query: ListQuery): SQL | undefined {
  const conditions: SQL[] = [isNull(hostProfiles.deleted_at) as SQL];
  if (query.search) {
    const p = containsPattern(query.search);
    conditions.push(
      sql`(lower(${users.Name}) like ${p} escape '\\' or lower(${users.Email}) like ${p} escape '\\' or lower(${hostProfiles.email}) like ${p} escape '\\' or lower(${hostProfiles.company_name}) like ${p} escape '\\')`,
    );
  }
  if (query.tier) conditions.push(sql`lower(${hostProfiles.subscription_tier}) = lower(${query.tier})`);
  if (query.account_status) conditions.push(eq(hostProfiles.account_status, query.account_status));
  if (query.subscription_status) conditions.push(eq(hostProfiles.subscription_status, query.subscription_status));
  return and(...conditions);
}

export function listHosts(tx: Tx, query: ListQuery): HostListReply {
  const where = listWhere(query);
  const descending = query.sort.startsWith('-');
  const key = (descending ? query.sort.slice(1) : query.sort) as HostSortKey;
  const column = SORT_COLUMNS[key];
  const total =
    tx
      .select({ n: count() })
      .from(hostProfiles)
      .innerJoin(users, eq(users.ID, hostProfiles.user_id))
      .where(where)
      .get()?.n ?? 0;
  const rows = tx
    .select(listColumns)
    .from(hostProfiles)
    .innerJoin(users, eq(users.ID, hostProfiles.user_id))
    .where(where)
    // The id last: a stable order, so that paging never shows a host twice or skips one.
    .orderBy(descending ? desc(column) : asc(column), asc(hostProfiles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .all();
  const revenue = revenueByCurrency(
    tx,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...r, revenue: revenue.get(r.id) ?? [] })) as HostListRow[], total };
}

/** Kept bookings' revenue per host and currency (the default currency first, then alphabetically). */
function revenueByCurrency(tx: Tx, hostIds: readonly string[]): Map<string, Money[]> {
  const out = new Map<string, Money[]>();
  if (hostIds.length === 0) return out;
  const sums = tx
    .select({ host: bookings.host_id, currency: bookings.currency, cents: sql<number>`coalesce(sum(${bookings.total_amount}), 0)` }) // minor units of each currency
    .from(bookings)
    .where(and(inArray(bookings.host_id, [...hostIds]), isNull(bookings.deleted_at), ne(bookings.booking_status, 'cancelled')))
    .groupBy(bookings.host_id, bookings.currency)
    .all();
  for (const s of sums) out.set(s.host, [...(out.get(s.host) ?? []), { currency: s.currency, amount: fromMinor(Number(s.cents), s.currency) }]);
  for (const [host, list] of out) {
    const order = sortCurrencies(list.map((m) => m.currency));
    out.set(host, list.sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency)));
  }
  return out;
}

const RECENT_BOOKINGS = 10;

export function hostDetail(tx: Tx, hostId: string): HostDetail {
  const host = tx
    .select({ ...listColumns, address: hostProfiles.address, totp_enabled: users.totp_enabled })
    .from(hostProfiles)
    .innerJoin(users, eq(users.ID, hostProfiles.user_id))
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
    .get();
  if (!host) throw new NotFound(`No host profile with ID ${hostId}`);

  const propertyRows = tx
    .select({
      id: properties.id,
      property_name: properties.property_name,
      property_type: properties.property_type,
      address: properties.address,
      status: properties.status,
      base_price: properties.base_price,
      currency: properties.currency,
    })
    .from(properties)
    .where(and(eq(properties.host_id, hostId), isNull(properties.deleted_at)))
    .orderBy(asc(properties.property_name), asc(properties.id))
    .all();

  // Sums over the raw money columns are stored integers in each currency's minor units, added by
  // SQLite per currency: amounts of two currencies are never added (docs/decisions.md, Money).
  const sums = tx
    .select({
      currency: bookings.currency,
      n: sql<number>`count(*) filter (where ${bookings.booking_status} != 'cancelled')`,
      cancelled: sql<number>`count(*) filter (where ${bookings.booking_status} = 'cancelled')`,
      revenue: sql<number>`coalesce(sum(${bookings.total_amount}) filter (where ${bookings.booking_status} != 'cancelled'), 0)`,
      commission: sql<number>`coalesce(sum(${bookings.commission_amount}) filter (where ${bookings.booking_status} != 'cancelled'), 0)`,
      net: sql<number>`coalesce(sum(${bookings.net_amount}) filter (where ${bookings.booking_status} != 'cancelled'), 0)`,
    })
    .from(bookings)
    .where(and(eq(bookings.host_id, hostId), isNull(bookings.deleted_at)))
    .groupBy(bookings.currency)
    .orderBy(asc(bookings.currency))
    .all();

  const recentBookings = tx
    .select({
      id: bookings.id,
      property_name: sql<string>`coalesce(${properties.property_name}, '')`,
      guest_name: bookings.guest_name,
      check_in_date: bookings.check_in_date,
      check_out_date: bookings.check_out_date,
      booking_status: bookings.booking_status,
      booking_source: bookings.booking_source,
      currency: bookings.currency,
      total_amount: bookings.total_amount,
      commission_amount: bookings.commission_amount,
    })
    .from(bookings)
    .leftJoin(properties, eq(properties.id, bookings.property_id))
    .where(and(eq(bookings.host_id, hostId), isNull(bookings.deleted_at)))
    .orderBy(desc(bookings.check_in_date), desc(bookings.id))
    .limit(RECENT_BOOKINGS)
    .all();

  const staff = tx
    .select({
      id: housekeepingStaff.id,
      staff_name: housekeepingStaff.staff_name,
      staff_email: housekeepingStaff.staff_email,
      status: housekeepingStaff.status,
      user_id: housekeepingStaff.user_id,
    })
    .from(housekeepingStaff)
    .where(and(eq(housekeepingStaff.host_id, hostId), isNull(housekeepingStaff.deleted_at)))
    .orderBy(asc(housekeepingStaff.staff_name), asc(housekeepingStaff.id))
    .all();

  const feeds = tx
    .select({
      id: calendarFeeds.id,
      property_name: sql<string>`coalesce(${properties.property_name}, '')`,
      platform: calendarFeeds.platform,
      is_active: calendarFeeds.is_active,
      last_fetched_at: calendarFeeds.last_fetched_at,
      last_success_at: calendarFeeds.last_success_at,
      last_error: calendarFeeds.last_error,
      event_count: calendarFeeds.event_count,
    })
    .from(calendarFeeds)
    .leftJoin(properties, eq(properties.id, calendarFeeds.property_id))
    .where(and(eq(calendarFeeds.host_id, hostId), isNull(calendarFeeds.deleted_at)))
    .orderBy(asc(properties.property_name), asc(calendarFeeds.platform), asc(calendarFeeds.id))
    .all();

  return {
    host: host as HostDetail['host'],
    // Selected columns skip the row codec: amounts come in their currency's minor units.
    properties: propertyRows.map((p) => ({ ...p, base_price: fromMinor(p.base_price, p.currency) })),
    totals: {
      bookings: sums.reduce((n, s) => n + Number(s.n), 0),
      cancelled: sums.reduce((n, s) => n + Number(s.cancelled), 0),
      byCurrency: sums
        .filter((s) => Number(s.n) > 0)
        .map((s) => ({
          currency: s.currency,
          bookings: Number(s.n),
          revenue: fromMinor(Number(s.revenue), s.currency),
          commission: fromMinor(Number(s.commission), s.currency),
          net: fromMinor(Number(s.net), s.currency),
        })),
    },
    recentBookings: recentBookings.map((b) => ({
      ...b,
      total_amount: fromMinor(b.total_amount, b.currency),
      commission_amount: fromMinor(b.commission_amount, b.currency),
    })),
    staff: staff.map(({ user_id, ...s }) => ({ ...s, has_account: user_id !== null && user_id !== '' })),
    feeds,
  };
}

