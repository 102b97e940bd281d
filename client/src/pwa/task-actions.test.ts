import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../db/db';
import { claimStore } from '../db/store';
import { WriteRefused } from '../sync/mutate';
import { testStore } from '../sync/test-db';
import { actOnTask, actionsForAlert, taskActionButtons, taskActions } from './task-actions';

const item = (id: string, done: boolean) => ({ id, text: id, done });
const task = (fields: Record<string, unknown>) => ({ id: 't1', version: 1, host_id: 'h1', task_status: 'pending', checklist_items: [] as unknown[], ...fields });

describe('taskActions', () => {
  it('offers Start for a pending task, Mark done without open items, and always Open', () => {
    expect(taskActions(task({ checklist_items: [item('a', false)] }))).toEqual(['start', 'open']);
    expect(taskActions(task({ checklist_items: [item('a', true)] }))).toEqual(['start', 'done', 'open']);
    expect(taskActions(task({ task_status: 'in_progress' }))).toEqual(['done', 'open']);
    expect(taskActions(task({ task_status: 'completed' }))).toEqual(['open']);
    expect(taskActions(undefined)).toEqual(['open']);
  });
});

describe('taskActionButtons', () => {
  it('titles each action as the push says, in the reader’s language', () => {
    expect(taskActionButtons(['start', 'done', 'open'], { start: 'Empezar', done: 'Marcar como hecha', open: 'Abrir' })).toEqual([
      { action: 'start', title: 'Empezar' },
      { action: 'done', title: 'Marcar como hecha' },
      { action: 'open', title: 'Abrir' },
    ]);
  });

  it('falls back to English for a push that brings no title (an older server) or not this one', () => {
    expect(taskActionButtons(['start', 'open'])).toEqual([
      { action: 'start', title: 'Start' },
      { action: 'open', title: 'Open' },
    ]);
    expect(taskActionButtons(['done', 'open'], { open: 'Abrir' })).toEqual([
      { action: 'done', title: 'Mark done' },
      { action: 'open', title: 'Abrir' },
    ]);
  });
});

describe('acting from an alert', () => {
  let db: StaykeepDb;
  const staff = { ID: 'u1', Name: 'Maria', Email: 'm@example.com', CreateTime: '2026-01-01T00:00:00Z', Role: 'staff' as const, setupCompleted: true, totpEnabled: false };

  beforeEach(async () => {
    db = testStore().open();
    await db.open();
    await claimStore(db, 'u1');
    await db.setMeta('session', { token: 't', user: staff, demo: false });
    await db.rows('housekeeping_tasks').bulkPut([task({ checklist_items: [item('a', true)] })]);
  });
  afterEach(() => db.close());

  it('gives a housekeeper’s urgent and warning alerts their actions, other alerts none', async () => {
    expect(await actionsForAlert(db, 't1', 'urgent')).toEqual(['start', 'done', 'open']);
    expect(await actionsForAlert(db, 't1', 'info')).toEqual([]);
    expect(await actionsForAlert(db, null, 'urgent')).toEqual([]);
    await db.setMeta('session', { token: 't', user: { ...staff, Role: 'host' }, demo: false });
    expect(await actionsForAlert(db, 't1', 'urgent')).toEqual([]);
  });

  it('queues Start once in the outbox and changes the stored task', async () => {
    expect(await actOnTask(db, 't1', 'start')).toBe(true);
    expect(await actOnTask(db, 't1', 'start')).toBe(false);
    const outbox = await db.outbox.toArray();
    expect(outbox).toHaveLength(1);
    expect((await db.rows('housekeeping_tasks').get('t1'))?.task_status).toBe('in_progress');
    expect(await actOnTask(db, 't1', 'open')).toBe(false);
  });

  it('queues Mark done, and refuses to start a completed task', async () => {
    expect(await actOnTask(db, 't1', 'done')).toBe(true);
    expect((await db.rows('housekeeping_tasks').get('t1'))?.task_status).toBe('completed');
    await expect(actOnTask(db, 't1', 'start')).rejects.toBeInstanceOf(WriteRefused);
  });
});
