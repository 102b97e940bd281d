import { describe, expect, it } from 'vitest';
import { describeRejection, describeSync, progressPercent } from './sync-label';
import type { SyncStatus } from './engine';

const idle: SyncStatus = { state: 'idle', error: null, lastSyncedAt: '2030-01-01T00:00:00Z', progress: null };

describe('describeSync', () => {
  it('says synced, n changes waiting, offline, failed, and demo', () => {
    expect(describeSync({ mode: 'synced', status: idle }, 0, true)).toMatchObject({ tone: 'ok', label: 'Synced' });
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
    expect(describeRejection({ ...base, table: 20111, op: 'update', fields: { task_status: 'pending', notes: 'x' } })).toBe('Task: change of task status, notes');
    expect(describeRejection({ ...base, table: 20100, op: 'delete', fields: {} })).toBe('Property: deletion');
  });
});
