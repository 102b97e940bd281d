import { describe, expect, it } from 'vitest';
import { fieldsChangedMeanwhile } from './sync';

describe('fieldsChangedMeanwhile', () => {
  const row = { notes: 'Towels on the bed', priority_level: 'high', scheduled_date: '2026-12-01' };

  it('finds a field the other side changed after the author saw it', () => {
    expect(fieldsChangedMeanwhile(row, { notes: 'Key under the mat' }, { notes: '' })).toEqual([{ field: 'notes', replaced: 'Towels on the bed', kept: 'Key under the mat' }]);
  });

  it('is quiet when the row still holds what the author saw, or already what it writes', () => {
    expect(fieldsChangedMeanwhile(row, { notes: 'x' }, { notes: 'Towels on the bed' })).toEqual([]);
    expect(fieldsChangedMeanwhile(row, { priority_level: 'high' }, { priority_level: 'low' })).toEqual([]);
  });

  it('says nothing without a base, for fields the base does not name, or fields with a rule of their own', () => {
    expect(fieldsChangedMeanwhile(row, { notes: 'x' }, undefined)).toEqual([]);
    expect(fieldsChangedMeanwhile(row, { notes: 'x' }, { priority_level: 'low' })).toEqual([]);
    expect(fieldsChangedMeanwhile(row, { notes: 'x' }, { notes: '' }, ['notes'])).toEqual([]);
  });

  it('treats a missing value and null alike', () => {
    expect(fieldsChangedMeanwhile({ due_date: null }, { due_date: '2026-12-02' }, { due_date: null })).toEqual([]);
    expect(fieldsChangedMeanwhile({ due_date: '2026-12-03' }, { due_date: '2026-12-02' }, {})).toEqual([]);
  });
});
