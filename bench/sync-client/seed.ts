/**
 * Set-up of the client sync benchmark (not what is measured): one host with its properties, a
 * housekeeper with a sign-in, BOOKINGS bookings and one turnover task per booking (so TASKS =
 * BOOKINGS by default), written with prepared statements in one transaction. Every row takes its
 * own version, in insertion order, and the global counter is left at the last one, as insertRow
 * would have. The housekeeper is assigned the tasks with the latest dates, so that they are among
 * the first the host's housekeeping page lists.
 */
import type Database from 'better-sqlite3';
import { addDays } from '../../shared/dates';
import { commissionCents } from '../../shared/money';
import { DEMO_GUESTS, DEMO_PROPERTIES } from '../../shared/demo/catalog';
import { createRandom } from '../../shared/demo/random';
import { newId } from '../../server/src/db/write';
import { hashPasswordSync } from '../../server/src/modules/auth/password';

export const BENCH_PASSWORD = 'sync-bench-password';

export const CHECKLIST = ['Strip the beds', 'Make the beds', 'Clean the bathroom', 'Empty the bins', 'Vacuum the floors', 'Restock coffee', 'Check the smoke alarm', 'Photograph the living room'];

/**
 * `years`: the stays fill that many years up to about three months ahead (a host with history),
 * back to back where there are many; without it they start a month ago, 1 to 6 nights apart.
 * A turnover is done once its day has passed (as bench/host-screens.ts seeds them): a host with
 * five years of history has five years of completed tasks, and the ones from today on open.
 */
export type SeedOptions = { bookings: number; tasks: number; properties: number; staffTasks: number; years?: number };

export type SyncBenchSeed = {
  host: { email: string; userId: string; hostProfileId: string };
  staff: { email: string; userId: string; staffId: string };
  /** Tasks assigned to the housekeeper, latest scheduled first. */
  staffTaskIds: string[];
  /** Rows in the host's scope (every row seeded here is). */
  rows: number;
  version: number;
};

export function seedSyncBench(sqlite: Database.Database, options: SeedOptions): SyncBenchSeed {
  const rnd = createRandom(41);
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  const hash = hashPasswordSync(BENCH_PASSWORD);
  let version = 0;
  let rows = 0;
  const host = { email: 'sync-bench-host@example.com', userId: newId(), hostProfileId: newId() };
  const staff = { email: 'sync-bench-staff@example.com', userId: newId(), staffId: newId() };
  const tasks: { id: string; scheduled: string; bookingIndex: number }[] = [];

  const insertUser = sqlite.prepare(
    `INSERT INTO users (ID, Name, Email, Role, CreateTime, setupCompleted, password_hash, version, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)`,
  );
  const insertProfile = sqlite.prepare(
    `INSERT INTO host_profiles (id, version, updated_at, user_id, email, company_name, subscription_tier, commission_rate, properties_count, total_bookings, total_revenue, created_date)
     VALUES (?, ?, ?, ?, ?, 'Sync Bench Stays', 'enterprise', 12, ?, ?, ?, ?)`,
  );
  const insertStaff = sqlite.prepare(
    `INSERT INTO housekeeping_staff (id, version, updated_at, host_id, staff_name, staff_email, user_id, hire_date, created_date) VALUES (?, ?, ?, ?, 'Bench Housekeeper', ?, ?, ?, ?)`,
  );
  const insertProperty = sqlite.prepare(
    `INSERT INTO properties (id, version, updated_at, host_id, property_name, property_type, address, base_price, timezone, created_date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBooking = sqlite.prepare(
    `INSERT INTO bookings (id, version, updated_at, property_id, host_id, guest_name, guest_email, guest_phone, check_in_date, check_out_date,
       guests_count, booking_source, booking_reference, total_amount, commission_amount, net_amount, booking_status, payment_status, created_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'direct', ?, ?, ?, ?, 'confirmed', 'paid', ?)`,
  );
  const insertTask = sqlite.prepare(
    `INSERT INTO housekeeping_tasks (id, version, updated_at, host_id, property_id, booking_id, task_title, task_description, task_category, priority_level,
       scheduled_date, due_date, estimated_duration, task_status, checklist_items, created_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'Turnover after the stay', 'cleaning', 'medium', ?, ?, 120, ?, ?, ?)`,
  );
  const assign = sqlite.prepare(`UPDATE housekeeping_tasks SET assigned_staff_id = ?, version = ? WHERE id = ?`);

  sqlite.transaction(() => {
    insertUser.run(host.userId, 'Sync Bench Host', host.email, 'host', now, hash, ++version, now);
    insertUser.run(staff.userId, 'Bench Housekeeper', staff.email, 'staff', now, hash, ++version, now);
    const span = options.years ? Math.round(options.years * 365) : 0;
    const start = addDays(now.slice(0, 10), options.years ? 90 - span : -30);
    // Days a stay takes on average so that each property's stays fill the span (years only).
    const perStay = options.years ? span / Math.max(1, Math.ceil(options.bookings / options.properties)) : 0;
    const maxNights = options.years ? Math.max(1, Math.min(6, Math.round(2 * perStay - 1))) : 6;
    const properties = Array.from({ length: options.properties }, (_, p) => {
      const spec = DEMO_PROPERTIES[p % DEMO_PROPERTIES.length] ?? DEMO_PROPERTIES[0];
      if (!spec) throw new Error('no demo properties');
      const id = newId();
      const priceCents = Math.round(spec.base_price * 100);
      insertProperty.run(id, ++version, now, host.hostProfileId, `${spec.property_name} ${p + 1}`, spec.property_type, spec.address, priceCents, spec.timezone, now);
      rows += 1;
      return { id, priceCents, cursor: addDays(start, rnd.int(0, 10)) };
    });
    insertStaff.run(staff.staffId, ++version, now, host.hostProfileId, staff.email, staff.userId, start, now);
    rows += 1;

    let revenue = 0;
    for (let b = 0; b < options.bookings; b += 1) {
      const property = properties[b % properties.length];
      if (!property) throw new Error('no property');
      const nights = rnd.int(1, maxNights);
      const gap = options.years && maxNights < 6 ? 0 : rnd.chance(0.3) ? 0 : rnd.int(1, 3);
      const checkIn = addDays(property.cursor, gap);
      const checkOut = addDays(checkIn, nights);
      property.cursor = checkOut;
      const guest = rnd.pick(DEMO_GUESTS);
      const total = nights * property.priceCents;
      const commission = commissionCents(total, 12);
      revenue += total;
      const bookingId = newId();
      insertBooking.run(bookingId, ++version, now, property.id, host.hostProfileId, guest.name, guest.email, guest.phone, checkIn, checkOut, rnd.int(1, 4), `SB-${b}`, total, commission, total - commission, now);
      rows += 1;
      if (b < options.tasks) {
        const id = newId();
        const checklist = CHECKLIST.map((text, i) => ({ id: `item-${i + 1}`, text, done: false }));
        const status = checkOut < today ? 'completed' : 'pending';
        insertTask.run(id, ++version, now, host.hostProfileId, property.id, bookingId, `Turnover ${b + 1}`, checkOut, checkOut, status, JSON.stringify(checklist), now);
        rows += 1;
        tasks.push({ id, scheduled: checkOut, bookingIndex: b });
      }
    }
    insertProfile.run(host.hostProfileId, ++version, now, host.userId, host.email, options.properties, options.bookings, revenue, now);
    rows += 1;

    // The housekeeper's share: the latest tasks, as a host assigning upcoming turnovers would.
    const latest = [...tasks].sort((a, b) => (a.scheduled === b.scheduled ? b.bookingIndex - a.bookingIndex : a.scheduled < b.scheduled ? 1 : -1));
    for (const task of latest.slice(0, options.staffTasks)) assign.run(staff.staffId, ++version, task.id);
    sqlite.prepare(`INSERT INTO counters (name, value) VALUES ('version', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`).run(version);
    tasks.length = 0;
    tasks.push(...latest.slice(0, options.staffTasks));
  })();
  sqlite.pragma('optimize');
  return { host, staff, staffTaskIds: tasks.map((t) => t.id), rows, version };
}
