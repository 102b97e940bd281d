/**
 * Writers of housekeeping tasks, staff and task templates. A task write stamps the real time of
 * the work when its status moves (shared/task-times.ts) and raises the task's notifications
 * (service.ts `afterTaskWrite`) in the same transaction.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { applyChecklistOps, checklistOpsBetween, type ChecklistItem, type ChecklistOp } from '../../../../shared/checklist';
import { fieldsChangedMeanwhile } from '../../../../shared/sync';
import { workTimeChanges, type TaskTimesRow } from '../../../../shared/task-times';
import { cachedStatement, insertRow, nowIso, updateFields, type Row, type Tx } from '../../db/write';
import { plainWriter, writerWith, type WriteContext, type Writer } from '../../write/writer';
import { Conflict } from '../../errors';
import { staffIdAt } from '../../actor';
import { assertTicksHavePhotos } from '../photos/service';
import { defaultCurrency, settleCurrency } from '../platform/defaults';
import { afterTaskWrite, describeTask, notifyChecklistChangesNotKept, notifyFieldsChangedMeanwhile, notifyWorkAcrossReassignment } from './service';

const TASKS = requireTable(TABLE_IDS.housekeeping_tasks);

/** A task's checklist as stored now (the pipeline reads rows without their JSON columns). */
function currentChecklist(tx: Tx, id: string): ChecklistItem[] {
  const stored = cachedStatement(tx, 'tasks:checklist', (client) => client.prepare('select checklist_items from housekeeping_tasks where id = ?').pluck()).get(id);
  if (typeof stored !== 'string') return [];
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? (parsed as ChecklistItem[]) : [];
}

/**
 * Who the work is credited to, and who held the task before a reassignment (docs/decisions.md
 * "Two people on one task"): a completion credits the housekeeper who did it (or the assignee,
 * when a host marks it done; a housekeeper working for several hosts is credited with her staff row of
 * the task's host); a reassignment keeps the credit and notes the former assignee and
 * when it reached the server; a reopen clears the credit.
 */
function creditChanges(ctx: WriteContext, before: Row, after: Row): Row {
  const out: Row = {};
  if (after.task_status === 'completed' && before.task_status !== 'completed') out.completed_by_staff_id = staffIdAt(ctx.actor, after.host_id) ?? after.assigned_staff_id ?? null;
  if (before.task_status === 'completed' && after.task_status !== 'completed') out.completed_by_staff_id = null;
  if ((after.assigned_staff_id ?? null) !== (before.assigned_staff_id ?? null)) {
    out.previous_staff_id = before.assigned_staff_id ?? null;
    out.reassigned_at = nowIso(ctx.now);
  }
  return out;
}

/** Fields the writer sets itself: written with the changes, and seen by what follows them (notifications). */
function alsoSet(changes: Row, after: Row, fields: Row): void {
  Object.assign(changes, fields);
  Object.assign(after, fields);
}

/** Task fields with a rule of their own where two changes meet: the status moves forward (shared/sync.ts), the checklist changes by item. */
const OWN_RULES = ['task_status', 'checklist_items', 'checklist_ops'];

function sameList(a: readonly ChecklistItem[], b: readonly ChecklistItem[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The checklist changes of an update, by item (docs/decisions.md "Checklists"): its
 * `checklist_ops`, or the difference between a whole list and the list its author started from
 * (the mutation's base). A whole list without a base is applied only when it changes nothing:
 * the list may have changed since its author read it, and replacing it would lose that change.
 */
function checklistChanges(tx: Tx, ctx: WriteContext, before: Row, changes: Row): ChecklistOp[] | null {
  if (changes.checklist_ops !== undefined) return changes.checklist_ops as ChecklistOp[];
  if (changes.checklist_items === undefined) return null;
  const sent = changes.checklist_items as ChecklistItem[];
  const base = ctx.base?.checklist_items;
  if (Array.isArray(base)) return checklistOpsBetween(base as ChecklistItem[], sent);
  if (sameList(currentChecklist(tx, String(before.id)), sent)) return [];
  throw new Conflict(
    `The checklist of ${describeTask(tx, before)} may have changed since this list was read, so it was not replaced: open the task and make the change again. (Send checklist_ops, the changes by item, or the list it was based on.)`,
  );
}

/**
 * The currency of a task's cost: the one given, else its property's (as a booking's), else the
 * platform default. A change of the property's currency later does not move the task's.
 */
function taskCurrency(tx: Tx, propertyId: unknown): string {
  const stored = typeof propertyId === 'string' ? cachedStatement(tx, 'tasks:property-currency', (client) => client.prepare('select currency from properties where id = ?').pluck()).get(propertyId) : undefined;
  return typeof stored === 'string' && stored !== '' ? stored : defaultCurrency(tx);
}

export const taskWriter: Writer = {
  ...plainWriter(TASKS),
  create: (tx, ctx, values) => {
    settleCurrency(values, true, () => taskCurrency(tx, values.property_id));
    Object.assign(values, workTimeChanges(undefined, values as TaskTimesRow, ctx.at, ctx.now));
    insertRow(tx, TASKS, values, ctx.now);
    afterTaskWrite(tx, ctx.actor, undefined, values, ctx.now);
  },
  update: (tx, ctx, before, changes, after) => {
    if ('currency' in changes) {
      settleCurrency(changes, false, () => String(before.currency));
      after.currency = changes.currency ?? before.currency;
    }
    const met = fieldsChangedMeanwhile(before, changes, ctx.base, OWN_RULES);
    const ops = checklistChanges(tx, ctx, before, changes);
    if (ops) {
      // Changes by item, applied to the list as it is now: the other side's changes stay.
      const current = currentChecklist(tx, String(before.id));
      assertTicksHavePhotos(tx, ctx.actor, before, current, ops);
      const { items, missed } = applyChecklistOps(current, ops);
      delete changes.checklist_ops;
      delete after.checklist_ops;
      alsoSet(changes, after, { checklist_items: items });
      notifyChecklistChangesNotKept(tx, ctx.actor, after, missed.length, ctx.now);
    }
    if ('task_status' in changes) alsoSet(changes, after, workTimeChanges(before as TaskTimesRow, changes as TaskTimesRow, ctx.at, ctx.now));
    alsoSet(changes, after, creditChanges(ctx, before, after));
    updateFields(tx, TASKS, String(before.id), changes, ctx.now, before);
    afterTaskWrite(tx, ctx.actor, before, after, ctx.now);
    notifyWorkAcrossReassignment(tx, ctx.actor, before, after, ctx.now);
    notifyFieldsChangedMeanwhile(tx, ctx.actor, before, after, met, ctx.now);
  },
};

const STAFF = requireTable(TABLE_IDS.housekeeping_staff);

/** A staff row's `currency` is that of its hourly rate: the one given, else the platform default. */
export const staffWriter: Writer = writerWith(STAFF, {
  create: (tx, ctx, values) => {
    settleCurrency(values, true, () => defaultCurrency(tx));
    insertRow(tx, STAFF, values, ctx.now);
  },
  update: (tx, ctx, before, changes) => {
    if ('currency' in changes) settleCurrency(changes, false, () => String(before.currency));
    updateFields(tx, STAFF, String(before.id), changes, ctx.now, before);
  },
});

export const templateWriter: Writer = plainWriter(requireTable(TABLE_IDS.task_templates));
