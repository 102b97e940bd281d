/**
 * Problem reports (docs/decisions.md "Problem reports"): what follows a report, in its write's
 * transaction. It is linked to its stay, becomes a maintenance task for the host, and tells the
 * host: an urgent one at once, as an urgent alert (notification and Web Push) recorded in
 * task_alerts, so the urgent-task job never alerts its task a second time.
 */
import { and, desc, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { bookings, properties, taskAlerts } from '../../../../shared/schema/tables';
import type { ProblemCategory, ProblemSeverity } from '../../../../shared/enums';
import { MAINTENANCE_CATEGORY, maintenanceTitle, priorityOfSeverity } from '../../../../shared/problem-reports';
import { plausibleWorkTime } from '../../../../shared/task-times';
import { DEFAULT_CURRENCY } from '../../../../shared/money';
import { staffIdAt, type Actor } from '../../actor';
import { assertRowInScope } from '../../policy';
import { getRow, insertRow, nowIso, type Row, type Tx } from '../../db/write';
import { NotFound, ValidationFailed } from '../../errors';
import { hostUserOf, localToday, taskActionUrl } from '../housekeeping/service';
import { notify } from '../notifications/service';
import { recipientFor } from '../../i18n';
import { queueAlertEmails } from '../email/escalation';

const TASKS = requireTable(TABLE_IDS.housekeeping_tasks);

/** The task a report names: one the reporter sees, at the report's property; otherwise a 400 naming task_id. */
function reportedFromTask(tx: Tx, actor: Actor, taskId: string, propertyId: string): Row {
  let task: Row;
  try {
    task = assertRowInScope(tx, actor, TASKS, taskId);
  } catch (err) {
    if (err instanceof NotFound) throw new ValidationFailed('Invalid value for task_id: no such task');
    throw err;
  }
  if (task.property_id !== propertyId) throw new ValidationFailed('Invalid value for task_id: the task is at another property');
  // The scope read leaves the booking link out for a housekeeper's columns; read it whole.
  return getRow(tx, TASKS, taskId) ?? task;
}

/** The stay at the property on `today`, else the last one that ended before it; null when it never had one. */
export function stayAt(tx: Tx, propertyId: string, today: string): string | null {
  const kept = and(eq(bookings.property_id, propertyId), isNull(bookings.deleted_at), ne(bookings.booking_status, 'cancelled'));
  const current = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(kept, lte(bookings.check_in_date, today), gt(bookings.check_out_date, today)))
    .limit(1)
    .get();
  if (current) return current.id;
  const last = tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(kept, lte(bookings.check_out_date, today)))
    .orderBy(desc(bookings.check_out_date), desc(bookings.id))
    .limit(1)
    .get();
  return last?.id ?? null;
}

function propertyOf(tx: Tx, id: string): { name: string; timezone: string; currency: string } {
  const row = tx.select({ name: properties.property_name, timezone: properties.timezone, currency: properties.currency }).from(properties).where(eq(properties.id, id)).get();
  return { name: row?.name ?? 'a property', timezone: row?.timezone ?? 'UTC', currency: row?.currency ?? DEFAULT_CURRENCY };
}

export type ReportContext = { actor: Actor; now: Date; at?: Date; publicOrigin?: string };

/**
 * Completes a new report's server-set fields (reporter, stay, time), writes its maintenance task
 * and tells the host. `values` is the parsed, owned and reference-checked row; it is changed in place.
 */
export function fileReport(tx: Tx, ctx: ReportContext, values: Row): Row {
  const propertyId = String(values.property_id);
  const hostId = String(values.host_id);
  const property = propertyOf(tx, propertyId);
  const today = localToday(property.timezone, ctx.now);
  const task = typeof values.task_id === 'string' ? reportedFromTask(tx, ctx.actor, values.task_id, propertyId) : undefined;
  const category = values.category as ProblemCategory;
  const severity = values.severity as ProblemSeverity;
  const description = String(values.description);

  values.reported_by_staff_id = staffIdAt(ctx.actor, hostId) ?? null;
  values.booking_id = (task?.booking_id as string | null | undefined) ?? stayAt(tx, propertyId, today);
  values.reported_at = plausibleWorkTime(ctx.at, ctx.now, null);
  const maintenance = insertRow(
    tx,
    TASKS,
    {
      host_id: hostId,
      property_id: propertyId,
      booking_id: values.booking_id,
      task_title: maintenanceTitle(category, description),
      task_description: description,
      task_category: MAINTENANCE_CATEGORY,
      priority_level: priorityOfSeverity(severity),
      scheduled_date: today,
      due_date: severity === 'urgent' ? today : null,
      task_status: 'pending',
      checklist_items: [],
      // Its cost, once the host sets one, is in the property's currency, as a turnover's is.
      currency: property.currency,
      created_date: nowIso(ctx.now),
    },
    ctx.now,
  );
  values.maintenance_task_id = maintenance.id;
  tellHost(tx, ctx, { hostId, taskId: String(maintenance.id), propertyName: property.name, category, severity, description });
  return values;
}

type Told = { hostId: string; taskId: string; propertyName: string; category: ProblemCategory; severity: ProblemSeverity; description: string };

/**
 * The host's notification: urgent (pushed to stay until acted on) for an urgent report, with its
 * alert recorded for the maintenance task (the urgent-task job skips a task alerted already) and
 * its e-mail escalated as every urgent alert's is (email/escalation.ts: at once without a device,
 * else held until the push is known).
 */
function tellHost(tx: Tx, ctx: ReportContext, told: Told): void {
  const hostUser = hostUserOf(tx, told.hostId);
  const isUrgent = told.severity === 'urgent';
  if (isUrgent) tx.insert(taskAlerts).values({ task_id: told.taskId, kind: 'urgent', created_at: nowIso(ctx.now) }).onConflictDoNothing().run();
  if (!hostUser || hostUser === ctx.actor.userId) return;
  const { t } = recipientFor(tx, hostUser);
  const who = ctx.actor.name || t('server.push.yourHousekeeper');
  const notified = notify(
    tx,
    {
      userId: hostUser,
      title: t(isUrgent ? 'server.push.urgentProblem.title' : 'server.push.problemReported.title'),
      message: t('server.push.problemReported.body', { who, category: told.category, property: told.propertyName, description: told.description }).slice(0, 1000),
      type: isUrgent ? 'urgent' : 'info',
      taskId: told.taskId,
      hostId: told.hostId,
      actionUrl: taskActionUrl(told.taskId),
    },
    ctx.now,
  );
  if (isUrgent) queueAlertEmails(tx, [notified], 'urgent', ctx.now, ctx.publicOrigin);
}
