/**
 * Outbox, push, pull and rebase on fake-indexeddb with a scripted transport: each test says what
 * the server answers and checks what the store holds after.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PUSH_MUTATIONS, type PullResponse, type PushRequest, type PushResponse } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, type LocalRow, type OutboxEntry } from '../db/schema';
import { claimStore, refusedChanges } from '../db/store';
import { SyncEngine } from './engine';
import { describeRejection } from './sync-label';
import { mutate, WriteRefused, writeFailureText } from './mutate';
import { writeGuesses } from './write-guesses';
import { applyPullPage, pullAll } from './pull';
import { pushOutbox } from './push';
import { testStore } from './test-db';
import { ApiError } from '../api/http';
import { parsePullResponse, type PullOptions, type SyncTransport } from './transport';

const TASKS = SYNCED_TABLES.housekeeping_tasks;
const PROPS = SYNCED_TABLES.properties;

function task(id: string, extra: Record<string, unknown> = {}): LocalRow {
  return { id, version: 1, host_id: 'h1', property_id: 'p1', task_title: `Task ${id}`, task_status: 'pending', notes: '', checklist_items: [], ...extra };
}

/** A transport whose answers the test scripts; it records every request. */
class ScriptedTransport implements SyncTransport {
  pushes: PushRequest[] = [];
  pulls: { cursor: number; limit: number }[] = [];
  /** What each pull asked besides its cursor (a first part, `held`). */
  options: PullOptions[] = [];
  onPush: (request: PushRequest) => PushResponse = (request) => ({
    lastSeq: Math.max(0, ...request.mutations.map((m) => m.seq)),
    results: request.mutations.map((m) => ({ id: m.id, status: 'applied' as const })),
  });
  pages: PullResponse[] = [];

  async push(request: PushRequest): Promise<PushResponse> {
    this.pushes.push(structuredClone(request));
    return this.onPush(request);
  }

  async pull(cursor: number, limit: number, options: PullOptions = {}): Promise<PullResponse> {
    this.pulls.push({ cursor, limit });
    this.options.push(options);
    return this.pages.shift() ?? { cursor, more: false, changes: [] };
  }
}

/** Timers the test moves by hand (fake-indexeddb needs the real ones, so vitest's fake timers are out). */
class ManualTimers {
  private now = 0;
  private queue: { at: number; fn: () => void; handle: number }[] = [];
  private serial = 0;
  setTimeout = (fn: () => void, ms: number): unknown => {
    this.serial += 1;
    this.queue.push({ at: this.now + ms, fn, handle: this.serial });
    return this.serial;
  };
  clearTimeout = (handle: unknown): void => {
    this.queue = this.queue.filter((t) => t.handle !== handle);
  };
  advance(ms: number): void {
    this.now += ms;
    const due = this.queue.filter((t) => t.at <= this.now);
    this.queue = this.queue.filter((t) => t.at > this.now);
    for (const t of due) t.fn();
  }
}

let db: StaykeepDb;
let transport: ScriptedTransport;
let clientId: string;

beforeEach(async () => {
  db = testStore().open();
  transport = new ScriptedTransport();
  await claimStore(db, 'user-1');
  clientId = (await db.getMeta('clientId')) ?? '';
});
afterEach(() => db.close());

async function seedTasks(...rows: LocalRow[]): Promise<void> {
  await applyPullPage(db, { cursor: 10, more: false, changes: rows.map((row) => ({ table: TASKS, row, deleted: false })) }, 'host');
}

const outbox = () => db.outbox.orderBy('seq').toArray();
const row = (id: string) => db.rows('housekeeping_tasks').get(id);

describe('mutate', () => {
  it('applies the change and appends the mutation in one go, with seq 1, 2, 3 and a UUIDv7 id', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Towels low' } }, { role: 'staff' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress' } }, { role: 'staff' });
    const created = await mutate(db, { table: PROPS, op: 'create', fields: { property_name: 'Cabin', host_id: 'h1' } }, { role: 'host' });

    expect(await row('t1')).toMatchObject({ notes: 'Towels low', task_status: 'in_progress' });
    const entries = await outbox();
    expect(entries.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(entries.map((m) => m.op)).toEqual(['update', 'update', 'create']);
    expect(entries[0]?.fields).toEqual({ notes: 'Towels low' });
    for (const m of entries) expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await db.rows('properties').get(created?.rowId ?? '')).toMatchObject({ property_name: 'Cabin', version: 0 });
    // The server's row is kept once, before the first waiting change.
    expect((await db.base.get([TASKS, 't1']))?.row).toMatchObject({ notes: '', task_status: 'pending' });
    expect((await db.base.get([PROPS, created?.rowId ?? '']))?.row).toBeNull();
  });

  it('computes fields from the row inside the transaction and sends only what changes', async () => {
    await seedTasks(task('t1', { checklist_items: [{ id: 'a', text: 'Beds', done: false }, { id: 'b', text: 'Bins', done: false }] }));
    const tick = (itemId: string) =>
      mutate(
        db,
        {
          table: TASKS,
          op: 'update',
          rowId: 't1',
          fields: (r) => ({ checklist_items: (r.checklist_items as { id: string; done: boolean }[]).map((i) => (i.id === itemId ? { ...i, done: true } : i)) }),
        },
        { role: 'staff' },
      );
    await Promise.all([tick('a'), tick('b')]);
    expect(((await row('t1'))?.checklist_items as { done: boolean }[]).map((i) => i.done)).toEqual([true, true]);
    expect(await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: '' } }, { role: 'staff' })).toBeNull();
    expect(await db.outbox.count()).toBe(2);
  });

  it('refuses a task status that would move backwards for staff, and allows a host to reopen', async () => {
    await seedTasks(task('t1', { task_status: 'completed' }));
    await expect(mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress' } }, { role: 'staff' })).rejects.toThrow(WriteRefused);
    expect(await db.outbox.count()).toBe(0);
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'pending' } }, { role: 'host' });
    expect((await row('t1'))?.task_status).toBe('pending');
  });

  it('sends with an update what the user saw of each changed field (the base), as given by a form or as stored', async () => {
    await seedTasks(task('t1', { notes: 'Key in the box', priority_level: 'medium' }));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Key under the mat' } }, { role: 'host' });
    // A form opened before the row changed on this device says what it showed.
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Code 4412', priority_level: 'high' }, base: { notes: 'Key in the box' } }, { role: 'host' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { checklist_ops: [{ op: 'add', item: { id: 'x', text: 'Bins', done: false }, after: null }] } }, { role: 'host' });
    const entries = await outbox();
    expect(entries.map((m) => m.base)).toEqual([{ notes: 'Key in the box' }, { notes: 'Key in the box', priority_level: 'medium' }, undefined]);
    await pushOutbox(db, transport, { clientId, role: 'host' });
    expect(transport.pushes[0]?.mutations.map((m) => m.base)).toEqual([{ notes: 'Key in the box' }, { notes: 'Key in the box', priority_level: 'medium' }, undefined]);
  });

  it('refuses an update of a row the device does not have', async () => {
    await expect(mutate(db, { table: TASKS, op: 'update', rowId: 'nope', fields: { notes: 'x' } }, { role: 'host' })).rejects.toThrow(WriteRefused);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('seq')).toBe(0);
  });
});

describe('mutate in one round trip (planned from the mirror, checked in the transaction)', () => {
  const checklistRow = (id: string) => task(id, { checklist_items: [{ id: 'a', text: 'Beds', done: false }, { id: 'b', text: 'Bins', done: false }] });
  const tick = (target: StaykeepDb, itemId: string) =>
    mutate(
      target,
      {
        table: TASKS,
        op: 'update',
        rowId: 't1',
        fields: (r) => ({ checklist_items: (r.checklist_items as { id: string; done: boolean }[]).map((i) => (i.id === itemId ? { ...i, done: true } : i)) }),
      },
      { role: 'staff' },
    );
  const ticks = async (target: StaykeepDb) => ((await target.rows('housekeeping_tasks').get('t1'))?.checklist_items as { done: boolean }[]).map((i) => i.done);

  it('plans from what the tab knows once it knows the last seq, with the same outcome as reading first', async () => {
    await seedTasks(task('t1'));
    await db.mirror.load('housekeeping_tasks');
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'One' } }, { role: 'staff' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress' } }, { role: 'staff' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Two' } }, { role: 'staff' });
    await mutate(db, { table: TASKS, op: 'delete', rowId: 't1' }, { role: 'host' });
    expect(writeGuesses(db)).toMatchObject({ planned: 3, replanned: 0, lastSeq: 4 });
    expect((await outbox()).map((m) => [m.seq, m.op, m.fields])).toEqual([
      [1, 'update', { notes: 'One' }],
      [2, 'update', { task_status: 'in_progress' }],
      [3, 'update', { notes: 'Two' }],
      [4, 'delete', {}],
    ]);
    expect(await row('t1')).toBeUndefined();
    // The base is the server's row, kept by the first write only.
    expect((await db.base.get([TASKS, 't1']))?.row).toMatchObject({ notes: '', task_status: 'pending' });
    expect(await db.getMeta('seq')).toBe(4);
  });

  it('two writes at once: the second sees the first, each with its own seq', async () => {
    await seedTasks(checklistRow('t1'));
    await db.mirror.load('housekeeping_tasks');
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'x' } }, { role: 'staff' });
    await Promise.all([tick(db, 'a'), tick(db, 'b')]);
    expect(await ticks(db)).toEqual([true, true]);
    expect((await outbox()).map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(writeGuesses(db).replanned).toBeGreaterThan(0);
  });

  /** Two tabs on one store: tab A pulled `pulled`, shows it (its mirror is loaded) and wrote notes once. */
  async function withTwoTabs(pulled: LocalRow, run: (tabA: StaykeepDb, tabB: StaykeepDb) => Promise<void>): Promise<void> {
    const store = testStore();
    const tabA = store.open();
    const tabB = store.open();
    try {
      await claimStore(tabA, 'user-1');
      await applyPullPage(tabA, { cursor: 10, more: false, changes: [{ table: TASKS, row: pulled, deleted: false }] }, 'staff');
      await tabA.mirror.load('housekeeping_tasks');
      await mutate(tabA, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'A' } }, { role: 'staff' });
      await run(tabA, tabB);
    } finally {
      tabA.close();
      tabB.close();
    }
  }

  it('another tab wrote meanwhile: the row, seq and base come from the store, nothing of the other tab is lost', () =>
    withTwoTabs(checklistRow('t1'), async (tabA, tabB) => {
      // Tab B ticks an item; tab A has not heard of it when it ticks the other one.
      await tick(tabB, 'a');
      await tick(tabA, 'b');
      expect(await ticks(tabA)).toEqual([true, true]);
      expect((await tabA.outbox.orderBy('seq').toArray()).map((m) => m.seq)).toEqual([1, 2, 3]);
      expect(writeGuesses(tabA).replanned).toBe(1);
      // A sync elsewhere dropped the row's base: the next write keeps the server's row again.
      await tabB.base.clear();
      await tabB.outbox.clear();
      await mutate(tabA, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Again' } }, { role: 'staff' });
      expect((await tabA.base.get([TASKS, 't1']))?.row).toMatchObject({ notes: 'A' });
      expect((await tabA.outbox.toArray()).map((m) => m.seq)).toEqual([4]);
    }));

  it('another tab queued a change of another row: this write takes the next seq', () =>
    withTwoTabs(task('t1'), async (tabA, tabB) => {
      await applyPullPage(tabB, { cursor: 11, more: false, changes: [{ table: TASKS, row: task('t2'), deleted: false }] }, 'staff');
      await mutate(tabB, { table: TASKS, op: 'update', rowId: 't2', fields: { notes: 'B' } }, { role: 'staff' });
      await mutate(tabA, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'A again' } }, { role: 'staff' });
      expect((await tabA.outbox.orderBy('seq').toArray()).map((m) => [m.seq, m.rowId])).toEqual([
        [1, 't1'],
        [2, 't2'],
        [3, 't1'],
      ]);
      expect(writeGuesses(tabA).replanned).toBe(1);
    }));

  it('a pull in another tab changed the row: the write starts from the pulled row', () =>
    withTwoTabs(checklistRow('t1'), async (tabA, tabB) => {
      await pushOutbox(tabA, transport, { clientId, role: 'staff' });
      // Tab B pulls the host's change of the task (the instructions and a ticked item).
      const pulled = { ...checklistRow('t1'), version: 2, notes: 'A', special_instructions: 'Use the blue towels', checklist_items: [{ id: 'a', text: 'Beds', done: true }, { id: 'b', text: 'Bins', done: false }] };
      await applyPullPage(tabB, { cursor: 20, more: false, changes: [{ table: TASKS, row: pulled, deleted: false }] }, 'staff');
      await tick(tabA, 'b');
      expect(await tabA.rows('housekeeping_tasks').get('t1')).toMatchObject({ special_instructions: 'Use the blue towels', version: 2 });
      expect(await ticks(tabA)).toEqual([true, true]);
      expect((await tabA.base.get([TASKS, 't1']))?.row).toMatchObject({ version: 2 });
    }));

  it('a status move is judged on the stored row, not on a stale copy', () =>
    withTwoTabs(task('t1'), async (tabA, tabB) => {
      await mutate(tabB, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'completed' } }, { role: 'staff' });
      // Tab A still shows the task pending; the store has it completed: starting it is refused.
      await expect(mutate(tabA, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress' } }, { role: 'staff' })).rejects.toThrow(WriteRefused);
      expect(await tabA.outbox.count()).toBe(2);
      expect((await tabA.rows('housekeeping_tasks').get('t1'))?.task_status).toBe('completed');
    }));
});

describe('push', () => {
  it('drops applied mutations and their base, keeping the shown row', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Done by 3' } }, { role: 'staff' });
    const summary = await pushOutbox(db, transport, { clientId, role: 'staff' });
    expect(summary).toMatchObject({ sent: 1, applied: 1, rejected: [] });
    expect(transport.pushes[0]).toMatchObject({ clientId, mutations: [{ seq: 1, table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'Done by 3' } }] });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
    expect((await row('t1'))?.notes).toBe('Done by 3');
  });

  it('records a rejection with its reason and restores the row to the server state with later changes on top', async () => {
    await seedTasks(task('t1'));
    const bad = await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_title: 'Renamed' } }, { role: 'staff' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'kept' } }, { role: 'staff' });
    transport.onPush = (request) => ({
      lastSeq: 2,
      results: request.mutations.map((m) =>
        m.id === bad?.id ? { id: m.id, status: 'rejected' as const, error: 'You may not change task_title', code: 403 } : { id: m.id, status: 'applied' as const },
      ),
    });
    const summary = await pushOutbox(db, transport, { clientId, role: 'staff' });
    expect(summary.rejected).toHaveLength(1);
    expect(await db.rejections.toArray()).toMatchObject([{ id: bad?.id, rowId: 't1', error: 'You may not change task_title', code: 403, fields: { task_title: 'Renamed' } }]);
    expect(await row('t1')).toMatchObject({ task_title: 'Task t1', notes: 'kept' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.base.count()).toBe(0);
  });

  it('keeps a refused change with its reason through reloads and a new sign-in of the same user, newest first', async () => {
    const store = testStore();
    let local = store.open();
    await claimStore(local, 'u');
    const id = (await local.getMeta('clientId')) ?? '';
    await applyPullPage(local, { cursor: 10, more: false, changes: [{ table: TASKS, row: task('t1'), deleted: false }, { table: TASKS, row: task('t2'), deleted: false }] }, 'staff');
    const first = await mutate(local, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress' } }, { role: 'staff' });
    const refuse = (error: string, code: number) => (request: PushRequest): PushResponse => ({
      lastSeq: Math.max(...request.mutations.map((m) => m.seq)),
      results: request.mutations.map((m) => ({ id: m.id, status: 'rejected' as const, error, code })),
    });
    transport.onPush = refuse('Task is already completed; only the host can reopen it', 409);
    let now = new Date('2030-01-01T10:00:00Z');
    await pushOutbox(local, transport, { clientId: id, role: 'staff', now: () => now });
    const second = await mutate(local, { table: TASKS, op: 'update', rowId: 't2', fields: { notes: 'x'.repeat(5) } }, { role: 'staff' });
    transport.onPush = refuse('This task is no longer assigned to you', 403);
    now = new Date('2030-01-01T11:00:00Z');
    await pushOutbox(local, transport, { clientId: id, role: 'staff', now: () => now });

    // A reload, then the same user signing in again (an expired session): the list stays.
    local.close();
    local = store.open();
    expect(await claimStore(local, 'u')).toBe(false);
    const list = await refusedChanges(local);
    expect(list.map((r) => [r.id, r.error, r.code])).toEqual([
      [second?.id, 'This task is no longer assigned to you', 403],
      [first?.id, 'Task is already completed; only the host can reopen it', 409],
    ]);
    expect(list.map(describeRejection)).toEqual(['Task: change of notes', 'Task: change of task status']);
    expect(await local.outbox.count()).toBe(0);

    // Another user's data moving in takes the list with it.
    await claimStore(local, 'someone-else');
    expect(await refusedChanges(local)).toEqual([]);
    local.close();
  });

  it('on a duplicate (an earlier answer lost) falls back to the server state until the pull brings it', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'maybe' } }, { role: 'staff' });
    transport.onPush = (request) => ({ lastSeq: 1, results: request.mutations.map((m) => ({ id: m.id, status: 'duplicate' as const })) });
    await pushOutbox(db, transport, { clientId, role: 'staff' });
    expect((await row('t1'))?.notes).toBe('');
    transport.pages.push({ cursor: 12, more: false, changes: [{ table: TASKS, row: task('t1', { version: 11, notes: 'maybe' }), deleted: false }] });
    await pullAll(db, transport, { role: 'staff' });
    expect((await row('t1'))?.notes).toBe('maybe');
  });

  it('keeps the outbox when the network fails, and sends the same mutations again', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'a' } }, { role: 'staff' });
    transport.onPush = () => {
      throw new ApiError('The server could not be reached', 0);
    };
    await expect(pushOutbox(db, transport, { clientId, role: 'staff' })).rejects.toThrow(ApiError);
    expect(await db.outbox.count()).toBe(1);
    expect((await row('t1'))?.notes).toBe('a');
    transport.onPush = new ScriptedTransport().onPush;
    await pushOutbox(db, transport, { clientId, role: 'staff' });
    expect(transport.pushes[1]?.mutations[0]?.id).toBe(transport.pushes[0]?.mutations[0]?.id);
    expect(await db.outbox.count()).toBe(0);
  });

  it(`sends at most ${MAX_PUSH_MUTATIONS} mutations per request, in seq order`, async () => {
    const entries: OutboxEntry[] = Array.from({ length: MAX_PUSH_MUTATIONS + 5 }, (_, i) => ({
      id: `m${i + 1}`,
      seq: i + 1,
      table: TASKS,
      op: 'update',
      rowId: 't1',
      fields: { notes: String(i) },
      at: '2030-01-01T00:00:00.000Z',
    }));
    await db.outbox.bulkAdd(entries);
    await pushOutbox(db, transport, { clientId, role: 'host' });
    expect(transport.pushes.map((p) => p.mutations.length)).toEqual([MAX_PUSH_MUTATIONS, 5]);
    expect(transport.pushes[1]?.mutations[0]?.seq).toBe(MAX_PUSH_MUTATIONS + 1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes the next batch from the acknowledgement of the one before: the outbox is read once per push, with writes made meanwhile', async () => {
    await seedTasks(task('t1'), task('t2'));
    // The write made meanwhile is planned from the mirror (mutate reads no outbox then).
    await db.mirror.load('housekeeping_tasks');
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'a' } }, { role: 'host' });
    const ok = transport.onPush;
    let during = true;
    transport.onPush = (request) => {
      const answer = ok(request);
      // A write made while the first request is out goes in the next batch.
      if (during) {
        during = false;
        void mutate(db, { table: TASKS, op: 'update', rowId: 't2', fields: { notes: 'b' } }, { role: 'host' });
      }
      return answer;
    };
    const transactions = vi.spyOn(db.core, 'transaction');
    await pushOutbox(db, transport, { clientId, role: 'host', batchSize: 1 });
    expect(transport.pushes.map((p) => p.mutations.map((m) => m.fields.notes))).toEqual([['a'], ['b']]);
    // One read of the outbox on its own, for the first batch; each acknowledgement reads the next
    // (the last finds nothing). Before, each batch and the final check were a transaction each.
    const modes = transactions.mock.calls.map((call) => call[1]);
    expect(modes.filter((mode) => mode === 'readonly')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await row('t2')).toMatchObject({ notes: 'b' });
    expect(await db.base.count()).toBe(0);
    transactions.mockRestore();
  });

  it('isolates a mutation the server refuses as a whole request (400): rejected alone, the rest applied', async () => {
    await seedTasks(task('t1'), task('t2'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'ok' } }, { role: 'host' });
    const broken = await mutate(db, { table: TASKS, op: 'update', rowId: 't2', fields: { notes: 'broken' } }, { role: 'host' });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_title: 'ok too' } }, { role: 'host' });
    const ok = new ScriptedTransport().onPush;
    transport.onPush = (request) => {
      if (request.mutations.some((m) => m.id === broken?.id)) throw new ApiError('Invalid value for mutations.0.fields', 400);
      return ok(request);
    };
    const summary = await pushOutbox(db, transport, { clientId, role: 'host' });
    expect(summary.rejected.map((r) => r.id)).toEqual([broken?.id]);
    expect(await db.outbox.count()).toBe(0);
    expect(await row('t1')).toMatchObject({ notes: 'ok', task_title: 'ok too' });
    expect((await row('t2'))?.notes).toBe('');
  });
});

describe('pull', () => {
  it('applies pages until done, deletes tombstones, and stores the cursor of each page', async () => {
    transport.pages.push(
      { cursor: 5, more: true, changes: [{ table: TASKS, row: task('t1'), deleted: false }, { table: TASKS, row: task('t2'), deleted: false }] },
      { cursor: 9, more: false, changes: [{ table: TASKS, row: { id: 't1', version: 9, deleted_at: '2030-01-01T00:00:00Z' }, deleted: true }, { table: 99999, row: { id: 'x' }, deleted: false }] },
    );
    const progress: number[] = [];
    const summary = await pullAll(db, transport, { role: 'host', limit: 2, onProgress: (p) => progress.push(p.received) });
    expect(summary).toMatchObject({ pages: 2, changes: 4, cursor: 9, reset: false });
    expect(transport.pulls).toEqual([
      { cursor: 0, limit: 2 },
      { cursor: 5, limit: 2 },
    ]);
    expect(progress).toEqual([2, 4]);
    expect(await db.rows('housekeeping_tasks').toCollection().primaryKeys()).toEqual(['t2']);
    expect(await db.getMeta('cursor')).toBe(9);
    expect(await db.getMeta('hydrated')).toBe(true);
  });

  it("reports progress against the server's version of the first answer, fetching the next page while one is written", async () => {
    transport.pages.push(
      { cursor: 40, more: true, version: 100, changes: [{ table: TASKS, row: task('t1'), deleted: false }] },
      { cursor: 70, more: true, version: 105, changes: [{ table: TASKS, row: task('t2'), deleted: false }] },
      { cursor: 105, more: false, version: 105, changes: [] },
    );
    const seen: { cursor: number; target: number | null; requested: number }[] = [];
    await pullAll(db, transport, { role: 'host', onProgress: (p) => seen.push({ cursor: p.cursor, target: p.target, requested: transport.pulls.length }) });
    // The target stays the first answer's version (a bar never moves backwards); each page's
    // successor was asked for before that page was written and reported.
    expect(seen).toEqual([
      { cursor: 40, target: 100, requested: 2 },
      { cursor: 70, target: 100, requested: 3 },
      { cursor: 105, target: 100, requested: 3 },
    ]);
    expect(await db.rows('housekeeping_tasks').count()).toBe(2);
  });

  it('reports no target when the server does not send its version (an older server)', async () => {
    transport.pages.push({ cursor: 40, more: true, changes: [] }, { cursor: 50, more: false, changes: [] });
    const targets: (number | null)[] = [];
    await pullAll(db, transport, { role: 'host', onProgress: (p) => targets.push(p.target) });
    expect(targets).toEqual([null, null]);
  });

  it('a failed page leaves the pages before it stored, and the next pull resumes after them', async () => {
    transport.pages.push({ cursor: 40, more: true, version: 90, changes: [{ table: TASKS, row: task('t1'), deleted: false }] });
    const pull = transport.pull.bind(transport);
    transport.pull = async (cursor, limit) => {
      if (cursor === 40 && transport.pulls.length === 1) {
        transport.pulls.push({ cursor, limit });
        throw new ApiError('The server could not be reached', 0);
      }
      return pull(cursor, limit);
    };
    await expect(pullAll(db, transport, { role: 'host' })).rejects.toThrow('could not be reached');
    expect(await db.getMeta('cursor')).toBe(40);
    expect(await db.rows('housekeeping_tasks').count()).toBe(1);
    transport.pages.push({ cursor: 90, more: false, version: 90, changes: [{ table: TASKS, row: task('t2'), deleted: false }] });
    await pullAll(db, transport, { role: 'host' });
    expect(transport.pulls.at(-1)?.cursor).toBe(40);
    expect(await db.rows('housekeeping_tasks').count()).toBe(2);
  });

  it('replays waiting mutations over pulled rows (rebase), and a pulled completion beats an older offline status', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { task_status: 'in_progress', notes: 'mine' } }, { role: 'staff' });
    transport.pages.push({ cursor: 20, more: false, changes: [{ table: TASKS, row: task('t1', { version: 20, task_status: 'completed', task_title: 'Theirs' }), deleted: false }] });
    await pullAll(db, transport, { role: 'staff' });
    expect(await row('t1')).toMatchObject({ task_title: 'Theirs', task_status: 'completed', notes: 'mine' });
    expect((await db.base.get([TASKS, 't1']))?.row).toMatchObject({ task_status: 'completed', notes: '' });
  });

  it('rebases a waiting row in a large page (which first asks whether any base exists) and in a small one (which does not)', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'mine' } }, { role: 'staff' });
    const others = Array.from({ length: 80 }, (_, i) => ({ table: TASKS, row: task(`o${i}`, { version: 20 }), deleted: false }));
    transport.pages.push({ cursor: 20, more: false, changes: [...others, { table: TASKS, row: task('t1', { version: 20, task_title: 'Theirs' }), deleted: false }] });
    const counts = vi.spyOn(db.base, 'count');
    await pullAll(db, transport, { role: 'staff' });
    expect(counts).toHaveBeenCalledTimes(1);
    expect(await row('t1')).toMatchObject({ task_title: 'Theirs', notes: 'mine' });
    expect((await db.base.get([TASKS, 't1']))?.row).toMatchObject({ task_title: 'Theirs', notes: '' });
    expect(await db.rows('housekeeping_tasks').count()).toBe(81);
    // A small page, a poke's, looks its bases up without asking first.
    transport.pages.push({ cursor: 21, more: false, changes: [{ table: TASKS, row: task('t1', { version: 21, task_title: 'Theirs again' }), deleted: false }] });
    await pullAll(db, transport, { role: 'staff' });
    expect(counts).toHaveBeenCalledTimes(1);
    expect(await row('t1')).toMatchObject({ task_title: 'Theirs again', notes: 'mine' });
    counts.mockRestore();
  });

  it('on reset drops every synced table, keeps the outbox and replays it over the fresh start', async () => {
    await seedTasks(task('t1'), task('t2'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't2', fields: { notes: 'pending' } }, { role: 'host' });
    const made = await mutate(db, { table: PROPS, op: 'create', fields: { property_name: 'New', host_id: 'h1' } }, { role: 'host' });
    transport.pages.push({ cursor: 30, more: false, reset: true, changes: [{ table: TASKS, row: task('t2', { version: 30 }), deleted: false }] });
    const summary = await pullAll(db, transport, { role: 'host' });
    expect(summary.reset).toBe(true);
    expect(await db.rows('housekeeping_tasks').toArray()).toMatchObject([{ id: 't2', version: 30, notes: 'pending' }]);
    expect(await db.rows('properties').get(made?.rowId ?? '')).toMatchObject({ property_name: 'New' });
    expect(await db.outbox.count()).toBe(2);
  });

  it('starts over from 0 when the server does not know the cursor (a replaced database)', async () => {
    await seedTasks(task('old'));
    const pull = transport.pull.bind(transport);
    transport.pull = async (cursor, limit) => {
      if (cursor > 0) {
        transport.pulls.push({ cursor, limit });
        throw new ApiError('Invalid value for cursor: ahead of the server', 400);
      }
      return pull(cursor, limit);
    };
    transport.pages.push({ cursor: 3, more: false, changes: [{ table: TASKS, row: task('new'), deleted: false }] });
    const summary = await pullAll(db, transport, { role: 'host' });
    expect(summary).toMatchObject({ reset: true, cursor: 3 });
    expect(await db.rows('housekeeping_tasks').toCollection().primaryKeys()).toEqual(['new']);
  });

  it('resumes from the cursor of the last page applied after a reload', async () => {
    const store = testStore();
    let local = store.open();
    await claimStore(local, 'u');
    transport.pages.push({ cursor: 4, more: true, changes: [{ table: TASKS, row: task('t1'), deleted: false }] });
    transport.pull = async (cursor, limit) => {
      transport.pulls.push({ cursor, limit });
      const page = transport.pages.shift();
      if (!page) throw new ApiError('The server could not be reached', 0);
      return page;
    };
    await expect(pullAll(local, transport, { role: 'host' })).rejects.toThrow(ApiError);
    local.close();
    local = store.open();
    expect(await local.getMeta('cursor')).toBe(4);
    expect(await local.getMeta('hydrated')).toBe(false);
    transport.pages.push({ cursor: 8, more: false, changes: [] });
    await pullAll(local, transport, { role: 'host' });
    expect(transport.pulls.at(-1)?.cursor).toBe(4);
    expect(await local.getMeta('hydrated')).toBe(true);
    local.close();
  });
});

describe('pull: a first sync in two parts', () => {
  const NOW = new Date('2030-03-15T10:00:00Z');
  const firstPart = (version: number, ...rows: LocalRow[]): PullResponse => ({ cursor: 0, more: true, version, firstPart: true, changes: rows.map((row) => ({ table: TASKS, row, deleted: false })) });

  it("asks for the first part of today's window, stores it for the screens, then pulls the rest from 0 with held until the last page", async () => {
    transport.pages.push(
      firstPart(50, task('today', { version: 40 })),
      { cursor: 30, more: true, version: 52, changes: [{ table: TASKS, row: task('old', { version: 30 }), deleted: false }] },
      {
        cursor: 52,
        more: false,
        version: 52,
        changes: [
          { table: TASKS, row: task('today', { version: 51, task_title: 'Changed meanwhile' }), deleted: false },
          { table: TASKS, row: { id: 'gone', version: 52, deleted_at: '2030-03-15T10:00:00Z' }, deleted: true },
        ],
      },
    );
    const seen: { part: unknown; hydrated: unknown; ids: string[] }[] = [];
    const pull = transport.pull.bind(transport);
    transport.pull = async (cursor, limit, options) => {
      // The third request starts once the first part is written (it was asked for with the second).
      if (transport.pulls.length === 2) {
        seen.push({ part: await db.getMeta('firstPartVersion'), hydrated: await db.getMeta('hydrated'), ids: (await db.rows('housekeeping_tasks').toCollection().primaryKeys()) as string[] });
      }
      return pull(cursor, limit, options);
    };
    const progress: number[] = [];
    const summary = await pullAll(db, transport, { role: 'host', now: () => NOW, onProgress: (p) => progress.push(p.received) });

    expect(transport.options).toEqual([{ first: { from: '2030-01-31', to: '2030-04-17' } }, { held: 50 }, { held: 50 }]);
    expect(transport.pulls.map((p) => p.cursor)).toEqual([0, 0, 30]);
    expect(seen).toMatchObject([{ part: 50, hydrated: false }]);
    expect(seen[0]?.ids).toContain('today');
    // The first part's rows come again with the rest: the bar counts the rest only.
    expect(summary).toMatchObject({ firstPart: 1, changes: 3, pages: 2, cursor: 52 });
    expect(progress).toEqual([1, 3]);
    expect(await row('today')).toMatchObject({ task_title: 'Changed meanwhile', version: 51 });
    expect(await db.getMeta('firstPartVersion')).toBeUndefined();
    expect(await db.getMeta('hydrated')).toBe(true);
  });

  it('a reset while the rest comes drops the first part, and the pages after it go without held', async () => {
    transport.pages.push(firstPart(50, task('mine'), task('reassigned')), { cursor: 20, more: true, reset: true, version: 60, changes: [{ table: TASKS, row: task('mine', { version: 20 }), deleted: false }] }, {
      cursor: 60,
      more: false,
      version: 60,
      changes: [],
    });
    await pullAll(db, transport, { role: 'staff', now: () => NOW });
    expect(transport.options.slice(1)).toEqual([{ held: 50 }, {}]);
    expect(await db.rows('housekeeping_tasks').toCollection().primaryKeys()).toEqual(['mine']);
    expect(await db.getMeta('firstPartVersion')).toBeUndefined();
  });

  it('after a reload resumes the rest with held, without asking for the first part again', async () => {
    await db.setMeta('firstPartVersion', 50);
    await db.setMeta('cursor', 30);
    transport.pages.push({ cursor: 55, more: false, version: 55, changes: [] });
    await pullAll(db, transport, { role: 'host', now: () => NOW });
    expect(transport.pulls).toEqual([{ cursor: 30, limit: 1000 }]);
    expect(transport.options).toEqual([{ held: 50 }]);
    expect(await db.getMeta('firstPartVersion')).toBeUndefined();
  });

  it('starts over as a reset when the server does not know the held version (a replaced database)', async () => {
    await seedTasks(task('old'));
    await db.setMeta('firstPartVersion', 50);
    const pull = transport.pull.bind(transport);
    transport.pull = async (cursor, limit, options) => {
      if (options?.held !== undefined) {
        transport.pulls.push({ cursor, limit });
        throw new ApiError('Invalid value for held: ahead of the server', 400);
      }
      return pull(cursor, limit, options);
    };
    transport.pages.push({ cursor: 3, more: false, changes: [{ table: TASKS, row: task('new'), deleted: false }] });
    const summary = await pullAll(db, transport, { role: 'host', now: () => NOW });
    expect(summary).toMatchObject({ reset: true, cursor: 3 });
    expect(await db.rows('housekeeping_tasks').toCollection().primaryKeys()).toEqual(['new']);
    expect(await db.getMeta('firstPartVersion')).toBeUndefined();
  });

  it('reads an ordinary first page from a server that predates the first part', async () => {
    transport.pages.push({ cursor: 9, more: false, version: 9, changes: [{ table: TASKS, row: task('t1'), deleted: false }] });
    const summary = await pullAll(db, transport, { role: 'host', now: () => NOW });
    expect(transport.options).toEqual([{ first: { from: '2030-01-31', to: '2030-04-17' } }]);
    expect(summary).toMatchObject({ changes: 1, pages: 1, cursor: 9 });
    expect(summary.firstPart).toBeUndefined();
    expect(await db.getMeta('hydrated')).toBe(true);
  });
});

describe('engine', () => {
  it('pushes a write at once, and sends the writes made while a push is in flight together in one more push', async () => {
    const clock = new ManualTimers();
    await seedTasks(task('t1'));
    const engine = new SyncEngine({ db, transport, clientId, role: 'staff', timers: clock });
    const write = (notes: string) => mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes } }, { role: 'staff' });
    // The first push stays in flight until the test lets it answer.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const applied = transport.onPush;
    let inFlight: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (inFlight = resolve));
    const push = transport.push.bind(transport);
    transport.push = async (request) => {
      if (transport.pushes.length === 0) {
        inFlight();
        await answered;
      }
      return push(request);
    };

    await write('a');
    engine.requestSync();
    // No debounce: the push starts in the next task.
    expect(transport.pushes).toHaveLength(0);
    clock.advance(0);
    await started;
    // Three writes while it is in flight: no timer, no request of their own.
    for (const notes of ['b', 'c', 'd']) {
      await write(notes);
      engine.requestSync();
    }
    clock.advance(0);
    answer();
    await engine.whenIdle();
    expect(transport.onPush).toBe(applied);
    expect(transport.pushes.map((p) => p.mutations.map((m) => m.fields.notes))).toEqual([['a'], ['b', 'c', 'd']]);
    // Asked while running: folded into one more run after it.
    const first = engine.sync();
    void engine.sync();
    void engine.sync();
    await first;
    await engine.whenIdle();
    expect(transport.pushes).toHaveLength(2);
    expect(transport.pulls).toHaveLength(4);
    expect(await db.outbox.count()).toBe(0);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', error: null });
    expect(engine.getStatus().lastSyncedAt).not.toBeNull();
    engine.stop();
  });

  it("reads the pull's start (cursor, first part held) in one request beside the push", async () => {
    await seedTasks(task('t1'));
    await db.setMeta('firstPartVersion', 7);
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'x' } }, { role: 'staff' });
    const engine = new SyncEngine({ db, transport, clientId, role: 'staff' });
    const bulkGets = vi.spyOn(db.meta, 'bulkGet');
    const gets = vi.spyOn(db.meta, 'get');
    await engine.sync();
    expect(bulkGets.mock.calls).toEqual([[['cursor', 'firstPartVersion']]]);
    // (The page with no changes then checks cursor and `hydrated`, as before.)
    expect(gets.mock.calls.map((call) => call[0])).not.toContain('firstPartVersion');
    expect(transport.pulls).toEqual([{ cursor: 10, limit: expect.any(Number) }]);
    expect(transport.options).toEqual([{ held: 7 }]);
    bulkGets.mockRestore();
    gets.mockRestore();
    engine.stop();
  });

  it('sends a write asked for in the same task as a sync with that sync, not after it', async () => {
    const clock = new ManualTimers();
    await seedTasks(task('t1'));
    const engine = new SyncEngine({ db, transport, clientId, role: 'staff', timers: clock });
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'x' } }, { role: 'staff' });
    engine.requestSync();
    await engine.sync();
    clock.advance(0);
    await engine.whenIdle();
    expect(transport.pushes).toHaveLength(1);
    expect(transport.pulls).toHaveLength(1);
    engine.stop();
  });

  it('reports offline without trying, offline on a network error, and unauthorized on 401 keeping the outbox', async () => {
    await seedTasks(task('t1'));
    await mutate(db, { table: TASKS, op: 'update', rowId: 't1', fields: { notes: 'x' } }, { role: 'staff' });
    let online = false;
    const onUnauthorized = vi.fn();
    const engine = new SyncEngine({ db, transport, clientId, role: 'staff', isOnline: () => online, onUnauthorized });
    await engine.sync();
    expect(engine.getStatus().state).toBe('offline');
    expect(transport.pushes).toHaveLength(0);

    online = true;
    transport.onPush = () => {
      throw new ApiError('The server could not be reached', 0);
    };
    await engine.sync();
    expect(engine.getStatus().state).toBe('offline');

    transport.onPush = () => {
      throw new ApiError('Unauthorized', 401);
    };
    await engine.sync();
    expect(engine.getStatus().state).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(await db.outbox.count()).toBe(1);

    transport.onPush = () => {
      throw new ApiError('Internal Server Error', 500);
    };
    await engine.sync();
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'Internal Server Error' });
  });
});

describe('pull answers', () => {
  const good = { cursor: 7, more: false, version: 7, changes: [{ table: TASKS, row: { id: 't1', version: 7, notes: 'x' }, deleted: false }] };

  it('accepts an answer as the server sends it, rows untouched, with or without its version', () => {
    expect(parsePullResponse(good)).toEqual(good);
    const { version: _v, ...older } = good;
    expect(parsePullResponse(older)).toEqual(older);
  });

  it('refuses an answer whose envelope or changes are not the protocol', () => {
    expect(parsePullResponse({ ...good, cursor: -1 })).toBeNull();
    expect(parsePullResponse({ ...good, more: 'no' })).toBeNull();
    expect(parsePullResponse({ ...good, changes: [{ table: TASKS, row: 'x', deleted: false }] })).toBeNull();
    expect(parsePullResponse({ ...good, changes: [{ table: TASKS, row: [], deleted: false }] })).toBeNull();
    expect(parsePullResponse({ ...good, changes: [{ table: 1.5, row: {}, deleted: false }] })).toBeNull();
    expect(parsePullResponse({ ...good, changes: [{ table: TASKS, row: {} }] })).toBeNull();
    expect(parsePullResponse(null)).toBeNull();
  });
});

describe('writeFailureText', () => {
  it("gives a refusal's own words, and otherwise says the device could not keep the change", () => {
    expect(writeFailureText(new WriteRefused('A completed task cannot be started again.'))).toBe('A completed task cannot be started again.');
    expect(writeFailureText(new Error('QuotaExceededError'))).toBe('This change could not be saved on this device.');
    expect(writeFailureText('odd', 'This booking')).toBe('This booking could not be saved on this device.');
  });
});
