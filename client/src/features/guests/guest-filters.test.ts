import { describe, expect, it } from 'vitest';
import { NO_GUEST_FILTER, filterGuests, isStatusFilter, staysOf, type matchesSearch, spentByCurrency } from './guest-filters';

function g(over: Partial<Parameters<typeof matchesSearch>[0]> & { id: string }) {
  return { guest_name: '', guest_email: '', guest_phone: '', country: '', vip_status: false, guest_status: 'past', ...over };
}

const GUESTS = [
  g({ id: 'ana', guest_name: 'Ana Souza', guest_email: 'ana@example.com', guest_phone: '+351 912 345 678', country: 'Portugal', vip_status: true, guest_status: 'upcoming' }),
  g({ id: 'ben', guest_name: 'Ben Okafor', guest_email: 'ben@example.org', guest_phone: '(555) 010-2030', country: 'Nigeria', guest_status: 'current' }),
  g({ id: 'chloé', guest_name: 'Chloé Martin', guest_email: 'chloe@example.fr', country: 'France', vip_status: true, guest_status: 'cancelled' }),
];

describe('filterGuests', () => {
  it('keeps everyone without a filter', () => {
    expect(filterGuests(GUESTS, NO_GUEST_FILTER).map((x) => x.id)).toEqual(['ana', 'ben', 'chloé']);
  });

  it('filters by VIP and by status', () => {
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, vip: 'vip' }).map((x) => x.id)).toEqual(['ana', 'chloé']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, vip: 'regular' }).map((x) => x.id)).toEqual(['ben']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, status: 'cancelled' }).map((x) => x.id)).toEqual(['chloé']);
    expect(filterGuests(GUESTS, { search: '', vip: 'vip', status: 'current' })).toEqual([]);
  });

  it('searches name, e-mail, phone and country, every word, without case', () => {
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: '  SOUZA ' }).map((x) => x.id)).toEqual(['ana']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: 'example.org' }).map((x) => x.id)).toEqual(['ben']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: 'chloé france' }).map((x) => x.id)).toEqual(['chloé']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: 'ana nigeria' })).toEqual([]);
  });

  it('finds a phone number whatever its punctuation', () => {
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: '5550102030' }).map((x) => x.id)).toEqual(['ben']);
    expect(filterGuests(GUESTS, { ...NO_GUEST_FILTER, search: '912345' }).map((x) => x.id)).toEqual(['ana']);
  });
});

describe('isStatusFilter', () => {
  it('accepts the guest statuses and all', () => {
    expect(['all', 'current', 'upcoming', 'past', 'cancelled', 'vip'].map(isStatusFilter)).toEqual([true, true, true, true, true, false]);
  });
});

describe('staysOf', () => {
  it('answers the bookings with the guest e-mail in any case, latest first', () => {
    const bookings = [
      { id: '1', guest_email: 'ANA@example.com', check_in_date: '2026-01-01' },
      { id: '2', guest_email: 'ben@example.org', check_in_date: '2026-02-01' },
      { id: '3', guest_email: ' ana@example.com', check_in_date: '2026-03-01' },
      { id: '4', guest_email: '', check_in_date: '2026-04-01' },
    ];
    expect(staysOf('ana@example.com', bookings).map((b) => b.id)).toEqual(['3', '1']);
    expect(staysOf('', bookings)).toEqual([]);
  });
});

describe('spentByCurrency', () => {
  it('sums what each guest spent per currency, cancelled stays left out, never across currencies', () => {
    const stay = (id: string, guest_email: string, total_amount: number, currency: string, booking_status = 'confirmed') => ({
      id,
      guest_email,
      check_in_date: '2026-01-01',
      total_amount,
      currency,
      booking_status,
    });
    const spent = spentByCurrency([
      stay('a', 'Ana@Example.com', 100.1, 'USD'),
      stay('b', 'ana@example.com', 200.2, 'USD'),
      stay('c', 'ana@example.com', 145.5, 'EUR'),
      stay('d', 'ana@example.com', 28000, 'JPY'),
      stay('e', 'ana@example.com', 9999, 'JPY', 'cancelled'),
      stay('f', 'ben@example.com', 50, 'EUR', 'cancelled'),
    ]);
    expect(spent.get('ana@example.com')).toEqual([
      { currency: 'USD', amount: 300.3 },
      { currency: 'EUR', amount: 145.5 },
      { currency: 'JPY', amount: 28000 },
    ]);
    expect(spent.has('ben@example.com')).toBe(false);
  });
});
