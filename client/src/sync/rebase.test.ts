/**
 * Replaying waiting changes over the server's newer row: a checklist tick waiting on this device
 * and a rename (or an added item) that arrived from the host both show, as the server keeps both.
 */
import { describe, expect, it } from 'vitest';
import { SYNCED_TABLES, type LocalRow, type OutboxEntry } from '../db/schema';
import { replay } from './rebase';

const TASKS = SYNCED_TABLES.housekeeping_tasks;
const items = (...list: [string, string, boolean][]) => list.map(([id, text, done]) => ({ id, text, done }));

function pending(seq: number, fields: Record<string, unknown>): OutboxEntry {
  return { id: `m${seq}`, seq, table: TASKS, op: 'update', rowId: 't1', fields, at: '2026-11-26T09:00:00.000Z' };
}

describe('replay of checklist changes', () => {
  it("keeps this device's tick over the host's rename and added item pulled meanwhile", () => {
    const server: LocalRow = {
      id: 't1',
      version: 9,
      task_status: 'in_progress',
      checklist_items: items(['a', 'Strip beds', false], ['b', 'Clean bathroom and mirrors', false], ['x', 'Check the smoke alarm', false]),
    };
    const shown = replay(server, [pending(1, { checklist_ops: [{ op: 'set_done', id: 'a', done: true }] }), pending(2, { checklist_ops: [{ op: 'set_done', id: 'b', done: true }] })], 'staff');
    expect(shown?.checklist_items).toEqual(items(['a', 'Strip beds', true], ['b', 'Clean bathroom and mirrors', true], ['x', 'Check the smoke alarm', false]));
    expect(shown).not.toHaveProperty('checklist_ops');
  });

  it('changes nothing for a tick of an item the host removed', () => {
    const server: LocalRow = { id: 't1', version: 9, checklist_items: items(['a', 'Strip beds', false]) };
    expect(replay(server, [pending(1, { checklist_ops: [{ op: 'set_done', id: 'gone', done: true }] })], 'staff')?.checklist_items).toEqual(server.checklist_items);
  });
});
