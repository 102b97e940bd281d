/**
 * Benchmark of what a sync pull costs against the size of the caller's host, on the real app
 * (buildApp, a temporary database, the platform's default tiers and settings) holding, in ONE
 * database: a host with SYNC_PULL_SMALL rows (100), a host with SYNC_PULL_LARGE rows (100 000)
 * and SYNC_PULL_HOSTS (100) demo-sized hosts. Every host is a copy of the demo host's rows
 * (shared/demo/generate.ts: properties, staff, templates, bookings, guests, tasks, messages, with
 * fresh ids; guests added or left out to reach an exact count), written with set-based inserts
 * (server/src/db/bulk.ts) in one transaction, then `PRAGMA optimize` as a long-running database has.
 *   1. An up-to-date pull (cursor = the server's version, nothing changed) of the small and of the
 *      large host through the real Fastify app (`app.inject`: routing, auth, policy, service,
 *      JSON), alternately, SYNC_PULL_REPEATS times each: median and p95, and the ratio
 *      large / small (goal ≤ 1.5).
 *   2. SYNC_PULL_HOSTS simultaneous cold pulls (cursor 0, paged to the end) of the demo-sized hosts
 *      over real HTTP (the app listening on 127.0.0.1, the clients in another process with fetch):
 *      latency p50 / p99 of the requests, and errors (goal: none, p99 < 1 s).
 *   3. Bytes on the wire: bytes per row of bookings and tasks in a first sync of the large host
 *      (pages of the client's first-sync size), JSON and compact (shared/sync-wire.ts), raw,
 *      gzip and Brotli at the server's levels (goal compact ≤ 80 bytes a booking, ≤ 150 a task);
 *      and a demo-sized host's whole first sync through the app, not compressed, gzip and
 *      Brotli, JSON and compact: bytes sent and time (the server-side cost of compressing).
 * Then figures 1 and 2 without the (owner, version) indexes (dropped in this database), as
 * the baseline measured in the same run: what the pull cost before them.
 * Every answer is checked (the up-to-date pulls bring nothing, the cold pulls every row of their
 * host); a failed check or a failed request exits non-zero, a missed goal is only printed.
 *
 * `tsx bench/sync-pull.ts`. Environment: SYNC_PULL_SMALL (100), SYNC_PULL_LARGE (100000),
 * SYNC_PULL_HOSTS (100), SYNC_PULL_REPEATS (2000), SYNC_PULL_ROUNDS (cold-pull rounds, 3),
 * SYNC_PULL_BYTE_PAGES (first-sync pages measured for bytes per row, all: 1000), SYNC_PULL_WIRE_REPEATS (200).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { COMPRESS_OPTIONS, buildApp } from '../server/src/app';
import { loadActor } from '../server/src/actor';
import type { Db } from '../server/src/db/index';
import { insertRowsBulk } from '../server/src/db/bulk';
import { currentVersion, newId, transact, type Row, type Tx } from '../server/src/db/write';
import { pullChanges } from '../server/src/modules/sync/service';
import { utcDateOf } from '../shared/dates';
import { DEMO_TABLES, generateDemoData, type DemoData } from '../shared/demo/generate';
import { TABLE_IDS, tableByName, type TableDef } from '../shared/registry';
import { FIRST_SYNC_PULL_LIMIT, MAX_PULL_LIMIT, type Change, type PullResponse } from '../shared/sync';
import { encodePull } from '../shared/sync-wire';

const GOAL_RATIO = 1.5;
const GOAL_P99_MS = 1000;
/** Compressed bytes per row on the wire, compact encoding (issue 27). */
const GOAL_BYTES = { bookings: 80, housekeeping_tasks: 150 } as const;

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function verdict(ok: boolean): string {
  return ok ? 'met' : 'MISSED';
}

function ms(n: number): string {
  return n.toFixed(n < 10 ? 3 : 1);
}

// ── Seeding ───────────────────────────────────────────────────────────────────────────────────

/** The demo host's rows: its profile and display settings, then the rows it owns, per table. */
type Template = { userId: string; profile: Row; display: Row[]; owned: { def: TableDef; rows: Row[] }[] };

function defNamed(name: string): TableDef {
  const def = tableByName(name);
  if (!def) throw new Error(`no table ${name}`);
  return def;
}

function demoTemplate(data: DemoData): Template {
  const user = data.users.find((u) => u.Role === 'host');
  const profile = user && data.host_profiles.find((p) => p.user_id === user.ID);
  if (!user || !profile) throw new Error('no demo host');
  const owned = DEMO_TABLES.map(defNamed)
    .filter((def) => def.owner === 'host_id')
    .map((def) => ({ def, rows: (data[def.name as keyof DemoData] as Row[]).filter((r) => r.host_id === profile.id) }));
  return { userId: user.ID, profile, display: data.display_settings.filter((d) => d.user_id === user.ID), owned };
}

/**
 * A copy of `row` under `ids`: every id of the template (in a field or a list) replaced by its
 * copy's, every e-mail made unique with `tag` (guests are unique per host and e-mail).
 */
function copyRow(row: Row, ids: Map<string, string>, tag: string): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string') out[key] = ids.get(value) ?? (key.toLowerCase().includes('email') && value.includes('@') ? `${tag}.${value}` : value);
    else if (Array.isArray(value)) out[key] = value.map((v: unknown) => (typeof v === 'string' ? (ids.get(v) ?? v) : v));
    else out[key] = value;
  }
  return out;
}

type SeededHost = { userId: string; hostProfileId: string; rows: number };

/**
 * One host of exactly `total` rows: a user, the demo host's profile and display settings, and as
 * many copies of its owned rows as that takes, guests added from one more copy or left out to
 * reach `total` (nothing refers to a guest).
 */
function seedHost(tx: Tx, template: Template, label: string, total: number, now: Date): SeededHost {
  const userId = newId();
  const hostProfileId = newId();
  const perCopy = template.owned.reduce((n, t) => n + t.rows.length, 0);
  const fixed = 1 + template.display.length;
  const copies = Math.max(1, Math.floor((total - fixed) / perCopy));
  const tables = new Map<TableDef, Row[]>(template.owned.map((t) => [t.def, []]));
  const keys = template.owned.flatMap((t) => t.rows.map((r) => String(r[t.def.key])));
  const copy = (c: number, only?: TableDef) => {
    const ids = new Map<string, string>([[template.userId, userId], [String(template.profile.id), hostProfileId], ...keys.map((k) => [k, newId()] as [string, string])]);
    for (const t of template.owned) if (!only || t.def === only) tables.get(t.def)?.push(...t.rows.map((r) => copyRow(r, ids, `${label}c${c}`)));
  };
  for (let c = 0; c < copies; c += 1) copy(c);
  const guestsDef = defNamed('guests');
  const guests = tables.get(guestsDef) ?? [];
  const count = () => fixed + [...tables.values()].reduce((n, rows) => n + rows.length, 0);
  for (let c = copies; count() < total; c += 1) copy(c, guestsDef);
  guests.splice(guests.length - (count() - total));
  if (count() !== total) throw new Error(`host ${label}: ${count()} rows, wanted ${total}`);

  const ids = new Map([[template.userId, userId], [String(template.profile.id), hostProfileId]]);
  const email = `${label}@bench.example`;
  insertRowsBulk(tx, defNamed('users'), [{ ID: userId, Name: `Bench ${label}`, Email: email, Role: 'host', CreateTime: now.toISOString(), setupCompleted: true }], now);
  insertRowsBulk(tx, defNamed('host_profiles'), [{ ...copyRow(template.profile, ids, label), email }], now);
  insertRowsBulk(tx, defNamed('display_settings'), template.display.map((d) => ({ ...copyRow(d, ids, label), id: newId() })), now);
  for (const [def, rows] of tables) insertRowsBulk(tx, def, rows, now);
  return { userId, hostProfileId, rows: total };
}

type Seeded = { small: SeededHost; large: SeededHost; demo: SeededHost[]; rows: number };

function seedAll(db: Db, small: number, large: number, hosts: number): Seeded {
  const now = new Date();
  const template = demoTemplate(generateDemoData({ today: utcDateOf(now) }));
  const demoSize = 1 + template.display.length + template.owned.reduce((n, t) => n + t.rows.length, 0);
  const seeded = transact(db, (tx) => {
    const smallHost = seedHost(tx, template, 'small', small, now);
    const largeHost = seedHost(tx, template, 'large', large, now);
    const demo = Array.from({ length: hosts }, (_, h) => seedHost(tx, template, `demo${h}`, demoSize, now));
    return { small: smallHost, large: largeHost, demo, rows: small + large + hosts * demoSize };
  });
  db.$client.pragma('optimize');
  return seeded;
}

// ── Figure 1: an up-to-date pull, small host against large host ─────────────────────────────────

type App = Awaited<ReturnType<typeof buildApp>>;
type Timing = { median: number; p95: number };

async function injectPull(app: App, token: string, cursor: number): Promise<PullResponse> {
  const res = await app.inject({ method: 'GET', url: `/api/sync/pull?cursor=${cursor}`, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`pull answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json<PullResponse>();
}

/** The two hosts' up-to-date pulls, alternately (machine noise hits both), `repeats` each after a warm-up. */
async function upToDatePulls(app: App, tokens: { small: string; large: string }, repeats: number): Promise<{ small: Timing; large: Timing }> {
  const cursor = currentVersion(app.db);
  for (const token of [tokens.small, tokens.large]) {
    const page = await injectPull(app, token, cursor);
    if (page.changes.length !== 0 || page.more) throw new Error(`an up-to-date pull brought ${page.changes.length} changes`);
  }
  const times = { small: [] as number[], large: [] as number[] };
  const warmUp = Math.min(200, repeats);
  for (let i = 0; i < warmUp + repeats; i += 1) {
    for (const which of ['small', 'large'] as const) {
      const t = performance.now();
      await injectPull(app, tokens[which], cursor);
      if (i >= warmUp) times[which].push(performance.now() - t);
    }
  }
  const timing = (values: number[]): Timing => ({ median: percentile(values, 50), p95: percentile(values, 95) });
  return { small: timing(times.small), large: timing(times.large) };
}

// ── Figure 2: simultaneous cold pulls over HTTP ─────────────────────────────────────────────────

/**
 * The client: a child Node process starting one first sync per token at once (fetch, a connection
 * each), each paging from cursor 0 until nothing more waits, asking as the app does (`query`: its
 * first-sync page size and the compact encoding; fetch accepts Brotli and gzip as a browser does);
 * a request that fails or takes over 10 s counts as an error.
 */
const CLIENT = `
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, tokens, query } = JSON.parse(input);
const latencies = [];
const rows = [];
let errors = 0;
const started = performance.now();
await Promise.all(tokens.map(async (token) => {
  let cursor = 0;
  let count = 0;
  try {
    for (let pages = 0; pages < 10000; pages += 1) {
      const t = performance.now();
      const res = await fetch(url + '?cursor=' + cursor + query, { headers: { authorization: 'Bearer ' + token }, signal: AbortSignal.timeout(10000) });
      const body = await res.text();
      latencies.push(performance.now() - t);
      if (res.status !== 200) { errors += 1; console.error('pull answered ' + res.status + ': ' + body.slice(0, 200)); return; }
      const page = JSON.parse(body);
      count += page.format === 'compact' ? page.tables.reduce((n, g) => n + g.rows.length, 0) : page.changes.length;
      cursor = page.cursor;
      if (!page.more) break;
    }
    rows.push(count);
  } catch (err) {
    errors += 1;
    console.error(String(err));
  }
}));
process.stdout.write(JSON.stringify({ latencies, rows, errors, wall: performance.now() - started }));
`;

/** What the app's first sync asks after the cursor (client/src/sync/transport.ts). */
const COLD_QUERY = `&limit=${FIRST_SYNC_PULL_LIMIT}&format=compact`;

type ColdRound = { latencies: number[]; rows: number[]; errors: number; wall: number };

function coldRound(url: string, tokens: string[]): Promise<ColdRound> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as ColdRound) : reject(new Error(`the HTTP client exited with ${code}`))));
    child.stdin.end(JSON.stringify({ url, tokens, query: COLD_QUERY }));
  });
}

type ColdFigure = { requests: number; p50: number; p99: number; errors: number; rps: number; wrongCounts: number };

async function coldPulls(url: string, tokens: string[], expectedRows: number, rounds: number): Promise<ColdFigure> {
  await coldRound(url, tokens); // warm-up: connections, statement caches
  const latencies: number[] = [];
  let errors = 0;
  let wall = 0;
  let wrongCounts = 0;
  for (let r = 0; r < rounds; r += 1) {
    const round = await coldRound(url, tokens);
    latencies.push(...round.latencies);
    errors += round.errors;
    wall += round.wall;
    wrongCounts += round.rows.filter((n) => n !== expectedRows).length;
  }
  return { requests: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors, rps: wall > 0 ? (latencies.length * 1000) / wall : 0, wrongCounts };
}

// ── Figure 3: bytes on the wire ─────────────────────────────────────────────────────────────────

/** A body's size raw and as the server compresses it on the fly (same levels as server/src/app.ts). */
function wireSizes(body: string): { raw: number; gzip: number; br: number } {
  const buffer = Buffer.from(body);
  return {
    raw: buffer.length,
    gzip: zlib.gzipSync(buffer, COMPRESS_OPTIONS.zlibOptions).length,
    br: zlib.brotliCompressSync(buffer, COMPRESS_OPTIONS.brotliOptions).length,
  };
}

type Sizes = ReturnType<typeof wireSizes>;
const addSizes = (a: Sizes, b: Sizes): Sizes => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br });

/**
 * Bytes per row of bookings and of tasks in a first sync of a host, in pages of the client's
 * first-sync size (the first `pages` of them): each page's rows of that table alone,
 * encoded as JSON (one object per change) and compact (shared/sync-wire.ts), raw and compressed.
 */
function bytesPerRow(db: Db, label: string, userId: string, pages: number): void {
  const actor = loadActor(db, userId);
  if (!actor) throw new Error('bench host not loaded');
  const tables = [TABLE_IDS.bookings, TABLE_IDS.housekeeping_tasks] as const;
  const zero = (): Sizes => ({ raw: 0, gzip: 0, br: 0 });
  const totals = new Map(tables.map((t) => [t, { rows: 0, json: zero(), compact: zero(), checklist: 0 }]));
  let cursor = 0;
  for (let p = 0; p < pages; p += 1) {
    const page = pullChanges(db, actor, { cursor, limit: FIRST_SYNC_PULL_LIMIT });
    for (const table of tables) {
      const changes: Change[] = page.changes.filter((c) => c.table === table);
      const total = totals.get(table);
      if (!total || changes.length === 0) continue;
      const only: PullResponse = { ...page, changes };
      total.rows += changes.length;
      total.json = addSizes(total.json, wireSizes(JSON.stringify(only)));
      total.compact = addSizes(total.compact, wireSizes(JSON.stringify(encodePull(only))));
      total.checklist += changes.reduce((n, c) => n + (Array.isArray(c.row.checklist_items) ? c.row.checklist_items.length : 0), 0);
    }
    cursor = page.cursor;
    if (!page.more) break;
  }
  console.log(`  bytes per row, first sync of ${label}`.padEnd(72) + '     raw     gzip   brotli');
  for (const table of tables) {
    const t = totals.get(table);
    if (!t || t.rows === 0) continue;
    const name = table === TABLE_IDS.bookings ? 'bookings' : 'housekeeping_tasks';
    const per = (n: number) => (n / t.rows).toFixed(0).padStart(8);
    const extra = name === 'housekeeping_tasks' ? `, ${(t.checklist / t.rows).toFixed(1)} checklist items a task` : '';
    console.log(`  ${`${name} (${t.rows} rows${extra})`.padEnd(62)}`);
    console.log(`    JSON, one object per change${' '.repeat(41)}${per(t.json.raw)} ${per(t.json.gzip)} ${per(t.json.br)}`);
    console.log(`    compact (shared/sync-wire.ts)${' '.repeat(39)}${per(t.compact.raw)} ${per(t.compact.gzip)} ${per(t.compact.br)}`);
    const goal = GOAL_BYTES[name];
    const best = Math.min(t.compact.gzip, t.compact.br) / t.rows;
    console.log(`    goal compact compressed <= ${goal} bytes a row: ${verdict(best <= goal)} (brotli ${(t.compact.br / t.rows).toFixed(0)}, gzip ${(t.compact.gzip / t.rows).toFixed(0)})`);
  }
}

type WireRun = { bytes: number; median: number; p95: number };

/** A whole first sync through the app as sent: bytes on the wire and time, `repeats` times. */
async function firstSyncOnTheWire(app: App, token: string, encoding: string, format: string, repeats: number): Promise<WireRun> {
  const times: number[] = [];
  let bytes = 0;
  for (let r = 0; r < repeats; r += 1) {
    let cursor = 0;
    let sent = 0;
    const t = performance.now();
    for (;;) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/sync/pull?cursor=${cursor}&limit=${FIRST_SYNC_PULL_LIMIT}${format === 'compact' ? '&format=compact' : ''}`,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
      if (res.statusCode !== 200) throw new Error(`pull answered ${res.statusCode}`);
      sent += res.rawPayload.length;
      const header = res.headers['content-encoding'];
      const body = header === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : header === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
      const page = JSON.parse(body.toString('utf8')) as { cursor: number; more: boolean };
      cursor = page.cursor;
      if (!page.more) break;
    }
    times.push(performance.now() - t);
    bytes = sent;
  }
  return { bytes, median: percentile(times, 50), p95: percentile(times, 95) };
}

/** The first sync of a demo-sized host, compressed or not, JSON or compact: bytes and server time (app.inject). */
async function compressedVsNot(app: App, token: string, repeats: number): Promise<void> {
  console.log(`  first sync of a demo-sized host through the app (app.inject, ${repeats} runs)     bytes   median ms   p95 ms`);
  for (const format of ['json', 'compact']) {
    for (const encoding of ['identity', 'gzip', 'br']) {
      await firstSyncOnTheWire(app, token, encoding, format, Math.min(20, repeats)); // warm-up
      const run = await firstSyncOnTheWire(app, token, encoding, format, repeats);
      console.log(`    ${`${format}, ${encoding === 'identity' ? 'not compressed' : encoding}`.padEnd(70)}${String(run.bytes).padStart(8)} ${ms(run.median).padStart(11)} ${ms(run.p95).padStart(8)}`);
    }
  }
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────

/** The rows of a host's own scope as a first pull brings them (the shared tiers left aside). */
function scopeRows(db: Db, userId: string): number {
  const actor = loadActor(db, userId);
  if (!actor) throw new Error('bench host not loaded');
  let cursor = 0;
  let rows = 0;
  for (;;) {
    const page = pullChanges(db, actor, { cursor, limit: MAX_PULL_LIMIT });
    rows += page.changes.filter((c) => c.table !== TABLE_IDS.subscription_tiers && c.table !== TABLE_IDS.platform_settings).length;
    cursor = page.cursor;
    if (!page.more) return rows;
  }
}

/** The indexes of this change: (host_id, version) and (user_id, version) on the synced tables. */
function ownerVersionIndexes(db: Db): string[] {
  const indexes = db.$client.prepare(`select name from sqlite_master where type = 'index' and sql is not null`).all() as { name: string }[];
  return indexes
    .map((i) => i.name)
    .filter((name) => {
      const columns = (db.$client.prepare('select name from pragma_index_info(?) order by seqno').all(name) as { name: string }[]).map((c) => c.name).join(',');
      return columns === 'host_id,version' || columns === 'user_id,version';
    });
}

type Figures = { upToDate: { small: Timing; large: Timing }; cold: ColdFigure };

function printFigures(title: string, f: Figures, sizes: { small: number; large: number; hosts: number }): void {
  const { small, large } = f.upToDate;
  const ratio = small.median > 0 ? large.median / small.median : 0;
  console.log(`${title}`);
  console.log(`  up-to-date pull (app.inject)          median ms    p95 ms`);
  console.log(`  host with ${String(sizes.small).padEnd(7)} rows            ${ms(small.median).padStart(10)} ${ms(small.p95).padStart(9)}`);
  console.log(`  host with ${String(sizes.large).padEnd(7)} rows            ${ms(large.median).padStart(10)} ${ms(large.p95).padStart(9)}`);
  console.log(`  ratio large / small: ${ratio.toFixed(2)} (median), ${(small.p95 > 0 ? large.p95 / small.p95 : 0).toFixed(2)} (p95); goal <= ${GOAL_RATIO}: ${verdict(ratio <= GOAL_RATIO)}`);
  const c = f.cold;
  console.log(
    `  ${sizes.hosts} simultaneous cold pulls over HTTP: ${c.requests} requests, p50 ${ms(c.p50)} ms, p99 ${ms(c.p99)} ms, ${c.rps.toFixed(0)} req/s, ${c.errors} errors; ` +
      `goal 0 errors and p99 < ${GOAL_P99_MS} ms: ${verdict(c.errors === 0 && c.p99 < GOAL_P99_MS)}`,
  );
}

export async function runSyncPullBench(): Promise<number> {
  const sizes = { small: intEnv('SYNC_PULL_SMALL', 100), large: intEnv('SYNC_PULL_LARGE', 100_000), hosts: intEnv('SYNC_PULL_HOSTS', 100) };
  const repeats = intEnv('SYNC_PULL_REPEATS', 2000);
  const rounds = intEnv('SYNC_PULL_ROUNDS', 3);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-sync-pull-'));
  const app = await buildApp({ databasePath: path.join(dir, 'app.db'), appSecretKey: 'bench-sync-pull', clientDistDir: path.join(dir, 'no-client') });
  try {
    console.log(`Sync pull: seeding a host of ${sizes.small} rows, one of ${sizes.large} rows and ${sizes.hosts} demo-sized hosts in one database…`);
    console.log(`Machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const t0 = performance.now();
    const seeded = seedAll(app.db, sizes.small, sizes.large, sizes.hosts);
    console.log(`Seeded ${seeded.rows} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (a demo-sized host has ${seeded.demo[0]?.rows ?? 0}).`);
    for (const host of [seeded.small, seeded.large, seeded.demo[0]]) {
      if (!host) continue;
      const pulled = scopeRows(app.db, host.userId);
      if (pulled !== host.rows) throw new Error(`a first pull of a host of ${host.rows} rows brought ${pulled}`);
    }
    const tokens = { small: app.signSession(seeded.small.userId), large: app.signSession(seeded.large.userId) };
    const demoTokens = seeded.demo.map((h) => app.signSession(h.userId));
    // What each cold pull must bring: the host's rows and the platform's tiers (public catalogue).
    const firstDemo = seeded.demo[0];
    const expected = firstDemo ? (await fullInjectPull(app, demoTokens[0] ?? '')).rows : 0;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/sync/pull`;

    console.log('');
    console.log('Bytes on the wire:');
    // The large host is copies of the demo host's rows under new ids: compression finds the repeats.
    // One demo-sized host is the demo's rows once, none repeated: the harder case.
    if (firstDemo) bytesPerRow(app.db, 'a demo-sized host (the demo once, no repeats)', firstDemo.userId, 1);
    bytesPerRow(app.db, `the large host (copies of the demo), pages of ${FIRST_SYNC_PULL_LIMIT}`, seeded.large.userId, intEnv('SYNC_PULL_BYTE_PAGES', 1000));
    await compressedVsNot(app, demoTokens[0] ?? '', intEnv('SYNC_PULL_WIRE_REPEATS', 200));

    const measure = async (): Promise<Figures> => ({ upToDate: await upToDatePulls(app, tokens, repeats), cold: await coldPulls(url, demoTokens, expected, rounds) });
    const withIndexes = await measure();
    console.log('');
    printFigures('With the (owner, version) indexes:', withIndexes, sizes);

    // The baseline: the same database without them, fewer repeats (each pull of the large host reads it all).
    const dropped = ownerVersionIndexes(app.db);
    for (const name of dropped) app.db.$client.exec(`DROP INDEX "${name}"`);
    const before = { upToDate: await upToDatePulls(app, tokens, Math.max(20, Math.round(repeats / 20))), cold: await coldPulls(url, demoTokens, expected, 1) };
    console.log('');
    printFigures(`Baseline, same run: without them (${dropped.length} indexes dropped):`, before, sizes);

    const failed = [withIndexes, before].filter((f) => f.cold.errors > 0 || f.cold.wrongCounts > 0);
    for (const f of failed) console.error(`cold pulls: ${f.cold.errors} failed requests, ${f.cold.wrongCounts} pulls with a wrong row count (expected ${expected})`);
    return withIndexes.cold.wrongCounts > 0 || before.cold.wrongCounts > 0 ? 1 : 0;
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A whole first sync through the app, for the row count every cold pull must reach. */
async function fullInjectPull(app: App, token: string): Promise<{ rows: number }> {
  let cursor = 0;
  let rows = 0;
  for (;;) {
    const page = await injectPull(app, token, cursor);
    rows += page.changes.length;
    cursor = page.cursor;
    if (!page.more) return { rows };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSyncPullBench().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
