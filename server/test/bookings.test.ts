/**
 * Booking rules through every door: the table API over HTTP, sync push, and the import functions
 * integrations call. The database is checked, not only the replies.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { bookings, guests, hostProfiles } from '../../shared/schema/tables';
import { getRow } from '../src/db/write';
import { createBooking, findBookingClashes, importBooking, updateBooking } from '../src/modules/bookings/service';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import { call, expectCounters, ok, storedCounters } from './bookings-helpers';
import { createHost, createProperty, createUser, defOf, type HostFixture, type UserFixture } from './fixtures';
import { mutation, push } from './sync-helpers';

const B = TABLE_IDS.bookings;
const P = TABLE_IDS.properties;

let app: TestApp;
let host: HostFixture;
let other: HostFixture;
let admin: UserFixture;

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app, { commissionRate: 12 });
  other = createHost(app, { commissionRate: 15 });
  admin = createUser(app, 'admin');
});
afterAll(async () => app.cleanup());

function bookingRow(id: string) {
  return inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, id)).get());
}

async function newProperty(hostFixture: HostFixture = host, maxGuests = 4): Promise<string> {
  return ok(app, hostFixture.token, P, 'create', { property_name: `House ${Math.random()}`, max_guests: maxGuests });
}

async function book(propertyId: string, checkIn: string, checkOut: string, extra: Record<string, unknown> = {}) {
  return call(app, host.token, B, 'create', { property_id: propertyId, check_in_date: checkIn, check_out_date: checkOut, ...extra });
}

describe('price', () => {
  it('sets commission and net at the host rate on create, ignoring client values', async () => {
    const property = await newProperty();
    const r = await book(property, '2031-01-01', '2031-01-03', { total_amount: 250.55, commission_amount: 1, net_amount: 1 });
    expect(r.status).toBe(201);
    expect(bookingRow(String(r.body.ID))).toMatchObject({ total_amount: 250.55, commission_amount: 30.07, net_amount: 220.48 });
  });

  it('rounds a half cent away from zero, once, on the rounded total', async () => {
    const property = await newProperty(other);
    const create = async (total: number, day: number) => {
      const r = await call(app, other.token, B, 'create', { property_id: property, check_in_date: `2031-02-0${day}`, check_out_date: `2031-02-0${day + 1}`, total_amount: total });
      expect(r.status).toBe(201);
      return bookingRow(String(r.body.ID));
    };
    // 15 % of 10 cents is 1.5 cents; of 30 cents, 4.5 cents; of 20 cents, 3 cents exactly.
    expect(await create(0.1, 1)).toMatchObject({ total_amount: 0.1, commission_amount: 0.02, net_amount: 0.08 });
    expect(await create(0.3, 2)).toMatchObject({ total_amount: 0.3, commission_amount: 0.05, net_amount: 0.25 });
    expect(await create(0.2, 3)).toMatchObject({ total_amount: 0.2, commission_amount: 0.03, net_amount: 0.17 });
    // 10.005 is 10.00499… as a double: the total is rounded to 1001 cents first, then 15 % = 150.15 → 150.
    expect(await create(10.005, 4)).toMatchObject({ total_amount: 10.01, commission_amount: 1.5, net_amount: 8.51 });
  });

  it('reprices every update at the host rate of now', async () => {
    const property = await newProperty();
    const id = String((await book(property, '2031-03-01', '2031-03-05', { total_amount: 1.05 })).body.ID);
    expect(bookingRow(id)).toMatchObject({ commission_amount: 0.13, net_amount: 0.92 });
    app.db.update(hostProfiles).set({ commission_rate: 10 }).where(eq(hostProfiles.id, host.hostProfileId)).run();
    try {
      await ok(app, host.token, B, 'update', { ID: id, guest_name: 'Renamed' });
      // 10 % of 105 cents is 10.5 cents: half away from zero.
      expect(bookingRow(id)).toMatchObject({ total_amount: 1.05, commission_amount: 0.11, net_amount: 0.94 });
    } finally {
      app.db.update(hostProfiles).set({ commission_rate: 12 }).where(eq(hostProfiles.id, host.hostProfileId)).run();
    }
  });
});

describe('validation', () => {
  it('answers 400 naming check_out_date when it is not after check_in_date, on create and update', async () => {
    const property = await newProperty();
    for (const out of ['2031-04-01', '2031-03-30']) {
      const r = await book(property, '2031-04-01', out);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Invalid value for check_out_date: must be after check_in_date');
    }
    const id = String((await book(property, '2031-04-01', '2031-04-03')).body.ID);
    const moved = await call(app, host.token, B, 'update', { ID: id, check_in_date: '2031-04-03' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toBe('Invalid value for check_out_date: must be after check_in_date');
    expect(bookingRow(id)?.check_in_date).toBe('2031-04-01');
  });

  it("answers 400 naming guests_count above the property's max_guests, and takes exactly the max", async () => {
    const property = await newProperty(host, 3);
    const over = await book(property, '2031-05-01', '2031-05-02', { guests_count: 4 });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe("Invalid value for guests_count: must be at most 3, the property's max_guests");
    const id = String((await book(property, '2031-05-01', '2031-05-02', { guests_count: 3 })).body.ID);
    const update = await call(app, host.token, B, 'update', { ID: id, guests_count: 5 });
    expect(update.status).toBe(400);
    expect(update.body.error).toContain('guests_count');
    const smaller = await newProperty(host, 2);
    const move = await call(app, host.token, B, 'update', { ID: id, property_id: smaller });
    expect(move.status).toBe(400);
    expect(move.body.error).toContain('at most 2');
  });

  it('stores the guest e-mail trimmed and lower-cased', async () => {
    const property = await newProperty();
    const id = String((await book(property, '2031-06-01', '2031-06-02', { guest_email: 'Ada.Lovelace@Example.COM' })).body.ID);
    expect(bookingRow(id)?.guest_email).toBe('ada.lovelace@example.com');
  });
});

describe('no double booking', () => {
  it('lets back-to-back stays pass and refuses a one-night overlap or containment with 409 naming guest and dates', async () => {
    const property = await newProperty();
    const first = await book(property, '2031-07-10', '2031-07-14', { guest_name: 'Ada Lovelace' });
    expect(first.status).toBe(201);
    expect((await book(property, '2031-07-14', '2031-07-16')).status).toBe(201);
    expect((await book(property, '2031-07-08', '2031-07-10')).status).toBe(201);
    for (const [checkIn, checkOut] of [
      ['2031-07-13', '2031-07-14'],
      ['2031-07-11', '2031-07-12'],
      ['2031-07-09', '2031-07-11'],
    ] as const) {
      const r = await book(property, checkIn, checkOut);
      expect(r.status).toBe(409);
      expect(r.body.error).toMatch(/^These dates overlap the booking of /);
    }
    const clash = await book(property, '2031-07-12', '2031-07-13');
    expect(clash.body.error).toBe('These dates overlap the booking of Ada Lovelace from 2031-07-10 to 2031-07-14');
    // Another property is free on the same nights.
    expect((await book(await newProperty(), '2031-07-10', '2031-07-14')).status).toBe(201);
    const count = app.db.select().from(bookings).where(eq(bookings.property_id, property)).all().length;
    expect(count).toBe(3);
  });

  it('refuses an update that moves the dates or the property onto another stay, and leaves the row as it was', async () => {
    const property = await newProperty();
    await book(property, '2031-08-10', '2031-08-15', { guest_name: 'Grace Hopper' });
    const id = String((await book(property, '2031-08-20', '2031-08-22')).body.ID);
    const moved = await call(app, host.token, B, 'update', { ID: id, check_in_date: '2031-08-14' });
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe('These dates overlap the booking of Grace Hopper from 2031-08-10 to 2031-08-15');
    expect(bookingRow(id)).toMatchObject({ check_in_date: '2031-08-20', check_out_date: '2031-08-22' });

    const elsewhere = await newProperty();
    await book(elsewhere, '2031-08-21', '2031-08-23', { guest_name: 'Alan Turing' });
    const switched = await call(app, host.token, B, 'update', { ID: id, property_id: elsewhere });
    expect(switched.status).toBe(409);
    expect(switched.body.error).toContain('Alan Turing from 2031-08-21 to 2031-08-23');
    // Moving within its own nights never clashes with itself.
    expect((await call(app, host.token, B, 'update', { ID: id, check_out_date: '2031-08-21' })).status).toBe(200);
  });

  it('frees the dates on cancel, and refuses to un-cancel over the stay that took them', async () => {
    const property = await newProperty();
    const first = String((await book(property, '2031-09-01', '2031-09-05', { guest_name: 'First Guest' })).body.ID);
    expect((await book(property, '2031-09-03', '2031-09-04')).status).toBe(409);
    await ok(app, host.token, B, 'update', { ID: first, booking_status: 'cancelled' });
    const second = await book(property, '2031-09-03', '2031-09-06', { guest_name: 'Second Guest' });
    expect(second.status).toBe(201);
    const back = await call(app, host.token, B, 'update', { ID: first, booking_status: 'confirmed' });
    expect(back.status).toBe(409);
    expect(back.body.error).toBe('These dates overlap the booking of Second Guest from 2031-09-03 to 2031-09-06');
    expect(bookingRow(first)?.booking_status).toBe('cancelled');
    // A cancelled booking may be created over anything: it holds no dates.
    expect((await book(property, '2031-09-03', '2031-09-06', { booking_status: 'cancelled' })).status).toBe(201);
    // A deleted booking frees its dates too.
    await ok(app, host.token, B, 'delete', { ID: String(second.body.ID) });
    expect((await book(property, '2031-09-04', '2031-09-05')).status).toBe(201);
  });

  it('rejects a clashing booking pushed by an offline tablet with the same reason, and applies the rest', async () => {
    const property = await newProperty();
    await book(property, '2031-10-10', '2031-10-12', { guest_name: 'Online Guest' });
    const clashing = mutation(1, B, 'create', `offline-${Math.random()}`, { property_id: property, check_in_date: '2031-10-11', check_out_date: '2031-10-13' });
    const fine = mutation(2, B, 'create', `offline-${Math.random()}`, { property_id: property, check_in_date: '2031-10-12', check_out_date: '2031-10-13', total_amount: 100 });
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [clashing, fine]);
    expect(answer.results).toEqual([
      { id: clashing.id, status: 'rejected', code: 409, error: 'These dates overlap the booking of Online Guest from 2031-10-10 to 2031-10-12' },
      { id: fine.id, status: 'applied' },
    ]);
    expect(bookingRow(clashing.rowId)).toBeUndefined();
    expect(bookingRow(fine.rowId)).toMatchObject({ commission_amount: 12, net_amount: 88 });
    // The same rule for a pushed update that moves the dates.
    const move = mutation(1, B, 'update', fine.rowId, { check_in_date: '2031-10-11' });
    const moved = await push(app, host.token, `tablet-${Math.random()}`, [move]);
    expect(moved.results[0]).toEqual({ id: move.id, status: 'rejected', code: 409, error: 'These dates overlap the booking of Online Guest from 2031-10-10 to 2031-10-12' });
  });
});

describe('bookings pushed by an offline tablet keep guests and counters', () => {
  it('creates the guest, counts the stay and its revenue, and follows a pushed cancel', async () => {
    const tablet = createHost(app);
    const property = await newProperty(tablet);
    const before = storedCounters(app, tablet.hostProfileId);
    const email = `tablet-${Math.random()}@example.com`;
    const created = mutation(1, B, 'create', `offline-${Math.random()}`, {
      property_id: property,
      guest_name: 'Tablet Guest',
      guest_email: email.toUpperCase(),
      check_in_date: '2031-12-01',
      check_out_date: '2031-12-04',
      total_amount: 300,
    });
    const client = `tablet-${Math.random()}`;
    expect((await push(app, tablet.token, client, [created])).results).toEqual([{ id: created.id, status: 'applied' }]);
    expectCounters(app, tablet.hostProfileId, { ...before, total_bookings: before.total_bookings + 1, total_revenue: before.total_revenue + 300 });
    const guest = () => app.db.select().from(guests).where(eq(guests.host_id, tablet.hostProfileId)).all().find((g) => g.guest_email === email);
    expect(guest()).toMatchObject({ guest_name: 'Tablet Guest', total_bookings: 1, total_spent: 300, last_booking_date: '2031-12-01', deleted_at: null });

    const cancel = mutation(2, B, 'update', created.rowId, { booking_status: 'cancelled' });
    expect((await push(app, tablet.token, client, [cancel])).results).toEqual([{ id: cancel.id, status: 'applied' }]);
    expectCounters(app, tablet.hostProfileId, before);
    expect(guest()).toMatchObject({ total_bookings: 0, total_spent: 0, guest_status: 'cancelled' });
  });
});

describe('imports (iCal, channel partner)', () => {
  it('are never refused: the clashes come back instead, and the rules still run', async () => {
    const property = await newProperty(host, 2);
    const direct = String((await book(property, '2031-11-10', '2031-11-15', { guest_name: 'Direct Guest', total_amount: 500 })).body.ID);
    const now = app.now();
    const result = app.db.transaction((tx) =>
      importBooking(
        tx,
        { host_id: host.hostProfileId, property_id: property, check_in_date: '2031-11-12', check_out_date: '2031-11-14', booking_source: 'airbnb', guests_count: 5, total_amount: 300, guest_email: ' Imported@Example.com ' },
        { now },
      ),
    );
    expect(result.clashes.map((c) => [c.id, c.guest_name, c.check_in_date, c.check_out_date])).toEqual([[direct, 'Direct Guest', '2031-11-10', '2031-11-15']]);
    expect(result.row).toMatchObject({ commission_amount: 36, net_amount: 264, guests_count: 5, guest_email: 'imported@example.com' });
    expect(findBookingClashes(app.db, property, '2031-11-12', '2031-11-13')).toHaveLength(2);
    // Moving an imported stay reports its clashes too; a direct write would be refused.
    const moved = app.db.transaction((tx) => updateBooking(tx, result.row, { check_in_date: '2031-11-11' }, { now }, { imported: true }));
    expect(moved.clashes.map((c) => c.id)).toEqual([direct]);
    expect(() => app.db.transaction((tx) => updateBooking(tx, moved.row, { check_in_date: '2031-11-10', guests_count: 2 }, { now }))).toThrow(/overlap the booking of Direct Guest/);
    // A stay still needs a night, and a property of its host.
    expect(() =>
      app.db.transaction((tx) => createBooking(tx, { host_id: host.hostProfileId, property_id: property, check_in_date: '2031-12-02', check_out_date: '2031-12-01' }, { now }, { imported: true })),
    ).toThrow('Invalid value for check_out_date: must be after check_in_date');
    expect(() =>
      app.db.transaction((tx) => importBooking(tx, { host_id: other.hostProfileId, property_id: property, check_in_date: '2031-12-01', check_out_date: '2031-12-02' }, { now })),
    ).toThrow('Invalid value for property_id: no such property');
  });
});

describe('host counters', () => {
  it('stay exact through creates, updates, cancels, deletes and moves between hosts', async () => {
    const fresh = createHost(app, { commissionRate: 10 });
    const p1 = await ok(app, fresh.token, P, 'create', { property_name: 'One' });
    const p2 = await ok(app, fresh.token, P, 'create', { property_name: 'Two' });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 0, total_revenue: 0 });
    const create = (property: string, checkIn: string, checkOut: string, total: number) =>
      ok(app, fresh.token, B, 'create', { property_id: property, check_in_date: checkIn, check_out_date: checkOut, total_amount: total });
    const a = await create(p1, '2032-01-01', '2032-01-05', 100.1);
    const b = await create(p1, '2032-01-05', '2032-01-07', 200.2);
    const c = await create(p2, '2032-01-01', '2032-01-03', 0.7);
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 3, total_revenue: 301 });
    await ok(app, fresh.token, B, 'update', { ID: a, total_amount: 50.05 });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 3, total_revenue: 250.95 });
    await ok(app, fresh.token, B, 'update', { ID: b, booking_status: 'cancelled' });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 2, total_revenue: 50.75 });
    // Changing a cancelled booking's total changes nothing counted.
    await ok(app, fresh.token, B, 'update', { ID: b, total_amount: 999 });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 2, total_revenue: 50.75 });
    await ok(app, fresh.token, B, 'update', { ID: b, booking_status: 'confirmed' });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 3, total_revenue: 1049.75 });
    await ok(app, fresh.token, B, 'delete', { ID: c });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 2, total_revenue: 1049.05 });
    // p1 has bookings: archived (not counted), p2 has none left: deleted.
    await ok(app, fresh.token, P, 'delete', { ID: p1 });
    await ok(app, fresh.token, P, 'delete', { ID: p2 });
    expectCounters(app, fresh.hostProfileId, { properties_count: 0, total_bookings: 2, total_revenue: 1049.05 });
    await ok(app, fresh.token, P, 'update', { ID: p1, status: 'active' });
    expectCounters(app, fresh.hostProfileId, { properties_count: 1, total_bookings: 2, total_revenue: 1049.05 });

    // An admin moves a booking to another host: both hosts' counters follow.
    const target = createHost(app);
    const targetProperty = String(createProperty(app, target.hostProfileId).id);
    const before = storedCounters(app, target.hostProfileId);
    await ok(app, admin.token, B, 'update', { ID: a, host_id: target.hostProfileId, property_id: targetProperty });
    expectCounters(app, fresh.hostProfileId, { properties_count: 1, total_bookings: 1, total_revenue: 999 });
    // The target's properties were written around the service (fixture), so only its booking counters are exact.
    const after = storedCounters(app, target.hostProfileId);
    expect(after.total_bookings - before.total_bookings).toBe(1);
    expect(after.total_revenue - before.total_revenue).toBeCloseTo(50.05, 10);
    expect(getRow(app.db, defOf(B), a)?.host_id).toBe(target.hostProfileId);
  });
});
