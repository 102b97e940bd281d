import { describe, expect, it } from 'vitest';
import { editedFields, freshChecklist, moveItem, parseList, taskFromTemplate } from './mutations';

describe('checklists and templates', () => {
  let n = 0;
  const ids = () => `id${++n}`;

  it('copies a template checklist fresh: new ids, nothing done, blanks dropped', () => {
    n = 0;
    expect(freshChecklist([{ id: 'x', text: ' Beds ', done: true }, { id: 'y', text: '  ', done: false }], ids)).toEqual([{ id: 'id1', text: 'Beds', done: false }]);
  });

  it('keeps which template items need a photo', () => {
    n = 0;
    expect(freshChecklist([{ id: 'x', text: 'Bathroom', done: false, photo_required: true }, { id: 'y', text: 'Bins', done: false }], ids)).toEqual([
      { id: 'id1', text: 'Bathroom', done: false, photo_required: true },
      { id: 'id2', text: 'Bins', done: false },
    ]);
  });

  it('moves items up and down within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('makes a task from a template with its checklist, duration and translations for the new items', () => {
    n = 0;
    const translations = { es: { title: { text: 'Salida', of: 'Turnover' }, 'item:a': { text: 'Camas', of: 'Beds' }, 'item:gone': { text: 'X', of: 'Y' } } };
    const fields = taskFromTemplate(
      {
        id: 'tpl',
        name: 'Turnover',
        task_category: 'cleaning',
        description: 'Reset',
        checklist_items: [{ id: 'a', text: 'Beds', done: false }],
        estimated_duration: 150,
        priority_level: 'high',
        special_instructions: 'Photos',
        translations,
      },
      ids,
    );
    expect(fields).toEqual({
      task_title: 'Turnover',
      task_description: 'Reset',
      task_category: 'cleaning',
      priority_level: 'high',
      template_id: 'tpl',
      estimated_duration: 150,
      checklist_items: [{ id: 'id1', text: 'Beds', done: false }],
      special_instructions: 'Photos',
      translations: { es: { title: { text: 'Salida', of: 'Turnover' }, 'item:id1': { text: 'Camas', of: 'Beds' } } },
    });
  });

  it('reads a comma-separated list', () => {
    expect(parseList(' Deep cleaning, laundry,, Laundry ,')).toEqual(['Deep cleaning', 'laundry']);
  });

  it('sends only what an edit changed, so the housekeeper’s ticks made meanwhile survive', () => {
    const original = { task_title: 'Turnover', booking_id: null, checklist_items: [{ id: 'a', text: 'Beds', done: false }], cost: 0 };
    expect(editedFields(original, { task_title: 'Turnover', booking_id: null, checklist_items: [{ id: 'a', text: 'Beds', done: false }], cost: 25 })).toEqual({ cost: 25 });
    expect(editedFields({ ...original, booking_id: undefined }, { ...original, booking_id: null })).toEqual({});
    expect(editedFields(original, { ...original, checklist_items: [] })).toEqual({ checklist_items: [] });
  });
});
