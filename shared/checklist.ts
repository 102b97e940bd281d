/**
 * Checklist changes by item. A task's checklist is edited on two sides at once (the housekeeper
 * ticks, the host renames, adds, removes and reorders), often offline. A write therefore says what
 * it changed, item by item, keyed by the item's stable id, and each side applies those changes to
 * the list as it is now: a tick and a rename of another item both survive, in either order.
 * Sending the whole list would keep only the last writer's copy. docs/decisions.md "Checklists".
 *
 * The same functions run on the server (the task writer) and on the device (the local write and
 * the replay of waiting changes over the server's rows), so both end with the same list.
 */
import { z } from 'zod';
import { checklistItem } from './schema/fields';

export type ChecklistItem = z.infer<typeof checklistItem>;

const itemId = z.string().min(1).max(100);
/** Where an added or moved item goes: after this item, or first when null (at the end when the item is gone). */
const after = itemId.nullable();

export const ChecklistOpSchema = z.discriminatedUnion('op', [
  // photo_id: the photo a tick of an item needing one goes with, when it may still be on its way (docs/decisions.md "Task photos").
  z.strictObject({ op: z.literal('set_done'), id: itemId, done: z.boolean(), photo_id: z.string().uuid().optional() }),
  z.strictObject({ op: z.literal('rename'), id: itemId, text: z.string().max(500) }),
  z.strictObject({ op: z.literal('require_photo'), id: itemId, required: z.boolean() }),
  z.strictObject({ op: z.literal('add'), item: checklistItem, after }),
  z.strictObject({ op: z.literal('remove'), id: itemId }),
  z.strictObject({ op: z.literal('move'), id: itemId, after }),
]);
export type ChecklistOp = z.infer<typeof ChecklistOpSchema>;

/** At most this many changes in one write (a list holds at most 200 items). */
export const MAX_CHECKLIST_OPS = 400;
export const ChecklistOpsSchema = z.array(ChecklistOpSchema).min(1).max(MAX_CHECKLIST_OPS);

/** What applying changes did: the new list, and the changes that found their item gone. */
export type ChecklistOutcome = { items: ChecklistItem[]; missed: ChecklistOp[] };

function insertAfter(items: ChecklistItem[], item: ChecklistItem, afterId: string | null): void {
  if (afterId === null) {
    items.unshift(item);
    return;
  }
  const at = items.findIndex((i) => i.id === afterId);
  if (at < 0) items.push(item);
  else items.splice(at + 1, 0, item);
}

/**
 * Applies changes to a list, in order. A change to an item that is no longer there (removed on
 * the other side) changes nothing and is answered in `missed`; adding an item whose id is already
 * there changes nothing (a replay).
 */
export function applyChecklistOps(list: readonly ChecklistItem[] | null | undefined, ops: readonly ChecklistOp[]): ChecklistOutcome {
  const items = Array.isArray(list) ? list.map((i) => ({ ...i })) : [];
  const missed: ChecklistOp[] = [];
  for (const op of ops) {
    if (op.op === 'add') {
      if (!items.some((i) => i.id === op.item.id)) insertAfter(items, { ...op.item }, op.after);
      continue;
    }
    const at = items.findIndex((i) => i.id === op.id);
    if (at < 0) {
      missed.push(op);
      continue;
    }
    const item = items[at] as ChecklistItem;
    switch (op.op) {
      case 'set_done':
        item.done = op.done;
        break;
      case 'rename':
        item.text = op.text;
        break;
      case 'require_photo':
        if (op.required) item.photo_required = true;
        else delete item.photo_required;
        break;
      case 'remove':
        items.splice(at, 1);
        break;
      case 'move':
        items.splice(at, 1);
        insertAfter(items, item, op.after);
        break;
    }
  }
  return { items, missed };
}

/**
 * The changes that turn `from` into `to` (a form that edited a copy of the list): removals,
 * renames, ticks, photo flags, additions after their neighbour, and, when the kept items changed order, a move
 * of each into place. Applied to `from` they give exactly `to`.
 */
export function checklistOpsBetween(from: readonly ChecklistItem[], to: readonly ChecklistItem[]): ChecklistOp[] {
  const ops: ChecklistOp[] = [];
  const before = new Map(from.map((i) => [i.id, i]));
  const kept = new Set(to.filter((i) => before.has(i.id)).map((i) => i.id));
  for (const item of from) if (!kept.has(item.id)) ops.push({ op: 'remove', id: item.id });
  for (const item of to) {
    const old = before.get(item.id);
    if (!old) continue;
    if (old.text !== item.text) ops.push({ op: 'rename', id: item.id, text: item.text });
    if (Boolean(old.photo_required) !== Boolean(item.photo_required)) ops.push({ op: 'require_photo', id: item.id, required: Boolean(item.photo_required) });
    if (old.done !== item.done) ops.push({ op: 'set_done', id: item.id, done: item.done });
  }
  const oldOrder = from.filter((i) => kept.has(i.id)).map((i) => i.id);
  const newOrder = to.filter((i) => kept.has(i.id)).map((i) => i.id);
  if (oldOrder.join('\u0000') !== newOrder.join('\u0000')) {
    let previous: string | null = null;
    for (const id of newOrder) {
      ops.push({ op: 'move', id, after: previous });
      previous = id;
    }
  }
  let previous: string | null = null;
  for (const item of to) {
    if (!before.has(item.id)) ops.push({ op: 'add', item: { ...item }, after: previous });
    previous = item.id;
  }
  return ops;
}
