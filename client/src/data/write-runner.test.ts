/** The runner behind useWrite, on the real write path (sync/mutate.ts on fake-indexeddb) and with a controlled write. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../../shared/table-ids';
import type { StaykeepDb } from '../db/db';
import type { OutboxEntry } from '../db/schema';
import { claimStore } from '../db/store';
import { mutate, type Write, type WriteRequest } from '../sync/mutate';
import { testStore } from '../sync/test-db';
import { createWriteRunner, type WriteState } from './write-runner';

let db: StaykeepDb;
const write: Write = (request) => mutate(db, request, { role: 'host' });

beforeEach(async () => {
  db = testStore().open();
  await db.open();
  await claimStore(db, 'user-1');
  await db.rows('inbox_messages').bulkPut([
    { id: 'm1', version: 1, host_id: 'h1', booking_id: 'b1', guest_name: 'Ana', guest_email: 'ana@example.com', message_content: 'Hi!', direction: 'inbound', status: 'unread', sent_at: '2026-03-01T10:00:00Z' },
  ]);
});

afterEach(() => {
  db.close();
});

const markRead = (id: string): WriteRequest => ({ table: TABLE_IDS.inbox_messages, op: 'update', rowId: id, fields: { status: 'read' } });

/** A write that waits until the test lets it finish. */
function heldWrite() {
  const waiting: { request: WriteRequest; finish: (result: OutboxEntry | null | Error) => void }[] = [];
  const held: Write = (request) =>
    new Promise((resolve, reject) => {
      waiting.push({ request, finish: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
    });
  return { held, waiting };
}

describe('the write runner of useWrite', () => {
  it('queues a write and answers its mutation; a write that changes nothing queues none', async () => {
    const runner = createWriteRunner({ write });
    const first = await runner.run(markRead('m1'));
    expect(first.ok && first.written.map((e) => [e.rowId, e.fields])).toEqual([['m1', { status: 'read' }]]);
    expect(await runner.run(markRead('m1'))).toEqual({ ok: true, written: [] });
    expect(await db.outbox.count()).toBe(1);
    expect(runner.getSnapshot()).toEqual({ pending: false, failure: null });
  });

  it('gives a refusal in its own words, and tells onFailure, without rejecting', async () => {
    const told: string[] = [];
    const runner = createWriteRunner({ write, onFailure: (failure) => told.push(failure) });
    const outcome = await runner.run(markRead('gone'));
    expect(outcome).toEqual({ ok: false, failure: 'This item is no longer on this device; it may have been deleted or moved.' });
    expect(runner.getSnapshot().failure).toBe(outcome.ok ? null : outcome.failure);
    expect(told).toEqual([outcome.ok ? '' : outcome.failure]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('says the device could not keep a change that failed for another reason, naming what it was', async () => {
    const runner = createWriteRunner({ write: () => Promise.reject(new Error('QuotaExceededError')), what: 'This booking' });
    expect(await runner.run(markRead('m1'))).toEqual({ ok: false, failure: 'This booking could not be saved on this device.' });
  });

  it('writes a list one after another, each its own mutation, and stops at the first failure', async () => {
    await db.rows('inbox_messages').put({ id: 'm2', version: 1, host_id: 'h1', booking_id: 'b1', guest_name: 'Ana', guest_email: 'ana@example.com', message_content: 'Late', direction: 'inbound', status: 'unread', sent_at: null });
    const runner = createWriteRunner({ write });
    const outcome = await runner.run([markRead('m1'), markRead('gone'), markRead('m2')]);
    expect(outcome.ok).toBe(false);
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => e.rowId)).toEqual(['m1']);
    expect((await db.rows('inbox_messages').get('m2'))?.status).toBe('unread');
  });

  it('hands the request to the write path in the same tick, pending until the last write ends', async () => {
    const { held, waiting } = heldWrite();
    const runner = createWriteRunner({ write: held });
    const seen: WriteState[] = [];
    runner.subscribe(() => seen.push(runner.getSnapshot()));
    const a = runner.run(markRead('a'));
    expect(waiting.map((w) => w.request.op === 'update' && w.request.rowId)).toEqual(['a']);
    const b = runner.run(markRead('b'));
    expect(runner.getSnapshot().pending).toBe(true);
    waiting[0]?.finish(null);
    await a;
    expect(runner.getSnapshot().pending).toBe(true);
    waiting[1]?.finish(new Error('disk full'));
    await b;
    expect(runner.getSnapshot()).toEqual({ pending: false, failure: 'This change could not be saved on this device.' });
    // One notice per change of state: pending, then the failure when the last write ended.
    expect(seen).toEqual([
      { pending: true, failure: null },
      { pending: false, failure: 'This change could not be saved on this device.' },
    ]);
  });

  it('clears the failure when the next write starts, or when asked', async () => {
    const runner = createWriteRunner({ write });
    await runner.run(markRead('gone'));
    expect(runner.getSnapshot().failure).not.toBeNull();
    runner.clearFailure();
    expect(runner.getSnapshot().failure).toBeNull();
    await runner.run(markRead('gone'));
    const next = runner.run(markRead('m1'));
    expect(runner.getSnapshot()).toEqual({ pending: true, failure: null });
    expect((await next).ok).toBe(true);
  });
});
