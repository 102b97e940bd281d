/**
 * iCal sync benchmark: part of `npm run bench`, or alone `npx tsx bench/ical.ts`.
 *
 * 1. One generated 5 000-event feed (Airbnb-like: folded lines, reservations with codes, blocks)
 *    served by the local fake feed server: fetch + parse + reconcile of the first import, then an
 *    unchanged re-fetch, then a re-fetch with 5 % of the stays moved and 2 % gone. Times per step
 *    and memory (heap growth, peak RSS). Goal: the first import under 1 s.
 * 2. A poll cycle: 200 feeds of 40 events each on 200 properties, through pollFeeds (the
 *    scheduled poll), a few at a time; then the next cycle with nothing changed. Prints "N of 200
 *    feeds polled in one cycle" with its time.
 * Every step prints wall clock and CPU time of the process (the wall clock stretches when other
 * work shares the cores). Exits non-zero on errors only (a missed goal is printed, not failed).
 *
 * Environment: BENCH_ICAL_EVENTS (default 5000), BENCH_ICAL_FEEDS (200), BENCH_ICAL_FEED_EVENTS
 * (40), BENCH_ICAL_CONCURRENCY (8).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { addDays } from '../shared/dates';
import { TABLE_IDS, tableById, type TableDef } from '../shared/registry';
import { openDatabase, type Db } from '../server/src/db';
import { insertRow, nowIso, updateRow, type Row } from '../server/src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../server/src/integrations/ical/fake/server';
import { fetchFeed } from '../server/src/integrations/ical/fetch';
import { parseIcalFeed } from '../server/src/integrations/ical/parse';
import { reconcileFeed } from '../server/src/integrations/ical/reconcile';
import { pollFeeds } from '../server/src/modules/calendar/poll';
import { propertyToday } from '../server/src/modules/calendar/service';

const GOAL_MS = 1_000;
const NOW = new Date();
const TIMEZONE = 'Europe/Paris';
const TODAY = propertyToday(TIMEZONE, NOW);

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const EVENTS = intEnv('BENCH_ICAL_EVENTS', 5_000);
const FEEDS = intEnv('BENCH_ICAL_FEEDS', 200);
const FEED_EVENTS = intEnv('BENCH_ICAL_FEED_EVENTS', 40);
const CONCURRENCY = intEnv('BENCH_ICAL_CONCURRENCY', 8);

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

/** A small seeded PRNG (mulberry32), so every run measures the same feed. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fold(line: string): string {
  const bytes = Buffer.from(line);
  if (bytes.length <= 75) return line;
  const parts = [bytes.subarray(0, 75).toString('latin1')];
  for (let i = 75; i < bytes.length; i += 74) parts.push(` ${bytes.subarray(i, i + 74).toString('latin1')}`);
  return Buffer.from(parts.join('\r\n'), 'latin1').toString('latin1');
}

type Stay = { uid: string; start: string; nights: number; reserved: boolean; code: string };

function makeStays(count: number, seed: number): Stay[] {
  const random = prng(seed);
  const from = addDays(TODAY, -330);
  return Array.from({ length: count }, (_, n) => {
    const code = `HM${Math.floor(random() * 36 ** 8)
      .toString(36)
      .toUpperCase()
      .padStart(8, '0')}`;
    return { uid: `${n.toString(16).padStart(12, '0')}-${seed}@airbnb.com`, start: addDays(from, Math.floor(random() * 1_000)), nights: 1 + Math.floor(random() * 9), reserved: random() < 0.6, code };
  });
}

function feedText(stays: readonly Stay[]): Buffer {
  const lines = ['BEGIN:VCALENDAR', 'PRODID;X-RICAL-TZSOURCE=TZINFO:-//Airbnb Inc//Hosting Calendar 0.8.8//EN', 'CALSCALE:GREGORIAN', 'VERSION:2.0'];
  for (const s of stays) {
    lines.push('BEGIN:VEVENT', `DTEND;VALUE=DATE:${addDays(s.start, s.nights).replaceAll('-', '')}`, `DTSTART;VALUE=DATE:${s.start.replaceAll('-', '')}`, `UID:${s.uid}`);
    if (s.reserved) {
      lines.push(fold(`DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/${s.code}\\nPhone Number (Last 4 Digits): 0${s.nights}42`));
      lines.push('SUMMARY:Reserved');
    } else {
      lines.push('SUMMARY:Airbnb (Not available)');
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

function insert(db: Db, id: number, values: Row): Row {
  return db.transaction((tx) => insertRow(tx, def(id), values, NOW));
}

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`;
}

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * One feed synced step by step, wall clock and CPU time of this process per step: on a machine
 * shared with other work the wall clock stretches, the CPU time says what the work itself costs
 * (the fake feed server runs in this process too, so fetch CPU includes serving the body).
 */
async function timedSync(db: Db, server: FakeFeedServer, feedId: string, url: string, label: string): Promise<{ wall: number; cpu: number }> {
  const heapBefore = process.memoryUsage().heapUsed;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const fetched = await fetchFeed(url, { allowedOrigins: [server.origin] });
  const t1 = performance.now();
  const c1 = cpuMs(c0);
  const parsed = parseIcalFeed(fetched.body, { timezone: TIMEZONE, today: TODAY });
  const t2 = performance.now();
  const c2 = cpuMs(c0);
  const result = reconcileFeed(db, feedId, parsed.instances, { now: NOW, today: TODAY });
  const t3 = performance.now();
  const c3 = cpuMs(c0);
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `  ${label.padEnd(30)} total ${ms(t3 - t0).padStart(7)} wall ${ms(c3).padStart(7)} CPU  (fetch ${ms(t1 - t0)}/${ms(c1)}, parse ${ms(t2 - t1)}/${ms(c2 - c1)}, reconcile ${ms(t3 - t2)}/${ms(c3 - c2)})\n` +
      `  ${''.padEnd(30)} ${mb(fetched.body.length)} body, ${parsed.instances.length} instances; created ${result.created}, updated ${result.updated}, ` +
      `unchanged ${result.unchanged}, cancelled ${result.cancelled}, removed ${result.removed}; heap ${heapAfter >= heapBefore ? '+' : ''}${mb(heapAfter - heapBefore)}`,
  );
  return { wall: t3 - t0, cpu: c3 };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-ical-'));
  const db = openDatabase(path.join(dir, 'bench.db'));
  const server = await startFakeFeedServer();
  try {
    const user = insert(db, TABLE_IDS.users, { Email: 'bench-ical@example.test', Role: 'host', CreateTime: nowIso(NOW) });
    const hostId = String(insert(db, TABLE_IDS.host_profiles, { user_id: user.ID, created_date: nowIso(NOW) }).id);
    const property = (n: number) => String(insert(db, TABLE_IDS.properties, { host_id: hostId, property_name: `Bench ${n}`, timezone: TIMEZONE, created_date: nowIso(NOW) }).id);
    const feed = (propertyId: string, url: string) =>
      String(insert(db, TABLE_IDS.calendar_feeds, { host_id: hostId, property_id: propertyId, platform: 'airbnb', ical_url: url, created_at: nowIso(NOW) }).id);

    console.log(`iCal benchmark: Node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, today ${TODAY} (${TIMEZONE})`);
    console.log(`\n1. One feed of ${EVENTS} events`);
    const stays = makeStays(EVENTS, 1);
    server.set('/big.ics', { body: feedText(stays) });
    const bigFeed = feed(property(0), server.url('/big.ics'));
    const first = await timedSync(db, server, bigFeed, server.url('/big.ics'), 'first import');
    await timedSync(db, server, bigFeed, server.url('/big.ics'), 'unchanged re-fetch');
    const random = prng(2);
    const changed = stays
      .filter(() => random() >= 0.02)
      .map((s) => (random() < 0.05 ? { ...s, start: addDays(s.start, 1 + Math.floor(random() * 5)) } : s));
    server.set('/big.ics', { body: feedText(changed) });
    await timedSync(db, server, bigFeed, server.url('/big.ics'), 're-fetch, 5 % moved, 2 % gone');
    console.log(
      `  goal: first import (fetch + parse + reconcile) < ${GOAL_MS} ms: ${first.wall < GOAL_MS ? 'met' : 'MISSED'} (wall clock ${ms(first.wall)}), ` +
        `${first.cpu < GOAL_MS ? 'met' : 'MISSED'} (CPU time ${ms(first.cpu)})`,
    );
    // Out of the poll cycle below, which measures the 200 small feeds alone.
    db.transaction((tx) => updateRow(tx, def(TABLE_IDS.calendar_feeds), bigFeed, { is_active: false }, NOW));

    console.log(`\n2. Poll cycle: ${FEEDS} feeds x ${FEED_EVENTS} events, ${CONCURRENCY} at a time (fetch + parse + reconcile per feed)`);
    const feedIds: string[] = [];
    for (let n = 0; n < FEEDS; n += 1) {
      server.set(`/poll/${n}.ics`, { body: feedText(makeStays(FEED_EVENTS, 100 + n)) });
      feedIds.push(feed(property(n + 1), server.url(`/poll/${n}.ics`)));
    }
    for (const [round, minutes] of [
      ['first cycle', 0],
      ['unchanged cycle', 16],
    ] as const) {
      const at = new Date(NOW.getTime() + minutes * 60_000);
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const summary = await pollFeeds(db, { now: () => at, fetch: { allowedOrigins: [server.origin] }, concurrency: CONCURRENCY });
      const elapsed = performance.now() - t0;
      const cpu = cpuMs(c0);
      console.log(
        `  ${round.padEnd(30)} ${summary.succeeded} of ${summary.due} feeds polled in one cycle: ${ms(elapsed).padStart(7)} wall, ${ms(cpu).padStart(7)} CPU ` +
          `(${(elapsed / Math.max(1, summary.due)).toFixed(1)} ms a feed, ${summary.failed} failed)`,
      );
      if (summary.failed > 0 || summary.due !== feedIds.length) process.exitCode = 1;
    }
    const usage = process.resourceUsage();
    console.log(`\nMemory: peak RSS ${mb(usage.maxRSS * 1024)}, heap now ${mb(process.memoryUsage().heapUsed)}`);
  } finally {
    await server.close();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the benchmark and answers an exit code: 1 when something failed (a missed goal is printed, not failed). */
export async function runIcalBench(): Promise<number> {
  const before = process.exitCode;
  process.exitCode = 0;
  try {
    await main();
    return Number(process.exitCode ?? 0);
  } catch (error) {
    console.error(error);
    return 1;
  } finally {
    process.exitCode = before;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void runIcalBench().then((code) => {
    process.exitCode = code;
  });
}
