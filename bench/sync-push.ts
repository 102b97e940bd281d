/**
 * Benchmark of the server side of sync, on the real app (buildApp, a temporary database, no demo
 * seed) with one host, SYNC_PUSH_TASKS tasks and SYNC_PUSH_BOOKINGS bookings
 * (bench/sync-client/seed.ts), the housekeeper assigned most of the tasks.
 *   1. Push throughput: batches of 1000 task updates by the housekeeper (notes, checklist ticks,
 *      a third of them starting the task), through the push service (`pushMutations`: policy,
 *      validation, status rule, one transaction per batch), then through
 *      HTTP (routing, JSON, auth added): on a real socket from a client in another process, timed
 *      on the server from the request to the response sent, and through `app.inject` (whose
 *      simulated request and response run in the server's process and clock), in mutations/s.
 *      Against it, in the same run: raw
 *      better-sqlite3 inserts of the same rows (the updated tasks under new ids) with one
 *      prepared statement in one transaction. Goals: ≥ 0.3 of raw and ≥ 5 000 mutations/s.
 *   1b. Small pushes: SYNC_PUSH_SMALL pushes of one task update each through the push service,
 *      each its own transaction and so its own commit: what the durability setting
 *      (`PRAGMA synchronous`, printed; server/src/db/index.ts) costs a phone's typical push.
 *   2. First pull: the host's whole scope (tasks, bookings, properties…) through the pull service
 *      page by page from cursor 0, at the default page size and at the largest, in rows/s.
 * Each batch is checked (every mutation applied, the rows hold what was pushed), and so is the
 * pull (every seeded row once); a failed check exits non-zero, a missed goal is only printed.
 *
 * `tsx bench/sync-push.ts`. Environment: SYNC_PUSH_TASKS (10000), SYNC_PUSH_BOOKINGS (10000),
 * SYNC_PUSH_BATCHES (measured batches per side, 5), SYNC_PUSH_BATCH (mutations per batch, 1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type Database from 'better-sqlite3';
import { buildApp } from '../server/src/app';
import { loadActor, type Actor } from '../server/src/actor';
import type { Db } from '../server/src/db/index';
import { currentVersion, newId } from '../server/src/db/write';
import { pullChanges, pushMutations, type PushEnv } from '../server/src/modules/sync/service';
import { TABLE_IDS } from '../shared/registry';
import { DEFAULT_PULL_LIMIT, MAX_PULL_LIMIT, type Mutation, type PushRequest, type PushResponse } from '../shared/sync';
import { underCpuLoad } from './cpu-load';
import { sendSequentially, timeServerSide } from './http-client';
import { CHECKLIST, seedSyncBench } from './sync-client/seed';

const GOAL_RATIO = 0.3;
const GOAL_RATE = 5000;

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function rate(n: number, ms: number): number {
  return ms > 0 ? (n * 1000) / ms : 0;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

type Batch = { mutations: Mutation[]; expected: Map<string, { notes: string; status: string }> };

/** `size` updates of distinct tasks of the housekeeper, as its outbox would hold them. */
function makeBatch(taskIds: readonly string[], label: string, firstSeq: number, clientId: string): Batch {
  const at = new Date().toISOString();
  const mutations: Mutation[] = [];
  const expected = new Map<string, { notes: string; status: string }>();
  taskIds.forEach((rowId, i) => {
    const notes = `${label}, task ${i}: keys left with the neighbour`;
    const fields: Record<string, unknown> = {
      notes,
      // A tick, as the app sends it: a change by item (docs/decisions.md "Checklists").
      checklist_ops: [{ op: 'set_done', id: `item-${((i + firstSeq) % CHECKLIST.length) + 1}`, done: true }],
    };
    // A third of the updates also start the task (pending → in progress: the status rule runs).
    if (i % 3 === 0) fields.task_status = 'in_progress';
    mutations.push({ id: newId(), clientId, seq: firstSeq + i, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId, fields, at });
    expected.set(rowId, { notes, status: i % 3 === 0 ? 'in_progress' : 'pending' });
  });
  return { mutations, expected };
}

/** Every mutation applied, every row holding what was pushed: otherwise the figure means nothing. */
function checkApplied(sqlite: Database.Database, batch: Batch, response: PushResponse, label: string): void {
  const notApplied = response.results.filter((r) => r.status !== 'applied');
  if (response.results.length !== batch.mutations.length || notApplied.length > 0) {
    throw new Error(`${label}: ${notApplied.length} of ${batch.mutations.length} mutations not applied, e.g. ${JSON.stringify(notApplied[0])}`);
  }
  const read = sqlite.prepare('SELECT notes, task_status FROM housekeeping_tasks WHERE id = ?');
  for (const [id, want] of batch.expected) {
    const row = read.get(id) as { notes: string; task_status: string } | undefined;
    if (!row || row.notes !== want.notes || (want.status === 'in_progress' && row.task_status !== 'in_progress')) {
      throw new Error(`${label}: task ${id} does not hold the pushed values (${JSON.stringify(row)})`);
    }
  }
}

/**
 * The floor: the same rows (the updated tasks, under new ids) inserted with one prepared
 * statement in one transaction, committed. Removed again afterwards, so nothing else sees them.
 */
function rawInsert(sqlite: Database.Database, taskIds: readonly string[]): [wallMs: number, cpuMs: number] {
  const rows = sqlite.prepare(`SELECT * FROM housekeeping_tasks WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(taskIds)) as Record<string, unknown>[];
  if (rows.length !== taskIds.length) throw new Error(`raw insert: ${rows.length} of ${taskIds.length} tasks found`);
  const columns = Object.keys(rows[0] ?? {});
  const insert = sqlite.prepare(`INSERT INTO housekeeping_tasks (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const copies = rows.map((row) => columns.map((c) => (c === 'id' ? newId() : row[c])));
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  sqlite.transaction(() => {
    for (const values of copies) insert.run(...values);
  })();
  const ms = performance.now() - start;
  const msCpu = cpuMs(process.cpuUsage(cpuStart));
  const remove = sqlite.prepare('DELETE FROM housekeeping_tasks WHERE id = ?');
  sqlite.transaction(() => {
    for (const values of copies) remove.run(values[columns.indexOf('id')]);
  })();
  return [ms, msCpu];
}

type PullFigure = { limit: number; pages: number; rows: number; ms: number };

/** A first sync of `actor`'s whole scope through the pull service, page after page. */
const SYNCHRONOUS_NAMES = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

/** Pushes of one mutation each, timed one by one (each is one transaction, so one commit). */
function smallPushes(db: Db, sqlite: Database.Database, actor: Actor, env: PushEnv, ids: readonly string[], count: number) {
  const clientId = newId();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const batch = makeBatch([ids[i % ids.length] as string], `Small push ${i}`, i + 1, clientId);
    const start = performance.now();
    const outcome = pushMutations(db, actor, { clientId, mutations: batch.mutations }, env);
    times.push(performance.now() - start);
    checkApplied(sqlite, batch, outcome, 'small push');
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const level = Number(sqlite.pragma('synchronous', { simple: true }));
  return {
    count,
    synchronous: SYNCHRONOUS_NAMES[level] ?? String(level),
    median: median(times),
    p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
    perSecond: rate(count, total),
  };
}

function fullPull(db: Db, actor: Actor, limit: number): PullFigure & { perTable: Map<number, number> } {
  const perTable = new Map<number, number>();
  const seen = new Set<string>();
  let cursor = 0;
  let pages = 0;
  let rows = 0;
  const start = performance.now();
  for (;;) {
    const page = pullChanges(db, actor, { cursor, limit });
    pages += 1;
    for (const change of page.changes) {
      const key = `${change.table}:${String(change.row.id)}`;
      if (seen.has(key)) throw new Error(`pull: ${key} came twice`);
      seen.add(key);
      perTable.set(change.table, (perTable.get(change.table) ?? 0) + 1);
    }
    rows += page.changes.length;
    cursor = page.cursor;
    if (!page.more) break;
  }
  return { limit, pages, rows, ms: performance.now() - start, perTable };
}

export async function runSyncPushBench(): Promise<number> {
  const taskCount = intEnv('SYNC_PUSH_TASKS', 10_000);
  const bookingCount = Math.max(intEnv('SYNC_PUSH_BOOKINGS', 10_000), taskCount);
  const batches = intEnv('SYNC_PUSH_BATCHES', 5);
  const size = intEnv('SYNC_PUSH_BATCH', 1000);
  // Warm-up and measured batches on tasks of their own; the HTTP path updates the same tasks again.
  const needed = (batches + 1) * size;
  if (needed > taskCount) throw new Error(`SYNC_PUSH_TASKS must be at least ${needed} for ${batches} batches of ${size}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-sync-push-'));
  const app = await buildApp({ databasePath: path.join(dir, 'app.db'), appSecretKey: 'bench-sync-push', clientDistDir: path.join(dir, 'no-client'), platformDefaults: false }); // the seeded scope alone: pulls are counted row for row
  try {
    console.log(`Sync server: seeding 1 host, ${bookingCount} bookings, ${taskCount} tasks (${needed} assigned to the housekeeper)…`);
    console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const sqlite = app.db.$client;
    const t0 = performance.now();
    const seed = seedSyncBench(sqlite, { bookings: bookingCount, tasks: taskCount, properties: 20, staffTasks: needed });
    console.log(`Seeded ${seed.rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);

    const staff = loadActor(app.db, seed.staff.userId);
    const host = loadActor(app.db, seed.host.userId);
    if (!staff?.staffId || !host?.hostProfileId) throw new Error('bench users not loaded');

    // 2 first: the pull of the seeded scope, before the pushes add versions.
    const pulls = [DEFAULT_PULL_LIMIT, MAX_PULL_LIMIT].map((limit) => fullPull(app.db, host, limit));
    const tasksPulled = pulls[0]?.perTable.get(TABLE_IDS.housekeeping_tasks) ?? 0;
    const bookingsPulled = pulls[0]?.perTable.get(TABLE_IDS.bookings) ?? 0;
    if (tasksPulled !== taskCount || bookingsPulled !== bookingCount) throw new Error(`pull brought ${tasksPulled} tasks and ${bookingsPulled} bookings`);
    if (pulls.some((p) => p.rows !== seed.rows)) throw new Error(`pull brought ${pulls.map((p) => p.rows).join('/')} rows, ${seed.rows} seeded`);
    const staffPull = fullPull(app.db, staff, DEFAULT_PULL_LIMIT);

    // 1. Push.
    const env: PushEnv = {
      now: new Date(),
      secretKey: app.secretKey,
      publicOrigin: app.config.publicOrigin,
      onUnexpected: (err) => {
        throw err;
      },
    };
    const ids = seed.staffTaskIds;
    const wall = { service: [] as number[], http: [] as number[], socket: [] as number[], raw: [] as number[] };
    const cpu = { service: [] as number[], http: [] as number[], socket: [] as number[], raw: [] as number[] };
    const serviceClient = newId();
    const httpClient = newId();
    const token = app.signSession(seed.staff.userId);

    for (let round = 0; round <= batches; round += 1) {
      const slice = ids.slice(round * size, (round + 1) * size);
      const batch = makeBatch(slice, `Service round ${round}`, round * size + 1, serviceClient);
      const request: PushRequest = { clientId: serviceClient, mutations: batch.mutations };
      const before = currentVersion(app.db);
      let cpuStart = process.cpuUsage();
      let start = performance.now();
      const outcome = pushMutations(app.db, staff, request, env);
      const ms = performance.now() - start;
      const msCpu = cpuMs(process.cpuUsage(cpuStart));
      checkApplied(sqlite, batch, outcome, 'push service');
      if (currentVersion(app.db) - before < size) throw new Error('push service: fewer versions than mutations');

      const httpBatch = makeBatch(slice, `HTTP round ${round}`, round * size + 1, httpClient);
      const payload = JSON.stringify({ clientId: httpClient, mutations: httpBatch.mutations });
      cpuStart = process.cpuUsage();
      start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/sync/push',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
      const httpTook = performance.now() - start;
      const httpCpu = cpuMs(process.cpuUsage(cpuStart));
      if (res.statusCode !== 200) throw new Error(`HTTP push answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      checkApplied(sqlite, httpBatch, res.json<PushResponse>(), 'HTTP push');

      const [rawTook, rawCpu] = rawInsert(sqlite, slice);
      // Round 0 warms statement caches and the JIT on every path: not counted.
      if (round === 0) {
        console.log(`warm-up batch: service ${fmt(rate(size, ms))}/s, HTTP ${fmt(rate(size, httpTook))}/s, raw ${fmt(rate(size, rawTook))}/s`);
        continue;
      }
      wall.service.push(ms);
      wall.http.push(httpTook);
      wall.raw.push(rawTook);
      cpu.service.push(msCpu);
      cpu.http.push(httpCpu);
      cpu.raw.push(rawCpu);
    }

    // The same batches again over a real socket: a client in another process sends them one after
    // another; the server times each from the request to the response sent (http-client.ts).
    const socketClient = newId();
    const socketBatches = Array.from({ length: batches + 1 }, (_, round) =>
      makeBatch(ids.slice(round * size, (round + 1) * size), `Socket round ${round}`, round * size + 1, socketClient),
    );
    const server = timeServerSide(app.server);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port to call');
    const sent = await sendSequentially(
      `http://127.0.0.1:${address.port}/api/sync/push`,
      token,
      socketBatches.map((b) => ({ clientId: socketClient, mutations: b.mutations })),
      200,
    );
    if (server.wall.length !== socketBatches.length) throw new Error(`timed ${server.wall.length} of ${socketBatches.length} pushes on the server`);
    socketBatches.forEach((b, round) => {
      // Each batch's own rows hold what it pushed until the next round of the same tasks: check the last.
      if (round === batches) checkApplied(sqlite, b, JSON.parse(sent.bodies[round] ?? '{}') as PushResponse, 'HTTP push over a socket');
      else if ((JSON.parse(sent.bodies[round] ?? '{}') as PushResponse).results?.some((r) => r.status !== 'applied')) throw new Error(`socket round ${round}: not every mutation applied`);
    });
    // Round 0 warms up, as above.
    wall.socket = server.wall.slice(1);
    cpu.socket = server.cpu.slice(1);

    const figures = (times: Record<'service' | 'http' | 'socket' | 'raw', number[]>) => {
      const [service, http, socket, raw] = [times.service, times.http, times.socket, times.raw].map((t) => rate(size, median(t))) as [number, number, number, number];
      const of = (n: number) => (raw > 0 ? n / raw : 0);
      return { service, http, socket, raw, ratio: of(service), httpRatio: of(http), socketRatio: of(socket) };
    };
    const w = figures(wall);
    const c = figures(cpu);
    const line = (title: string, a: number, b: number, ra?: number, rb?: number) =>
      `${title.padEnd(62)} ${fmt(a).padStart(12)} ${fmt(b).padStart(12)} ${(ra === undefined ? '' : ra.toFixed(2)).padStart(11)} ${(rb === undefined ? '' : rb.toFixed(2)).padStart(11)}`;
    console.log('');
    console.log(`push: ${batches} batches of ${size} task updates (median batch)         mutations/s     (CPU time)   ratio/raw  (CPU time)`);
    console.log(line('push service (pushMutations)', w.service, c.service, w.ratio, c.ratio));
    console.log(line('POST /api/sync/push on a socket, server side', w.socket, c.socket, w.socketRatio, c.socketRatio));
    console.log(line('POST /api/sync/push via app.inject (with the simulated client)', w.http, c.http, w.httpRatio, c.httpRatio));
    console.log(line('raw better-sqlite3 inserts of the same rows, one transaction', w.raw, c.raw));
    const goals = (f: typeof w) =>
      `>= ${fmt(GOAL_RATE)}/s ${verdict(f.service >= GOAL_RATE)} (service), ${verdict(f.socket >= GOAL_RATE)} (HTTP, server side), ${verdict(f.http >= GOAL_RATE)} (inject); ` +
      `>= ${GOAL_RATIO} of raw ${verdict(f.ratio >= GOAL_RATIO)} (service), ${verdict(f.socketRatio >= GOAL_RATIO)} (HTTP, server side), ${verdict(f.httpRatio >= GOAL_RATIO)} (inject)`;
    console.log(`goals, wall clock: ${goals(w)}`);
    console.log(`goals, CPU time:   ${goals(c)}`);
    console.log('(CPU time: what the work costs this process, whatever else runs on the machine)');

    // The service against raw inserts again, with a second process keeping the other core busy.
    const loaded = await underCpuLoad(async (load) => {
      console.log(`again with a second process loading the other core (a busy loop started by this benchmark, pid ${load.pid}):`);
      const loadedClient = newId();
      const times = { service: [] as number[], raw: [] as number[] };
      for (let round = 0; round <= batches; round += 1) {
        const slice = ids.slice(round * size, (round + 1) * size);
        const batch = makeBatch(slice, `Loaded round ${round}`, round * size + 1, loadedClient);
        const start = performance.now();
        const outcome = pushMutations(app.db, staff, { clientId: loadedClient, mutations: batch.mutations }, env);
        const took = performance.now() - start;
        checkApplied(sqlite, batch, outcome, 'push service, other core busy');
        const [rawTook] = rawInsert(sqlite, slice);
        if (round === 0) continue;
        times.service.push(took);
        times.raw.push(rawTook);
      }
      return times;
    });
    const loadedService = rate(size, median(loaded.service));
    const loadedRaw = rate(size, median(loaded.raw));
    const loadedRatio = loadedRaw > 0 ? loadedService / loadedRaw : 0;
    console.log(`${'push service (pushMutations), other core busy'.padEnd(62)} ${fmt(loadedService).padStart(12)} ${''.padStart(12)} ${loadedRatio.toFixed(2).padStart(11)}`);
    console.log(`${'raw better-sqlite3 inserts, other core busy'.padEnd(62)} ${fmt(loadedRaw).padStart(12)}`);
    console.log(`goal with the other core busy: >= ${GOAL_RATIO} of raw ${verdict(loadedRatio >= GOAL_RATIO)} (service, wall clock)`);

    console.log('');
    console.log('first pull through the service (pullChanges from cursor 0)        rows    pages        ms       rows/s');
    for (const p of [...pulls, staffPull]) {
      const who = p === staffPull ? `housekeeper, limit ${p.limit}` : `host, limit ${p.limit}`;
      console.log(`${who.padEnd(64)} ${String(p.rows).padStart(6)} ${String(p.pages).padStart(8)} ${p.ms.toFixed(0).padStart(9)} ${fmt(rate(p.rows, p.ms)).padStart(12)}`);
    }
    console.log(`(the host's scope: ${tasksPulled} tasks, ${bookingsPulled} bookings and ${seed.rows - tasksPulled - bookingsPulled} other rows)`);

    // 1b. One mutation per push, one commit each: the cost of the commit's durability.
    const small = smallPushes(app.db, sqlite, staff, env, ids, intEnv('SYNC_PUSH_SMALL', 200));
    console.log('');
    console.log(`small pushes: ${small.count} pushes of 1 task update, one commit each, PRAGMA synchronous = ${small.synchronous}`);
    console.log(`  per push: median ${small.median.toFixed(2)} ms, p95 ${small.p95.toFixed(2)} ms; ${fmt(small.perSecond)} pushes/s (wall clock)`);
    return 0;
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSyncPushBench().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
