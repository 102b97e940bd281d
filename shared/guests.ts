/**
 * Guest derivation (status, grouping key, VIP, rating floor: docs/decisions.md "Rules read
 * literally"): guests are never typed in, they are computed from a host's bookings.
 * Used by the demo generator and by the guest sync, so both produce the same rows.
 */
import { COUNTER_CURRENCY, DEFAULT_CURRENCY, fromCents, toCents } from './money';
import type { bookings, properties } from './schema/tables';

type Booking = typeof bookings.$inferSelect;
type Property = typeof properties.$inferSelect;

export const VIP_MIN_BOOKINGS = 3;
export const VIP_MIN_SPENT = 2000;
export const AVERAGE_RATING_FLOOR = 3.5;

export const GUEST_STATUSES = ['cancelled', 'current', 'upcoming', 'past'] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

/** The booking fields a guest is derived from. */
export type GuestSourceBooking = Pick<
  Booking,
  | 'host_id'
  | 'property_id'
  | 'guest_name'
  | 'guest_email'
  | 'guest_phone'
  | 'check_in_date'
  | 'check_out_date'
  | 'total_amount'
  | 'booking_status'
> &
  Partial<Pick<Booking, 'booking_source' | 'created_date' | 'currency'>>;

/** The derived fields of a guest row; the caller adds id, updated date and country. */
export type DerivedGuest = {
  host_id: string;
  guest_name: string;
  guest_email: string;
  guest_phone: string;
  total_bookings: number;
  total_spent: number;
  average_rating: number;
  last_booking_date: string;
  guest_status: GuestStatus;
  properties_stayed: string[];
  vip_status: boolean;
  verified_status: boolean;
  /** When the guest first booked: the earliest created_date of its bookings, or null. */
  created_date: string | null;
};

export type DeriveGuestsOptions = {
  /** Review scores per guest key (see guestKey); none yet gives the floor. */
  ratings?: ReadonlyMap<string, readonly number[]>;
};

/** The grouping key: lower-cased e-mail plus host id; undefined without an e-mail. */
export function guestKey(hostId: string, email: string): string | undefined {
  const normalized = email.trim().toLowerCase();
  return normalized ? `${hostId}\u0000${normalized}` : undefined;
}

/** VIP: at least 3 bookings or at least 2000 spent (in COUNTER_CURRENCY). */
export function isVip(totalBookings: number, totalSpent: number): boolean {
  return totalBookings >= VIP_MIN_BOOKINGS || totalSpent >= VIP_MIN_SPENT;
}

/**
 * Verified once a channel (any source but direct) has taken a booking of the guest that was not
 * cancelled: the OTA has checked who they are and that they can pay. A direct booking proves
 * neither.
 */
export function isVerifiedGuest(bookings: readonly Pick<GuestSourceBooking, 'booking_status' | 'booking_source'>[]): boolean {
  return bookings.some((b) => b.booking_status !== 'cancelled' && b.booking_source !== undefined && b.booking_source !== 'direct');
}

/** Mean of the scores, never below the floor; 3.5 when there are none. */
export function averageRating(scores: readonly number[] | undefined): number {
  if (!scores || scores.length === 0) return AVERAGE_RATING_FLOOR;
  const mean = scores.reduce((sum, s) => sum + s, 0) / scores.length;
  return Math.max(AVERAGE_RATING_FLOOR, Math.round(mean * 10) / 10);
}

/**
 * Status from the latest booking: cancelled when it is cancelled; current while today is one of
 * its nights (check-out is the departure day, not a night); upcoming before check-in; past
 * otherwise.
 */
export function guestStatusOf(latest: Pick<Booking, 'booking_status' | 'check_in_date' | 'check_out_date'>, today: string): GuestStatus {
  if (latest.booking_status === 'cancelled') return 'cancelled';
  if (today < latest.check_in_date) return 'upcoming';
  if (today < latest.check_out_date) return 'current';
  return 'past';
}

/**
 * One guest per (host, lower-cased e-mail). Bookings without an e-mail make no guest. Counts and
 * spend are over non-cancelled bookings (a cancelled stay is neither a booking kept nor money
 * spent), but a guest whose bookings were all cancelled still exists, with status cancelled.
 * The latest booking is the one with the latest check_in_date (ties: the later in input order);
 * name and phone come from it, falling back to the newest booking that has them.
 * properties_stayed lists the distinct names of the non-cancelled bookings' properties in stay
 * order. verified_status follows isVerifiedGuest; created_date is when the guest first booked.
 * Sorted by host, then e-mail, so the output is stable.
 */
export function deriveGuests(
  bookings: readonly GuestSourceBooking[],
  propertiesById: ReadonlyMap<string, Pick<Property, 'property_name'>>,
  today: string,
  options: DeriveGuestsOptions = {},
): DerivedGuest[] {
  const groups = new Map<string, GuestSourceBooking[]>();
  for (const booking of bookings) {
    const key = guestKey(booking.host_id, booking.guest_email);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(booking);
    else groups.set(key, [booking]);
  }

  const guests: DerivedGuest[] = [];
  for (const [key, group] of groups) {
    // Stable sort: equal check-in dates keep input order, so "latest" is the later one given.
    const byCheckIn = [...group].sort((a, b) => (a.check_in_date < b.check_in_date ? -1 : a.check_in_date > b.check_in_date ? 1 : 0));
    const latest = byCheckIn[byCheckIn.length - 1];
    if (!latest) continue;
    const kept = byCheckIn.filter((b) => b.booking_status !== 'cancelled');
    // Only the stays priced in COUNTER_CURRENCY: amounts of two currencies are never added.
    const spentCents = kept.reduce((sum, b) => ((b.currency ?? DEFAULT_CURRENCY) === COUNTER_CURRENCY ? sum + toCents(b.total_amount) : sum), 0);
    const newestFirst = [...byCheckIn].reverse();
    const propertiesStayed: string[] = [];
    for (const b of kept) {
      const name = propertiesById.get(b.property_id)?.property_name;
      if (name && !propertiesStayed.includes(name)) propertiesStayed.push(name);
    }
    const totalSpent = fromCents(spentCents);
    let firstBooked: string | null = null;
    for (const b of group) if (b.created_date && (firstBooked === null || b.created_date < firstBooked)) firstBooked = b.created_date;
    guests.push({
      host_id: latest.host_id,
      guest_name: latest.guest_name.trim() || newestFirst.find((b) => b.guest_name.trim())?.guest_name.trim() || 'Guest',
      guest_email: latest.guest_email.trim().toLowerCase(),
      guest_phone: latest.guest_phone.trim() || newestFirst.find((b) => b.guest_phone.trim())?.guest_phone.trim() || '',
      total_bookings: kept.length,
      total_spent: totalSpent,
      average_rating: averageRating(options.ratings?.get(key)),
      last_booking_date: latest.check_in_date,
      guest_status: guestStatusOf(latest, today),
      properties_stayed: propertiesStayed,
      vip_status: isVip(kept.length, totalSpent),
      verified_status: isVerifiedGuest(group),
      created_date: firstBooked,
    });
  }
  return guests.sort((a, b) =>
    a.host_id !== b.host_id ? (a.host_id < b.host_id ? -1 : 1) : a.guest_email < b.guest_email ? -1 : a.guest_email > b.guest_email ? 1 : 0,
  );
}
