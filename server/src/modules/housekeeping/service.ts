/**
 * Housekeeping rules that follow from task and booking writes (issue 5):
 *
 * - Task events → notifications (spec §8 titles), each opening `/housekeeping?taskId=<id>`:
 *   New Task Created (the host, when the task comes from a template, from a turnover, or from
 *   someone other than the host), Task Assigned (the assignee, when a task is created for or moved
 *   to them), Task Update (the assignee, when someone else changes the date, property or
 *   instructions of their task), Task Completed (the host, when someone else completes it). Nobody
 *   is told about what they did themselves, except a task the host made from a template, which the
 *   rule names.
 * - The turnover rule: every booking's check-out day gets a cleaning task from the host's default
 *   template, created once, moved when the booking moves, cancelled when it is cancelled or
 *   deleted, and not made for a stay that had already ended when the booking was written.
 * - Who a task alert concerns (the jobs): the host and the assignee.
 *
 * Everything runs synchronously in the caller's transaction; notifications go through `notify`,
 * which leaves Web Push for after the commit.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { NOTIFICATION_TITLES } from '../../../../shared/messages';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { hostProfiles, housekeepingStaff, properties, taskTemplates, turnoverTasks, users, type housekeepingTasks } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import { getRow, insertRow, nowIso, updateRow, type Row, type Tx } from '../../db/write';
import { propertyToday } from '../calendar/service';
import { notify, type Notified } from '../notifications/service';
import type { NotificationType } from '../push/service';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const TASKS = requireDef(TABLE_IDS.housekeeping_tasks);

export type TaskRow = typeof housekeepingTasks.$inferSelect;

/** Where a task notification takes its reader; the client routes each role to that task. */
export function taskActionUrl(taskId: string): string {
  return `/housekeeping?taskId=${encodeURIComponent(taskId)}`;
}

function text(row: Row | undefined, field: string): string | null {
  const value = row?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The user of a host profile, when the profile and the user are live. */
export function hostUserOf(tx: Tx, hostId: string | null): string | null {
  if (!hostId) return null;
  const row = tx
    .select({ userId: users.ID })
    .from(hostProfiles)
    .innerJoin(users, eq(users.ID, hostProfiles.user_id))
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at), isNull(users.deleted_at)))
    .get();
  return row?.userId ?? null;
}

/**
 * The user of a staff row: its user_id, else a staff user with its e-mail (decisions.md: staff
 * users are linked to their staff row by e-mail). Null for staff who were never invited.
 */
export function staffUserOf(tx: Tx, staffId: string | null): string | null {
  if (!staffId) return null;
  const staff = tx
    .select({ userId: housekeepingStaff.user_id, email: housekeepingStaff.staff_email })
    .from(housekeepingStaff)
    .where(and(eq(housekeepingStaff.id, staffId), isNull(housekeepingStaff.deleted_at)))
    .get();
  if (!staff) return null;
  if (staff.userId) {
    const linked = tx
      .select({ id: users.ID })
      .from(users)
      .where(and(eq(users.ID, staff.userId), isNull(users.deleted_at)))
      .get();
    if (linked) return linked.id;
  }
  if (!staff.email) return null;
  const byEmail = tx
    .select({ id: users.ID })
    .from(users)
    .where(and(eq(users.Email, staff.email.trim().toLowerCase()), eq(users.Role, 'staff'), isNull(users.deleted_at)))
    .get();
  return byEmail?.id ?? null;
}

function propertyNameOf(tx: Tx, propertyId: string | null): string {
  if (!propertyId) return 'a property';
  const row = tx.select({ name: properties.property_name }).from(properties).where(eq(properties.id, propertyId)).get();
  return row?.name ?? 'a property';
}

function describe(tx: Tx, task: Row): string {
  return `"${text(task, 'task_title') ?? 'Task'}" at ${propertyNameOf(tx, text(task, 'property_id'))}`;
}

function send(tx: Tx, userId: string, task: Row, title: string, type: NotificationType, message: string, now: Date): Notified {
  const taskId = String(task.id);
  return notify(
    tx,
    {
      userId,
      title,
      message,
      type,
      taskId,
      hostId: text(task, 'host_id'),
      actionUrl: taskActionUrl(taskId),
      scheduledDate: text(task, 'scheduled_date'),
      dueDate: text(task, 'due_date'),
    },
    now,
  );
}

/** Who wrote the task: a signed-in user, or the turnover rule acting for a booking. */
type Author = { userId: string | null; name: string | null; turnoverGuest?: string };

/** Changes of these fields are news for the assignee (issue 5 "Task Update"). */
const UPDATE_FIELDS: readonly (readonly [string, string])[] = [
  ['scheduled_date', 'date'],
  ['due_date', 'due date'],
  ['property_id', 'property'],
  ['special_instructions', 'instructions'],
];

function taskEvents(tx: Tx, author: Author, before: Row | undefined, after: Row, now: Date): Notified[] {
  const out: Notified[] = [];
  const hostUser = hostUserOf(tx, text(after, 'host_id'));
  const assignee = text(after, 'assigned_staff_id');
  const assigneeUser = staffUserOf(tx, assignee);
  const what = describe(tx, after);

  if (!before) {
    const fromTemplate = text(after, 'template_id') !== null;
    const byOther = author.userId !== null && author.userId !== hostUser;
    if (hostUser && (fromTemplate || author.turnoverGuest !== undefined || byOther)) {
      const how =
        author.turnoverGuest !== undefined
          ? `for the check-out of ${author.turnoverGuest}`
          : byOther
            ? `by ${author.name ?? 'someone else'}`
            : 'from a template';
      out.push(send(tx, hostUser, after, NOTIFICATION_TITLES.taskCreated, 'info', `${what} was created ${how}.`, now));
    }
    if (assigneeUser && assigneeUser !== author.userId) {
      out.push(send(tx, assigneeUser, after, NOTIFICATION_TITLES.taskAssigned, 'info', `You have been assigned ${what}.`, now));
    }
    return out;
  }

  const reassigned = assignee !== null && assignee !== text(before, 'assigned_staff_id');
  if (reassigned) {
    if (assigneeUser && assigneeUser !== author.userId) {
      out.push(send(tx, assigneeUser, after, NOTIFICATION_TITLES.taskAssigned, 'info', `You have been assigned ${what}.`, now));
    }
  } else if (assigneeUser && assigneeUser !== author.userId) {
    const changed = UPDATE_FIELDS.filter(([field]) => field in after && (after[field] ?? null) !== (before[field] ?? null)).map(([, label]) => label);
    if (changed.length > 0) {
      out.push(send(tx, assigneeUser, after, NOTIFICATION_TITLES.taskUpdate, 'info', `${what} changed: ${changed.join(', ')}.`, now));
    }
  }

  if (before.task_status !== 'completed' && after.task_status === 'completed' && hostUser && hostUser !== author.userId) {
    const who = author.name ?? 'Your housekeeper';
    out.push(send(tx, hostUser, after, NOTIFICATION_TITLES.taskCompleted, 'success', `${who} completed ${what}.`, now));
  }
  return out;
}

/**
 * The table service calls this for every create and update of a housekeeping task, in the write's
 * transaction: `before` is the row before an update (undefined for a create), `after` the written
 * values (merged over `before` for an update). Answers the notifications raised.
 */
export function afterTaskWrite(tx: Tx, actor: Actor | null, before: Row | undefined, after: Row, now: Date = new Date()): Notified[] {
  return taskEvents(tx, { userId: actor?.userId ?? null, name: actor?.name || null }, before, after, now);
}

/** The host and the assignee of a task (the users a task alert concerns), each once. */
export function alertRecipients(tx: Tx, task: Pick<TaskRow, 'host_id' | 'assigned_staff_id'>): string[] {
  const ids = [hostUserOf(tx, task.host_id), staffUserOf(tx, task.assigned_staff_id)].filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

export type AlertKind = 'urgent' | 'overdue';

/** The alert notifications of one task (spec §8: Urgent Task Alert is urgent, Task Overdue warning). */
export function notifyTaskAlert(tx: Tx, task: TaskRow, kind: AlertKind, now: Date): Notified[] {
  const what = describe(tx, task);
  const [title, type, message]: [string, NotificationType, string] =
    kind === 'urgent'
      ? [NOTIFICATION_TITLES.urgentTask, 'urgent', `${what} is urgent and still pending.`]
      : [NOTIFICATION_TITLES.taskOverdue, 'warning', `${what} is past its due date (${task.due_date ?? 'unknown'}) and still pending.`];
  return alertRecipients(tx, task).map((userId) => send(tx, userId, task, title, type, message, now));
}

// ── Turnover ───────────────────────────────────────────────────────────────────────────────

export type TurnoverOutcome = { action: 'none' | 'created' | 'moved' | 'cancelled'; taskId?: string; notifications: Notified[] };

function holdsDates(booking: Row | undefined): booking is Row {
  return booking !== undefined && !booking.deleted_at && booking.booking_status !== 'cancelled';
}

function defaultTemplateOf(tx: Tx, hostId: string) {
  return tx
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.host_id, hostId), eq(taskTemplates.is_default, true), isNull(taskTemplates.deleted_at)))
    .orderBy(asc(taskTemplates.created_date), asc(taskTemplates.id))
    .get();
}

function timezoneOf(tx: Tx, propertyId: string): string {
  return tx.select({ timezone: properties.timezone }).from(properties).where(eq(properties.id, propertyId)).get()?.timezone ?? 'UTC';
}

/**
 * Keeps a booking's turnover task in step with the booking, in the booking write's transaction.
 * `before` is the booking before the write (undefined for a create), `after` the stored row after
 * it (a tombstone for a delete). The bookings service calls it for every path that writes a
 * booking (table API, sync, iCal and partner imports).
 *
 * - No turnover task yet, the booking holds its dates, its check-out day is today or later in the
 *   property's time zone, and the host has a default template: the task is made from the template
 *   for the check-out day (so a booking written after its stay ended gets none).
 * - A turnover task exists: it is cancelled when the booking is cancelled or deleted, and moved to
 *   the new check-out day or property when those change, unless it is already completed or
 *   cancelled. A task the host deleted is not made again (created once).
 */
export function syncTurnoverTask(tx: Tx, before: Row | undefined, after: Row | undefined, now: Date): TurnoverOutcome {
  const booking = after ?? before;
  const bookingId = text(booking, 'id');
  if (!bookingId) return { action: 'none', notifications: [] };
  const link = tx.select().from(turnoverTasks).where(eq(turnoverTasks.booking_id, bookingId)).get();

  if (!link) {
    if (!holdsDates(after)) return { action: 'none', notifications: [] };
    const hostId = text(after, 'host_id');
    const propertyId = text(after, 'property_id');
    const checkOut = text(after, 'check_out_date');
    if (!hostId || !propertyId || !checkOut) return { action: 'none', notifications: [] };
    if (checkOut < propertyToday(timezoneOf(tx, propertyId), now)) return { action: 'none', notifications: [] };
    const template = defaultTemplateOf(tx, hostId);
    if (!template) return { action: 'none', notifications: [] };
    const task = insertRow(
      tx,
      TASKS,
      {
        host_id: hostId,
        property_id: propertyId,
        booking_id: bookingId,
        template_id: template.id,
        task_title: template.name,
        task_description: template.description,
        task_category: template.task_category,
        priority_level: template.priority_level,
        scheduled_date: checkOut,
        due_date: checkOut,
        estimated_duration: template.estimated_duration,
        task_status: 'pending',
        checklist_items: template.checklist_items.map((item) => ({ ...item, done: false })),
        special_instructions: template.special_instructions,
        created_date: nowIso(now),
      },
      now,
    );
    const taskId = String(task.id);
    tx.insert(turnoverTasks).values({ booking_id: bookingId, task_id: taskId, created_at: nowIso(now) }).run();
    const guest = text(after, 'guest_name') ?? 'the guest';
    const notifications = taskEvents(tx, { userId: null, name: null, turnoverGuest: guest }, undefined, task, now);
    return { action: 'created', taskId, notifications };
  }

  const task = getRow(tx, TASKS, link.task_id);
  if (!task || task.task_status === 'completed' || task.task_status === 'cancelled') {
    return { action: 'none', taskId: link.task_id, notifications: [] };
  }
  if (!holdsDates(after)) {
    updateRow(tx, TASKS, link.task_id, { task_status: 'cancelled' }, now);
    return { action: 'cancelled', taskId: link.task_id, notifications: [] };
  }
  const changes: Row = {};
  const checkOut = text(after, 'check_out_date');
  if (checkOut && checkOut !== text(before, 'check_out_date')) {
    changes.scheduled_date = checkOut;
    changes.due_date = checkOut;
  }
  const propertyId = text(after, 'property_id');
  if (propertyId && propertyId !== task.property_id) changes.property_id = propertyId;
  const hostId = text(after, 'host_id');
  if (hostId && hostId !== task.host_id) changes.host_id = hostId;
  if (Object.keys(changes).length === 0) return { action: 'none', taskId: link.task_id, notifications: [] };
  const moved = updateRow(tx, TASKS, link.task_id, changes, now);
  if (!moved) return { action: 'none', taskId: link.task_id, notifications: [] };
  const notifications = taskEvents(tx, { userId: null, name: null }, task, moved, now);
  return { action: 'moved', taskId: link.task_id, notifications };
}

