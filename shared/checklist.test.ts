import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChecklistOps, checklistOpsBetween, type ChecklistItem } from './checklist';

const item = (id: string, text = id, done = false): ChecklistItem => ({ id, text, done });
const list = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => item(id, `Item ${id}`));

describe('applyChecklistOps', () => {
  it('keeps a tick and a rename of another item, in either order', () => {
    const tick = [{ op: 'set_done' as const, id: 'a', done: true }];
    const rename = [{ op: 'rename' as const, id: 'b', text: 'Wipe the mirrors' }];
    const one = applyChecklistOps(applyChecklistOps(list, tick).items, rename).items;
    const other = applyChecklistOps(applyChecklistOps(list, rename).items, tick).items;
    expect(one).toEqual(other);
    expect(one.slice(0, 2)).toEqual([item('a', 'Item a', true), item('b', 'Wipe the mirrors')]);
  });

  it('adds after a neighbour, first, or at the end when the neighbour is gone; a replayed add changes nothing', () => {
    const x = item('x', 'Check the smoke alarm');
    expect(applyChecklistOps(list, [{ op: 'add', item: x, after: 'b' }]).items.map((i) => i.id)).toEqual(['a', 'b', 'x', 'c', 'd', 'e', 'f']);
    expect(applyChecklistOps(list, [{ op: 'add', item: x, after: null }]).items[0]?.id).toBe('x');
    expect(applyChecklistOps(list, [{ op: 'add', item: x, after: 'gone' }]).items.at(-1)?.id).toBe('x');
    const twice = applyChecklistOps(list, [{ op: 'add', item: x, after: 'b' }, { op: 'add', item: { ...x, text: 'other' }, after: null }]);
    expect(twice.items.filter((i) => i.id === 'x')).toEqual([x]);
  });

  it('answers the changes whose item was removed meanwhile, and changes nothing for them', () => {
    const outcome = applyChecklistOps(list, [
      { op: 'remove', id: 'c' },
      { op: 'set_done', id: 'c', done: true },
      { op: 'move', id: 'a', after: 'f' },
    ]);
    expect(outcome.items.map((i) => i.id)).toEqual(['b', 'd', 'e', 'f', 'a']);
    expect(outcome.missed).toEqual([{ op: 'set_done', id: 'c', done: true }]);
  });

  it('reads a missing list as empty and leaves the given list untouched', () => {
    expect(applyChecklistOps(null, [{ op: 'set_done', id: 'a', done: true }]).items).toEqual([]);
    applyChecklistOps(list, [{ op: 'set_done', id: 'a', done: true }]);
    expect(list[0]?.done).toBe(false);
  });
});

describe('checklistOpsBetween', () => {
  const arbitraryList = fc.uniqueArray(fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), text: fc.constantFrom('x', 'y', 'z'), done: fc.boolean() }), {
    selector: (i) => i.id,
    maxLength: 8,
  });

  it('turns the first list into the second, whatever the edits', () => {
    fc.assert(
      fc.property(arbitraryList, arbitraryList, (from, to) => {
        expect(applyChecklistOps(from, checklistOpsBetween(from, to)).items).toEqual(to);
      }),
      { numRuns: 500 },
    );
  });

  it('says nothing for an unchanged list, and only what changed otherwise', () => {
    expect(checklistOpsBetween(list, list)).toEqual([]);
    const edited = list.map((i) => (i.id === 'b' ? { ...i, text: 'Wipe the mirrors' } : i));
    expect(checklistOpsBetween(list, [...edited, item('x', 'New')])).toEqual([
      { op: 'rename', id: 'b', text: 'Wipe the mirrors' },
      { op: 'add', item: item('x', 'New'), after: 'f' },
    ]);
  });

  it('says when an item comes to need a photo, or no longer does, and applies it', () => {
    const flagged = list.map((i) => (i.id === 'c' ? { ...i, photo_required: true } : i));
    expect(checklistOpsBetween(list, flagged)).toEqual([{ op: 'require_photo', id: 'c', required: true }]);
    expect(checklistOpsBetween(flagged, list)).toEqual([{ op: 'require_photo', id: 'c', required: false }]);
    expect(applyChecklistOps(list, checklistOpsBetween(list, flagged)).items).toEqual(flagged);
    expect(applyChecklistOps(flagged, checklistOpsBetween(flagged, list)).items).toEqual(list);
  });

  it("merges the host's edits with the housekeeper's ticks made meanwhile", () => {
    const hostEdit = checklistOpsBetween(list, [item('a', 'Item a'), item('b', 'Renamed'), ...list.slice(2), item('x', 'Added')]);
    const ticks = list.slice(0, 5).map((i) => ({ op: 'set_done' as const, id: i.id, done: true }));
    for (const order of [
      [ticks, hostEdit],
      [hostEdit, ticks],
    ]) {
      const result = order.reduce((items, ops) => applyChecklistOps(items, ops).items, list as ChecklistItem[]);
      expect(result.filter((i) => i.done).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(result.find((i) => i.id === 'b')?.text).toBe('Renamed');
      expect(result.at(-1)).toEqual(item('x', 'Added'));
    }
  });
});
