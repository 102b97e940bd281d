/**
 * Task alert and Web Push benchmark: `npx tsx bench/alerts.ts`, or `runAlertsBench()` from
 * bench/run.ts.
 *
 * The real app (buildApp) on a temporary database with 50 000 pending tasks over 100 hosts
 * (written through insertRows, set-up not measured):
 *   1. The candidate queries' plans (EXPLAIN QUERY PLAN): they must use an index.
 *   2. overdue-tasks: time per run while working through the backlog (50 alerts a run, 100
 *      notifications), then per run once every overdue task has alerted (the worst case: the whole
 *      overdue range is walked and found done). Goal < 200 ms per run.
 *   3. urgent-tasks: time per run through the urgent tasks created in the last minutes, then per run
 *      with nothing new. Goal < 200 ms per run.
 *   4. Push fan-out: devices subscribed at the mock push service `web-push-testing`, run as its own
 *      process (its bin/server.js), one notification per user, then the sender's drain timed:
 *      deliveries per second (encryption, VAPID signing, HTTP) and a sample read back decrypted.
 * Prints the figures; exits non-zero on errors only (a missed goal is printed, not failed).
 *
 * Environment: BENCH_ALERT_TASKS (default 50000), BENCH_ALERT_HOSTS (100), BENCH_PUSH_DEVICES (500).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../shared/registry';
import { housekeepingTasks, taskAlerts } from '../shared/schema/tables';
import { loadActor } from '../server/src/actor';
import { buildApp } from '../server/src/app';
import { insertRows, nowIso, type Row } from '../server/src/db/write';
import { alertQueryPlans, runOverdueTasks, runUrgentTasks } from '../server/src/jobs/task-alerts';
import { notify } from '../server/src/modules/notifications/service';
import { subscribe } from '../server/src/modules/push/service';

const GOAL_MS = 200;

function intEnv(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const TASKS = intEnv('BENCH_ALERT_TASKS', 50_000);
const HOSTS = intEnv('BENCH_ALERT_HOSTS', 100);
const DEVICES = intEnv('BENCH_PUSH_DEVICES', 500);
const PROPERTIES_PER_HOST = 5;
const STAFF_PER_HOST = 3;
/** Urgent tasks created within the last minutes, for the urgent check to work through. */
const FRESH_URGENT = Math.min(1_000, Math.floor(TASKS / 10));

function def(id: number): TableDef {
  const d = tableById(id);
  if (!d) throw new Error(`No table ${id}`);
  return d;
}

type Run = { wallMs: number; cpuMs: number };

/** Wall and CPU time of one run (CPU time is what the run costs when the machine is busy with others). */
function timed<T>(work: () => T): { value: T; run: Run } {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const value = work();
  const wallMs = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  return { value, run: { wallMs, cpuMs: (used.user + used.system) / 1000 } };
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function stats(runs: Run[]): string {
  const wall = runs.map((r) => r.wallMs).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(6);
  return `runs ${String(runs.length).padStart(3)}  wall p50 ${f(pct(wall, 50))} p95 ${f(pct(wall, 95))} max ${f(wall.at(-1) ?? 0)} ms  cpu p50 ${f(pct(cpu, 50))} max ${f(cpu.at(-1) ?? 0)} ms`;
}

/**
 * The goal is judged on warm runs (the first run of a process also compiles its statements). On a
 * machine busy with other work, wall time is mostly waiting for a core: the verdict then says
 * whether the runs' own CPU time meets it, with the load average beside it.
 */
function goal(cold: Run, warm: Run[]): string {
  const wall = Math.max(...warm.map((r) => r.wallMs));
  const cpu = Math.max(...warm.map((r) => r.cpuMs));
  const first = `first run after start ${cold.wallMs.toFixed(1)} ms wall, ${cold.cpuMs.toFixed(1)} ms cpu`;
  if (wall < GOAL_MS) return `goal < ${GOAL_MS} ms per run: met (warm max ${wall.toFixed(1)} ms; ${first})`;
  const load = os.loadavg()[0]?.toFixed(1) ?? '?';
  const verdict = cpu < GOAL_MS ? 'met in CPU time' : 'MISSED';
  return `goal < ${GOAL_MS} ms per run: ${verdict} (warm max ${cpu.toFixed(1)} ms cpu, ${wall.toFixed(1)} ms wall at load average ${load} on ${os.cpus().length} cores; ${first})`;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The mock push service's own server script in a child process, so that it does not share our thread. */
async function startMockService(): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'web-push-testing', 'src', 'bin', 'server.js');
  const child = spawn(process.execPath, [script, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('web-push-testing did not start within 10 s')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Server running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`web-push-testing exited (${code})`)));
  });
  // Its subscriptions carry http://localhost:<port>/notify/… endpoints.
  return { origin: `http://localhost:${port}`, child };
}

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs the benchmark and answers an exit code: 1 when something failed (a missed goal is printed, not failed). */
export async function runAlertsBench(): Promise<number> {
  try {
    await main();
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-bench-alerts-'));
  const mock = await startMockService();
  process.env.PUSH_ENDPOINT_ORIGINS = mock.origin;
  const start = new Date();
  let clock = start;
  const app = await buildApp({ databasePath: path.join(dir, 'app.db'), appSecretKey: 'bench', clientDistDir: path.join(dir, 'none'), now: () => clock }).catch(
    (error: unknown) => {
      mock.child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    },
  );
  try {
    // ── Set-up (not measured) ──────────────────────────────────────────────────────────────
    const setupStarted = performance.now();
    const at = nowIso(start);
    const hosts: { userId: string; hostId: string; properties: string[]; staff: { id: string; userId: string }[] }[] = [];
    app.db.transaction((tx) => {
      const users = insertRows(
        tx,
        def(TABLE_IDS.users),
        Array.from({ length: HOSTS * (1 + STAFF_PER_HOST) }, (_, i) => ({
          Email: `bench-${i}@example.com`,
          Name: `Bench user ${i}`,
          Role: i < HOSTS ? 'host' : 'staff',
          CreateTime: at,
          setupCompleted: true,
        })),
        start,
      );
      const profiles = insertRows(
        tx,
        def(TABLE_IDS.host_profiles),
        users.slice(0, HOSTS).map((u) => ({ user_id: u.ID, email: u.Email, company_name: 'Bench', created_date: at })),
        start,
      );
      for (let h = 0; h < HOSTS; h += 1) {
        const hostId = String(profiles[h]?.id);
        const props = insertRows(
          tx,
          def(TABLE_IDS.properties),
          Array.from({ length: PROPERTIES_PER_HOST }, (_, p) => ({ host_id: hostId, property_name: `Bench ${h}-${p}`, timezone: p % 2 ? 'Europe/Paris' : 'America/New_York', created_date: at })),
          start,
        );
        const staffUsers = users.slice(HOSTS + h * STAFF_PER_HOST, HOSTS + (h + 1) * STAFF_PER_HOST);
        const staff = insertRows(
          tx,
          def(TABLE_IDS.housekeeping_staff),
          staffUsers.map((u) => ({ host_id: hostId, staff_name: String(u.Name), staff_email: u.Email, user_id: u.ID, created_date: at })),
          start,
        );
        hosts.push({
          userId: String(users[h]?.ID),
          hostId,
          properties: props.map((p) => String(p.id)),
          staff: staff.map((s, i) => ({ id: String(s.id), userId: String(staffUsers[i]?.ID) })),
        });
      }
      const day = 24 * 3600_000;
      const rows: Row[] = [];
      for (let i = 0; i < TASKS; i += 1) {
        const host = hosts[i % HOSTS];
        if (!host) throw new Error('no host');
        const fresh = i < FRESH_URGENT;
        const overdue = i % 5 < 3;
        const offset = ((i * 7919) % 30) * day + (i % 1440) * 60_000;
        const dueAt = new Date(start.getTime() + (overdue ? -offset - 60_000 : offset + day));
        rows.push({
          host_id: host.hostId,
          property_id: host.properties[i % PROPERTIES_PER_HOST],
          task_title: `Bench task ${i}`,
          priority_level: fresh || i % 10 === 0 ? 'urgent' : 'medium',
          assigned_staff_id: i % 10 < 7 ? host.staff[i % STAFF_PER_HOST]?.id : null,
          due_date: i % 2 ? dueAt.toISOString() : dueAt.toISOString().slice(0, 10),
          scheduled_date: dueAt.toISOString().slice(0, 10),
          created_date: nowIso(new Date(start.getTime() - (fresh ? (i % 300) * 1000 : 2 * day + i * 1000))),
        });
      }
      insertRows(tx, def(TABLE_IDS.housekeeping_tasks), rows, start);
    });
    const pending = Number(app.db.get<{ n: number }>(sql`select count(*) as n from ${housekeepingTasks} where ${housekeepingTasks.task_status} = 'pending'`).n);
    console.log(`\nSet-up: ${pending} pending tasks over ${HOSTS} hosts in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s\n`);

    // ── 1. Plans ───────────────────────────────────────────────────────────────────────────
    const plans = alertQueryPlans(app.db, start);
    console.log('Query plans');
    for (const [name, plan] of Object.entries(plans)) console.log(`  ${name.padEnd(12)} ${plan.join(' | ')}`);
    const indexed = Object.values(plans).every((p) => p.some((line) => /USING (COVERING )?INDEX tasks_/.test(line)) && !p.some((l) => /SCAN housekeeping_tasks\b/.test(l)));
    console.log(`  index used by every candidate query: ${indexed ? 'yes' : 'NO'}\n`);

    // ── 2. overdue-tasks ───────────────────────────────────────────────────────────────────
    const backlog: Run[] = [];
    let alerted = 0;
    for (let run = 0; run < 20; run += 1) {
      clock = new Date(start.getTime() + run * 5 * 60_000);
      const { value, run: time } = timed(() => runOverdueTasks(app.db, clock));
      backlog.push(time);
      alerted += value.taskIds.length;
    }
    // Every other overdue task has alerted already: the worst case, the whole range walked.
    app.db.run(
      sql`insert into ${taskAlerts} (task_id, kind, created_at) select ${housekeepingTasks.id}, 'overdue', ${at} from ${housekeepingTasks}
          where ${housekeepingTasks.task_status} = 'pending' and ${housekeepingTasks.due_date} < ${nowIso(new Date(clock.getTime() + 14 * 3600_000))} on conflict do nothing`,
    );
    const steady: Run[] = [];
    for (let run = 0; run < 10; run += 1) {
      const { value, run: time } = timed(() => runOverdueTasks(app.db, clock));
      steady.push(time);
      if (value.taskIds.length > 0) throw new Error('steady-state overdue run alerted again');
    }
    const [overdueCold, ...overdueWarm] = backlog;
    if (!overdueCold) throw new Error('no overdue run');
    console.log('overdue-tasks (pending tasks past due, up to 50 a run, host and assignee notified)');
    console.log(`  backlog       ${stats(overdueWarm)}  (${alerted} tasks alerted in ${backlog.length} runs)`);
    console.log(`  all alerted   ${stats(steady)}`);
    console.log(`  ${goal(overdueCold, [...overdueWarm, ...steady])}\n`);

    // ── 3. urgent-tasks ────────────────────────────────────────────────────────────────────
    clock = start;
    // The first check looks back one minute; a stored mark before the fresh tasks makes the bench
    // work through all of them, 50 a run.
    app.db.run(sql`insert into job_leases (name, holder, expires_at, mark) values ('urgent-tasks', '', ${at}, ${nowIso(new Date(start.getTime() - 400_000))})`);
    const urgentBacklog: Run[] = [];
    let urgentAlerted = 0;
    for (let run = 0; run < 100; run += 1) {
      const { value, run: time } = timed(() => runUrgentTasks(app.db, clock));
      urgentBacklog.push(time);
      urgentAlerted += value.taskIds.length;
      if (!value.more) break;
    }
    const urgentSteady: Run[] = [];
    for (let run = 1; run <= 10; run += 1) {
      clock = new Date(start.getTime() + run * 60_000);
      urgentSteady.push(timed(() => runUrgentTasks(app.db, clock)).run);
    }
    const [urgentCold, ...urgentWarm] = urgentBacklog;
    if (!urgentCold) throw new Error('no urgent run');
    console.log('urgent-tasks (urgent pending tasks created since the last check, up to 50 a run)');
    console.log(`  backlog       ${stats(urgentWarm)}  (${urgentAlerted} tasks alerted in ${urgentBacklog.length} runs)`);
    console.log(`  nothing new   ${stats(urgentSteady)}`);
    console.log(`  ${goal(urgentCold, [...urgentWarm, ...urgentSteady])}\n`);

    // ── 4. Push fan-out ────────────────────────────────────────────────────────────────────
    const users = hosts.flatMap((h) => [h.userId, ...h.staff.map((s) => s.userId)]);
    const hashes: string[] = [];
    const subscribeStarted = performance.now();
    for (let d = 0; d < DEVICES; d += 1) {
      const userId = users[d % users.length];
      const actor = userId ? loadActor(app.db, userId) : undefined;
      if (!actor) throw new Error('no actor');
      const sub = await postJson<{ data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string } }>(`${mock.origin}/subscribe`, {
        userVisibleOnly: 'true',
        applicationServerKey: app.push.publicKey,
      });
      subscribe(app.db, actor, { endpoint: sub.data.endpoint, keys: sub.data.keys }, app.push.allowedOrigins, clock);
      hashes.push(sub.data.clientHash);
    }
    const subscribedIn = performance.now() - subscribeStarted;
    const notified = new Set(users.slice(0, Math.min(users.length, DEVICES)));
    const queued = app.db.transaction((tx) =>
      [...notified].reduce((n, userId) => n + notify(tx, { userId, title: 'Urgent Task Alert', message: 'Bench fan-out', type: 'urgent' }, clock).deliveries, 0),
    );
    const t0 = performance.now();
    const sent = await app.push.sender.drain();
    const seconds = (performance.now() - t0) / 1000;
    const sample = hashes.slice(0, 20);
    const received = await Promise.all(sample.map((clientHash) => postJson<{ data: { messages: string[] } }>(`${mock.origin}/get-notifications`, { clientHash })));
    const decrypted = received.filter((r) => r.data.messages.some((m) => (JSON.parse(m) as { message?: string }).message === 'Bench fan-out')).length;
    if (sent.sent !== queued) throw new Error(`push: ${queued} queued but ${sent.sent} sent (${JSON.stringify(sent)})`);
    console.log('Push fan-out to web-push-testing (its own process), aes128gcm + VAPID, fetch');
    console.log(`  ${DEVICES} devices subscribed in ${(subscribedIn / 1000).toFixed(1)} s; ${queued} deliveries queued for ${notified.size} users`);
    console.log(`  sent ${sent.sent} in ${seconds.toFixed(2)} s: ${(sent.sent / seconds).toFixed(0)} deliveries/s (retried ${sent.retried}, dropped ${sent.dropped}, gone ${sent.gone})`);
    console.log(`  read back decrypted: ${decrypted}/${sample.length} sampled devices\n`);
  } finally {
    await app.close();
    mock.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void runAlertsBench().then((code) => {
    process.exitCode = code;
  });
}
