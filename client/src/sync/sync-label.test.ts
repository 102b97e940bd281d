import { describe, expect, it } from 'vitest';
import { describeRejection, describeSync, progressPercent, rejectionTexts } from './sync-label';
import { refusedNotice } from './background';
import type { SyncStatus } from './engine';
import { TABLE_IDS } from '../../../shared/table-ids';

const idle: SyncStatus = { state: 'idle', error: null, lastSyncedAt: '2030-01-01T00:00:00Z', progress: null };

describe('describeSync', () => {
  it('says synced, n changes waiting, offline, failed, and demo', () => {
    expect(describeSync({ mode: 'synced', status: idle }, 0, true)).toMatchObject({ tone: 'ok', label: 'Up to date', short: 'Up to date' });
    expect(describeSync({ mode: 'synced', status: { ...idle, state: 'syncing' } }, 3, true)).toMatchObject({ tone: 'busy', label: 'Sending 3 changes…', short: 'Sending…' });
    expect(describeSync({ mode: 'synced', status: idle }, 1, true)).toMatchObject({ tone: 'waiting', label: '1 change waiting' });
    expect(describeSync({ mode: 'synced', status: idle }, 3, false)).toMatchObject({ tone: 'offline', label: 'Offline · 3 changes waiting', short: 'Offline · 3 waiting' });
    expect(describeSync({ mode: 'synced', status: { ...idle, state: 'offline' } }, 0, true)).toMatchObject({ label: 'Offline' });
    expect(describeSync({ mode: 'synced', status: { ...idle, state: 'error', error: 'Internal Server Error' } }, 2, true)).toMatchObject({
      tone: 'error',
      label: 'Sync failed',
      detail: 'Internal Server Error 2 changes waiting.',
      canRetry: true,
    });
    expect(describeSync({ mode: 'demo', status: null }, 5, false)).toMatchObject({ tone: 'demo', label: 'Demo mode' });
  });

  it('computes the share of versions pulled against the target, below 100 while pages remain', () => {
    const at = (cursor: number, more = true) => progressPercent({ received: 0, pages: 1, cursor, from: 0, target: 20_000, more });
    expect(at(0)).toBe(0);
    expect(at(5_000)).toBe(25);
    expect(at(9_990)).toBe(50);
    expect(at(19_990)).toBe(99);
    // Writes during the pull can carry the cursor past the first answer's version.
    expect(at(20_500)).toBe(99);
    expect(at(20_500, false)).toBe(100);
    // An incremental pull counts from where it started.
    expect(progressPercent({ received: 10, pages: 1, cursor: 1_500, from: 1_000, target: 2_000, more: true })).toBe(50);
    // Nothing known of the end (an older server), or nothing to go through: indeterminate.
    expect(progressPercent({ received: 10, pages: 1, cursor: 1_500, from: 1_000, target: null, more: true })).toBeNull();
    expect(progressPercent({ received: 0, pages: 1, cursor: 0, from: 0, target: 0, more: true })).toBeNull();
    expect(progressPercent(null)).toBeNull();
  });

  it('shows the share of a paging first download when the server version is known', () => {
    const progress = { received: 2000, pages: 2, cursor: 2000, from: 0, more: true, target: 8000 };
    expect(progressPercent(progress)).toBe(25);
    expect(progressPercent({ ...progress, target: null })).toBeNull();
    expect(describeSync({ mode: 'synced', status: { ...idle, state: 'syncing', progress } }, 0, true).label).toBe('Downloading 25%');
  });
});

describe('describeRejection', () => {
  it('names the kind of row and the fields of the refused change', () => {
    const base = { id: 'm', rowId: 't', at: '', rejectedAt: '', error: 'No' };
    expect(describeRejection({ ...base, table: TABLE_IDS.housekeeping_tasks, op: 'update', fields: { task_status: 'pending', notes: 'x' } })).toBe('Task: change of task status, notes');
    expect(describeRejection({ ...base, table: TABLE_IDS.properties, op: 'delete', fields: {} })).toBe('Property: deletion');
  });
});

describe('rejectionTexts', () => {
  it("gives back the user's own words of a refused change: notes, titles, checklist wording", () => {
    expect(
      rejectionTexts({
        fields: {
          notes: 'Window latch broken 🪟',
          task_status: 'completed',
          assigned_staff_id: 's1',
          checklist_ops: [
            { op: 'set_done', id: 'a', done: true },
            { op: 'rename', id: 'b', text: 'Clean bathroom and mirrors' },
            { op: 'add', item: { id: 'x', text: 'Check the smoke alarm', done: false }, after: null },
          ],
        },
      }),
    ).toEqual([
      { field: 'notes', text: 'Window latch broken 🪟' },
      { field: 'task status', text: 'completed' },
      { field: 'checklist item', text: 'Clean bathroom and mirrors' },
      { field: 'checklist item', text: 'Check the smoke alarm' },
    ]);
  });
});

describe('refusedNotice', () => {
  it('says nothing when nothing was refused, and how many otherwise', () => {
    expect(refusedNotice([])).toBeNull();
    const one = { id: 'm1', table: 20111, op: 'update', rowId: 't', fields: {}, at: '', rejectedAt: '', error: 'No' } as const;
    expect(refusedNotice([one])?.body).toMatch(/^A change you made offline was refused/);
    expect(refusedNotice([one, { ...one, id: 'm2' }])?.body).toMatch(/^2 changes you made offline were refused/);
  });
});
