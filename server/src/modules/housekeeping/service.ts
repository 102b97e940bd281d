/**
 * Housekeeping rules that follow from task and booking writes:
 *
 * - Task events → notifications (titles: NOTIFICATION_TITLES in shared/messages.ts; every text from
 *   the `server` catalog in the reader's language, server/src/i18n.ts), each opening
 *   `/housekeeping?taskId=<id>`:
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
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recipientFor, english, type Recipient, type Translate } from '../../i18n';
import type { FieldMet } from '../../../../shared/sync';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { hostProfiles, housekeepingStaff, housekeepingTasks, properties, taskTemplates, turnoverTasks, users } from '../../../../shared/schema/tables';
import { staffIdAt, type Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRowsBulk } from '../../db/bulk';
import { literalLimit } from '../../db/limit';
import { insertRow, nowIso, updateRow, type Row, type Tx } from '../../db/write';
import { DEFAULT_CURRENCY } from '../../../../shared/money';
import { localToday } from '../../../../shared/dates';
import { queueAlertEmails } from '../email/escalation';
import { notifyMany, type Notified, type NotifyInput } from '../notifications/service';
import type { NotificationType } from '../push/service';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const TASKS = requireDef(TABLE_IDS.housekeeping_tasks);

/** The English of the catalogs: how a task is named where no reader is known (a refusal's text). */

export type TaskRow = typeof housekeepingTasks.$inferSelect;

/** The date (YYYY-MM-DD) at `now` in an IANA zone: "today" at a property (shared/dates.ts). */
export { localToday };

/** Where a task notification takes its reader; the client routes each role to that task. */
export function taskActionUrl(taskId: string): string {
  return `/housekeeping?taskId=${encodeURIComponent(taskId)}`;
}

function text(row: Row | undefined, field: string): string | null {
  const value = row?.[field];
  return typeof value === 'string' && value !== '' ? value : null;
}

const p = sql.placeholder;

/**
 * The single-row lookups of this module, built and compiled once per handle: the bookings service
 * passes its database handle (statements then live as long as the app), other callers their
 * transaction. A statement compiled on the handle runs inside the caller's open transaction, since
 * both are the same connection.
 */
const STATEMENTS = {
  turnoverLink: (h: Tx) => h.select({ taskId: turnoverTasks.task_id }).from(turnoverTasks).where(eq(turnoverTasks.booking_id, p('id'))).prepare(),
  insertTurnoverLink: (h: Tx) => h.insert(turnoverTasks).values({ booking_id: p('booking'), task_id: p('task'), created_at: p('at') }).prepare(),
  liveTask: (h: Tx) =>
    h
      .select()
      .from(housekeepingTasks)
      .where(and(eq(housekeepingTasks.id, p('id')), isNull(housekeepingTasks.deleted_at)))
      .prepare(),
  property: (h: Tx) => h.select({ timezone: properties.timezone, name: properties.property_name, currency: properties.currency }).from(properties).where(eq(properties.id, p('id'))).prepare(),
  defaultTemplate: (h: Tx) =>
    h
      .select()
      .from(taskTemplates)
      .where(and(eq(taskTemplates.host_id, p('id')), eq(taskTemplates.is_default, true), isNull(taskTemplates.deleted_at)))
      .orderBy(asc(taskTemplates.created_date), asc(taskTemplates.id))
      .limit(literalLimit(1))
      .prepare(),
  hostUser: (h: Tx) =>
    h
      .select({ userId: users.ID })
      .from(hostProfiles)
      .innerJoin(users, eq(users.ID, hostProfiles.user_id))
      .where(and(eq(hostProfiles.id, p('id')), isNull(hostProfiles.deleted_at), isNull(users.deleted_at)))
      .prepare(),
  staff: (h: Tx) =>
    h
      .select({ userId: housekeepingStaff.user_id })
      .from(housekeepingStaff)
      .where(and(eq(housekeepingStaff.id, p('id')), isNull(housekeepingStaff.deleted_at)))
      .prepare(),
  liveUser: (h: Tx) =>
    h
      .select({ id: users.ID })
      .from(users)
      .where(and(eq(users.ID, p('id')), isNull(users.deleted_at)))
      .prepare(),
  staffName: (h: Tx) => h.select({ name: housekeepingStaff.staff_name }).from(housekeepingStaff).where(eq(housekeepingStaff.id, p('id'))).prepare(),
};

type Statements = { [K in keyof typeof STATEMENTS]: ReturnType<(typeof STATEMENTS)[K]> };
const statementCache = new WeakMap<Tx, Partial<Statements>>();

function statement<K extends keyof Statements>(handle: Tx, key: K): Statements[K] {
  let entry = statementCache.get(handle);
  if (!entry) {
    entry = {};
    statementCache.set(handle, entry);
  }
  const cached = entry[key];
  if (cached) return cached;
  const built = STATEMENTS[key](handle) as Statements[K];
  entry[key] = built;
  return built;
}

/** The user of a host profile, when the profile and the user are live. */
export function hostUserOf(handle: Tx, hostId: string | null): string | null {
  if (!hostId) return null;
  return statement(handle, 'hostUser').get({ id: hostId })?.userId ?? null;
}

/**
 * The user of a staff row: its user_id, set when the person accepted that row's invite (how a
 * staff user is linked: docs/decisions.md, Ownership and scope). Null for staff who never did.
 */
export function staffUserOf(handle: Tx, staffId: string | null): string | null {
  if (!staffId) return null;
  const staff = statement(handle, 'staff').get({ id: staffId });
  if (!staff) return null;
  if (!staff.userId) return null;
  return statement(handle, 'liveUser').get({ id: staff.userId })?.id ?? null;
}

const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * What task notifications need to know (the host's user, the assignee's user, the property's
 * name), looked up once per call; `preload` fetches them for a whole batch of tasks in one query
 * per kind (the alert jobs notify up to 50 tasks at once).
 */
class TaskFacts {
  private readonly hosts = new Map<string, string | null>();
  private readonly staff = new Map<string, string | null>();
  private readonly names = new Map<string, string>();
  private readonly readers = new Map<string, Recipient>();

  constructor(
    private readonly tx: Tx,
    private readonly handle: Tx = tx,
  ) {}

  preload(tasks: readonly Row[]): void {
    const distinct = (field: string) => [...new Set(tasks.map((t) => text(t, field)).filter((v): v is string => v !== null))];
    const hostIds = distinct('host_id').filter((id) => !this.hosts.has(id));
    for (const part of chunks(hostIds)) {
      const found = this.tx
        .select({ hostId: hostProfiles.id, userId: users.ID })
        .from(hostProfiles)
        .innerJoin(users, eq(users.ID, hostProfiles.user_id))
        .where(and(inArray(hostProfiles.id, part), isNull(hostProfiles.deleted_at), isNull(users.deleted_at)))
        .all();
      for (const id of part) this.hosts.set(id, null);
      for (const f of found) this.hosts.set(f.hostId, f.userId);
    }
    const staffIds = distinct('assigned_staff_id').filter((id) => !this.staff.has(id));
    for (const part of chunks(staffIds)) {
      const rows = this.tx
        .select({ id: housekeepingStaff.id, userId: housekeepingStaff.user_id })
        .from(housekeepingStaff)
        .where(and(inArray(housekeepingStaff.id, part), isNull(housekeepingStaff.deleted_at)))
        .all();
      const linked = new Set(
        this.tx
          .select({ id: users.ID })
          .from(users)
          .where(and(inArray(users.ID, rows.map((r) => r.userId).filter((v): v is string => v !== null)), isNull(users.deleted_at)))
          .all()
          .map((u) => u.id),
      );
      for (const id of part) this.staff.set(id, null);
      for (const r of rows) this.staff.set(r.id, r.userId && linked.has(r.userId) ? r.userId : null);
    }
    const propertyIds = distinct('property_id').filter((id) => !this.names.has(id));
    for (const part of chunks(propertyIds)) {
      for (const p of this.tx.select({ id: properties.id, name: properties.property_name }).from(properties).where(inArray(properties.id, part)).all()) {
        this.names.set(p.id, p.name);
      }
    }
  }

  hostUser(hostId: string | null): string | null {
    if (!hostId) return null;
    if (!this.hosts.has(hostId)) this.hosts.set(hostId, hostUserOf(this.handle, hostId));
    return this.hosts.get(hostId) ?? null;
  }

  staffUser(staffId: string | null): string | null {
    if (!staffId) return null;
    if (!this.staff.has(staffId)) this.staff.set(staffId, staffUserOf(this.handle, staffId));
    return this.staff.get(staffId) ?? null;
  }

  /** A user as the reader of a notification: their language and date settings (server/src/i18n.ts). */
  reader(userId: string): Recipient {
    let reader = this.readers.get(userId);
    if (!reader) {
      reader = recipientFor(this.handle, userId);
      this.readers.set(userId, reader);
    }
    return reader;
  }

  /** `"<title>" at <property name>`, the subject of every task notification, in a reader's language (English by default). */
  describe(task: Row, t: Translate = english): string {
    const propertyId = text(task, 'property_id');
    let name = propertyId ? this.names.get(propertyId) : undefined;
    if (propertyId && name === undefined) {
      name = statement(this.handle, 'property').get({ id: propertyId })?.name ?? '';
      this.names.set(propertyId, name);
    }
    return t('server.task.what', { title: text(task, 'task_title') ?? t('server.task.untitled'), property: name || t('server.task.someProperty') });
  }
}

function message(userId: string, task: Row, title: string, type: NotificationType, body: string): NotifyInput {
  const taskId = String(task.id);
  return {
    userId,
    title,
    message: body,
    type,
    taskId,
    hostId: text(task, 'host_id'),
    actionUrl: taskActionUrl(taskId),
    scheduledDate: text(task, 'scheduled_date'),
    dueDate: text(task, 'due_date'),
  };
}

/** Who wrote the task: a signed-in user, or the turnover rule acting for a booking (its guest's name, null when it has none). */
type Author = { userId: string | null; name: string | null; turnoverGuest?: string | null };

/** Changes of these fields are news for the assignee: they raise a "Task Update" notification (named by `server.push.taskUpdate.field`). */
const UPDATE_FIELDS: readonly string[] = ['scheduled_date', 'due_date', 'property_id', 'special_instructions'];

/** "New Task Created", to the host in their language: how the task came to be (a turnover, someone else, a template). */
function createdMessage(facts: TaskFacts, author: Author, task: Row, hostUser: string, byOther: boolean): NotifyInput {
  const { t } = facts.reader(hostUser);
  const how = author.turnoverGuest !== undefined ? 'checkout' : byOther ? 'person' : 'template';
  const body = t('server.push.taskCreated.body', {
    what: facts.describe(task, t),
    how,
    guest: author.turnoverGuest ?? t('server.push.theGuest'),
    name: author.name ?? t('server.push.someoneElse'),
  });
  return message(hostUser, task, t('server.push.taskCreated.title'), 'info', body);
}

/** What a new task tells its host and assignee. */
function creationMessages(facts: TaskFacts, author: Author, task: Row, hostUser: string | null, assigneeUser: string | null): NotifyInput[] {
  const out: NotifyInput[] = [];
  const fromTemplate = text(task, 'template_id') !== null;
  const byOther = author.userId !== null && author.userId !== hostUser;
  if (hostUser && (fromTemplate || author.turnoverGuest !== undefined || byOther)) out.push(createdMessage(facts, author, task, hostUser, byOther));
  if (assigneeUser && assigneeUser !== author.userId) out.push(assignedMessage(facts, assigneeUser, task));
  return out;
}

/** "Task Assigned", to the assignee in their language. */
function assignedMessage(facts: TaskFacts, userId: string, task: Row): NotifyInput {
  const { t } = facts.reader(userId);
  return message(userId, task, t('server.push.taskAssigned.title'), 'info', t('server.push.taskAssigned.body', { what: facts.describe(task, t) }));
}

/** "Task Update", to the assignee in their language, naming the fields that changed. */
function updateMessage(facts: TaskFacts, userId: string, task: Row, fields: readonly string[]): NotifyInput {
  const { t, locale } = facts.reader(userId);
  const names = new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(fields.map((field) => t('server.push.taskUpdate.field', { field })));
  return message(userId, task, t('server.push.taskUpdate.title'), 'info', t('server.push.taskUpdate.body', { what: facts.describe(task, t), fields: names }));
}

function taskEvents(tx: Tx, author: Author, before: Row | undefined, after: Row, now: Date, handle: Tx = tx): Notified[] {
  const assignee = text(after, 'assigned_staff_id');
  if (!before) {
    const facts = new TaskFacts(tx, handle);
    const out = creationMessages(facts, author, after, facts.hostUser(text(after, 'host_id')), facts.staffUser(assignee));
    return notifyMany(tx, out, now, handle);
  }

  // Most updates (a tick, a note) raise nothing: decide that before looking anyone up.
  const reassigned = assignee !== null && assignee !== text(before, 'assigned_staff_id');
  const changed = reassigned || assignee === null ? [] : UPDATE_FIELDS.filter((field) => field in after && (after[field] ?? null) !== (before[field] ?? null));
  const completed = before.task_status !== 'completed' && after.task_status === 'completed';
  if (!reassigned && changed.length === 0 && !completed) return [];

  const facts = new TaskFacts(tx, handle);
  const out: NotifyInput[] = [];
  const assigneeUser = reassigned || changed.length > 0 ? facts.staffUser(assignee) : null;
  if (assigneeUser && assigneeUser !== author.userId) {
    out.push(reassigned ? assignedMessage(facts, assigneeUser, after) : updateMessage(facts, assigneeUser, after, changed));
  }
  if (completed) {
    const hostUser = facts.hostUser(text(after, 'host_id'));
    if (hostUser && hostUser !== author.userId) {
      const { t } = facts.reader(hostUser);
      const who = author.name ?? t('server.push.yourHousekeeper');
      out.push(message(hostUser, after, t('server.push.taskCompleted.title'), 'success', t('server.push.taskCompleted.body', { who, what: facts.describe(after, t) })));
    }
  }
  return out.length === 0 ? [] : notifyMany(tx, out, now, handle);
}

/**
 * The task writer (writers.ts) calls this for every create and update of a housekeeping task, in
 * the write's transaction: `before` is the row before an update (undefined for a create), `after`
 * the written values (merged over `before` for an update). On an update the JSON column
 * (checklist_items) is in `after` only when written, and never in `before`: no task rule reads it.
 * Answers the notifications raised.
 */
/** `"<title>" at <property name>`: how a task is named in a notification or a refusal. */
export function describeTask(tx: Tx, task: Row): string {
  return new TaskFacts(tx).describe(task);
}

export function afterTaskWrite(tx: Tx, actor: Actor | null, before: Row | undefined, after: Row, now: Date = new Date()): Notified[] {
  return taskEvents(tx, { userId: actor?.userId ?? null, name: actor?.name || null }, before, after, now);
}

/**
 * Checklist changes that found their item removed meanwhile (shared/checklist.ts) are told, in
 * words naming the task and its property, to whoever made them and to the task's host.
 */
export function notifyChecklistChangesNotKept(tx: Tx, actor: Actor, task: Row, count: number, now: Date): Notified[] {
  if (count <= 0) return [];
  const facts = new TaskFacts(tx);
  const { t } = facts.reader(actor.userId);
  const out: NotifyInput[] = [message(actor.userId, task, t('server.push.changeNotKept.title'), 'warning', t('server.push.changeNotKept.body', { count, what: facts.describe(task, t) }))];
  const hostUser = facts.hostUser(text(task, 'host_id'));
  if (hostUser && hostUser !== actor.userId) {
    const host = facts.reader(hostUser).t;
    const who = actor.name || host('server.push.yourHousekeeper');
    out.push(message(hostUser, task, host('server.push.changeNotKept.title'), 'warning', host('server.push.changeNotKept.hostBody', { who, count, what: facts.describe(task, host) })));
  }
  return notifyMany(tx, out, now);
}

function staffName(handle: Tx, staffId: unknown, t: Translate): string {
  if (typeof staffId !== 'string') return t('server.push.nobody');
  return statement(handle, 'staffName').get({ id: staffId })?.name || t('server.push.aHousekeeper');
}

/** A field's value as a notification quotes it, in the reader's words (a staff id as the person's name). */
function valueInWords(handle: Tx, field: string, value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return t('server.push.value.empty');
  if (field === 'assigned_staff_id') return staffName(handle, value, t);
  return typeof value === 'string' ? t('server.push.value.quoted', { value }) : String(value);
}

/**
 * A field changed on two sides (shared/sync.ts `fieldsChangedMeanwhile`) is told to both people
 * on the task, the author and the other side (the host, or the assignee when the host wrote), with
 * the value that was replaced, so that nothing typed is lost without a word. Each reads it in
 * their language.
 */
export function notifyFieldsChangedMeanwhile(tx: Tx, actor: Actor, before: Row, after: Row, met: readonly FieldMet[], now: Date): Notified[] {
  if (met.length === 0) return [];
  const facts = new TaskFacts(tx);
  const hostUser = facts.hostUser(text(after, 'host_id'));
  const others = new Set<string>();
  if (hostUser && hostUser !== actor.userId) others.add(hostUser);
  else for (const staffId of [text(before, 'assigned_staff_id'), text(after, 'assigned_staff_id')]) {
    const user = facts.staffUser(staffId);
    if (user && user !== actor.userId) others.add(user);
  }
  const out: NotifyInput[] = [];
  const told = (userId: string, { field, replaced, kept }: FieldMet, mine: boolean): NotifyInput => {
    const { t } = facts.reader(userId);
    const values = {
      label: t('server.push.changedOnBothSides.field', { field, name: field.replace(/_/g, ' ') }),
      what: facts.describe(after, t),
      was: valueInWords(tx, field, replaced, t),
      stays: valueInWords(tx, field, kept, t),
    };
    const who = actor.name || t(actor.staffId ? 'server.push.yourHousekeeper' : 'server.push.yourHost');
    const body = mine ? t('server.push.changedOnBothSides.yours', values) : t('server.push.changedOnBothSides.theirs', { ...values, who });
    return message(userId, after, t('server.push.changedOnBothSides.title'), 'warning', body);
  };
  for (const one of met) {
    out.push(told(actor.userId, one, true));
    for (const user of others) out.push(told(user, one, false));
  }
  return notifyMany(tx, out, now);
}

/**
 * A reassignment that met work the former assignee had already done is told in words (the work
 * stays credited to whoever did it, shared by creditChanges in writers.ts): a host who reassigns a
 * task already completed learns who completed it; a completion that arrives from the former
 * assignee after the reassignment, made before it, is told to the host and to her.
 */
export function notifyWorkAcrossReassignment(tx: Tx, actor: Actor, before: Row, after: Row, now: Date): Notified[] {
  const reassigned = (after.assigned_staff_id ?? null) !== (before.assigned_staff_id ?? null);
  // The acting housekeeper is her staff row at the task's host (she may work for several).
  const mine = actor.role === 'staff' ? staffIdAt(actor, after.host_id) : undefined;
  const lateCompletion = mine !== undefined && before.assigned_staff_id !== mine && after.task_status === 'completed' && before.task_status !== 'completed';
  const completedAlready = reassigned && before.task_status === 'completed' && after.task_status === 'completed';
  if (!lateCompletion && !completedAlready) return [];
  const facts = new TaskFacts(tx);
  /** The notification's words for one reader: the task, whoever holds it now and whoever did the work. */
  const wordsFor = (userId: string, doerId: unknown) => {
    const { t } = facts.reader(userId);
    return { t, what: facts.describe(after, t), holder: staffName(tx, after.assigned_staff_id, t), doer: staffName(tx, doerId, t) };
  };
  const out: NotifyInput[] = [];
  if (completedAlready) {
    const { t, ...values } = wordsFor(actor.userId, before.completed_by_staff_id ?? before.assigned_staff_id);
    out.push(message(actor.userId, after, t('server.push.workBeforeReassignment.title'), 'warning', t('server.push.workBeforeReassignment.alreadyCompleted', values)));
  } else {
    const hostUser = facts.hostUser(text(after, 'host_id'));
    if (hostUser) {
      const { t, ...values } = wordsFor(hostUser, mine);
      out.push(message(hostUser, after, t('server.push.workBeforeReassignment.title'), 'warning', t('server.push.workBeforeReassignment.hostBody', values)));
    }
    const { t, what, holder } = wordsFor(actor.userId, mine);
    out.push(message(actor.userId, after, t('server.push.workBeforeReassignment.title'), 'info', t('server.push.completionKept.body', { what, holder })));
  }
  return notifyMany(tx, out, now);
}

export type AlertKind = 'urgent' | 'overdue';

/** "Urgent Task Alert" (type urgent) or "Task Overdue" (type warning, with the due date as the reader shows dates), in the reader's language. */
function alertMessage(facts: TaskFacts, userId: string, task: TaskRow, kind: AlertKind): NotifyInput {
  const { t, when } = facts.reader(userId);
  const what = facts.describe(task, t);
  if (kind === 'urgent') return message(userId, task, t('server.push.urgentTask.title'), 'urgent', t('server.push.urgentTask.body', { what }));
  const due = task.due_date ? when(task.due_date) : t('server.push.unknownDate');
  return message(userId, task, t('server.push.taskOverdue.title'), 'warning', t('server.push.taskOverdue.body', { what, due }));
}

/**
 * The alert notifications of these tasks ("Urgent Task Alert" of type urgent, "Task Overdue" of
 * type warning), to each task's host and assignee once, written in one go, with their e-mails for
 * whoever the push may not reach (email/escalation.ts: queued, or held until the push is known).
 * `publicOrigin` makes the e-mail's link to the task.
 */
export function notifyTaskAlerts(tx: Tx, tasks: readonly TaskRow[], kind: AlertKind, now: Date, publicOrigin?: string): Notified[] {
  const facts = new TaskFacts(tx);
  facts.preload(tasks);
  const inputs: NotifyInput[] = [];
  for (const task of tasks) {
    const recipients = new Set([facts.hostUser(task.host_id), facts.staffUser(task.assigned_staff_id)]);
    for (const userId of recipients) if (userId) inputs.push(alertMessage(facts, userId, task, kind));
  }
  const notified = notifyMany(tx, inputs, now);
  queueAlertEmails(tx, notified, kind, now, publicOrigin);
  return notified;
}

// ── Turnover ───────────────────────────────────────────────────────────────────────────────

export type TurnoverOutcome = { action: 'none' | 'created' | 'moved' | 'cancelled'; taskId?: string; notifications: Notified[] };

function holdsDates(booking: Row | undefined): booking is Row {
  return booking !== undefined && !booking.deleted_at && booking.booking_status !== 'cancelled';
}

type TemplateRow = typeof taskTemplates.$inferSelect;

function turnoverTaskValues(template: TemplateRow, hostId: string, propertyId: string, bookingId: string, checkOut: string, now: Date, currency: string): Row {
  return {
    host_id: hostId,
    property_id: propertyId,
    // The cost of the work is in the property's currency, as its bookings are.
    currency,
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
    // The same keys and item ids as the template's (shared/host-text.ts).
    translations: template.translations,
    created_date: nowIso(now),
  };
}

/**
 * The turnover rule for many bookings created at once (imports): what `syncTurnoverTask(tx,
 * undefined, booking)` does for each, with the tasks, their links and their notifications written
 * in one go, and the zone, template and recipients looked up once per property and host. The
 * bookings must be new (no turnover link can exist yet).
 */
export function createTurnoverTasks(tx: Tx, created: readonly Row[], now: Date, db?: Db): TurnoverOutcome[] {
  const handle: Tx = db ?? tx;
  const todays = new Map<string, { today: string; currency: string }>();
  const templates = new Map<string, TemplateRow | undefined>();
  const planned: { index: number; bookingId: string; guest: string | null; values: Row }[] = [];
  const outcomes: TurnoverOutcome[] = created.map(() => ({ action: 'none', notifications: [] }));
  created.forEach((after, index) => {
    const bookingId = text(after, 'id');
    if (!bookingId || !holdsDates(after)) return;
    const hostId = text(after, 'host_id');
    const propertyId = text(after, 'property_id');
    const checkOut = text(after, 'check_out_date');
    if (!hostId || !propertyId || !checkOut) return;
    let facts = todays.get(propertyId);
    if (facts === undefined) {
      const property = statement(handle, 'property').get({ id: propertyId });
      facts = { today: localToday(property?.timezone ?? 'UTC', now), currency: property?.currency ?? DEFAULT_CURRENCY };
      todays.set(propertyId, facts);
    }
    if (checkOut < facts.today) return;
    if (!templates.has(hostId)) templates.set(hostId, statement(handle, 'defaultTemplate').get({ id: hostId }));
    const template = templates.get(hostId);
    if (!template) return;
    planned.push({ index, bookingId, guest: text(after, 'guest_name'), values: turnoverTaskValues(template, hostId, propertyId, bookingId, checkOut, now, facts.currency) });
  });
  if (planned.length === 0) return outcomes;
  const tasks = insertRowsBulk(
    tx,
    TASKS,
    planned.map((p) => p.values),
    now,
  );
  const link = statement(handle, 'insertTurnoverLink');
  const at = nowIso(now);
  const facts = new TaskFacts(tx, handle);
  facts.preload(tasks);
  const inputs: NotifyInput[][] = tasks.map((task, i) => {
    const plan = planned[i];
    if (!plan) return [];
    link.run({ booking: plan.bookingId, task: String(task.id), at });
    const author: Author = { userId: null, name: null, turnoverGuest: plan.guest };
    return creationMessages(facts, author, task, facts.hostUser(text(task, 'host_id')), facts.staffUser(text(task, 'assigned_staff_id')));
  });
  const notified = notifyMany(tx, inputs.flat(), now, handle);
  let next = 0;
  tasks.forEach((task, i) => {
    const plan = planned[i];
    const count = inputs[i]?.length ?? 0;
    if (!plan) return;
    outcomes[plan.index] = { action: 'created', taskId: String(task.id), notifications: notified.slice(next, next + count) };
    next += count;
  });
  return outcomes;
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
 *
 * `db`, when given, is the database handle the lookups are compiled on once (the bookings service
 * has it); without it they are compiled for this transaction.
 */
export function syncTurnoverTask(tx: Tx, before: Row | undefined, after: Row | undefined, now: Date, db?: Db): TurnoverOutcome {
  const handle: Tx = db ?? tx;
  const booking = after ?? before;
  const bookingId = text(booking, 'id');
  if (!bookingId) return { action: 'none', notifications: [] };
  const link = statement(handle, 'turnoverLink').get({ id: bookingId });

  if (!link) {
    if (!holdsDates(after)) return { action: 'none', notifications: [] };
    const hostId = text(after, 'host_id');
    const propertyId = text(after, 'property_id');
    const checkOut = text(after, 'check_out_date');
    if (!hostId || !propertyId || !checkOut) return { action: 'none', notifications: [] };
    const property = statement(handle, 'property').get({ id: propertyId });
    if (checkOut < localToday(property?.timezone ?? 'UTC', now)) return { action: 'none', notifications: [] };
    const template = statement(handle, 'defaultTemplate').get({ id: hostId });
    if (!template) return { action: 'none', notifications: [] };
    const task = insertRow(tx, TASKS, turnoverTaskValues(template, hostId, propertyId, bookingId, checkOut, now, property?.currency ?? DEFAULT_CURRENCY), now);
    const taskId = String(task.id);
    statement(handle, 'insertTurnoverLink').run({ booking: bookingId, task: taskId, at: nowIso(now) });
    const notifications = taskEvents(tx, { userId: null, name: null, turnoverGuest: text(after, 'guest_name') }, undefined, task, now, handle);
    return { action: 'created', taskId, notifications };
  }

  const task = statement(handle, 'liveTask').get({ id: link.taskId });
  if (!task || task.task_status === 'completed' || task.task_status === 'cancelled') {
    return { action: 'none', taskId: link.taskId, notifications: [] };
  }
  if (!holdsDates(after)) {
    updateRow(tx, TASKS, link.taskId, { task_status: 'cancelled' }, now);
    return { action: 'cancelled', taskId: link.taskId, notifications: [] };
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
  if (Object.keys(changes).length === 0) return { action: 'none', taskId: link.taskId, notifications: [] };
  const moved = updateRow(tx, TASKS, link.taskId, changes, now);
  if (!moved) return { action: 'none', taskId: link.taskId, notifications: [] };
  const notifications = taskEvents(tx, { userId: null, name: null }, task, moved, now, handle);
  return { action: 'moved', taskId: link.taskId, notifications };
}

