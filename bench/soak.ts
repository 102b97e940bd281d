/**
 * `npm run soak`: a load and fault soak of the sync server on loopback, bounded in time, not part of
 * `npm test` (docs in bench/README.md, "Soak").
 *
 *   1. load:  `--devices` simulated devices (hosts' and housekeepers' in the mix of one host with
 *      3 devices to 7 housekeepers) against the real server in a child process for `--seconds`:
 *      each keeps its event stream open, pulls incrementally on each poke, pushes small batches
 *      (a housekeeper's note on one of its tasks, a host's new booking or a change to one), and now
 *      and then a device starts over with a first sync. Prints errors, p50/p99 of push and of
 *      incremental pull (goal p99 < 100 ms), throughput and the server's memory.
 *   2. fault: the same on a new database, the server killed with SIGKILL `--kills` times mid-run
 *      and started again on the same file; devices retry what was not acknowledged.
 *   After each: every device's outbox is drained and it pulls; its rows must equal a fresh first
 *   sync of its user; every mutation made must have been written exactly once (a trigger logs each
 *   write of a soak token in the same transaction, soak-server.ts) and the last one of each row
 *   must be what the row holds; `PRAGMA integrity_check` must say ok.
 *   3. the model test of the sync contract (server/test/sync-model.test.ts) with `--model-runs`
 *      interleavings.
 *
 * Options: --seconds 60 --devices 200 --kills 3 --model-runs 10000 --phases load,fault,model.
 * SOAK_SERVER_ARGS passes Node options to the server's process alone (a CPU profile of it, say).
 * Exits non-zero on an error or a failed check; a missed latency goal is printed (MISSED).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { v7 as uuidv7 } from 'uuid';
import { TABLE_IDS } from '../shared/registry';
import { addDays } from '../shared/dates';
import { eventsRetryDelay, type MutationInput, type PullResponse, type PushResponse } from '../shared/sync';
import { HOUSEKEEPERS_PER_HOST, type ServerTimes, type SoakMessage, type SoakUser } from './soak-protocol';

const here = path.dirname(fileURLToPath(import.meta.url));
const GOAL_P99_MS = 100;
const HOST_DEVICES_PER_GROUP = 3;
const GROUP = HOST_DEVICES_PER_GROUP + HOUSEKEEPERS_PER_HOST;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    devices: { type: 'string', default: '200' },
    kills: { type: 'string', default: '3' },
    'model-runs': { type: 'string', default: '10000' },
    phases: { type: 'string', default: 'load,fault,model' },
  },
});
const SECONDS = Number(args.seconds);
const DEVICES = Number(args.devices);
const KILLS = Number(args.kills);
const MODEL_RUNS = Number(args['model-runs']);
const PHASES = new Set(String(args.phases).split(','));

// ---------------------------------------------------------------------------------------------
// Measurements

/** The sync requests timed, by the devices and by the server. */
const SYNC_KINDS = ['push', 'incremental pull', 'first sync'] as const;

class Stats {
  /**
   * Which part of the run a timed request belongs to: devices coming online (a first sync each,
   * all within two seconds), the load the goals are about, or the checks at the end (every device
   * pushes what it holds and pulls at once, to compare with the server): only the load is in
   * `times`; coming online is printed apart; the checks are not timed.
   */
  phase: 'online' | 'load' | 'check' = 'online';
  readonly onlineTimes = new Map<string, number[]>();
  readonly times = new Map<string, number[]>();
  /** When each timed request ended (performance.now()), in the order of `times`: the tail over the run. */
  readonly endedAt = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  interrupted = 0;
  requests = 0;
  mutations = 0;
  pokes = 0;
  rejected = 0;

  time(kind: string, ms: number): void {
    if (this.phase === 'check') return;
    const times = this.phase === 'online' ? this.onlineTimes : this.times;
    listIn(times, kind).push(ms);
    if (this.phase !== 'online') listIn(this.endedAt, kind).push(performance.now());
  }

  error(what: string): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }
}

/** The list under `key`, made empty on first use. */
function listIn<K, V>(map: Map<K, V[]>, key: K): V[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

// ---------------------------------------------------------------------------------------------
// The server, in a child process that can be killed

class Server {
  child: ChildProcess | null = null;
  maxRss = 0;
  lastRss = 0;
  /** The sync requests as the server timed them, over every start of it. */
  readonly times: ServerTimes = { push: [], 'incremental pull': [], 'first sync': [] };
  /** The server thread's delay (its last start), as last sampled. */
  lag = { p99: 0, max: 0 };
  private sampler: NodeJS.Timeout | null = null;

  constructor(
    readonly file: string,
    readonly port: number,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(seedGroups?: number): Promise<SoakUser[] | null> {
    const argv = [this.file, String(this.port), ...(seedGroups ? [`seed:${seedGroups}`] : [])];
    // SOAK_SERVER_ARGS: Node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/soak` (written when it stops, not when killed).
    const extra = (process.env.SOAK_SERVER_ARGS ?? '').split(' ').filter(Boolean);
    const child = fork(path.join(here, 'soak-server.ts'), argv, { execArgv: [...process.execArgv, ...extra], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child = child;
    let users: SoakUser[] | null = null;
    await new Promise<void>((resolve, reject) => {
      child.on('message', (m: SoakMessage) => {
        if (m.type === 'seeded') users = m.users;
        else if (m.type === 'ready') resolve();
        else if (m.type === 'failed') reject(new Error(m.error));
        else if (m.type === 'stats') {
          this.lastRss = m.rss;
          this.maxRss = Math.max(this.maxRss, m.rss);
          for (const kind of SYNC_KINDS) this.times[kind].push(...m.times[kind]);
          this.lag = m.lag;
        }
      });
      child.once('exit', (code, signal) => reject(new Error(`soak server exited before it was ready (${code ?? signal})`)));
    });
    this.sampler = setInterval(() => child.connected && child.send({ type: 'stats' }), 1000);
    return users;
  }

  /** A sample now (memory, and the sync requests timed since the last one). */
  sample(): Promise<void> {
    const child = this.child;
    if (!child?.connected) return Promise.resolve();
    return new Promise((resolve) => {
      const got = (m: SoakMessage) => {
        if (m.type !== 'stats') return;
        child.off('message', got);
        resolve();
      };
      child.on('message', got);
      child.send({ type: 'stats' });
    });
  }

  private exited(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', () => resolve()));
  }

  async kill(): Promise<void> {
    if (this.sampler) clearInterval(this.sampler);
    const done = this.exited();
    this.child?.kill('SIGKILL');
    await done;
  }

  async stop(): Promise<void> {
    if (this.sampler) clearInterval(this.sampler);
    const done = this.exited();
    if (this.child?.connected) this.child.send({ type: 'stop' });
    await done;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// A device: an outbox, a replica, an event stream

type Row = Record<string, unknown>;
type Made = { rowId: string; token: string; table: number };

class Device {
  readonly clientId = `soak-${uuidv7()}`;
  readonly outbox: MutationInput[] = [];
  readonly made: Made[] = [];
  replica = new Map<string, Row>();
  cursor = 0;
  private seq = 0;
  private pushing = false;
  private pulling: Promise<boolean> | null = null;
  private pullAgain = false;
  private stream: AbortController | null = null;
  private bookings: string[] = [];
  private nextCheckIn: string;
  running = true;

  constructor(
    readonly n: number,
    readonly user: SoakUser,
    readonly propertyId: string | null,
    private readonly ctx: Context,
  ) {
    this.nextCheckIn = addDays('2032-01-01', 0);
  }

  private headers(json = false): Record<string, string> {
    return { authorization: `Bearer ${this.user.token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  /** One request; a refused connection while the server is down is an interruption, not an error. */
  private async request(kind: string, url: string, init: RequestInit): Promise<unknown> {
    const t = performance.now();
    this.ctx.stats.requests += 1;
    let res: Response;
    try {
      res = await fetch(`${this.ctx.server.base}${url}`, { ...init, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      if (this.ctx.faults) this.ctx.stats.interrupted += 1;
      else this.ctx.stats.error(`${kind}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`);
      return null;
    }
    const body = await res.text().catch(() => null);
    if (res.status !== 200 || body === null) {
      if (this.ctx.faults && body === null) this.ctx.stats.interrupted += 1;
      else this.ctx.stats.error(`${kind}: ${res.status} ${String(body).slice(0, 120)}`);
      return null;
    }
    this.ctx.stats.time(kind, performance.now() - t);
    return JSON.parse(body) as unknown;
  }

  /** A small change the user makes: a housekeeper's note, a host's booking or a change to one. */
  makeChange(): void {
    this.seq += 1;
    const token = `soak d${this.n} s${this.seq}`;
    const base = { id: uuidv7(), seq: this.seq, at: new Date().toISOString() };
    let m: MutationInput;
    if (this.user.role === 'staff') {
      const rowId = this.user.taskIds[this.seq % this.user.taskIds.length] ?? '';
      m = { ...base, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId, fields: { notes: token } };
    } else if (this.bookings.length === 0 || this.seq % 2 === 0) {
      const rowId = uuidv7();
      const checkIn = this.nextCheckIn;
      this.nextCheckIn = addDays(checkIn, 3);
      this.bookings.push(rowId);
      m = { ...base, table: TABLE_IDS.bookings, op: 'create', rowId, fields: { property_id: this.propertyId, guest_name: `Soak guest ${this.seq}`, check_in_date: checkIn, check_out_date: addDays(checkIn, 2), total_amount: 250, special_requests: token } };
    } else {
      const rowId = this.bookings[this.seq % this.bookings.length] ?? '';
      m = { ...base, table: TABLE_IDS.bookings, op: 'update', rowId, fields: { special_requests: token } };
    }
    this.outbox.push(m);
    this.made.push({ rowId: m.rowId, token, table: m.table });
    this.ctx.stats.mutations += 1;
  }

  /** Pushes the outbox (at most 50 a request) until it is empty or a request fails. */
  async push(): Promise<void> {
    if (this.pushing) return;
    this.pushing = true;
    try {
      while (this.outbox.length > 0) {
        const batch = this.outbox.slice(0, 50);
        const reply = (await this.request('push', '/api/sync/push', { method: 'POST', headers: this.headers(true), body: JSON.stringify({ clientId: this.clientId, mutations: batch }) })) as PushResponse | null;
        if (!reply) return;
        for (const r of reply.results) {
          if (r.status === 'rejected') {
            this.ctx.stats.rejected += 1;
            this.ctx.stats.error(`push rejected a mutation: ${r.code} ${r.error}`);
          }
        }
        while (this.outbox.length > 0 && (this.outbox[0]?.seq ?? 0) <= reply.lastSeq) this.outbox.shift();
        void this.pull();
      }
    } finally {
      this.pushing = false;
    }
  }

  /** What the app's sync does: push what waits, then pull. */
  async sync(): Promise<void> {
    await this.push();
    await this.pull();
  }

  /** Pulls until nothing more waits; a pull asked for meanwhile runs again after it (same promise). */
  pull(): Promise<boolean> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = this.pullPages().finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  /** True when the device caught up; false when a request failed on the way. */
  private async pullPages(): Promise<boolean> {
    {
      do {
        this.pullAgain = false;
        for (let page = 0; page < 1000; page += 1) {
          const kind = this.cursor === 0 ? 'first sync' : 'incremental pull';
          const replica = this.replica;
          const reply = (await this.request(kind, `/api/sync/pull?cursor=${this.cursor}`, { headers: this.headers() })) as PullResponse | null;
          if (!reply) return false;
          // The device started over meanwhile (firstSync): this page belongs to the old replica.
          if (replica !== this.replica) {
            this.pullAgain = true;
            break;
          }
          applyPage(this.replica, reply);
          this.cursor = reply.cursor;
          if (!reply.more) break;
        }
      } while (this.pullAgain);
    }
    return true;
  }

  /** Starts over as a new install would: nothing held, a first sync. */
  async firstSync(): Promise<void> {
    this.replica = new Map();
    this.cursor = 0;
    await this.pull();
  }

  /** Pulls until a pull goes through to the end (the server may be coming back). */
  async catchUp(): Promise<boolean> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await this.pull()) return true;
      await sleep(200);
    }
    return false;
  }

  /** Keeps the event stream open while running: a poke (or a new stream's ready) asks for a pull. */
  async listen(): Promise<void> {
    while (this.running) {
      this.stream = new AbortController();
      try {
        const res = await fetch(`${this.ctx.server.base}/api/sync/events?clientId=${encodeURIComponent(this.clientId)}`, { headers: this.headers(), signal: this.stream.signal });
        if (res.status !== 200 || !res.body) throw new Error(`event stream answered ${res.status}`);
        this.ctx.openStreams += 1;
        try {
          const decoder = new TextDecoder();
          let buffer = '';
          const reader = res.body.getReader();
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            buffer += decoder.decode(chunk.value, { stream: true });
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const event = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (/^event: (poke|ready)$/m.test(event)) {
                if (event.includes('event: poke')) {
                  this.ctx.stats.pokes += 1;
                  void this.pull();
                } else void this.sync(); // ready: what waited goes out, then a pull
              }
            }
          }
        } finally {
          this.ctx.openStreams -= 1;
        }
      } catch (err) {
        if (!this.running) return;
        if (!this.ctx.faults) this.ctx.stats.error(`event stream: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (!this.running) return;
      // As the app does (client/src/sync/event-stream.ts): sync at once, reopen after a delay drawn
      // anew, so that the devices of a restarted server come back spread out.
      void this.sync();
      await sleep(eventsRetryDelay());
    }
  }

  close(): void {
    this.running = false;
    this.stream?.abort();
  }
}

function applyPage(replica: Map<string, Row>, page: PullResponse): void {
  if (page.reset) replica.clear();
  for (const change of page.changes) {
    const key = `${change.table}:${String(change.row.id ?? change.row.ID)}`;
    if (change.deleted) replica.delete(key);
    else replica.set(key, change.row);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Context = { server: Server; stats: Stats; faults: boolean; openStreams: number };

// ---------------------------------------------------------------------------------------------
// A phase

function makeDevices(users: SoakUser[], ctx: Context): Device[] {
  const devices: Device[] = [];
  const hosts = users.filter((u) => u.role === 'host');
  for (const host of hosts) {
    const staff = users.filter((u) => u.role === 'staff' && u.hostId === host.hostId);
    for (let d = 0; d < HOST_DEVICES_PER_GROUP; d += 1) devices.push(new Device(devices.length, host, host.propertyIds[d] ?? null, ctx));
    for (const s of staff) devices.push(new Device(devices.length, s, null, ctx));
  }
  return devices.slice(0, DEVICES);
}

type PhaseResult = { failed: string[] };

async function phase(name: 'load' | 'fault'): Promise<PhaseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-soak-'));
  const file = path.join(dir, 'soak.db');
  const server = new Server(file, await freePort());
  const stats = new Stats();
  const ctx: Context = { server, stats, faults: name === 'fault', openStreams: 0 };
  const failed: string[] = [];
  try {
    const users = await server.start(Math.ceil(DEVICES / GROUP));
    if (!users) throw new Error('the soak server did not seed');
    const devices = makeDevices(users, ctx);
    console.log(`\n== ${name}: ${devices.length} devices (${devices.filter((d) => d.user.role === 'host').length} hosts', ${devices.filter((d) => d.user.role === 'staff').length} housekeepers') for ${SECONDS} s${name === 'fault' ? `, the server killed ${KILLS} times` : ''}`);

    // Devices come online over two seconds, each with a first sync and its event stream; the
    // load (and its clock) starts once every device is online.
    const online = devices.map(async (d) => {
      await sleep(Math.random() * 2000);
      await d.firstSync();
    });
    const listening = online.map(async (first, i) => {
      await first;
      await devices[i]?.listen();
    });
    await Promise.all(online);
    stats.phase = 'load';
    const started = performance.now();
    const endAt = started + SECONDS * 1000;
    // How long the load generator's own callbacks waited for its thread (all devices share it).
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const work = devices.map(async (d) => {
      // Hosts change something about every 8 s, housekeepers about every 5 s, at random (a
      // Poisson process per device): the first change too, so that the load is the same from the
      // first second (a first change of every device within the same three seconds was a burst
      // at twice the rate of the rest of the run).
      const between = () => -Math.log(1 - Math.random()) * (d.user.role === 'host' ? 8000 : 5000);
      await sleep(between());
      while (performance.now() < endAt) {
        const count = 1 + Math.floor(Math.random() * 3);
        for (let i = 0; i < count; i += 1) d.makeChange();
        void d.push();
        await sleep(between());
      }
    });
    // A few first syncs meanwhile: a device starts over every 2 s.
    const restarts = (async () => {
      while (performance.now() < endAt - 2000) {
        await sleep(2000);
        void devices[Math.floor(Math.random() * devices.length)]?.firstSync();
      }
    })();
    let downMs = 0;
    const kills = (async () => {
      if (name !== 'fault') return;
      for (let k = 0; k < KILLS; k += 1) {
        const at = started + ((k + 0.5 + (Math.random() - 0.5) * 0.5) / KILLS) * SECONDS * 1000;
        // At least two seconds of service after each restart, however slow the restart was.
        await sleep(Math.max(2000 * Math.min(k, 1), at - performance.now()));
        const t = performance.now();
        await server.kill();
        await server.start();
        downMs += performance.now() - t;
        console.log(`  killed (SIGKILL) and restarted at ${((t - started) / 1000).toFixed(1)} s, back in ${(performance.now() - t).toFixed(0)} ms`);
      }
    })();
    const streams = setTimeout(() => console.log(`  event streams open at mid-run: ${ctx.openStreams}`), (SECONDS * 1000) / 2);
    await Promise.all([...work, restarts, kills]);
    stats.phase = 'check';
    lag.disable();
    clearTimeout(streams);
    const elapsed = (performance.now() - started) / 1000;

    // Drain: every outbox reaches the server, then every device catches up.
    ctx.faults = true;
    for (let round = 0; round < 100 && devices.some((d) => d.outbox.length > 0); round += 1) {
      await Promise.all(devices.map((d) => d.push()));
      if (devices.some((d) => d.outbox.length > 0)) await sleep(200);
    }
    const stuck = devices.filter((d) => d.outbox.length > 0).length;
    if (stuck) failed.push(`${stuck} devices could not push their outbox`);
    for (const d of devices) d.close();
    await Promise.allSettled(listening);
    const behind = (await Promise.all(devices.map((d) => d.catchUp()))).filter((ok) => !ok).length;
    if (behind) failed.push(`${behind} devices could not pull`);
    await server.sample();
    report(stats, elapsed, server, downMs);
    console.log(`  server thread     its delay p99 ${server.lag.p99.toFixed(1)} ms, max ${server.lag.max.toFixed(0)} ms (a request waits that long before the server reads it)`);
    console.log(`  load generator    its thread's delay p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms, max ${(lag.max / 1e6).toFixed(0)} ms (a device's request waits that long before it is sent or read)`);

    failed.push(...(await compareWithFreshSync(devices, server)));
    await server.stop();
    failed.push(...checkWrites(file, devices));
    for (const [what, n] of stats.errors) failed.push(`${n} × ${what}`);
    console.log(failed.length ? `  FAILED:\n    ${failed.join('\n    ')}` : '  0 errors; every device equals a fresh sync of its user; every mutation written exactly once; integrity_check ok');
  } finally {
    await server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { failed };
}

function report(stats: Stats, elapsed: number, server: Server, downMs: number): void {
  const line = (label: string, times: readonly number[], goal: boolean) => {
    const sorted = [...times].sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    const verdict = goal ? `  goal p99 < ${GOAL_P99_MS} ms: ${p99 < GOAL_P99_MS ? 'met' : 'MISSED'}` : '';
    console.log(`  ${label.padEnd(17)} ${String(sorted.length).padStart(6)} requests  p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${p99.toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms${verdict}`);
  };
  const online = SYNC_KINDS.flatMap((kind) => {
    const sorted = [...(stats.onlineTimes.get(kind) ?? [])].sort((a, b) => a - b);
    return sorted.length ? [`${kind} ${sorted.length} × p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`] : [];
  });
  console.log(`  coming online     (every device within 2 s, before the load): ${online.join('; ')}`);
  console.log('  as the devices saw them (the load generator shares the cores with the server):');
  for (const kind of SYNC_KINDS) line(kind, stats.times.get(kind) ?? [], kind !== 'first sync');
  // The devices' incremental pulls per 10 s of the run: where in the run the slow ones fall.
  const pulls = stats.times.get('incremental pull') ?? [];
  const ended = stats.endedAt.get('incremental pull') ?? [];
  // `ended` is in the order the pulls ended: its first is the earliest.
  const first = ended[0] ?? 0;
  const slices = new Map<number, number[]>();
  pulls.forEach((ms, i) => listIn(slices, Math.floor(((ended[i] ?? first) - first) / 10_000)).push(ms));
  const perSlice = [...slices].sort((a, b) => a[0] - b[0]).map(([slice, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return `${slice * 10}-${slice * 10 + 10} s ${percentile(sorted, 99).toFixed(0)}`;
  });
  console.log(`  incremental pull  p99 in ms by 10 s of the run: ${perSlice.join(', ')}`);
  console.log("  as the server timed them (the request's arrival to its response sent):");
  for (const kind of SYNC_KINDS) line(kind, server.times[kind], kind !== 'first sync');
  console.log(`  throughput        ${(stats.requests / elapsed).toFixed(0)} requests/s, ${(stats.mutations / elapsed).toFixed(0)} mutations/s (${stats.mutations} mutations, ${stats.pokes} pokes heard)`);
  console.log(`  server memory     RSS ${(server.maxRss / 1048576).toFixed(0)} MB at most, ${(server.lastRss / 1048576).toFixed(0)} MB at the end`);
  if (downMs > 0) console.log(`  server down       ${(downMs / 1000).toFixed(1)} s in all; ${stats.interrupted} requests interrupted and retried`);
  console.log(`  errors            ${[...stats.errors.values()].reduce((a, b) => a + b, 0)}`);
}

/** Each device's rows equal what a first sync of its user gets now. */
async function compareWithFreshSync(devices: Device[], server: Server): Promise<string[]> {
  const wrong: string[] = [];
  const fresh = new Map<string, Map<string, Row>>();
  for (const d of devices) {
    let rows = fresh.get(d.user.userId);
    if (!rows) {
      rows = new Map();
      let cursor = 0;
      for (let page = 0; page < 1000; page += 1) {
        const res = await fetch(`${server.base}/api/sync/pull?cursor=${cursor}`, { headers: { authorization: `Bearer ${d.user.token}` } });
        const reply = (await res.json()) as PullResponse;
        applyPage(rows, reply);
        cursor = reply.cursor;
        if (!reply.more) break;
      }
      fresh.set(d.user.userId, rows);
    }
    const differs = [...new Set([...rows.keys(), ...d.replica.keys()])].filter((k) => JSON.stringify(rows.get(k)) !== JSON.stringify(d.replica.get(k)));
    if (differs.length) wrong.push(`device ${d.n} (${d.user.role}) differs from a fresh sync on ${differs.length} rows, e.g. ${differs[0]}`);
  }
  return wrong;
}

/** Every mutation written exactly once, each row holds its last one, and the file is sound. */
function checkWrites(file: string, devices: Device[]): string[] {
  const db = new Database(file, { readonly: true });
  const wrong: string[] = [];
  try {
    const counts = new Map((db.prepare('select token, count(*) as n from soak_writes group by token').all() as { token: string; n: number }[]).map((r) => [r.token, r.n]));
    const last = new Map<string, Made>();
    let lost = 0;
    let twice = 0;
    for (const d of devices) {
      for (const m of d.made) {
        const n = counts.get(m.token) ?? 0;
        if (n === 0) lost += 1;
        if (n > 1) twice += 1;
        last.set(m.rowId, m);
      }
    }
    if (lost) wrong.push(`${lost} mutations lost (never written)`);
    if (twice) wrong.push(`${twice} mutations written twice`);
    const taskNotes = db.prepare('select notes from housekeeping_tasks where id = ?').pluck();
    const bookingNotes = db.prepare('select special_requests from bookings where id = ?').pluck();
    const off = [...last.values()].filter((m) => (m.table === TABLE_IDS.bookings ? bookingNotes : taskNotes).get(m.rowId) !== m.token);
    if (off.length) wrong.push(`${off.length} rows do not hold their last mutation`);
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') wrong.push(`integrity_check: ${String(integrity)}`);
    console.log(`  checked           ${[...last.keys()].length} rows, ${devices.reduce((n, d) => n + d.made.length, 0)} mutations; integrity_check ${String(integrity)}`);
  } finally {
    db.close();
  }
  return wrong;
}

/** The model test of the sync contract with MODEL_RUNS interleavings, in its own process. */
function modelTest(): Promise<string[]> {
  console.log(`\n== model: server/test/sync-model.test.ts with ${MODEL_RUNS} interleavings`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, '..', 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'server/test/sync-model.test.ts'], {
      cwd: path.join(here, '..'),
      env: { ...process.env, SYNC_MODEL_RUNS: String(MODEL_RUNS) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => {
      console.log(`  ${MODEL_RUNS} interleavings in ${((performance.now() - started) / 1000).toFixed(0)} s: ${code === 0 ? 'ok' : 'FAILED'}`);
      resolve(code === 0 ? [] : ['the model test failed']);
    });
  });
}

async function main(): Promise<void> {
  const failed: string[] = [];
  if (PHASES.has('load')) failed.push(...(await phase('load')).failed);
  if (PHASES.has('fault')) failed.push(...(await phase('fault')).failed);
  if (PHASES.has('model')) failed.push(...(await modelTest()));
  console.log(failed.length ? `\nSoak FAILED (${failed.length} problems)` : '\nSoak passed');
  process.exit(failed.length ? 1 : 0);
}

await main();
