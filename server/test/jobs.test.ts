/**
 * Task alert jobs with a fixed clock (server/src/jobs/README.md): the urgent check's first mark and
 * stored mark, the overdue rule (days in the property's zone, instants with offsets), exactly once
 * per task and kind across runs, restarts and two app instances on one database file, the 50-task
 * limit, the indexes the queries use; the lease (two schedulers → one runs); and
 * `POST /api/admin/jobs/:name/run`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { TABLE_IDS } from '../../shared/registry';
import { jobLeases, notifications, taskAlerts } from '../../shared/schema/tables';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/index';
import { insertRows, type Row } from '../src/db/write';
import { tryAcquireLease } from '../src/jobs/lease';
import { JobScheduler, type JobDefinition } from '../src/jobs/scheduler';
import { ALERT_LIMIT, OVERDUE_JOB, URGENT_JOB, alertQueryPlans, isPastDue, runOverdueTasks, runUrgentTasks } from '../src/jobs/task-alerts';
import { createHost, createProperty, createStaff, createTask, createUser, defOf, type HostFixture, type StaffFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';

const T = new Date('2032-02-01T12:00:00.000Z');
const minutes = (n: number) => new Date(T.getTime() + n * 60_000);
const iso = (d: Date) => d.toISOString();

let clock = T;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
});

function alertsOf(userId: string, title: string) {
  return app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.title, title), isNull(notifications.deleted_at)))
    .all();
}

function team(): { host: HostFixture; staff: StaffFixture; propertyId: string } {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  return { host, staff, propertyId: String(createProperty(app, host.hostProfileId).id) };
}

function bulkTasks(host: HostFixture, propertyId: string, n: number, values: Row): string[] {
  const rows = Array.from({ length: n }, (_, i) => ({ host_id: host.hostProfileId, property_id: propertyId, task_title: `Bulk ${i}`, ...values }));
  return app.db.transaction((tx) => insertRows(tx, defOf(TABLE_IDS.housekeeping_tasks), rows, clock)).map((r) => String(r.id));
}

describe('urgent-tasks', () => {
  it('starts one minute before its first run, alerts host and assignee once, and stores its mark', () => {
    const { host, staff, propertyId } = team();
    const urgent = (created: Date, extra: Row = {}) =>
      String(createTask(app, host.hostProfileId, { property_id: propertyId, priority_level: 'urgent', assigned_staff_id: staff.staffId, created_date: iso(created), ...extra }).id);
    const fresh = urgent(minutes(-0.5));
    urgent(minutes(-2));
    urgent(minutes(-0.2), { priority_level: 'high' });
    urgent(minutes(-0.2), { task_status: 'completed' });
    urgent(minutes(-0.2), { deleted_at: iso(minutes(-0.1)) });

    clock = T;
    const first = runUrgentTasks(app.db, T);
    expect(first.since).toBe(iso(minutes(-1)));
    expect(first.taskIds).toEqual([fresh]);
    expect(first.notifications).toBe(2);
    expect(first.mark).toBe(iso(T));
    expect(first.more).toBe(false);
    expect(app.db.select().from(jobLeases).where(eq(jobLeases.name, URGENT_JOB)).get()?.mark).toBe(iso(T));

    for (const user of [host, staff]) {
      const got = alertsOf(user.userId, NOTIFICATION_TITLES.urgentTask);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ type: 'urgent', taskId: fresh, actionUrl: `/housekeeping?taskId=${fresh}`, hostId: host.hostProfileId });
    }

    // The next run looks from the stored mark: the same task never again, a newer one once.
    const later = urgent(minutes(0.5));
    const second = runUrgentTasks(app.db, minutes(1));
    expect(second.since).toBe(iso(T));
    expect(second.taskIds).toEqual([later]);
    expect(runUrgentTasks(app.db, minutes(2)).taskIds).toEqual([]);
    expect(alertsOf(host.userId, NOTIFICATION_TITLES.urgentTask)).toHaveLength(2);
  });

  it('alerts at most 50 tasks per run and carries on from there, each task once', () => {
    const { host, propertyId } = team();
    const at = minutes(2.5);
    const ids = bulkTasks(host, propertyId, 120, { priority_level: 'urgent', created_date: iso(at) });
    const runs = [3, 3.1, 3.2, 3.3].map((m) => runUrgentTasks(app.db, minutes(m)));
    expect(runs.map((r) => r.taskIds.length)).toEqual([ALERT_LIMIT, ALERT_LIMIT, 20, 0]);
    expect(runs.map((r) => r.more)).toEqual([true, true, false, false]);
    expect(runs[0]?.mark).toBe(iso(at));
    expect(new Set(runs.flatMap((r) => r.taskIds))).toEqual(new Set(ids));
    expect(alertsOf(host.userId, NOTIFICATION_TITLES.urgentTask)).toHaveLength(120);
  });
});

describe('overdue-tasks', () => {
  it('knows when a due date is past: a day once it is over in the property’s zone, an instant once passed', () => {
    const now = new Date('2032-02-01T23:30:00Z');
    expect(isPastDue('2032-01-31', 'UTC', now)).toBe(true);
    expect(isPastDue('2032-02-01', 'UTC', now)).toBe(false);
    expect(isPastDue('2032-02-01', 'Pacific/Auckland', now)).toBe(true);
    expect(isPastDue('2032-01-31', 'America/Los_Angeles', now)).toBe(true);
    expect(isPastDue('2032-02-01T23:00:00Z', 'UTC', now)).toBe(true);
    expect(isPastDue('2032-02-02T01:00:00+02:00', 'UTC', now)).toBe(true);
    expect(isPastDue('2032-02-01T20:00:00-05:00', 'UTC', now)).toBe(false);
  });

  it('alerts pending tasks past due, host and assignee, once', () => {
    const { host, staff, propertyId } = team();
    const auckland = String(createProperty(app, host.hostProfileId, { timezone: 'Pacific/Auckland' }).id);
    const task = (due: string, extra: Row = {}) =>
      String(createTask(app, host.hostProfileId, { property_id: propertyId, assigned_staff_id: staff.staffId, due_date: due, created_date: iso(minutes(-600)), ...extra }).id);
    const now = new Date('2032-02-10T23:30:00Z');
    const yesterday = task('2032-02-09');
    task('2032-02-10');
    const aucklandToday = task('2032-02-10', { property_id: auckland });
    const instant = task('2032-02-10T20:00:00Z');
    const offset = task('2032-02-11T01:00:00+03:00');
    task('2032-02-10T20:00:00-05:00');
    task('2032-02-09', { task_status: 'completed' });
    task('2032-02-09', { task_status: 'in_progress' });
    task('2032-02-09', { deleted_at: iso(minutes(-1)) });

    clock = now;
    const first = runOverdueTasks(app.db, now);
    expect(new Set(first.taskIds)).toEqual(new Set([yesterday, aucklandToday, instant, offset]));
    expect(first.notifications).toBe(8);
    expect(app.db.select().from(jobLeases).where(eq(jobLeases.name, OVERDUE_JOB)).get()?.mark).toBe(iso(now));
    const got = alertsOf(staff.userId, NOTIFICATION_TITLES.taskOverdue);
    expect(got).toHaveLength(4);
    expect(got.every((n) => n.type === 'warning')).toBe(true);
    expect(alertsOf(host.userId, NOTIFICATION_TITLES.taskOverdue)).toHaveLength(4);

    expect(runOverdueTasks(app.db, new Date(now.getTime() + 5 * 60_000)).taskIds).toEqual([]);
    // Next morning the UTC day of the 10th is over and 20:00 New York time has passed: both, once.
    const nextDay = new Date('2032-02-11T06:00:00Z');
    expect(runOverdueTasks(app.db, nextDay).taskIds).toHaveLength(2);
    expect(runOverdueTasks(app.db, nextDay).taskIds).toEqual([]);
    clock = T;
  });

  it('alerts at most 50 tasks per run', () => {
    const { host, propertyId } = team();
    const ids = bulkTasks(host, propertyId, 60, { due_date: '2000-01-01' });
    const first = runOverdueTasks(app.db, T);
    expect(first.taskIds).toHaveLength(ALERT_LIMIT);
    expect(first.more).toBe(true);
    const second = runOverdueTasks(app.db, minutes(5));
    expect(second.taskIds).toHaveLength(10);
    expect(new Set([...first.taskIds, ...second.taskIds])).toEqual(new Set(ids));
  });

  it('finds its candidates through the alert indexes, never by scanning the tasks table', () => {
    const plans = alertQueryPlans(app.db, T);
    expect(plans.urgent.join('\n')).toContain('USING INDEX tasks_status_created_idx');
    for (const plan of [plans.overdue, plans.overdueNext]) {
      expect(plan.join('\n')).toContain('USING INDEX tasks_status_due_idx');
      expect(plan.join('\n')).not.toContain('TEMP B-TREE');
    }
    for (const plan of Object.values(plans)) {
      expect(plan.join('\n')).not.toMatch(/SCAN housekeeping_tasks\b/);
      expect(plan.join('\n')).toContain('task_alerts');
    }
  });
});

describe('exactly once across app instances and restarts on one database file', () => {
  it('alerts each task once whichever instance runs, and keeps the marks', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-jobs-'));
    const options = { databasePath: path.join(dir, 'app.db'), appSecretKey: 'test-secret', clientDistDir: path.join(dir, 'none'), now: () => T };
    const a = await buildApp(options);
    const b = await buildApp(options);
    try {
      const shared = Object.assign(a, { cleanup: async () => undefined });
      const host = createHost(shared);
      const staff = createStaff(shared, host.hostProfileId);
      const propertyId = String(createProperty(shared, host.hostProfileId).id);
      const ids = Array.from({ length: 5 }, (_, i) =>
        String(
          createTask(shared, host.hostProfileId, {
            property_id: propertyId,
            assigned_staff_id: staff.staffId,
            priority_level: 'urgent',
            due_date: '2001-01-01',
            created_date: iso(minutes(-0.5 + i * 0.01)),
          }).id,
        ),
      );
      const runs = [runUrgentTasks(a.db, T), runUrgentTasks(b.db, T), runOverdueTasks(b.db, T), runOverdueTasks(a.db, T)];
      expect(runs.map((r) => r.taskIds.length)).toEqual([5, 0, 5, 0]);
      await a.close();

      // A restart: the marks and the alerts are in the database.
      const c = await buildApp(options);
      try {
        expect(runUrgentTasks(c.db, minutes(1)).since).toBe(iso(T));
        expect(runUrgentTasks(c.db, minutes(1)).taskIds).toEqual([]);
        expect(runOverdueTasks(c.db, minutes(5)).taskIds).toEqual([]);
        const alerts = c.db.select().from(taskAlerts).all();
        expect(alerts).toHaveLength(10);
        for (const title of [NOTIFICATION_TITLES.urgentTask, NOTIFICATION_TITLES.taskOverdue]) {
          for (const user of [host, staff]) {
            const got = c.db
              .select({ taskId: notifications.taskId })
              .from(notifications)
              .where(and(eq(notifications.user_id, user.userId), eq(notifications.title, title)))
              .all();
            expect(got.map((n) => n.taskId).sort()).toEqual([...ids].sort());
          }
        }
      } finally {
        await c.close();
      }
    } finally {
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('lease', () => {
  function counting(name: string, log: string[], holder: string, intervalMs = 60_000): JobDefinition {
    return { name, intervalMs, run: () => log.push(holder) };
  }

  async function twoOnOneFile<T>(work: (dbA: Db, dbB: Db) => Promise<T>): Promise<T> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-lease-'));
    const options = { databasePath: path.join(dir, 'app.db'), appSecretKey: 'test-secret', clientDistDir: path.join(dir, 'none') };
    const a = await buildApp(options);
    const b = await buildApp(options);
    try {
      return await work(a.db, b.db);
    } finally {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('lets one of two schedulers run a job per interval, and the other take over when it is due', async () => {
    await twoOnOneFile(async (dbA, dbB) => {
      let now = T;
      const log: string[] = [];
      const a = new JobScheduler(dbA, [counting('job', log, 'a')], { now: () => now, holder: 'a' });
      const b = new JobScheduler(dbB, [counting('job', log, 'b')], { now: () => now, holder: 'b' });
      expect(await a.tick('job')).toEqual({ ran: true, result: 1 });
      expect(await b.tick('job')).toEqual({ ran: false, reason: 'not-due' });
      expect(await a.tick('job')).toEqual({ ran: false, reason: 'not-due' });
      now = new Date(T.getTime() + 60_000);
      expect((await b.tick('job')).ran).toBe(true);
      expect((await a.tick('job')).ran).toBe(false);
      expect(log).toEqual(['a', 'b']);
    });
  });

  it('never runs a job twice at once: a run in progress blocks the other process, even when asked by an admin', async () => {
    await twoOnOneFile(async (dbA, dbB) => {
      const now = T;
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow: JobDefinition = { name: 'job', intervalMs: 60_000, run: () => gate.then(() => 'slow done') };
      const a = new JobScheduler(dbA, [slow], { now: () => now, holder: 'a' });
      const b = new JobScheduler(dbB, [{ name: 'job', intervalMs: 60_000, run: () => 'b ran' }], { now: () => now, holder: 'b' });
      const running = a.runNow('job');
      expect(await b.runNow('job')).toEqual({ ran: false, reason: 'busy' });
      expect(await b.tick('job')).toEqual({ ran: false, reason: 'not-due' });
      expect(await a.runNow('job')).toEqual({ ran: false, reason: 'busy' });
      release();
      expect(await running).toEqual({ ran: true, result: 'slow done' });
      // Idle again: an admin may run it before it is due.
      expect(await b.runNow('job')).toEqual({ ran: true, result: 'b ran' });
    });
  });

  it('hands a dead runner’s job over once its deadline passes, and a stopped scheduler’s at once', async () => {
    await twoOnOneFile(async (dbA, dbB) => {
      let now = T;
      // A process took the lease and died mid-run.
      expect(tryAcquireLease(dbA, 'job', 'dead', now, new Date(T.getTime() + 120_000))).toBe(true);
      const log: string[] = [];
      const b = new JobScheduler(dbB, [counting('job', log, 'b')], { now: () => now, holder: 'b' });
      expect((await b.tick('job')).ran).toBe(false);
      now = new Date(T.getTime() + 120_000);
      expect((await b.tick('job')).ran).toBe(true);

      const a = new JobScheduler(dbA, [counting('job', log, 'a')], { now: () => now, holder: 'a' });
      await b.stop();
      expect((await a.tick('job')).ran).toBe(false);
      // c runs when due and is stopped during its run: the job is due again at once for the others
      // (without the stop it would next be due one interval later).
      now = new Date(T.getTime() + 240_000);
      const c = new JobScheduler(dbB, [counting('job', log, 'c')], { now: () => now, holder: 'c' });
      const running = c.tick('job');
      await c.stop();
      expect((await running).ran).toBe(true);
      expect((await a.tick('job')).ran).toBe(true);
      expect(log).toEqual(['b', 'c', 'a']);
    });
  });

  it('with real timers and jitter, two started schedulers run an hourly job once between them', async () => {
    await twoOnOneFile(async (dbA, dbB) => {
      const log: string[] = [];
      const options = { now: () => new Date(), tickMs: 10, jitter: 0.5 };
      const a = new JobScheduler(dbA, [counting('job', log, 'a', 3_600_000)], { ...options, holder: 'a' });
      const b = new JobScheduler(dbB, [counting('job', log, 'b', 3_600_000)], { ...options, holder: 'b' });
      a.start();
      b.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await Promise.all([a.stop(), b.stop()]);
      expect(log).toHaveLength(1);
    });
  });
});

describe('POST /api/admin/jobs/:name/run', () => {
  it('is for super admins only (401, 403) and names a known job (400)', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/admin/jobs/urgent-tasks/run' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['admin', 'host', 'staff'] as const) {
      const user = createUser(app, role);
      const res = await app.inject({ method: 'POST', url: '/api/admin/jobs/urgent-tasks/run', headers: { authorization: `Bearer ${user.token}` } });
      expect(res.statusCode, role).toBe(403);
    }
    const root = createUser(app, 'super_admin');
    const unknown = await app.inject({ method: 'POST', url: '/api/admin/jobs/reindex/run', headers: { authorization: `Bearer ${root.token}` } });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as { error: string }).error).toMatch(/^Invalid value for params name/);
  });

  it('runs a job now and answers what it did; 409 while the job runs elsewhere', async () => {
    const root = createUser(app, 'super_admin');
    const headers = { authorization: `Bearer ${root.token}` };
    const { host, propertyId } = team();
    clock = minutes(30);
    const id = String(createTask(app, host.hostProfileId, { property_id: propertyId, priority_level: 'urgent', created_date: iso(minutes(29.9)) }).id);

    const res = await app.inject({ method: 'POST', url: '/api/admin/jobs/urgent-tasks/run', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { job: string; durationMs: number; result: { taskIds: string[]; notifications: number; checkedAt: string } };
    expect(body.job).toBe(URGENT_JOB);
    expect(body.result.taskIds).toContain(id);
    expect(body.result.checkedAt).toBe(iso(clock));
    expect(alertsOf(host.userId, NOTIFICATION_TITLES.urgentTask).map((n) => n.taskId)).toContain(id);

    const again = await app.inject({ method: 'POST', url: '/api/admin/jobs/urgent-tasks/run', headers });
    expect((again.json() as { result: { taskIds: string[] } }).result.taskIds).toEqual([]);

    const poll = await app.inject({ method: 'POST', url: '/api/admin/jobs/ical-poll/run', headers });
    expect(poll.statusCode).toBe(200);
    expect((poll.json() as { result: { due: number; failed: number } }).result).toMatchObject({ due: 0, failed: 0 });

    expect(tryAcquireLease(app.db, OVERDUE_JOB, 'another-process', clock, minutes(40))).toBe(true);
    const busy = await app.inject({ method: 'POST', url: '/api/admin/jobs/overdue-tasks/run', headers });
    expect(busy.statusCode).toBe(409);
    clock = T;
  });
});
