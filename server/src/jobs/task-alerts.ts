/**
 * The task alert checks (docs/decisions.md, Rules read literally), as plain functions of (db, now)
 * that the scheduler, `POST /api/admin/jobs/:name/run` and tests call alike:
 *
 * - urgent-tasks (every minute): urgent pending tasks created since the last check, up to 50 per
 *   run, alert their host and assignee with "Urgent Task Alert" (type urgent). The mark ("since")
 *   starts at the first run's time minus one minute and is stored in the job's lease row; when a
 *   run stops at its limit the mark stays at the last task it alerted, so the next run carries on
 *   from there.
 * - overdue-tasks (every 5 minutes): pending tasks past their due date, up to 50 per run, alert
 *   their host and assignee with "Task Overdue" (type warning). A due date that is a day is past
 *   once that day is over in the property's time zone; an instant, once it has passed. Its mark is
 *   the time of the last check.
 *
 * Exactly once per task and kind: a run inserts the task's task_alerts row and writes its
 * notifications in the same transaction, and only tasks without that row are candidates. The run
 * is one IMMEDIATE transaction (SQLite's write lock from the start), so two processes' runs of the
 * same check never interleave, even without the lease. Push sending happens after the commit; so
 * does the e-mail of an alert a recipient's push may not reach (email/escalation.ts), queued or
 * held in the same transaction, once per alert and recipient.
 */
import { and, asc, eq, gte, isNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { housekeepingTasks, properties, taskAlerts } from '../../../shared/schema/tables';
import type { Db } from '../db/index';
import { nowIso, transact, type Tx } from '../db/write';
import { localToday, notifyTaskAlerts, type AlertKind, type TaskRow } from '../modules/housekeeping/service';
import { readMark, writeMark } from './lease';

/** Tasks alerted per run at most, per check (the product's limit). */
export const ALERT_LIMIT = 50;
export const URGENT_JOB = 'urgent-tasks';
export const OVERDUE_JOB = 'overdue-tasks';

/**
 * How far before the first run the urgent check looks, so that a task created just before the
 * server started is not missed.
 */
const FIRST_LOOKBACK_MS = 60_000;
/**
 * Offsets reach ±14 h: an instant written with one can sort (as text) up to 14 h after the moment
 * it means, and a due day can be over somewhere before it is over in UTC. Candidates are read up to
 * that far ahead and decided one by one.
 */
const ZONE_SLACK_MS = 14 * 60 * 60 * 1000;
const SCAN_BATCH = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type AlertRunOptions = {
  limit?: number;
  /** The app's public origin: the alert e-mails link to the task with it. */
  publicOrigin?: string;
};

export type AlertRunResult = {
  job: typeof URGENT_JOB | typeof OVERDUE_JOB;
  /** The time of this check. */
  checkedAt: string;
  /** Urgent check: tasks created at or after this were looked at. */
  since?: string;
  /** The mark stored for the next run. */
  mark: string;
  /** Tasks alerted by this run, in the order they were found. */
  taskIds: string[];
  /** Notifications written (host and assignee of each task). */
  notifications: number;
  /** Web Push deliveries queued for them, sent after the commit. */
  pushDeliveries: number;
  /** True when the run stopped at its limit: more tasks wait for the next run. */
  more: boolean;
};

function alreadyAlerted(kind: AlertKind) {
  return sql`(select 1 from ${taskAlerts} where ${taskAlerts.task_id} = ${housekeepingTasks.id} and ${taskAlerts.kind} = ${kind})`;
}

function urgentQuery(tx: Tx, since: string, at: string, limit: number) {
  return tx
    .select()
    .from(housekeepingTasks)
    .where(
      and(
        eq(housekeepingTasks.task_status, 'pending'),
        eq(housekeepingTasks.priority_level, 'urgent'),
        gte(housekeepingTasks.created_date, since),
        lte(housekeepingTasks.created_date, at),
        isNull(housekeepingTasks.deleted_at),
        notExists(alreadyAlerted('urgent')),
      ),
    )
    .orderBy(asc(housekeepingTasks.created_date), asc(housekeepingTasks.id))
    .limit(limit);
}

/** Pending live tasks due before `upper`, not yet alerted, in due order after a (due, id) key. */
function overdueQuery(tx: Tx, upper: string, after: { due: string; id: string } | null) {
  return tx
    .select()
    .from(housekeepingTasks)
    .where(
      and(
        eq(housekeepingTasks.task_status, 'pending'),
        isNull(housekeepingTasks.deleted_at),
        lt(housekeepingTasks.due_date, upper),
        after ? sql`(${housekeepingTasks.due_date}, ${housekeepingTasks.id}) > (${after.due}, ${after.id})` : undefined,
        notExists(alreadyAlerted('overdue')),
      ),
    )
    .orderBy(asc(housekeepingTasks.due_date), asc(housekeepingTasks.id))
    .limit(SCAN_BATCH);
}

/**
 * Records the alerts of these tasks and writes their notifications, in the run's transaction; a
 * task whose alert row already exists is left out (it alerted before).
 */
function alertOnce(tx: Tx, tasks: readonly TaskRow[], kind: AlertKind, now: Date, result: AlertRunResult, publicOrigin?: string): void {
  if (tasks.length === 0) return;
  const inserted = new Set(
    tx
      .insert(taskAlerts)
      .values(tasks.map((t) => ({ task_id: t.id, kind, created_at: nowIso(now) })))
      .onConflictDoNothing()
      .returning({ taskId: taskAlerts.task_id })
      .all()
      .map((r) => r.taskId),
  );
  const fresh = tasks.filter((t) => inserted.has(t.id));
  for (const n of notifyTaskAlerts(tx, fresh, kind, now, publicOrigin)) {
    result.notifications += 1;
    result.pushDeliveries += n.deliveries;
  }
  result.taskIds.push(...fresh.map((t) => t.id));
}

/** Urgent pending tasks created since the last check (up to `limit`), each alerted once. */
export function runUrgentTasks(db: Db, now: Date, options: AlertRunOptions = {}): AlertRunResult {
  const limit = options.limit ?? ALERT_LIMIT;
  const at = nowIso(now);
  return transact(db,
    (tx) => {
      const since = readMark(tx, URGENT_JOB) ?? nowIso(new Date(now.getTime() - FIRST_LOOKBACK_MS));
      const result: AlertRunResult = { job: URGENT_JOB, checkedAt: at, since, mark: at, taskIds: [], notifications: 0, pushDeliveries: 0, more: false };
      const candidates = urgentQuery(tx, since, at, limit).all();
      alertOnce(tx, candidates, 'urgent', now, result, options.publicOrigin);
      if (candidates.length >= limit) {
        // Stopped at the limit: carry on from the last one (tasks sharing its time are re-read and
        // skipped as alerted, so none is lost and none alerts twice).
        result.more = true;
        result.mark = candidates.at(-1)?.created_date ?? at;
      }
      writeMark(tx, URGENT_JOB, result.mark);
      return result;
    },
    'immediate',
  );
}

/** Is a pending task with this due date overdue at `now`? */
export function isPastDue(due: string, timezone: string, now: Date): boolean {
  if (DAY.test(due)) return due < localToday(timezone, now);
  const at = Date.parse(due);
  return !Number.isNaN(at) && at < now.getTime();
}

/** Pending tasks past their due date (up to `limit`), each alerted once. */
export function runOverdueTasks(db: Db, now: Date, options: AlertRunOptions = {}): AlertRunResult {
  const limit = options.limit ?? ALERT_LIMIT;
  const at = nowIso(now);
  const upper = nowIso(new Date(now.getTime() + ZONE_SLACK_MS));
  return transact(db,
    (tx) => {
      const result: AlertRunResult = { job: OVERDUE_JOB, checkedAt: at, mark: at, taskIds: [], notifications: 0, pushDeliveries: 0, more: false };
      // Each property's zone, looked up once per run.
      const zones = new Map<string, string>();
      const pastDue = (task: TaskRow): boolean => {
        const due = task.due_date;
        if (due === null) return false;
        let zone = 'UTC';
        if (DAY.test(due)) {
          zone = zones.get(task.property_id) ?? tx.select({ tz: properties.timezone }).from(properties).where(eq(properties.id, task.property_id)).get()?.tz ?? 'UTC';
          zones.set(task.property_id, zone);
        }
        return isPastDue(due, zone, now);
      };
      const overdue: TaskRow[] = [];
      let after: { due: string; id: string } | null = null;
      scan: for (;;) {
        const batch: TaskRow[] = overdueQuery(tx, upper, after).all();
        for (const task of batch) {
          if (overdue.length >= limit) {
            result.more = true;
            break scan;
          }
          if (pastDue(task)) overdue.push(task);
        }
        const last = batch.at(-1);
        if (batch.length < SCAN_BATCH || !last?.due_date) break;
        after = { due: last.due_date, id: last.id };
      }
      alertOnce(tx, overdue, 'overdue', now, result, options.publicOrigin);
      writeMark(tx, OVERDUE_JOB, at);
      return result;
    },
    'immediate',
  );
}

/**
 * EXPLAIN QUERY PLAN of the candidate queries (the urgent one, the overdue one's first batch and a
 * later batch), for the tests and the bench that check an index is used.
 */
export function alertQueryPlans(db: Db, now: Date): { urgent: string[]; overdue: string[]; overdueNext: string[] } {
  const at = nowIso(now);
  const plan = (q: { toSQL: () => { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    return (db.$client.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
  };
  return {
    urgent: plan(urgentQuery(db, at, at, ALERT_LIMIT)),
    overdue: plan(overdueQuery(db, at, null)),
    overdueNext: plan(overdueQuery(db, at, { due: at, id: '' })),
  };
}
