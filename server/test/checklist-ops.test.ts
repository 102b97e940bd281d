/**
 * Two people, one checklist, both offline: the housekeeper's ticks and the host's rename and
 * added item are changes by item, applied to the list as it is when they arrive, so both survive
 * whichever reconnects first; a tick of an item the host removed changes nothing; a replay is
 * applied once.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistItem, ChecklistOp } from '../../shared/checklist';
import { TABLE_IDS } from '../../shared/registry';
import { notifications } from '../../shared/schema/tables';
import { getRow, newId } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, defOf, type HostFixture, type StaffFixture } from './fixtures';
import { push, pushRaw } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const LIST: ChecklistItem[] = ['Strip beds', 'Clean bathroom', 'Kitchen', 'Floors', 'Bins', 'Restock'].map((text, i) => ({ id: `item-${i + 1}`, text, done: false }));
let seq = 0;
const ops = (taskId: string, list: ChecklistOp[], fields: Record<string, unknown> = {}) => ({
  id: newId(),
  seq: (seq += 1),
  table: T.housekeeping_tasks,
  op: 'update' as const,
  rowId: taskId,
  fields: { checklist_ops: list, ...fields },
  at: new Date().toISOString(),
});
const checklist = (id: string) => getRow(app.db, defOf(T.housekeeping_tasks), id)?.checklist_items as ChecklistItem[];

function setUp(): { host: HostFixture; staff: StaffFixture; taskId: string } {
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  const taskId = String(createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId, checklist_items: LIST }).id);
  return { host, staff, taskId };
}

const hostEdit: ChecklistOp[] = [
  { op: 'rename', id: 'item-2', text: 'Clean bathroom and mirrors' },
  { op: 'add', item: { id: 'item-7', text: 'Check the smoke alarm', done: false }, after: 'item-6' },
];
const ticks: ChecklistOp[] = LIST.slice(0, 5).map((i) => ({ op: 'set_done', id: i.id, done: true }));

describe('checklist changes by item', () => {
  for (const first of ['host', 'housekeeper'] as const) {
    it(`keeps the host's rename and added item and all five ticks when the ${first} reconnects first`, async () => {
      const { host, staff, taskId } = setUp();
      const sendHost = () => push(app, host.token, `host-${newId()}`, [ops(taskId, hostEdit, { priority_level: 'urgent' })]);
      const sendStaff = () => push(app, staff.token, `staff-${newId()}`, [ops(taskId, ticks)]);
      const results = first === 'host' ? [await sendHost(), await sendStaff()] : [await sendStaff(), await sendHost()];
      expect(results.flatMap((r) => r.results.map((x) => x.status))).toEqual(['applied', 'applied']);
      const items = checklist(taskId);
      expect(items.filter((i) => i.done).map((i) => i.id)).toEqual(['item-1', 'item-2', 'item-3', 'item-4', 'item-5']);
      expect(items.find((i) => i.id === 'item-2')?.text).toBe('Clean bathroom and mirrors');
      expect(items.at(-1)).toEqual({ id: 'item-7', text: 'Check the smoke alarm', done: false });
    });
  }

  it('changes nothing for a tick of an item the host removed meanwhile', async () => {
    const { host, staff, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [ops(taskId, [{ op: 'remove', id: 'item-3' }])]);
    await push(app, staff.token, `staff-${newId()}`, [ops(taskId, [{ op: 'set_done', id: 'item-3', done: true }, { op: 'set_done', id: 'item-4', done: true }])]);
    const items = checklist(taskId);
    expect(items.map((i) => i.id)).toEqual(['item-1', 'item-2', 'item-4', 'item-5', 'item-6']);
    expect(items.find((i) => i.id === 'item-4')?.done).toBe(true);
    // Both are told in words, naming the task and its property.
    const told = (userId: string) =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.title, 'Change not kept')))
        .all();
    const [toStaff] = told(staff.userId);
    const [toHost] = told(host.userId);
    expect(toStaff?.message).toMatch(/^A checklist change you made on "Turnover clean" at .+ could not be kept: the item had been removed/);
    expect(toHost?.message).toMatch(/ticked or changed an item on "Turnover clean" at .+ that had been removed from the checklist meanwhile/);
    expect(toStaff).toMatchObject({ type: 'warning', taskId });
  });

  it('applies a replayed push once, and refuses a malformed change naming the field', async () => {
    const { staff, taskId } = setUp();
    const clientId = `staff-${newId()}`;
    const mutation = ops(taskId, [{ op: 'move', id: 'item-1', after: 'item-6' }]);
    await push(app, staff.token, clientId, [mutation]);
    const again = await push(app, staff.token, clientId, [mutation]);
    expect(again.results[0]?.status).toBe('duplicate');
    expect(checklist(taskId).map((i) => i.id)).toEqual(['item-2', 'item-3', 'item-4', 'item-5', 'item-6', 'item-1']);
    const bad = await pushRaw(app, staff.token, { clientId: `staff-${newId()}`, mutations: [ops(taskId, [{ op: 'shuffle', id: 'item-1' } as unknown as ChecklistOp])] });
    expect(bad.status).toBe(200);
    expect(bad.body.results[0]).toMatchObject({ status: 'rejected', code: 400 });
    expect(bad.body.results[0]?.error).toMatch(/checklist_ops/);
  });
});
