import { describe, expect, it } from 'vitest';
import { averageRating, deriveGuests, guestKey, guestStatusOf, isVerifiedGuest, isVip, type GuestSourceBooking } from './guests';

const TODAY = '2025-03-10';
const properties = new Map([
  ['p1', { property_name: 'Alfama Terrace' }],
  ['p2', { property_name: 'Gion Machiya' }],
]);

function booking(over: Partial<GuestSourceBooking>): GuestSourceBooking {
  return {
    host_id: 'h1',
    property_id: 'p1',
    guest_name: 'Ana Silva',
    guest_email: 'ana@example.com',
    guest_phone: '+351 910 000 001',
    check_in_date: '2025-01-10',
    check_out_date: '2025-01-14',
    total_amount: 500,
    booking_status: 'confirmed',
    ...over,
  };
}

describe('guestKey', () => {
  it('groups by lower-cased, trimmed e-mail per host and skips empty e-mails', () => {
    expect(guestKey('h1', ' Ana@Example.COM ')).toBe(guestKey('h1', 'ana@example.com'));
    expect(guestKey('h1', 'ana@example.com')).not.toBe(guestKey('h2', 'ana@example.com'));
    expect(guestKey('h1', '  ')).toBeUndefined();
  });
});

describe('guestStatusOf', () => {
  const stay = { check_in_date: '2025-03-08', check_out_date: '2025-03-12' };
  it('is cancelled when the latest booking is cancelled, whatever the dates', () => {
    expect(guestStatusOf({ ...stay, booking_status: 'cancelled' }, TODAY)).toBe('cancelled');
  });
  it('is current from the check-in day up to the night before check-out', () => {
    expect(guestStatusOf({ ...stay, booking_status: 'confirmed' }, '2025-03-08')).toBe('current');
    expect(guestStatusOf({ ...stay, booking_status: 'confirmed' }, '2025-03-11')).toBe('current');
  });
  it('is upcoming before check-in', () => {
    expect(guestStatusOf({ ...stay, booking_status: 'pending' }, '2025-03-07')).toBe('upcoming');
  });
  it('is past from the check-out day on', () => {
    expect(guestStatusOf({ ...stay, booking_status: 'completed' }, '2025-03-12')).toBe('past');
    expect(guestStatusOf({ ...stay, booking_status: 'confirmed' }, '2025-04-01')).toBe('past');
  });
});

describe('isVip and averageRating', () => {
  it('is VIP from 3 bookings or from 2000 spent, not below both', () => {
    expect(isVip(3, 0)).toBe(true);
    expect(isVip(1, 2000)).toBe(true);
    expect(isVip(2, 1999.99)).toBe(false);
  });
  it('floors the rating at 3.5 and gives 3.5 without reviews', () => {
    expect(averageRating(undefined)).toBe(3.5);
    expect(averageRating([])).toBe(3.5);
    expect(averageRating([2, 3])).toBe(3.5);
    expect(averageRating([5, 4, 4])).toBe(4.3);
  });
});

describe('deriveGuests', () => {
  it('makes one guest per host and lower-cased e-mail, none for bookings without one', () => {
    const guests = deriveGuests(
      [
        booking({ guest_email: 'Ana@Example.com' }),
        booking({ guest_email: 'ana@example.com', check_in_date: '2025-02-01', check_out_date: '2025-02-03' }),
        booking({ host_id: 'h2', guest_email: 'ana@example.com' }),
        booking({ guest_email: '', guest_name: 'Walk-in' }),
      ],
      properties,
      TODAY,
    );
    expect(guests.map((g) => [g.host_id, g.guest_email, g.total_bookings])).toEqual([
      ['h1', 'ana@example.com', 2],
      ['h2', 'ana@example.com', 1],
    ]);
  });

  it('counts and sums non-cancelled bookings only, in exact cents', () => {
    const [guest] = deriveGuests(
      [
        booking({ total_amount: 0.1 }),
        booking({ total_amount: 0.2, check_in_date: '2025-02-01', check_out_date: '2025-02-02' }),
        booking({ total_amount: 900, booking_status: 'cancelled', check_in_date: '2025-01-20', check_out_date: '2025-01-22' }),
      ],
      properties,
      TODAY,
    );
    expect(guest?.total_bookings).toBe(2);
    expect(guest?.total_spent).toBe(0.3);
  });

  it('takes status, last booking date, name and phone from the latest check-in', () => {
    const [guest] = deriveGuests(
      [
        booking({ check_in_date: '2025-04-01', check_out_date: '2025-04-05', guest_name: 'Ana M. Silva', guest_phone: '' }),
        booking({ check_in_date: '2025-01-10', check_out_date: '2025-01-14', guest_phone: '+351 910 000 002' }),
      ],
      properties,
      TODAY,
    );
    expect(guest).toMatchObject({
      last_booking_date: '2025-04-01',
      guest_status: 'upcoming',
      guest_name: 'Ana M. Silva',
      guest_phone: '+351 910 000 002',
    });
  });

  it('keeps a guest whose latest booking is cancelled, with status cancelled', () => {
    const [guest] = deriveGuests(
      [booking({}), booking({ check_in_date: '2025-03-20', check_out_date: '2025-03-25', booking_status: 'cancelled' })],
      properties,
      TODAY,
    );
    expect(guest).toMatchObject({ guest_status: 'cancelled', total_bookings: 1, total_spent: 500, last_booking_date: '2025-03-20' });
  });

  it('breaks a check-in tie by input order', () => {
    const tie = { check_in_date: '2025-03-08', check_out_date: '2025-03-12' };
    const [cancelledLast] = deriveGuests([booking(tie), booking({ ...tie, booking_status: 'cancelled' })], properties, TODAY);
    const [confirmedLast] = deriveGuests([booking({ ...tie, booking_status: 'cancelled' }), booking(tie)], properties, TODAY);
    expect(cancelledLast?.guest_status).toBe('cancelled');
    expect(confirmedLast?.guest_status).toBe('current');
  });

  it('lists the distinct properties stayed, skipping cancelled stays and unknown properties', () => {
    const [guest] = deriveGuests(
      [
        booking({ property_id: 'p2', check_in_date: '2025-01-01', check_out_date: '2025-01-03' }),
        booking({ property_id: 'p1' }),
        booking({ property_id: 'p2', check_in_date: '2025-02-01', check_out_date: '2025-02-03' }),
        booking({ property_id: 'p3', check_in_date: '2025-02-10', check_out_date: '2025-02-12' }),
        booking({ property_id: 'p1', booking_status: 'cancelled', check_in_date: '2025-02-20', check_out_date: '2025-02-22' }),
      ],
      properties,
      TODAY,
    );
    expect(guest?.properties_stayed).toEqual(['Gion Machiya', 'Alfama Terrace']);
  });

  it('marks VIP by booking count and by spend, and applies given ratings with the floor', () => {
    const many = [1, 2, 3].map((n) => booking({ guest_email: 'many@example.com', total_amount: 100, check_in_date: `2025-01-0${n}`, check_out_date: `2025-01-0${n + 1}` }));
    const rich = booking({ guest_email: 'rich@example.com', total_amount: 2000 });
    const plain = booking({ guest_email: 'plain@example.com', total_amount: 1999.99 });
    const ratings = new Map([[guestKey('h1', 'many@example.com') ?? '', [5, 4.6]]]);
    const guests = deriveGuests([...many, rich, plain], properties, TODAY, { ratings });
    const byEmail = new Map(guests.map((g) => [g.guest_email, g]));
    expect(byEmail.get('many@example.com')).toMatchObject({ vip_status: true, total_bookings: 3, average_rating: 4.8 });
    expect(byEmail.get('rich@example.com')).toMatchObject({ vip_status: true, average_rating: 3.5 });
    expect(byEmail.get('plain@example.com')?.vip_status).toBe(false);
  });
});

describe('verified status and first booking', () => {
  it('is verified by a kept booking through a channel, not by a direct or a cancelled one', () => {
    expect(isVerifiedGuest([{ booking_status: 'confirmed', booking_source: 'airbnb' }])).toBe(true);
    expect(isVerifiedGuest([{ booking_status: 'confirmed', booking_source: 'direct' }])).toBe(false);
    expect(isVerifiedGuest([{ booking_status: 'cancelled', booking_source: 'vrbo' }])).toBe(false);
    expect(isVerifiedGuest([{ booking_status: 'confirmed' }])).toBe(false);
    expect(isVerifiedGuest([])).toBe(false);
  });

  it('derives verified_status and the earliest created_date of the guest bookings', () => {
    const [guest] = deriveGuests(
      [
        booking({ booking_source: 'direct', created_date: '2025-01-05T10:00:00.000Z' }),
        booking({ booking_source: 'booking.com', created_date: '2024-12-01T09:00:00.000Z', check_in_date: '2025-02-01', check_out_date: '2025-02-03' }),
      ],
      properties,
      TODAY,
    );
    expect(guest).toMatchObject({ verified_status: true, created_date: '2024-12-01T09:00:00.000Z' });
    const [plain] = deriveGuests([booking({})], properties, TODAY);
    expect(plain).toMatchObject({ verified_status: false, created_date: null });
  });
});
