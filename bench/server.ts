/**
 * The measured side of the benchmark, run as a child of run.ts so that the load generator does
 * not share a thread with the servers: builds the real app on a temporary database, fills it with
 * BENCH_BOOKINGS bookings over BENCH_HOSTS hosts, and serves two things on 127.0.0.1:
 *   - the real app (auth, policy, validation, service) with its table API;
 *   - a bare Fastify route that runs the same page query through raw better-sqlite3 statements.
 * It tells its parent the two URLs and a host's token over IPC, answers `stats` with its memory,
 * and cleans up on `stop`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app';
import { newId } from '../server/src/db/write';
import { addDays } from '../shared/dates';
import { commissionCents, fromCents } from '../shared/money';
import { DEMO_GUESTS, DEMO_PROPERTIES } from '../shared/demo/catalog';
import { createRandom } from '../shared/demo/random';
import { PAGE_BODY, type ChildMessage, type ParentMessage } from './protocol';

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const BOOKINGS = intEnv('BENCH_BOOKINGS', 100_000);
const HOSTS = intEnv('BENCH_HOSTS', 200);
const PROPERTIES_PER_HOST = 3;
const SOURCES = ['airbnb', 'booking.com', 'vrbo', 'direct'] as const;

function send(message: ChildMessage): void {
  process.send?.(message);
}

type Seeded = { hostUserId: string; hostProfileId: string; hostBookings: number; rows: number };

/**
 * Bulk set-up with prepared statements in one transaction: the service layer would take minutes
 * for 100 000 rows and is not what is measured. Versions are still set, one per row, and the
 * global counter is left at the last one, as insertRow would have.
 */
function seed(sqlite: Database.Database): Seeded {
  const rnd = createRandom(7);
  const now = new Date().toISOString();
  let version = 0;
  const insertUser = sqlite.prepare(
    `INSERT INTO users (ID, Name, Email, Role, CreateTime, setupCompleted, version, updated_at) VALUES (?, ?, ?, 'host', ?, 1, ?, ?)`,
  );
  const insertProfile = sqlite.prepare(
    `INSERT INTO host_profiles (id, version, updated_at, user_id, email, company_name, subscription_tier, commission_rate,
       properties_count, total_bookings, total_revenue, created_date)
     VALUES (?, ?, ?, ?, ?, ?, 'pro', 12, ?, ?, ?, ?)`,
  );
  const insertProperty = sqlite.prepare(
    `INSERT INTO properties (id, version, updated_at, host_id, property_name, property_type, address, base_price, timezone, created_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertBooking = sqlite.prepare(
    `INSERT INTO bookings (id, version, updated_at, property_id, host_id, guest_name, guest_email, guest_phone, check_in_date,
       check_out_date, guests_count, booking_source, booking_reference, total_amount, commission_amount, net_amount,
       booking_status, payment_status, created_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );

  let first: Seeded | undefined;
  let rows = 0;
  sqlite.transaction(() => {
    for (let h = 0; h < HOSTS; h += 1) {
      const userId = newId();
      const profileId = newId();
      const email = `bench-host-${h}@example.com`;
      insertUser.run(userId, `Bench Host ${h}`, email, now, ++version, now);
      // Spread the remainder so that the hosts' counts add up to BENCH_BOOKINGS exactly.
      const count = Math.floor(BOOKINGS / HOSTS) + (h < BOOKINGS % HOSTS ? 1 : 0);
      const properties = Array.from({ length: PROPERTIES_PER_HOST }, (_, p) => {
        const spec = DEMO_PROPERTIES[p % DEMO_PROPERTIES.length] ?? DEMO_PROPERTIES[0];
        if (!spec) throw new Error('no demo properties');
        const id = newId();
        const priceCents = Math.round(spec.base_price * 100) + rnd.int(-40, 40) * 100;
        insertProperty.run(id, ++version, now, profileId, `${spec.property_name} ${h}`, spec.property_type, spec.address, priceCents, spec.timezone, now);
        // Each property walks forward from its own start: stays never overlap within a property.
        return { id, priceCents, cursor: addDays('2023-01-01', rnd.int(0, 30)) };
      });
      let revenueCents = 0;
      let live = 0;
      for (let b = 0; b < count; b += 1) {
        const property = properties[b % PROPERTIES_PER_HOST];
        if (!property) throw new Error('no property');
        const nights = rnd.int(2, 7);
        const checkIn = addDays(property.cursor, rnd.chance(0.2) ? 0 : rnd.int(1, 6));
        const checkOut = addDays(checkIn, nights);
        property.cursor = checkOut;
        const guest = rnd.pick(DEMO_GUESTS);
        const total = Math.round((nights * property.priceCents * (100 + rnd.int(-8, 15))) / 100);
        const commission = commissionCents(total, 12);
        const cancelled = rnd.chance(0.04);
        if (!cancelled) {
          revenueCents += total;
          live += 1;
        }
        insertBooking.run(
          newId(),
          ++version,
          now,
          property.id,
          profileId,
          guest.name,
          guest.email,
          guest.phone,
          checkIn,
          checkOut,
          rnd.int(1, 4),
          rnd.pick(SOURCES),
          `BENCH-${h}-${b}`,
          total,
          commission,
          total - commission,
          cancelled ? 'cancelled' : 'confirmed',
          cancelled ? 'refunded' : 'paid',
          now,
        );
      }
      insertProfile.run(profileId, ++version, now, userId, email, `Bench Stays ${h}`, PROPERTIES_PER_HOST, live, revenueCents, now);
      rows += 2 + PROPERTIES_PER_HOST + count;
      first ??= { hostUserId: userId, hostProfileId: profileId, hostBookings: count, rows: 0 };
    }
    sqlite.prepare(`INSERT INTO counters (name, value) VALUES ('version', ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`).run(version);
  })();
  if (!first) throw new Error('BENCH_HOSTS must be at least 1');
  // Planner statistics, as a long-running production database would have after `PRAGMA optimize`.
  sqlite.pragma('optimize');
  return { ...first, rows };
}

/** The page query of the table API, written by hand: same filter, order, tie-break and count. */
function bareRoute(file: string, hostProfileId: string) {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  const where = `deleted_at IS NULL AND host_id = ?`;
  const countStmt = sqlite.prepare(`SELECT COUNT(*) AS n FROM bookings WHERE ${where}`).pluck();
  const pageStmt = sqlite.prepare(`SELECT * FROM bookings WHERE ${where} ORDER BY check_in_date DESC, id DESC LIMIT ? OFFSET ?`);
  const plan = sqlite
    .prepare(`EXPLAIN QUERY PLAN SELECT * FROM bookings WHERE ${where} ORDER BY check_in_date DESC, id DESC LIMIT ? OFFSET ?`)
    .all(hostProfileId, 50, 0) as { detail: string }[];
  const bare = Fastify({ logger: false });
  bare.post('/bare/page', async (request) => {
    const body = request.body as { PageNo?: number; PageSize?: number };
    const size = body.PageSize ?? 50;
    const offset = ((body.PageNo ?? 1) - 1) * size;
    const total = countStmt.get(hostProfileId) as number;
    const rows = pageStmt.all(hostProfileId, size, offset) as Record<string, unknown>[];
    // Money leaves in currency units, as the table API sends it (docs/decisions.md "Money").
    for (const row of rows) {
      row.total_amount = fromCents(row.total_amount as number);
      row.commission_amount = fromCents(row.commission_amount as number);
      row.net_amount = fromCents(row.net_amount as number);
    }
    return { List: rows, VirtualCount: total };
  });
  return { bare, sqlite, plan: plan.map((p) => p.detail) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-'));
  const file = path.join(dir, 'bench.db');
  const app = await buildApp({
    databasePath: file,
    appSecretKey: 'bench-secret-key-not-for-production',
    clientDistDir: path.join(dir, 'no-client'),
    seed: false,
    logger: false,
  });
  const started = performance.now();
  const seeded = seed(app.db.$client);
  const seedMs = performance.now() - started;
  const { bare, sqlite, plan } = bareRoute(file, seeded.hostProfileId);

  await app.listen({ host: '127.0.0.1', port: 0 });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const realPort = (app.server.address() as AddressInfo).port;
  const barePort = (bare.server.address() as AddressInfo).port;

  const stop = async (): Promise<void> => {
    await app.close();
    await bare.close();
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      send({ type: 'stats', rss: process.memoryUsage().rss, maxRssKb: process.resourceUsage().maxRSS });
    } else if (message.type === 'stop') {
      void stop().then(() => process.exit(0));
    }
  });
  // A parent that dies must not leave a server and a temporary database behind.
  process.on('disconnect', () => {
    void stop().then(() => process.exit(0));
  });

  send({
    type: 'ready',
    realUrl: `http://127.0.0.1:${realPort}/api/table/20101/page`,
    bareUrl: `http://127.0.0.1:${barePort}/bare/page`,
    token: app.signSession(seeded.hostUserId),
    hostBookings: seeded.hostBookings,
    rows: seeded.rows,
    bookings: BOOKINGS,
    hosts: HOSTS,
    seedMs,
    plan,
    body: PAGE_BODY,
  });
}

main().catch((err: unknown) => {
  send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
