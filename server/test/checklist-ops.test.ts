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

/** An update as a device sends it: its fields and, optionally, what the author saw of them. */
const update = (taskId: string, fields: Record<string, unknown>, base?: Record<string, unknown>) => ({
  id: newId(),
  seq: (seq += 1),
  table: T.housekeeping_tasks,
  op: 'update' as const,
  rowId: taskId,
  fields,
  ...(base ? { base } : {}),
  at: new Date().toISOString(),
});
const told = (userId: string, title: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.title, title)))
    .all();

describe('whole checklists', () => {
  const ticked = LIST.map((i, n) => (n < 2 ? { ...i, done: true } : i));

  it("merges a whole list with the list it started from: the housekeeper's ticks and the host's rename both stay", async () => {
    const { host, staff, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [ops(taskId, hostEdit)]);
    const reply = await push(app, staff.token, `staff-${newId()}`, [update(taskId, { checklist_items: ticked }, { checklist_items: LIST })]);
    expect(reply.results[0]?.status).toBe('applied');
    const items = checklist(taskId);
    expect(items.filter((i) => i.done).map((i) => i.id)).toEqual(['item-1', 'item-2']);
    expect(items.find((i) => i.id === 'item-2')?.text).toBe('Clean bathroom and mirrors');
    expect(items.map((i) => i.id)).toContain('item-7');
  });

  it('refuses a whole list sent without the list it was based on, naming the task, and changes nothing', async () => {
    const { host, staff, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [ops(taskId, hostEdit)]);
    const before = checklist(taskId);
    const reply = await push(app, staff.token, `staff-${newId()}`, [update(taskId, { checklist_items: ticked, notes: 'Towels low' })]);
    expect(reply.results[0]).toMatchObject({ status: 'rejected', code: 409 });
    expect(reply.results[0]?.error).toMatch(/^The checklist of "Turnover clean" at .+ may have changed since this list was read, so it was not replaced/);
    expect(checklist(taskId)).toEqual(before);
    expect(getRow(app.db, defOf(T.housekeeping_tasks), taskId)?.notes).toBe('');
    // The same through the table API.
    const res = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: { authorization: `Bearer ${host.token}` }, payload: { ID: taskId, checklist_items: LIST } });
    expect(res.statusCode, res.body).toBe(409);
  });

  it('accepts a whole list without a base when it is the list as it is', async () => {
    const { staff, taskId } = setUp();
    const reply = await push(app, staff.token, `staff-${newId()}`, [update(taskId, { checklist_items: LIST, notes: 'Same list' })]);
    expect(reply.results[0]?.status).toBe('applied');
    expect(getRow(app.db, defOf(T.housekeeping_tasks), taskId)?.notes).toBe('Same list');
  });
});

describe('fields edited on both sides', () => {
  it('keeps the change that arrives last and tells both people the text it replaced', async () => {
    const { host, staff, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [update(taskId, { notes: 'Guest arrives early: start with the bedroom' }, { notes: '' })]);
    const reply = await push(app, staff.token, `staff-${newId()}`, [update(taskId, { notes: 'Broken glass in the kitchen 🍷' }, { notes: '' })]);
    expect(reply.results[0]?.status).toBe('applied');
    expect(getRow(app.db, defOf(T.housekeeping_tasks), taskId)?.notes).toBe('Broken glass in the kitchen 🍷');
    const [toStaff] = told(staff.userId, 'Changed on both sides');
    const [toHost] = told(host.userId, 'Changed on both sides');
    expect(toStaff?.message).toMatch(/^The notes of "Turnover clean" at .+ had been changed on another device since you saw it; your change was kept: “Broken glass in the kitchen 🍷”\. It replaced: “Guest arrives early: start with the bedroom”\.$/);
    expect(toHost?.message).toMatch(/changed the notes of "Turnover clean" at .+ after it had been changed to “Guest arrives early: start with the bedroom”; their change was kept: “Broken glass in the kitchen 🍷”\.$/);
    expect(toHost).toMatchObject({ type: 'warning', taskId });
  });

  it('tells the assignee when the host writes over her change, naming the assignee in words', async () => {
    const { host, staff, taskId } = setUp();
    await push(app, staff.token, `staff-${newId()}`, [update(taskId, { notes: 'Out of dish soap' }, { notes: '' })]);
    await push(app, host.token, `host-${newId()}`, [update(taskId, { notes: 'Use the spare key', priority_level: 'high' }, { notes: '', priority_level: 'medium' })]);
    expect(told(staff.userId, 'Changed on both sides').map((n) => n.message)).toEqual([expect.stringMatching(/changed the notes of "Turnover clean" at .+ after it had been changed to “Out of dish soap”; their change was kept: “Use the spare key”\./)]);
    expect(told(host.userId, 'Changed on both sides')).toHaveLength(1);
  });

  it('says nothing when the row still holds what the author saw, or when no base is sent', async () => {
    const { host, staff, taskId } = setUp();
    await push(app, staff.token, `staff-${newId()}`, [update(taskId, { notes: 'First' }, { notes: '' })]);
    await push(app, host.token, `host-${newId()}`, [update(taskId, { notes: 'Second' }, { notes: 'First' })]);
    await push(app, staff.token, `staff-${newId()}`, [update(taskId, { notes: 'Third' })]);
    expect(getRow(app.db, defOf(T.housekeeping_tasks), taskId)?.notes).toBe('Third');
    expect([...told(staff.userId, 'Changed on both sides'), ...told(host.userId, 'Changed on both sides')]).toEqual([]);
  });
});
