/**
 * The set-based import (importBookings, used by the iCal reconcile for a feed's new stays) leaves
 * exactly what importBooking one stay at a time leaves: the same bookings (price, e-mail,
 * created date), guests, host counters, turnover tasks with their links, and notifications. Two
 * hosts get the same properties, template, staff and earlier bookings; one imports stay by stay,
 * the other in one call; their rows are compared without ids, versions and write times. Run it
 * with TZ set east and west of UTC too: "today" at each property decides which stays get a task.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { TABLE_IDS } from '../../shared/registry';
import { bookings, hostProfiles, housekeepingTasks, notifications, properties, turnoverTasks } from '../../shared/schema/tables';
import type { Row } from '../src/db/write';
import { createBooking, importBooking, importBookings, type BookingEnv } from '../src/modules/bookings/service';
import { guestSnapshot } from './bookings-helpers';
import { createHost, createStaff, insertFixture, type HostFixture } from './fixtures';
import { makeTestApp, type TestApp, inUnits } from './helpers';

let app: TestApp;
// Late evening in UTC: already tomorrow in Auckland, still today in Los Angeles.
const clock = new Date('2031-06-10T22:30:00.000Z');
const TODAY = '2031-06-10';

beforeAll(async () => {
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
});

type Setup = { host: HostFixture; propertyIds: string[] };

function env(): BookingEnv {
  return { now: clock, db: app.db };
}

/** A host with three properties in three zones, a default template, a housekeeper and two earlier stays. */
function setUp(): Setup {
  const host = createHost(app, { commissionRate: 13.5 });
  createStaff(app, host.hostProfileId);
  const propertyIds = [
    ['Harbour Loft', 'Pacific/Auckland'],
    ['Canyon House', 'America/Los_Angeles'],
    ['Old Town Flat', 'Europe/Paris'],
  ].map(([name, timezone]) => String(insertFixture(app, TABLE_IDS.properties, { host_id: host.hostProfileId, property_name: name, timezone, max_guests: 2, created_date: clock.toISOString() }).id));
  insertFixture(app, TABLE_IDS.task_templates, {
    host_id: host.hostProfileId,
    name: 'Turnover clean',
    description: 'Between stays',
    checklist_items: [{ id: 'c1', text: 'Strip beds', done: true }],
    estimated_duration: 90,
    priority_level: 'high',
    special_instructions: 'Key in the lockbox',
    is_default: true,
    created_date: clock.toISOString(),
  });
  app.db.transaction((tx) => {
    for (const [i, propertyId] of propertyIds.entries()) {
      createBooking(
        tx,
        {
          host_id: host.hostProfileId,
          property_id: propertyId,
          guest_name: 'Ada Lovelace',
          guest_email: 'ada@example.test',
          check_in_date: addDays(TODAY, -40 + i),
          check_out_date: addDays(TODAY, -36 + i),
          total_amount: 420.5,
          booking_source: 'direct',
          created_date: '2031-04-01T10:00:00.000Z',
        },
        env(),
      );
    }
  });
  return { host, propertyIds };
}

/** Stays to import: past, ending today in some zone, future, overlapping, guests by e-mail in mixed case, odd amounts. */
function stays(setup: Setup): Row[] {
  const out: Row[] = [];
  const emails = ['ADA@example.test ', 'grace@example.test', '', 'Grace@Example.test', 'linus@example.test'];
  for (let n = 0; n < 24; n += 1) {
    const propertyId = setup.propertyIds[n % 3] ?? '';
    const checkIn = addDays(TODAY, -6 + n - (n % 3));
    const row: Row = {
      host_id: setup.host.hostProfileId,
      property_id: propertyId,
      guest_name: n % 4 === 0 ? 'Guest' : `Guest ${n}`,
      guest_email: emails[n % emails.length],
      check_in_date: checkIn,
      check_out_date: addDays(checkIn, 1 + (n % 4)),
      booking_source: n % 2 === 0 ? 'airbnb' : 'vrbo',
      booking_reference: `R${n}`,
      external_uid: `feed:${n}:`,
      total_amount: [0, 99.995, 1234.565, 18][n % 4],
      // More guests than the property takes: an import is never refused for it.
      guests_count: n % 5 === 0 ? 6 : 2,
      booking_status: n === 7 ? 'pending' : 'confirmed',
    };
    if (n % 6 !== 0) row.created_date = `2031-05-${String(1 + n).padStart(2, '0')}T08:00:00.000Z`;
    out.push(row);
  }
  return out;
}

function nameOf(propertyId: unknown): string {
  return app.db.select({ name: properties.property_name }).from(properties).where(eq(properties.id, String(propertyId))).get()?.name ?? '?';
}

/** Everything the import wrote for a host, with ids replaced by what they point at. */
function snapshot(setup: Setup) {
  const hostId = setup.host.hostProfileId;
  const bookingRows = app.db.select().from(bookings).where(eq(bookings.host_id, hostId)).orderBy(bookings.check_in_date, bookings.external_uid).all().map((r) => inUnits(bookings, r));
  const bookingKey = new Map(bookingRows.map((b) => [b.id, `${b.external_uid ?? 'own'}@${b.check_in_date}`]));
  const strip = ({ id: _id, version: _v, updated_at: _u, host_id: _h, ...rest }: Row & { id: unknown; version: unknown; updated_at: unknown; host_id?: unknown }) => rest;
  const tasks = app.db
    .select()
    .from(housekeepingTasks)
    .where(eq(housekeepingTasks.host_id, hostId))
    .all()
    .map((t) => ({ ...strip(t), property_id: nameOf(t.property_id), booking_id: bookingKey.get(t.booking_id ?? ''), template_id: t.template_id !== null }))
    .sort((a, b) => String(a.booking_id).localeCompare(String(b.booking_id)));
  const links = app.db
    .select()
    .from(turnoverTasks)
    .where(inArray(turnoverTasks.booking_id, [...bookingKey.keys()]))
    .all();
  const taskBooking = new Map(
    app.db
      .select({ id: housekeepingTasks.id, booking: housekeepingTasks.booking_id })
      .from(housekeepingTasks)
      .where(eq(housekeepingTasks.host_id, hostId))
      .all()
      .map((t) => [t.id, t.booking]),
  );
  const inbox = app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, setup.host.userId), isNull(notifications.deleted_at)))
    .all()
    .map(({ id: _id, version: _v, updated_at: _u, user_id: _user, hostId: _host, taskId, actionUrl: _url, ...rest }) => ({ ...rest, task: bookingKey.get(taskBooking.get(taskId ?? '') ?? '') }))
    .sort((a, b) => String(a.task).localeCompare(String(b.task)));
  const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, hostId)).get();
  return {
    bookings: bookingRows.map((b) => ({ ...strip(b), property_id: nameOf(b.property_id) })),
    guests: guestSnapshot(app, hostId).map(({ host_id: _h, ...rest }) => rest),
    counters: { properties_count: profile?.properties_count, total_bookings: profile?.total_bookings, total_revenue: profile?.total_revenue },
    tasks,
    links: links.map((l) => ({ booking: bookingKey.get(l.booking_id), task: bookingKey.get(taskBooking.get(l.task_id) ?? ''), at: l.created_at })).sort((a, b) => String(a.booking).localeCompare(String(b.booking))),
    inbox,
  };
}

describe('importBookings (set-based) against importBooking one stay at a time', () => {
  it('leaves the same bookings, guests, counters, turnover tasks, links and notifications', () => {
    const oneByOne = setUp();
    const together = setUp();
    const single = app.db.transaction((tx) => stays(oneByOne).map((values) => importBooking(tx, values, env()).row));
    const bulk = app.db.transaction((tx) => importBookings(tx, stays(together), env()));
    expect(bulk).toHaveLength(single.length);

    const a = snapshot(oneByOne);
    const b = snapshot(together);
    // The comparison means something: there are stays with and without turnover tasks, guests of several bookings, notifications.
    expect(a.bookings).toHaveLength(27);
    expect(a.tasks.length).toBeGreaterThan(5);
    expect(a.tasks.length).toBeLessThan(24);
    expect(a.inbox.length).toBe(a.tasks.length);
    expect(a.guests.find((g) => g.guest_email === 'ada@example.test')?.total_bookings).toBeGreaterThan(3);
    expect(a.guests.find((g) => g.guest_email === 'grace@example.test')).toBeDefined();
    expect(b).toEqual(a);
    // The returned rows are the stored ones, in the order given.
    expect(bulk.map((r) => r.external_uid)).toEqual(single.map((r) => r.external_uid));
    const stored = inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, bulk[5]?.id ?? '')).get());
    expect(bulk[5]).toEqual(stored);
  });

  it('refuses the whole batch like the first bad stay would, and writes nothing', () => {
    const setup = setUp();
    const before = snapshot(setup);
    const batch = stays(setup);
    batch[3] = { ...batch[3], check_out_date: batch[3]?.check_in_date };
    expect(() => app.db.transaction((tx) => importBookings(tx, batch, env()))).toThrow('Invalid value for check_out_date');
    expect(snapshot(setup)).toEqual(before);
  });
});
