import { beforeAll, describe, expect, it } from 'vitest';
import { selectPage } from '../../data/query-local';
import { loadNamespace } from '../../i18n';
import { NO_FILTERS, activeFilterCount, blockOverlapText, bookingCurrency, clashCandidatesQuery, draftFields, emptyDraft, filterBookings, localClash, previewPrice, sourceOptions, validateDraft, type FilterableBooking } from './booking-rules';

// The form's texts are in the `host` catalog, which the host area loads.
beforeAll(() => loadNamespace('host'));

function row(over: Partial<FilterableBooking> & { id?: string }) {
  return {
    id: 'b',
    property_id: 'p1',
    booking_source: 'airbnb',
    booking_status: 'confirmed',
    payment_status: 'paid',
    check_in_date: '2026-05-10',
    check_out_date: '2026-05-13',
    guest_name: 'Ana Lima',
    guest_email: 'ana@example.com',
    guest_phone: '+351 900',
    booking_reference: 'HMX42',
    ...over,
  };
}

describe('booking filters', () => {
  const list = [
    row({ id: 'a' }),
    row({ id: 'b', property_id: 'p2', booking_source: 'Vrbo', payment_status: 'pending', guest_name: 'Bo Chen', guest_email: 'bo@x.io', booking_reference: 'V-1' }),
    row({ id: 'c', booking_status: 'cancelled', check_in_date: '2026-06-01', check_out_date: '2026-06-03', guest_name: 'Cy', guest_email: '', booking_reference: '' }),
  ];
  const ids = (f: Partial<typeof NO_FILTERS>) => filterBookings(list, { ...NO_FILTERS, ...f }).map((b) => b.id);

  it('keeps everything without filters and narrows by each field', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ propertyId: 'p2' })).toEqual(['b']);
    expect(ids({ source: 'vrbo' })).toEqual(['b']);
    expect(ids({ status: 'cancelled' })).toEqual(['c']);
    expect(ids({ payment: 'pending' })).toEqual(['b']);
    expect(ids({ search: 'HMX' })).toEqual(['a']);
    expect(ids({ search: 'BO@X' })).toEqual(['b']);
  });

  it('keeps stays overlapping the date range; the check-out day is not a night', () => {
    expect(ids({ from: '2026-05-13' })).toEqual(['c']);
    expect(ids({ from: '2026-05-12', to: '2026-05-31' })).toEqual(['a', 'b']);
    expect(ids({ to: '2026-05-10' })).toEqual(['a', 'b']);
  });

  it('counts active filters and offers known and used sources once', () => {
    expect(activeFilterCount({ ...NO_FILTERS, search: ' ', status: 'confirmed' })).toBe(1);
    expect(sourceOptions(['Airbnb', 'hometogo'])).toEqual(['airbnb', 'booking.com', 'vrbo', 'expedia', 'google-calendar', 'direct', 'other', 'hometogo']);
  });
});

describe('booking form rules', () => {
  const valid = emptyDraft({ property_id: 'p1', check_in_date: '2026-05-10', check_out_date: '2026-05-12', guests_count: 2, total_amount: 300 });

  it('accepts a complete draft', () => {
    expect(validateDraft(valid, 4)).toEqual({});
  });

  it('names each field that is wrong', () => {
    const errors = validateDraft(emptyDraft({ guests_count: 0, total_amount: -1, guest_email: 'nope' }), 4);
    expect(Object.keys(errors).sort()).toEqual(['check_in_date', 'check_out_date', 'guest_email', 'guests_count', 'property_id', 'total_amount']);
    expect(validateDraft({ ...valid, check_out_date: '2026-05-10' }, 4).check_out_date).toMatch(/must be after check-in/);
    expect(validateDraft({ ...valid, guests_count: 5 }, 4).guests_count).toMatch(/at most 4/);
    expect(validateDraft({ ...valid, total_amount: 10.005 }, 4).total_amount).toMatch(/two decimals/);
  });

  it('finds a clash with a live booking of the same property, as the server does', () => {
    const others = [
      { id: 'x', property_id: 'p1', guest_name: 'Ana', check_in_date: '2026-05-11', check_out_date: '2026-05-14', booking_status: 'confirmed' },
      { id: 'y', property_id: 'p1', guest_name: 'Gone', check_in_date: '2026-05-01', check_out_date: '2026-05-20', booking_status: 'cancelled' },
    ];
    expect(localClash(valid, 'new', others)?.message).toBe('These dates overlap the booking of Ana from 2026-05-11 to 2026-05-14');
    expect(localClash({ ...valid, check_out_date: '2026-05-11' }, 'new', others)).toBeNull();
    expect(localClash(valid, 'x', others.slice(0, 1))).toBeNull();
    expect(localClash({ ...valid, booking_status: 'cancelled' }, 'new', others)).toBeNull();
  });

  it('reads only the stays a draft can clash with: its property, ending after its check-in', () => {
    expect(clashCandidatesQuery({ ...valid, check_in_date: '' })).toBeNull();
    expect(clashCandidatesQuery({ ...valid, property_id: '' })).toBeNull();
    const stays = ['2026-05-01', '2026-05-08', '2026-05-10', '2026-05-12', '2026-05-15', '2026-06-01'].flatMap((day, i) => [
      { id: `a${i}`, property_id: 'p1', guest_name: `A${i}`, check_in_date: day, check_out_date: day.replace(/\d\d$/, (d) => String(Number(d) + 3).padStart(2, '0')), booking_status: 'confirmed' },
      { id: `b${i}`, property_id: 'p2', guest_name: `B${i}`, check_in_date: day, check_out_date: day.replace(/\d\d$/, (d) => String(Number(d) + 3).padStart(2, '0')), booking_status: 'confirmed' },
    ]);
    for (const [checkIn, checkOut] of [['2026-05-10', '2026-05-12'], ['2026-04-20', '2026-05-02'], ['2026-05-04', '2026-05-08'], ['2026-07-01', '2026-07-03']] as const) {
      const draft = { ...valid, check_in_date: checkIn, check_out_date: checkOut };
      const query = clashCandidatesQuery(draft);
      if (!query) throw new Error('no query');
      expect(localClash(draft, 'new', selectPage(stays, query).List)).toEqual(localClash(draft, 'new', stays));
    }
  });

  it('previews commission and net in cents at the host rate', () => {
    expect(previewPrice(333.33, 12)).toEqual({ total_amount: 333.33, commission_amount: 40, net_amount: 293.33 });
    expect(previewPrice(null, 12)).toBeNull();
  });

  it('prices in the booking currency: a new booking takes its property currency, an existing one keeps its own', () => {
    expect(previewPrice(28000.4, 12, 'JPY')).toEqual({ total_amount: 28000, commission_amount: 3360, net_amount: 24640 });
    // Created offline on the Lisbon property: the write carries EUR before any server sees it.
    expect(bookingCurrency(null, { currency: 'EUR' })).toBe('EUR');
    expect(bookingCurrency({ currency: 'EUR' }, { currency: 'USD' })).toBe('EUR');
    expect(bookingCurrency(null, undefined)).toBe('USD');
  });

  it('writes trimmed fields with the defaults (a nameless guest is "Guest", sources in lower case)', () => {
    expect(draftFields({ ...valid, guest_name: '  ', booking_source: ' Airbnb ' })).toMatchObject({ guest_name: 'Guest', booking_source: 'airbnb', guests_count: 2 });
  });
});

describe('blocked dates in the booking form', () => {
  const blocks = [
    { property_id: 'p1', start_date: '2031-06-10', end_date: '2031-06-12', summary: 'Airbnb (Not available)' },
    { property_id: 'p1', start_date: '2031-06-14', end_date: '2031-06-15', summary: ' ' },
    { property_id: 'p2', start_date: '2031-06-01', end_date: '2031-06-30', summary: 'Elsewhere' },
  ];
  const draft = (check_in_date: string, check_out_date: string, over: Partial<ReturnType<typeof emptyDraft>> = {}) => ({ ...emptyDraft({ property_id: 'p1' }), check_in_date, check_out_date, ...over });
  const day = (d: string) => d;

  it('names the first block on the nights, and how many more', () => {
    expect(blockOverlapText(draft('2031-06-11', '2031-06-13'), blocks, day)).toBe('These dates overlap the block “Airbnb (Not available)” from 2031-06-10 to 2031-06-12');
    expect(blockOverlapText(draft('2031-06-09', '2031-06-16'), blocks, day)).toBe('These dates overlap the block “Airbnb (Not available)” from 2031-06-10 to 2031-06-12 (and 1 more)');
    expect(blockOverlapText(draft('2031-06-14', '2031-06-15'), blocks, day)).toBe('These dates overlap the block “Blocked” from 2031-06-14 to 2031-06-15');
  });

  it('says nothing back to back, for another property, a cancelled booking or incomplete dates', () => {
    expect(blockOverlapText(draft('2031-06-12', '2031-06-14'), blocks, day)).toBeNull();
    expect(blockOverlapText(draft('2031-06-08', '2031-06-10'), blocks, day)).toBeNull();
    expect(blockOverlapText(draft('2031-06-11', '2031-06-13', { booking_status: 'cancelled' }), blocks, day)).toBeNull();
    expect(blockOverlapText(draft('2031-06-11', ''), blocks, day)).toBeNull();
    expect(blockOverlapText(draft('2031-06-11', '2031-06-13', { property_id: 'p3' }), blocks, day)).toBeNull();
  });
});
