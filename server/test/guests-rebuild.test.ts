/**
 * The guest rebuild derives guests from one SQL aggregate per stored e-mail and falls back to
 * deriveGuests for the groups the aggregate cannot settle exactly. This checks it against
 * deriveGuests itself (the rule of shared/guests.ts) on bookings written around the booking
 * service, so that their raw values reach the rebuild: e-mails in other cases or with blanks,
 * names and phones of blanks only (tabs, no-break spaces), equal check-in days, only cancelled
 * stays, empty or missing created dates, properties sharing a name, deleted bookings.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveGuests } from '../../shared/guests';
import { fromCents } from '../../shared/money';
import { TABLE_IDS } from '../../shared/registry';
import { bookings, guests, properties } from '../../shared/schema/tables';
import { rebuildGuests } from '../src/modules/guests/service';
import { guestSnapshot } from './bookings-helpers';
import { createHost, insertFixture } from './fixtures';
import { makeTestApp, type TestApp, inUnits } from './helpers';

let app: TestApp;
const NOW = new Date('2031-06-15T12:00:00.000Z');

beforeAll(async () => {
  app = await makeTestApp({ now: () => NOW });
});

afterAll(async () => {
  await app.cleanup();
});

type Raw = { property: number; email: string; name: string; phone: string; start: number; nights: number; cents: number; status: 'confirmed' | 'pending' | 'cancelled'; source: string; created: string | null; deleted: boolean };

const day = (n: number) => `2031-06-${String(1 + n).padStart(2, '0')}`;

const raw: fc.Arbitrary<Raw> = fc.record({
  property: fc.integer({ min: 0, max: 2 }),
  email: fc.constantFrom('ana@example.com', 'ANA@example.com', ' ana@example.com', 'bo@example.com', 'Bo@Example.com\t', 'cy@example.com', '', '  '),
  name: fc.constantFrom('Ana', ' Bo ', '', '   ', '\t', '\u00a0', 'Cy'),
  phone: fc.constantFrom('+1 555', '', ' ', '\u00a0', ' +44 20 '),
  start: fc.integer({ min: 0, max: 20 }),
  nights: fc.integer({ min: 1, max: 5 }),
  cents: fc.integer({ min: 0, max: 250_000 }),
  status: fc.constantFrom('confirmed' as const, 'pending' as const, 'cancelled' as const),
  source: fc.constantFrom('direct', 'airbnb', 'vrbo'),
  created: fc.constantFrom('2031-01-02T10:00:00.000Z', '2030-12-31T23:00:00.000Z', '', null),
  deleted: fc.boolean(),
});

/** What deriveGuests makes of the host's live bookings, in the order every path reads them. */
function expected(hostId: string) {
  const rows = app.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.host_id, hostId), isNull(bookings.deleted_at)))
    .orderBy(asc(bookings.check_in_date), asc(bookings.id))
    .all()
    .map((b) => inUnits(bookings, b));
  const names = new Map(
    app.db
      .select({ id: properties.id, property_name: properties.property_name })
      .from(properties)
      .where(eq(properties.host_id, hostId))
      .all()
      .map((p) => [p.id, p] as const),
  );
  return deriveGuests(rows, names, '2031-06-15')
    .map(({ host_id: _h, created_date, ...rest }) => ({ ...rest, average_rating: 3.5, country: '', created_date: created_date ?? NOW.toISOString(), deleted_at: null }))
    .sort((a, b) => (a.guest_email < b.guest_email ? -1 : 1));
}

describe('guest rebuild against deriveGuests on raw bookings', () => {
  it('derives the same guests from any bookings, and then finds nothing to change', () => {
    fc.assert(
      fc.property(fc.array(raw, { minLength: 1, maxLength: 30 }), (list) => {
        const host = createHost(app);
        const hostId = host.hostProfileId;
        // Two properties share a name: properties_stayed lists it once.
        const props = ['Casa', 'Loft', 'Casa'].map((name) => String(insertFixture(app, TABLE_IDS.properties, { host_id: hostId, property_name: name }).id));
        for (const r of list) {
          insertFixture(app, TABLE_IDS.bookings, {
            host_id: hostId,
            property_id: props[r.property],
            guest_email: r.email,
            guest_name: r.name,
            guest_phone: r.phone,
            check_in_date: day(r.start),
            check_out_date: day(r.start + r.nights),
            total_amount: fromCents(r.cents),
            booking_status: r.status,
            booking_source: r.source,
            created_date: r.created,
            deleted_at: r.deleted ? NOW.toISOString() : null,
          });
        }
        const first = app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW));
        const want = expected(hostId);
        expect(first).toMatchObject({ guests: want.length, bookings: list.filter((r) => !r.deleted).length, created: want.length, updated: 0, removed: 0 });
        expect(guestSnapshot(app, hostId).map(({ host_id: _h, ...rest }) => rest)).toEqual(want);
        expect(app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW))).toMatchObject({ created: 0, updated: 0, removed: 0 });
      }),
      { numRuns: 40 },
    );
  });

  it('updates a guest that drifted and removes one with no booking left', () => {
    const host = createHost(app);
    const hostId = host.hostProfileId;
    const property = String(insertFixture(app, TABLE_IDS.properties, { host_id: hostId, property_name: 'Casa' }).id);
    for (const email of ['ana@example.com', 'bo@example.com']) {
      insertFixture(app, TABLE_IDS.bookings, { host_id: hostId, property_id: property, guest_email: email, check_in_date: day(1), check_out_date: day(3), total_amount: 100 });
    }
    app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW));
    app.db.update(guests).set({ total_bookings: 7 }).where(eq(guests.guest_email, 'ana@example.com')).run();
    app.db.update(bookings).set({ deleted_at: NOW.toISOString() }).where(eq(bookings.guest_email, 'bo@example.com')).run();
    expect(app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW))).toMatchObject({ guests: 1, bookings: 1, created: 0, updated: 1, removed: 1 });
    expect(guestSnapshot(app, hostId).map((g) => [g.guest_email, g.total_bookings])).toEqual([['ana@example.com', 1]]);
  });
});
