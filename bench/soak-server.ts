/**
 * The server of the soak (soak.ts), a child process that the soak may kill with SIGKILL and start
 * again on the same file: the real app (buildApp, as server/src/main.ts builds it, jobs off so
 * that only the devices' traffic is measured) listening on 127.0.0.1 at the port it is given.
 *
 * Arguments: database path, port, and `seed:<groups>` on the first start only: then it writes
 * `groups` hosts, each with 3 properties, 7 housekeepers and their tasks, and bookings, and sends
 * the devices' sessions to its parent ({ type: 'seeded' }).
 *
 * Every write of a soak token (a booking's special_requests or a task's notes starting "soak ") is
 * logged in the table `soak_writes` by a trigger, in the same transaction as the write: the parent
 * reads it at the end to see that each mutation was applied exactly once, kills or not.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { insertRow, nowIso, type Tx } from '../server/src/db/write';
import { tableById, TABLE_IDS, type TableDef } from '../shared/registry';
import { addDays } from '../shared/dates';
import { HOUSEKEEPERS_PER_HOST, type ServerTimes, type SoakMessage, type SoakUser } from './soak-protocol';

const PROPERTIES_PER_HOST = 3;
const TASKS_PER_HOUSEKEEPER = 3;
const BOOKINGS_PER_PROPERTY = 10;

function def(id: number): TableDef {
  const found = tableById(id);
  if (!found) throw new Error(`no table ${id}`);
  return found;
}

function seedGroup(tx: Tx, g: number, now: Date): { host: Omit<SoakUser, 'token'>; staff: Omit<SoakUser, 'token'>[] } {
  const at = nowIso(now);
  const hostUser = insertRow(tx, def(TABLE_IDS.users), { Email: `soak-host-${g}@example.test`, Name: `Soak Host ${g}`, Role: 'host', CreateTime: at, setupCompleted: true }, now);
  const profile = insertRow(tx, def(TABLE_IDS.host_profiles), { user_id: hostUser.ID, email: `soak-host-${g}@example.test`, company_name: `Soak Stays ${g}`, created_date: at }, now);
  const hostId = String(profile.id);
  const propertyIds = Array.from({ length: PROPERTIES_PER_HOST }, (_, p) => String(insertRow(tx, def(TABLE_IDS.properties), { host_id: hostId, property_name: `Soak Villa ${g}-${p}`, created_date: at }, now).id));
  for (const [p, propertyId] of propertyIds.entries()) {
    for (let b = 0; b < BOOKINGS_PER_PROPERTY; b += 1) {
      const checkIn = addDays('2030-01-01', b * 4 + p);
      insertRow(tx, def(TABLE_IDS.bookings), { host_id: hostId, property_id: propertyId, guest_name: `Guest ${b}`, check_in_date: checkIn, check_out_date: addDays(checkIn, 2), total_amount: 30_000, created_date: at }, now);
    }
  }
  const staff = Array.from({ length: HOUSEKEEPERS_PER_HOST }, (_, s) => {
    const email = `soak-staff-${g}-${s}@example.test`;
    const user = insertRow(tx, def(TABLE_IDS.users), { Email: email, Name: `Soak Housekeeper ${g}-${s}`, Role: 'staff', CreateTime: at, setupCompleted: true }, now);
    const row = insertRow(tx, def(TABLE_IDS.housekeeping_staff), { host_id: hostId, staff_name: `Housekeeper ${s}`, staff_email: email, user_id: user.ID, created_date: at }, now);
    const staffId = String(row.id);
    const taskIds = Array.from({ length: TASKS_PER_HOUSEKEEPER }, (_, t) =>
      String(
        insertRow(
          tx,
          def(TABLE_IDS.housekeeping_tasks),
          {
            host_id: hostId,
            property_id: propertyIds[(s + t) % PROPERTIES_PER_HOST],
            task_title: `Turnover ${t}`,
            assigned_staff_id: staffId,
            scheduled_date: addDays('2030-01-01', t),
            checklist_items: [1, 2, 3, 4].map((n) => ({ id: `i${n}`, text: `Item ${n}`, done: false })),
            created_date: at,
          },
          now,
        ).id,
      ),
    );
    return { role: 'staff' as const, userId: String(user.ID), hostId, staffId, propertyIds: [], taskIds };
  });
  return { host: { role: 'host', userId: String(hostUser.ID), hostId, staffId: null, propertyIds, taskIds: [] }, staff };
}

/** Which of the soak's timed sync requests this is, if one. */
function syncKind(method: string, url: string): keyof ServerTimes | null {
  if (method === 'POST' && url.startsWith('/api/sync/push')) return 'push';
  if (method !== 'GET' || !url.startsWith('/api/sync/pull')) return null;
  return new URL(url, 'http://soak').searchParams.get('cursor') === '0' ? 'first sync' : 'incremental pull';
}

async function main(): Promise<void> {
  const [dbPath, portArg, seedArg] = process.argv.slice(2);
  if (!dbPath || !portArg) throw new Error('usage: soak-server <db> <port> [seed:<groups>]');
  const app = await buildApp({ databasePath: dbPath, appSecretKey: 'soak-secret-key-not-for-production', clientDistDir: path.join(os.tmpdir(), 'no-client'), seed: false, logger: false, jobs: false });
  const sqlite = app.db.$client;
  sqlite.exec(`
    CREATE TABLE IF NOT EXISTS soak_writes (row_id TEXT NOT NULL, token TEXT NOT NULL);
    CREATE TEMP TRIGGER soak_task_insert AFTER INSERT ON main.housekeeping_tasks WHEN new.notes LIKE 'soak %' BEGIN INSERT INTO soak_writes VALUES (new.id, new.notes); END;
    CREATE TEMP TRIGGER soak_task_update AFTER UPDATE OF notes ON main.housekeeping_tasks WHEN new.notes LIKE 'soak %' BEGIN INSERT INTO soak_writes VALUES (new.id, new.notes); END;
    CREATE TEMP TRIGGER soak_booking_insert AFTER INSERT ON main.bookings WHEN new.special_requests LIKE 'soak %' BEGIN INSERT INTO soak_writes VALUES (new.id, new.special_requests); END;
    CREATE TEMP TRIGGER soak_booking_update AFTER UPDATE OF special_requests ON main.bookings WHEN new.special_requests LIKE 'soak %' BEGIN INSERT INTO soak_writes VALUES (new.id, new.special_requests); END;
  `);
  if (seedArg?.startsWith('seed:')) {
    const groups = Number(seedArg.slice(5));
    const now = new Date();
    const seeded = app.db.transaction((tx) => Array.from({ length: groups }, (_, g) => seedGroup(tx, g, now)));
    const users = seeded.flatMap((s) => [s.host, ...s.staff]).map((u) => ({ ...u, token: app.signSession(u.userId, 'soak device') }));
    process.send?.({ type: 'seeded', users } satisfies SoakMessage);
  }
  // The server's own view of each sync request (the devices' figures also hold the load
  // generator's waiting for the CPU it shares with this process): sent with each memory sample.
  let times: ServerTimes = { push: [], 'incremental pull': [], 'first sync': [] };
  // The app is built and ready (no more hooks): the Node server's own request event, from the
  // request's arrival to its response handed to the socket.
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const kind = syncKind(request.method ?? '', request.url ?? '');
    if (!kind) return;
    const start = performance.now();
    response.once('finish', () => times[kind].push(performance.now() - start));
  });
  // How long a request may wait for the thread before its 'request' event (not in the times above).
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const stats = () => {
    process.send?.({ type: 'stats', rss: process.memoryUsage().rss, times, lag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 } } satisfies SoakMessage);
    times = { push: [], 'incremental pull': [], 'first sync': [] };
  };
  await app.listen({ host: '127.0.0.1', port: Number(portArg) });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') stats();
    if (message.type === 'stop') {
      stats();
      void app.close().then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
  process.send?.({ type: 'ready', port: Number(portArg) } satisfies SoakMessage);
}

main().catch((err: unknown) => {
  process.send?.({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies SoakMessage);
  process.exit(1);
});

