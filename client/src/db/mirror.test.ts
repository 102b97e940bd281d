import { afterEach, describe, expect, it } from 'vitest';
import { testStore } from '../sync/test-db';
import type { StaykeepDb } from './db';
import type { LocalRow } from './schema';

const task = (id: string, title: string): LocalRow => ({ id, task_title: title, property_id: 'p1' });

/** Resolves with the next change the mirror announces for a table (or fails after a while). */
function nextChange(db: StaykeepDb, name: 'housekeeping_tasks' | 'bookings'): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no change of ${name} within 2 s`));
    }, 2000);
    const stop = db.mirror.subscribe(name, () => {
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

async function loaded(db: StaykeepDb, name: 'housekeeping_tasks' | 'bookings') {
  await db.mirror.load(name);
  // Listeners hear of a change in a task of their own: let that one pass.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const state = db.mirror.state(name);
  if (state.status !== 'ready') throw new Error(`${name} is ${state.status}`);
  return state;
}

const open: StaykeepDb[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

function store() {
  const s = testStore();
  return { ...s, open: () => {
    const db = s.open();
    open.push(db);
    return db;
  } };
}

describe('mirror of the synced tables', () => {
  it('loads a table only when it is read, then follows committed writes, keeping untouched rows as they were', async () => {
    const db = store().open();
    await db.rows('housekeeping_tasks').bulkPut([task('t1', 'Clean'), task('t2', 'Linen')]);
    await db.rows('bookings').bulkPut([{ id: 'b1' }]);
    expect(db.mirror.state('housekeeping_tasks').status).toBe('idle');
    expect(db.mirror.state('bookings').status).toBe('idle');

    const before = await loaded(db, 'housekeeping_tasks');
    expect([...before.rows.keys()].sort()).toEqual(['t1', 't2']);
    const t2 = before.rows.get('t2');

    let calls = 0;
    const stop = db.mirror.subscribe('housekeeping_tasks', () => (calls += 1));
    await db.transaction('rw', [db.rows('housekeeping_tasks')], async () => {
      await db.rows('housekeeping_tasks').put(task('t1', 'Deep clean'));
      await db.rows('housekeeping_tasks').add(task('t3', 'Windows'));
      // Not applied before the commit: a screen never shows what may still roll back.
      expect(db.mirror.state('housekeeping_tasks').rows?.get('t1')?.task_title).toBe('Clean');
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop();
    // Told once, after the commit.
    expect(calls).toBe(1);
    const after = db.mirror.state('housekeeping_tasks');
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.rows?.get('t1')?.task_title).toBe('Deep clean');
    expect(after.rows?.get('t3')?.task_title).toBe('Windows');
    expect(after.rows?.get('t2')).toBe(t2);
    // Tables nobody read stay unloaded whatever is written to them.
    await db.rows('bookings').bulkPut([{ id: 'b2' }]);
    expect(db.mirror.state('bookings').status).toBe('idle');
  });

  it('changes nothing for an aborted transaction', async () => {
    const db = store().open();
    await db.rows('housekeeping_tasks').put(task('t1', 'Clean'));
    const before = await loaded(db, 'housekeeping_tasks');
    await expect(
      db.transaction('rw', [db.rows('housekeeping_tasks')], async () => {
        await db.rows('housekeeping_tasks').put(task('t1', 'Changed'));
        await db.rows('housekeeping_tasks').delete('t1');
        throw new Error('the write fails half-way');
      }),
    ).rejects.toThrow('half-way');
    const after = db.mirror.state('housekeeping_tasks');
    expect(after.version).toBe(before.version);
    expect(after.rows?.get('t1')?.task_title).toBe('Clean');
  });

  it('applies deletes, bulk deletes and clear', async () => {
    const db = store().open();
    const table = db.rows('housekeeping_tasks');
    await table.bulkPut(['a', 'b', 'c', 'd'].map((id) => task(id, id)));
    await loaded(db, 'housekeeping_tasks');
    await table.delete('a');
    await table.bulkDelete(['b', 'c']);
    expect([...(db.mirror.state('housekeeping_tasks').rows?.keys() ?? [])]).toEqual(['d']);
    await table.where('id').between('c', 'e').delete();
    expect(db.mirror.state('housekeeping_tasks').rows?.size).toBe(0);
    await table.bulkPut([task('x', 'x')]);
    await table.clear();
    expect(db.mirror.state('housekeeping_tasks').rows?.size).toBe(0);
  });

  it('keeps a write that commits while the table loads', async () => {
    const db = store().open();
    const table = db.rows('housekeeping_tasks');
    await table.put(task('t1', 'Clean'));
    const write = table.put(task('t1', 'During the load'));
    const load = db.mirror.load('housekeeping_tasks');
    await Promise.all([write, load]);
    expect(db.mirror.state('housekeeping_tasks').rows?.get('t1')?.task_title).toBe('During the load');
  });

  it('hears what another instance of the database wrote (a tab, the service worker) and re-reads only those rows', async () => {
    const s = store();
    const page = s.open();
    const worker = s.open();
    await page.rows('housekeeping_tasks').bulkPut([task('t1', 'Clean'), task('t2', 'Linen'), task('t3', 'Windows')]);
    const before = await loaded(page, 'housekeeping_tasks');
    const t2 = before.rows.get('t2');

    let changed = nextChange(page, 'housekeeping_tasks');
    await worker.transaction('rw', [worker.rows('housekeeping_tasks')], async () => {
      await worker.rows('housekeeping_tasks').put(task('t1', 'Done by the worker'));
      await worker.rows('housekeeping_tasks').delete('t3');
    });
    await changed;
    let rows = page.mirror.state('housekeeping_tasks').rows;
    expect(rows?.get('t1')?.task_title).toBe('Done by the worker');
    expect(rows?.has('t3')).toBe(false);
    expect(rows?.get('t2')).toBe(t2);

    changed = nextChange(page, 'housekeeping_tasks');
    await worker.rows('housekeeping_tasks').clear();
    await changed;
    rows = page.mirror.state('housekeeping_tasks').rows;
    expect(rows?.size).toBe(0);
    // The writer's own mirror was never read: it holds nothing.
    expect(worker.mirror.state('housekeeping_tasks').status).toBe('idle');
  });
});

describe('mirror of the hydrated flag and of what changed', () => {
  it('follows meta `hydrated` through commits and another instance, and clears with the meta table', async () => {
    const s = store();
    const page = s.open();
    const other = s.open();
    let calls = 0;
    page.mirror.subscribeHydrated(() => (calls += 1));
    await until(() => page.mirror.hydrated() !== undefined);
    expect(page.mirror.hydrated()).toBe(false);
    await page.setMeta('hydrated', true);
    expect(page.mirror.hydrated()).toBe(true);
    await other.meta.clear();
    await until(() => page.mirror.hydrated() === false);
    expect(calls).toBe(3);
  });

  it('warms tables only on a device that holds its data: at once, or when its first download completes', async () => {
    const s = store();
    const fresh = s.open();
    await fresh.rows('bookings').bulkPut([{ id: 'b1', check_out_date: '2999-01-01' }]);
    fresh.mirror.warm(['bookings', 'housekeeping_tasks']);
    await until(() => fresh.mirror.hydrated() === false);
    // A first download is under way: its pages are not applied to memory.
    expect(fresh.mirror.state('bookings').status).toBe('idle');
    await fresh.setMeta('hydrated', true);
    await until(() => fresh.mirror.state('bookings').status === 'ready' && fresh.mirror.state('housekeeping_tasks').status === 'ready');
    expect([...(fresh.mirror.state('bookings').rows?.keys() ?? [])]).toEqual(['b1']);

    // Started again on the same device (a new page): loaded as soon as the flag is read.
    const next = s.open();
    next.mirror.warm(['bookings']);
    await until(() => next.mirror.state('bookings').status === 'ready');
    expect(next.mirror.state('housekeeping_tasks').status).toBe('idle');
  });

  it('answers which rows each version changed, or null when it cannot know', async () => {
    const db = store().open();
    const table = db.rows('housekeeping_tasks');
    await table.bulkPut([task('t1', 'a'), task('t2', 'b')]);
    const { version } = await loaded(db, 'housekeeping_tasks');
    await table.put(task('t1', 'c'));
    await table.delete('t2');
    expect([...(db.mirror.changesSince('housekeeping_tasks', version) ?? [])].sort()).toEqual(['t1', 't2']);
    expect(db.mirror.changesSince('housekeeping_tasks', version - 1)).toBeNull();
    await table.clear();
    expect(db.mirror.changesSince('housekeeping_tasks', version)).toBeNull();
  });
});

describe('mirror announcements when the writer closes', () => {
  it('still tells the others what a context wrote just before closing (the service worker after a sync)', async () => {
    const s = store();
    const page = s.open();
    const worker = s.open();
    await page.rows('housekeeping_tasks').put(task('t1', 'Clean'));
    await loaded(page, 'housekeeping_tasks');
    const changed = nextChange(page, 'housekeeping_tasks');
    await worker.rows('housekeeping_tasks').put(task('t1', 'Synced in the background'));
    worker.close();
    await changed;
    expect(page.mirror.state('housekeeping_tasks').rows?.get('t1')?.task_title).toBe('Synced in the background');
  });
});
