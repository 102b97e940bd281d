/**
 * Guests (derived from bookings: docs/decisions.md "Rules read literally"): kept up to date on
 * every booking write, in the same transaction, and POST /api/guests/sync rebuilding them. The
 * property test drives random booking operations and checks that the incrementally kept guests are
 * exactly what a rebuild from scratch gives, and that the host counters equal a recount.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { bookings, guests, hostProfiles, properties } from '../../shared/schema/tables';
import { HttpError } from '../src/errors';
import { createBooking, deleteBooking, updateBooking } from '../src/modules/bookings/service';
import { rebuildGuests } from '../src/modules/guests/service';
import { countersFromScratch } from '../src/modules/hosts/counters';
import { createProperty, updateProperty } from '../src/modules/properties/service';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import { expectCounters, guestSnapshot, ok } from './bookings-helpers';
import { createHost, createStaff, createUser, type HostFixture } from './fixtures';

const B = TABLE_IDS.bookings;
const P = TABLE_IDS.properties;
const NOW = new Date('2031-06-15T12:00:00.000Z');

let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp({ now: () => NOW });
});
afterAll(async () => app.cleanup());

function guestOf(hostId: string, email: string) {
  return app.db
    .select()
    .from(guests)
    .where(eq(guests.host_id, hostId))
    .all()
    .find((g) => g.guest_email === email);
}

describe('guests kept on every booking write', () => {
  let host: HostFixture;
  let villa: string;
  let flat: string;

  beforeAll(async () => {
    host = createHost(app);
    villa = await ok(app, host.token, P, 'create', { property_name: 'Villa Mar' });
    flat = await ok(app, host.token, P, 'create', { property_name: 'Flat Sol' });
  });

  const book = (property: string, checkIn: string, checkOut: string, extra: Record<string, unknown>) =>
    ok(app, host.token, B, 'create', { property_id: property, check_in_date: checkIn, check_out_date: checkOut, ...extra });

  it('makes one guest per lower-cased e-mail with the derived fields, VIP from the third booking', async () => {
    await book(villa, '2031-01-10', '2031-01-12', { guest_email: 'Ana@Example.com', guest_name: 'Ana', total_amount: 400, booking_source: 'direct' });
    expect(guestOf(host.hostProfileId, 'ana@example.com')).toMatchObject({
      guest_name: 'Ana',
      total_bookings: 1,
      total_spent: 400,
      vip_status: false,
      verified_status: false,
      guest_status: 'past',
      last_booking_date: '2031-01-10',
      properties_stayed: ['Villa Mar'],
      average_rating: 3.5,
      created_date: NOW.toISOString(),
      updated_date: NOW.toISOString(),
    });
    await book(flat, '2031-03-01', '2031-03-03', { guest_email: 'ANA@example.com', guest_name: 'Ana Silva', guest_phone: '+351 1', total_amount: 600, booking_source: 'airbnb' });
    expect(guestOf(host.hostProfileId, 'ana@example.com')).toMatchObject({ total_bookings: 2, total_spent: 1000, vip_status: false, verified_status: true, guest_name: 'Ana Silva', guest_phone: '+351 1' });
    await book(villa, '2031-06-14', '2031-06-16', { guest_email: 'ana@example.com', total_amount: 0 });
    expect(guestOf(host.hostProfileId, 'ana@example.com')).toMatchObject({
      total_bookings: 3,
      vip_status: true,
      guest_status: 'current',
      last_booking_date: '2031-06-14',
      properties_stayed: ['Villa Mar', 'Flat Sol'],
    });
    expect(app.db.select().from(guests).where(eq(guests.host_id, host.hostProfileId)).all()).toHaveLength(1);
  });

  it('is VIP from 2000 spent, not at 1999.99', async () => {
    const id = await book(villa, '2031-02-01', '2031-02-03', { guest_email: 'rich@example.com', total_amount: 1999.99 });
    expect(guestOf(host.hostProfileId, 'rich@example.com')?.vip_status).toBe(false);
    await ok(app, host.token, B, 'update', { ID: id, total_amount: 2000 });
    expect(guestOf(host.hostProfileId, 'rich@example.com')).toMatchObject({ vip_status: true, total_spent: 2000 });
  });

  it('takes status from the latest check-in: upcoming, current up to the last night, past on the check-out day, cancelled', async () => {
    const id = await book(flat, '2031-06-16', '2031-06-18', { guest_email: 'status@example.com' });
    const status = () => guestOf(host.hostProfileId, 'status@example.com')?.guest_status;
    expect(status()).toBe('upcoming');
    await ok(app, host.token, B, 'update', { ID: id, check_in_date: '2031-06-15' });
    expect(status()).toBe('current');
    await ok(app, host.token, B, 'update', { ID: id, check_in_date: '2031-06-13', check_out_date: '2031-06-15' });
    expect(status()).toBe('past');
    await ok(app, host.token, B, 'update', { ID: id, booking_status: 'cancelled' });
    expect(guestOf(host.hostProfileId, 'status@example.com')).toMatchObject({ guest_status: 'cancelled', total_bookings: 0, total_spent: 0 });
  });

  it('moves a booking between guests when its e-mail changes, removes a guest with no booking left and brings the same row back', async () => {
    const id = await book(villa, '2031-04-01', '2031-04-02', { guest_email: 'old@example.com', total_amount: 10 });
    const oldGuest = guestOf(host.hostProfileId, 'old@example.com');
    expect(oldGuest?.deleted_at).toBeNull();
    await ok(app, host.token, B, 'update', { ID: id, guest_email: 'New@Example.com' });
    expect(guestOf(host.hostProfileId, 'old@example.com')?.deleted_at).not.toBeNull();
    expect(guestOf(host.hostProfileId, 'new@example.com')).toMatchObject({ total_bookings: 1, total_spent: 10, deleted_at: null });
    await ok(app, host.token, B, 'update', { ID: id, guest_email: 'old@example.com' });
    const back = guestOf(host.hostProfileId, 'old@example.com');
    expect(back).toMatchObject({ id: oldGuest?.id, deleted_at: null, total_bookings: 1 });
    expect(back?.version).toBeGreaterThan(oldGuest?.version ?? Infinity);
    await ok(app, host.token, B, 'delete', { ID: id });
    expect(guestOf(host.hostProfileId, 'old@example.com')?.deleted_at).not.toBeNull();
    // A booking without an e-mail makes no guest.
    await book(flat, '2031-05-01', '2031-05-02', { guest_email: '' });
    expect(guestOf(host.hostProfileId, '')).toBeUndefined();
  });

  it('renames a property in the properties_stayed of its guests', async () => {
    await ok(app, host.token, P, 'update', { ID: villa, property_name: 'Villa Luna' });
    expect(guestOf(host.hostProfileId, 'ana@example.com')?.properties_stayed).toEqual(['Villa Luna', 'Flat Sol']);
  });

  it('is exactly what a rebuild derives: the rebuild finds nothing to change', async () => {
    const before = guestSnapshot(app, host.hostProfileId);
    const result = app.db.transaction((tx) => rebuildGuests(tx, host.hostProfileId, NOW));
    expect(result).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(guestSnapshot(app, host.hostProfileId)).toEqual(before);
  });
});

describe('POST /api/guests/sync', () => {
  const sync = async (token: string | null, query = '') => {
    const res = await app.inject({ method: 'POST', url: `/api/guests/sync${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  it('rebuilds the caller host guests and answers the counts of guests and bookings', async () => {
    const host = createHost(app);
    const property = await ok(app, host.token, P, 'create', { property_name: 'Sync House' });
    const emails = ['a@example.com', 'b@example.com', 'A@example.com', ''];
    for (const [i, email] of emails.entries()) {
      await ok(app, host.token, B, 'create', { property_id: property, check_in_date: `2031-07-0${i + 1}`, check_out_date: `2031-07-0${i + 2}`, guest_email: email, total_amount: 100 });
    }
    // Wipe the guests behind the service's back: the rebuild restores them.
    app.db.delete(guests).where(eq(guests.host_id, host.hostProfileId)).run();
    const r = await sync(host.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ guests: 2, bookings: 4, created: 2, updated: 0, removed: 0 });
    expect(guestOf(host.hostProfileId, 'a@example.com')).toMatchObject({ total_bookings: 2, total_spent: 200 });
    const again = await sync(host.token);
    expect(again.body).toEqual({ guests: 2, bookings: 4, created: 0, updated: 0, removed: 0 });
  });

  it('lets an admin name the host, and refuses everyone else', async () => {
    const host = createHost(app);
    const admin = createUser(app, 'admin');
    expect((await sync(null)).status).toBe(401);
    expect((await sync(createStaff(app, host.hostProfileId).token)).status).toBe(403);
    const missing = await sync(admin.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^Invalid value for hostId/);
    expect((await sync(admin.token, `?hostId=${host.hostProfileId}`)).body).toEqual({ guests: 0, bookings: 0, created: 0, updated: 0, removed: 0 });
    expect((await sync(admin.token, '?hostId=no-such-host')).status).toBe(404);
    const stranger = createHost(app);
    expect((await sync(stranger.token, `?hostId=${host.hostProfileId}`)).status).toBe(404);
    expect((await sync(admin.token, '?colour=red')).status).toBe(400);
  });
});

describe('incremental guests equal guests rebuilt from scratch (property test)', () => {
  type Op =
    | { kind: 'create'; property: number; email: string; start: number; nights: number; cents: number; status: 'confirmed' | 'pending' | 'cancelled'; source: string; name: string }
    | { kind: 'update'; pick: number; changes: Record<string, unknown> }
    | { kind: 'delete'; pick: number }
    | { kind: 'rename'; property: number; name: string };

  const email = fc.constantFrom('ana@example.com', 'ANA@example.com', ' bo@example.com', 'cy@example.com', '');
  const day = (n: number) => `2031-06-${String(1 + n).padStart(2, '0')}`;
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('create' as const),
        property: fc.integer({ min: 0, max: 1 }),
        email,
        start: fc.integer({ min: 0, max: 24 }),
        nights: fc.integer({ min: 1, max: 4 }),
        cents: fc.integer({ min: 0, max: 300_000 }),
        status: fc.constantFrom('confirmed' as const, 'pending' as const, 'cancelled' as const),
        source: fc.constantFrom('direct', 'airbnb'),
        name: fc.constantFrom('Ana', 'Bo', ''),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('update' as const),
        pick: fc.nat(),
        changes: fc.oneof(
          email.map((guest_email) => ({ guest_email })),
          fc.constantFrom('confirmed', 'cancelled').map((booking_status) => ({ booking_status })),
          fc.integer({ min: 0, max: 300_000 }).map((c) => ({ total_amount: c / 100 })),
          fc.integer({ min: 0, max: 24 }).map((n) => ({ check_in_date: day(n), check_out_date: day(n + 2) })),
          fc.constantFrom('+1 555', '').map((guest_phone) => ({ guest_phone })),
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename' as const), property: fc.integer({ min: 0, max: 1 }), name: fc.constantFrom('Casa', 'Loft', 'Cabin') }) },
  );

  it('after any sequence of creates, updates, cancels, deletes and renames', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        const host = createHost(app);
        const hostId = host.hostProfileId;
        const env = { now: NOW, publicOrigin: 'http://localhost' };
        const props = [0, 1].map((i) => String(app.db.transaction((tx) => createProperty(tx, { host_id: hostId, property_name: `P${i}` }, env)).id));
        const ids: string[] = [];
        for (const o of ops) {
          try {
            app.db.transaction((tx) => {
              if (o.kind === 'create') {
                const row = createBooking(
                  tx,
                  {
                    host_id: hostId,
                    property_id: props[o.property],
                    guest_email: o.email,
                    guest_name: o.name,
                    check_in_date: day(o.start),
                    check_out_date: day(o.start + o.nights),
                    total_amount: o.cents / 100,
                    booking_status: o.status,
                    booking_source: o.source,
                  },
                  { now: NOW },
                ).row;
                ids.push(row.id);
              } else if (o.kind === 'rename') {
                const before = inUnits(properties, tx.select().from(properties).where(eq(properties.id, String(props[o.property]))).get());
                if (before) updateProperty(tx, before, { property_name: o.name }, env);
              } else {
                const id = ids[o.pick % Math.max(ids.length, 1)];
                const before = id === undefined ? undefined : inUnits(bookings, tx.select().from(bookings).where(eq(bookings.id, id)).get());
                if (!before || before.deleted_at !== null) return;
                if (o.kind === 'update') updateBooking(tx, before, o.changes, { now: NOW });
                else deleteBooking(tx, before, { now: NOW });
              }
            });
          } catch (err) {
            // A refused write (double booking) rolls back alone; anything else is a failure.
            if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
          }
        }
        const incremental = guestSnapshot(app, hostId);
        expectCounters(app, hostId);
        const rebuilt = app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW));
        expect(rebuilt).toMatchObject({ created: 0, updated: 0, removed: 0 });
        app.db.delete(guests).where(eq(guests.host_id, hostId)).run();
        app.db.transaction((tx) => rebuildGuests(tx, hostId, NOW));
        expect(guestSnapshot(app, hostId)).toEqual(incremental);
      }),
      { numRuns: 40 },
    );
  });
});

describe('the demo seed', () => {
  it('is what the server rules derive: a rebuild changes no guest, and the counters equal a recount', async () => {
    const now = new Date();
    const demo = await makeTestApp({ seed: true, now: () => now });
    try {
      const profiles = demo.db.select().from(hostProfiles).all();
      expect(profiles.length).toBeGreaterThan(0);
      for (const profile of profiles) {
        const result = demo.db.transaction((tx) => rebuildGuests(tx, profile.id, now));
        expect(result.guests).toBeGreaterThan(0);
        expect(result).toMatchObject({ created: 0, updated: 0, removed: 0 });
        expect({ properties_count: profile.properties_count, total_bookings: profile.total_bookings, total_revenue: profile.total_revenue }).toEqual(
          countersFromScratch(demo.db, profile.id),
        );
      }
    } finally {
      await demo.cleanup();
    }
  });
});

describe('guest status moves with the calendar (the guest-status job)', () => {
  let clock = new Date('2031-08-01T09:00:00.000Z');
  let dated: TestApp;

  beforeAll(async () => {
    dated = await makeTestApp({ now: () => clock });
  });
  afterAll(async () => dated.cleanup());

  const statusOf = (hostId: string, email: string) =>
    dated.db
      .select()
      .from(guests)
      .where(eq(guests.host_id, hostId))
      .all()
      .find((g) => g.guest_email === email);

  it('moves upcoming guests to current on arrival and current ones to past after departure; others are left as written', async () => {
    const host = createHost(dated);
    const root = createUser(dated, 'super_admin');
    const villa = await ok(dated, host.token, P, 'create', { property_name: 'Villa Luz' });
    const book = (email: string, checkIn: string, checkOut: string) =>
      ok(dated, host.token, B, 'create', { property_id: villa, guest_email: email, guest_name: email, check_in_date: checkIn, check_out_date: checkOut });
    await book('soon@example.com', '2031-08-03', '2031-08-05');
    await book('later@example.com', '2031-09-10', '2031-09-12');
    await book('gone@example.com', '2031-07-01', '2031-07-03');
    const run = async () => {
      const res = await dated.inject({ method: 'POST', url: '/api/admin/jobs/guest-status/run', headers: { authorization: `Bearer ${root.token}` } });
      expect(res.statusCode).toBe(200);
      return (res.json() as { result: { checked: number; changed: number } }).result;
    };
    expect(statusOf(host.hostProfileId, 'soon@example.com')?.guest_status).toBe('upcoming');
    const laterVersion = statusOf(host.hostProfileId, 'later@example.com')?.version;
    const goneVersion = statusOf(host.hostProfileId, 'gone@example.com')?.version;

    expect(await run()).toEqual({ checked: 0, changed: 0 });

    clock = new Date('2031-08-03T00:30:00.000Z');
    expect(await run()).toEqual({ checked: 1, changed: 1 });
    expect(statusOf(host.hostProfileId, 'soon@example.com')?.guest_status).toBe('current');

    clock = new Date('2031-08-04T10:00:00.000Z');
    expect(await run()).toEqual({ checked: 1, changed: 0 });

    clock = new Date('2031-08-05T00:00:00.000Z');
    expect(await run()).toEqual({ checked: 1, changed: 1 });
    expect(statusOf(host.hostProfileId, 'soon@example.com')?.guest_status).toBe('past');
    // Nobody else was written: their versions stand.
    expect(statusOf(host.hostProfileId, 'later@example.com')).toMatchObject({ guest_status: 'upcoming', version: laterVersion });
    expect(statusOf(host.hostProfileId, 'gone@example.com')).toMatchObject({ guest_status: 'past', version: goneVersion });
    // What the job wrote is what a rebuild derives.
    const before = guestSnapshot(dated, host.hostProfileId);
    dated.db.transaction((tx) => rebuildGuests(tx, host.hostProfileId, clock));
    expect(guestSnapshot(dated, host.hostProfileId)).toEqual(before);
  });
});
