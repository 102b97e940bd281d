/**
 * `npm run bench`: the table API's page call over real HTTP against a bare Fastify route running
 * the same query through raw better-sqlite3, same load for both, in one run.
 * The servers run in a child process (server.ts); this process only drives autocannon, so the
 * two do not share a thread. Prints requests/s, latency p50/p99, the ratio (goal >= 0.7) and the
 * server's memory. Exits non-zero on errors only: a missed goal is printed, not failed.
 *
 * Environment: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_CONNECTIONS
 * (default 10), BENCH_BOOKINGS (default 100000), BENCH_HOSTS (default 200).
 * Then runs the business-rules benchmark (rules.ts: guest rebuild, booking create p95) and the others
 * listed in README.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { ChildMessage, ParentMessage } from './protocol';

const GOAL = 0.7;

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const DURATION = intEnv('BENCH_DURATION', 10);
const WARMUP = intEnv('BENCH_WARMUP', 3);
const CONNECTIONS = intEnv('BENCH_CONNECTIONS', 10);

type Ready = Extract<ChildMessage, { type: 'ready' }>;
type Stats = Extract<ChildMessage, { type: 'stats' }>;
type Target = { title: string; url: string; headers: Record<string, string> };
type Measure = { title: string; rps: number; p50: number; p99: number; requests: number; errors: number; timeouts: number; non2xx: number };

function nextMessage<T extends ChildMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<ChildMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`No "${type}" from the bench server within ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: ChildMessage) => {
      if (message.type === 'failed') done(new Error(`Bench server failed:\n${message.error}`));
      else if (message.type === type) done(undefined, message as Extract<ChildMessage, { type: T }>);
    };
    const onExit = (code: number | null) => done(new Error(`Bench server exited early (code ${code})`));
    function done(err: Error | undefined, value?: Extract<ChildMessage, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err || !value) reject(err ?? new Error('no message'));
      else resolve(value);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function tell(child: ChildProcess, message: ParentMessage): void {
  if (child.connected) child.send(message);
}

async function fetchPage(target: Target, body: string): Promise<{ List: Record<string, unknown>[]; VirtualCount: number }> {
  const res = await fetch(target.url, { method: 'POST', headers: target.headers, body });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${target.title}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { List: Record<string, unknown>[]; VirtualCount: number };
}

/** Both sides must answer the same rows in the same order, or the comparison means nothing. */
async function checkSameAnswer(real: Target, bare: Target, body: string, expectedCount: number): Promise<void> {
  const [a, b] = await Promise.all([fetchPage(real, body), fetchPage(bare, body)]);
  if (a.VirtualCount !== expectedCount) throw new Error(`table API VirtualCount ${a.VirtualCount}, expected ${expectedCount}`);
  if (b.VirtualCount !== expectedCount) throw new Error(`bare route VirtualCount ${b.VirtualCount}, expected ${expectedCount}`);
  if (a.List.length !== 50) throw new Error(`table API returned ${a.List.length} rows, expected 50`);
  if (!isDeepStrictEqual(a.List, b.List)) {
    const first = a.List.findIndex((row, i) => !isDeepStrictEqual(row, b.List[i]));
    throw new Error(`table API and bare route differ at row ${first}:\n${JSON.stringify(a.List[first])}\n${JSON.stringify(b.List[first])}`);
  }
  const dates = a.List.map((r) => String(r.check_in_date));
  if (dates.some((d, i) => i > 0 && d > (dates[i - 1] ?? ''))) throw new Error('table API rows are not ordered by check_in_date descending');
}

async function load(target: Target, body: string, seconds: number): Promise<Measure> {
  const result = await autocannon({
    url: target.url,
    method: 'POST',
    headers: target.headers,
    body,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
  });
  return {
    title: target.title,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
}

async function main(): Promise<number> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // The child runs under the same TypeScript loader as this process (tsx passes its flags in execArgv).
  const child = fork(path.join(here, 'server.ts'), [], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    console.log(`Seeding ${process.env.BENCH_BOOKINGS ?? '100000'} bookings over ${process.env.BENCH_HOSTS ?? '200'} hosts…`);
    const ready: Ready = await nextMessage(child, 'ready', 10 * 60_000);
    console.log(`Seeded ${ready.rows} rows in ${(ready.seedMs / 1000).toFixed(1)} s; the measured host has ${ready.hostBookings} bookings.`);
    console.log(`Query plan: ${ready.plan.join(' | ')}`);

    const body = JSON.stringify(ready.body);
    const json = { 'content-type': 'application/json' };
    const real: Target = { title: 'table API  POST /api/table/20101/page', url: ready.realUrl, headers: { ...json, authorization: `Bearer ${ready.token}` } };
    const bare: Target = { title: 'bare route (raw better-sqlite3)', url: ready.bareUrl, headers: json };
    await checkSameAnswer(real, bare, body, ready.hostBookings);
    console.log('Both answer the same 50 rows and VirtualCount.');

    console.log(`Warm-up ${WARMUP} s each, then ${DURATION} s each with ${CONNECTIONS} connections…`);
    await load(real, body, WARMUP);
    await load(bare, body, WARMUP);
    const measured = [await load(real, body, DURATION), await load(bare, body, DURATION)];
    tell(child, { type: 'stats' });
    const stats: Stats = await nextMessage(child, 'stats', 10_000);

    const widths = [40, 12, 10, 10, 10, 8];
    console.log('');
    console.log(row(['', 'requests/s', 'p50 ms', 'p99 ms', 'requests', 'errors'], widths));
    for (const m of measured) {
      console.log(row([m.title, m.rps.toFixed(0), m.p50.toFixed(2), m.p99.toFixed(2), String(m.requests), String(m.errors + m.non2xx)], widths));
    }
    const [api, baseline] = measured as [Measure, Measure];
    const ratio = baseline.rps > 0 ? api.rps / baseline.rps : 0;
    console.log('');
    console.log(`ratio table API / bare: ${ratio.toFixed(2)} (goal >= ${GOAL}: ${ratio >= GOAL ? 'met' : 'MISSED'})`);
    console.log(`server RSS: ${mb(stats.rss)} now, ${mb(stats.maxRssKb * 1024)} peak (seeding included)`);

    const failures = measured.filter((m) => m.errors + m.timeouts + m.non2xx > 0);
    for (const m of failures) console.error(`${m.title}: ${m.errors} errors, ${m.timeouts} timeouts, ${m.non2xx} non-2xx answers`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    tell(child, { type: 'stop' });
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
      setTimeout(() => {
        child.kill();
        resolve();
      }, 10_000).unref();
    });
  }
}

// Then the other benchmarks (rules, alerts, iCal, sync push, sync pull, sync and host screens in the browser), in this process
// once the servers are gone; loaded only now, so that the load generator above does not carry them.
main()
  .then(async (code) => {
    console.log('');
    // One after another, each printing its own figures and goals; the run fails only on errors.
    const benches: (() => Promise<number>)[] = [
      async () => (await import('./rules')).runRulesBench(),
      async () => (await import('./alerts')).runAlertsBench(),
      async () => (await import('./ical')).runIcalBench(),
      async () => (await import('./sync-push')).runSyncPushBench(),
      async () => (await import('./durability')).runDurabilityBench(),
      async () => (await import('./sync-pull')).runSyncPullBench(),
      async () => (await import('./sync-client')).runSyncClientBench(),
      async () => (await import('./sync-network')).runSyncNetworkBench(),
      async () => (await import('./host-screens')).runHostScreensBench(),
    ];
    let worst = code;
    for (const bench of benches) {
      console.log('');
      worst = Math.max(worst, await bench());
    }
    return worst;
  })
  .then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
