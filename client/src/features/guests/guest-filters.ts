/**
 * The guests list's search and filters and a guest's stays. Guests are derived on the server
 * from the host's bookings, keyed by the lower-cased e-mail (shared/guests.ts), so a guest's
 * stays are the bookings with that e-mail, compared without case.
 */
import { DEFAULT_CURRENCY, sortCurrencies, sumByCurrency, type Money } from '../../../../shared/money';
import { GUEST_STATUSES, type GuestStatus } from '../../../../shared/guests';

export type VipFilter = 'all' | 'vip' | 'regular';
export type StatusFilter = 'all' | GuestStatus;
export type GuestFilter = { search: string; vip: VipFilter; status: StatusFilter };

export const NO_GUEST_FILTER: GuestFilter = { search: '', vip: 'all', status: 'all' };

type GuestLike = { guest_name: string; guest_email: string; guest_phone: string; country: string; vip_status: boolean; guest_status: string };

export function isStatusFilter(value: string): value is StatusFilter {
  return value === 'all' || (GUEST_STATUSES as readonly string[]).includes(value);
}

export function isVipFilter(value: string): value is VipFilter {
  return value === 'all' || value === 'vip' || value === 'regular';
}

/** Digits only, so "+1 (555) 010-2030" is found by "5550102030". */
function digits(text: string): string {
  return text.replace(/\D+/g, '');
}

/** Every word of the search must appear in the name, e-mail, phone or country (case-insensitive). */
export function matchesSearch(guest: GuestLike, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = `${guest.guest_name} ${guest.guest_email} ${guest.guest_phone} ${guest.country}`.toLowerCase();
  const phone = digits(guest.guest_phone);
  // A word that is a phone number (digits and punctuation) also matches the phone's digits.
  return words.every((w) => haystack.includes(w) || (/^[\d()+.-]+$/.test(w) && digits(w).length >= 3 && phone.includes(digits(w))));
}

export function filterGuests<G extends GuestLike>(guests: readonly G[], filter: GuestFilter): G[] {
  return guests.filter(
    (g) =>
      (filter.vip === 'all' || (filter.vip === 'vip') === g.vip_status) &&
      (filter.status === 'all' || g.guest_status === filter.status) &&
      matchesSearch(g, filter.search),
  );
}

type StayLike = { guest_email: string; check_in_date: string; id: string };

/** The bookings of a guest (same e-mail, any case), latest check-in first. */
export function staysOf<B extends StayLike>(guestEmail: string, bookings: readonly B[]): B[] {
  const email = guestEmail.trim().toLowerCase();
  if (!email) return [];
  return bookings
    .filter((b) => b.guest_email.trim().toLowerCase() === email)
    .sort((a, b) => (a.check_in_date < b.check_in_date ? 1 : a.check_in_date > b.check_in_date ? -1 : a.id < b.id ? 1 : -1));
}

/**
 * What a guest spent, one amount per currency (cancelled stays left out), from the bookings on the
 * device: the stored `total_spent` counts dollars only, so the screens show this instead.
 */
export function spentByCurrency(bookings: readonly (StayLike & { booking_status: string; total_amount: number; currency?: string | null })[]): Map<string, Money[]> {
  const byGuest = new Map<string, typeof bookings[number][]>();
  for (const b of bookings) {
    const email = b.guest_email.trim().toLowerCase();
    if (!email || b.booking_status === 'cancelled') continue;
    byGuest.set(email, [...(byGuest.get(email) ?? []), b]);
  }
  const out = new Map<string, Money[]>();
  for (const [email, list] of byGuest) {
    const sums = sumByCurrency(list, (b) => b.currency || DEFAULT_CURRENCY, (b) => b.total_amount);
    const order = sortCurrencies(sums.map((m) => m.currency));
    out.set(email, sums.sort((a, b) => order.indexOf(a.currency) - order.indexOf(b.currency)));
  }
  return out;
}
