/**
 * What `synchronous = FULL` costs against `NORMAL`, measured in the same run on the same database
 * (server/src/db/index.ts sets FULL: a commit syncs the WAL to disk, so an acknowledged push
 * survives a power cut; NORMAL syncs only at checkpoints). Two writes a user makes all day, each
 * its own transaction and so its own commit, through the real app (`app.inject`: routing, auth,
 * validation, the write pipeline):
 *   - a housekeeper's push of one task update (POST /api/sync/push);
 *   - a host's booking create with its overlap check (POST /api/table/<bookings>/create).
 * The two modes alternate in rounds (DURABILITY_ROUNDS, default 10, of DURABILITY_WRITES, default
 * 20, writes each), so that a busy machine weighs on both alike. Prints median, p95 and writes/s per
 * mode and what FULL adds; never fails on a figure, only on a write that is not applied.
 *
 * `tsx bench/durability.ts`, and part of `npm run bench` (run.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/src/app';
import { insertRow, newId, nowIso } from '../server/src/db/write';
import { tableById, TABLE_IDS, type TableDef } from '../shared/registry';
import { addDays } from '../shared/dates';

const MODES = ['NORMAL', 'FULL'] as const;
type Mode = (typeof MODES)[number];

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function def(id: number): TableDef {
  const found = tableById(id);
  if (!found) throw new Error(`no table ${id}`);
  return found;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
}

export async function runDurabilityBench(): Promise<number> {
  const rounds = intEnv('DURABILITY_ROUNDS', 10);
  const writes = intEnv('DURABILITY_WRITES', 20);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-durability-'));
  const app = await buildApp({ databasePath: path.join(dir, 'bench.db'), appSecretKey: 'bench-secret-key-not-for-production', clientDistDir: path.join(dir, 'no-client'), seed: false, logger: false });
  try {
    const sqlite = app.db.$client;
    const now = new Date();
    const at = nowIso(now);
    const { host, staff, propertyId, taskId } = app.db.transaction((tx) => {
      const hostUser = insertRow(tx, def(TABLE_IDS.users), { Email: 'durability-host@example.test', Name: 'Host', Role: 'host', CreateTime: at, setupCompleted: true }, now);
      const profile = insertRow(tx, def(TABLE_IDS.host_profiles), { user_id: hostUser.ID, email: 'durability-host@example.test', company_name: 'Durable Stays', created_date: at }, now);
      const property = insertRow(tx, def(TABLE_IDS.properties), { host_id: profile.id, property_name: 'Durable Villa', created_date: at }, now);
      const staffUser = insertRow(tx, def(TABLE_IDS.users), { Email: 'durability-staff@example.test', Name: 'Housekeeper', Role: 'staff', CreateTime: at, setupCompleted: true }, now);
      const staffRow = insertRow(tx, def(TABLE_IDS.housekeeping_staff), { host_id: profile.id, staff_name: 'Housekeeper', staff_email: 'durability-staff@example.test', user_id: staffUser.ID, created_date: at }, now);
      const task = insertRow(tx, def(TABLE_IDS.housekeeping_tasks), { host_id: profile.id, property_id: property.id, task_title: 'Turnover', assigned_staff_id: staffRow.id, created_date: at }, now);
      return { host: String(hostUser.ID), staff: String(staffUser.ID), propertyId: String(property.id), taskId: String(task.id) };
    });
    const hostAuth = { authorization: `Bearer ${app.signSession(host)}` };
    const staffAuth = { authorization: `Bearer ${app.signSession(staff)}` };
    const clientId = `durability-${newId()}`;
    let seq = 0;
    let checkIn = '2031-01-01';
    const times: Record<'push' | 'booking', Record<Mode, number[]>> = { push: { NORMAL: [], FULL: [] }, booking: { NORMAL: [], FULL: [] } };

    const push = async (): Promise<number> => {
      seq += 1;
      const mutation = { id: newId(), seq, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId: taskId, fields: { notes: `note ${seq}` }, at: new Date().toISOString() };
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers: staffAuth, payload: { clientId, mutations: [mutation] } });
      const ms = performance.now() - t;
      const status = (res.json() as { results?: { status: string }[] }).results?.[0]?.status;
      if (res.statusCode !== 200 || status !== 'applied') throw new Error(`push: ${res.statusCode} ${res.body}`);
      return ms;
    };
    const booking = async (): Promise<number> => {
      const checkOut = addDays(checkIn, 2);
      const body = { property_id: propertyId, guest_name: 'Durable Guest', check_in_date: checkIn, check_out_date: checkOut, total_amount: 300 };
      checkIn = addDays(checkOut, 1);
      const t = performance.now();
      const res = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.bookings}/create`, headers: hostAuth, payload: body });
      const ms = performance.now() - t;
      if (res.statusCode !== 201) throw new Error(`booking create: ${res.statusCode} ${res.body}`);
      return ms;
    };

    // Warm-up in the server's own mode, then the rounds.
    for (let i = 0; i < writes; i += 1) {
      await push();
      await booking();
    }
    for (let r = 0; r < rounds; r += 1) {
      for (const mode of r % 2 === 0 ? MODES : [...MODES].reverse()) {
        sqlite.pragma(`synchronous = ${mode}`);
        for (let i = 0; i < writes; i += 1) {
          times.push[mode].push(await push());
          times.booking[mode].push(await booking());
        }
      }
    }
    sqlite.pragma('synchronous = FULL');

    console.log(`Durability: synchronous = FULL against NORMAL (WAL), ${rounds} alternating rounds of ${writes} writes each, one commit per write`);
    for (const [label, kind] of [
      ['one-mutation push', 'push'],
      ['booking create', 'booking'],
    ] as const) {
      const figures = Object.fromEntries(
        MODES.map((mode) => {
          const list = times[kind][mode];
          const sorted = [...list].sort((a, b) => a - b);
          return [mode, { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), perSecond: (list.length * 1000) / list.reduce((a, b) => a + b, 0) }];
        }),
      ) as Record<Mode, { median: number; p95: number; perSecond: number }>;
      for (const mode of MODES) {
        const f = figures[mode];
        console.log(`  ${label.padEnd(18)} ${mode.padEnd(6)}  median ${f.median.toFixed(2).padStart(7)} ms  p95 ${f.p95.toFixed(2).padStart(7)} ms  ${f.perSecond.toFixed(0).padStart(6)} writes/s`);
      }
      const added = figures.FULL.median - figures.NORMAL.median;
      console.log(`  ${label.padEnd(18)} FULL costs ${added.toFixed(2)} ms a write at the median (${(figures.FULL.median / figures.NORMAL.median).toFixed(1)}× NORMAL)`);
    }
    return 0;
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runDurabilityBench().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
