/**
 * Two people, one task: the host reassigns it while the housekeeper works it offline. Work done
 * before the reassignment reached the server is never discarded because of who holds the task
 * now: it is kept, credited to whoever did it, and both are told in words naming the task and
 * its property. A change made after the reassignment is refused with a message that says so.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistItem } from '../../shared/checklist';
import { TABLE_IDS } from '../../shared/registry';
import { notifications } from '../../shared/schema/tables';
import { getRow, newId } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, defOf } from './fixtures';
import { push } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const LIST: ChecklistItem[] = ['Beds', 'Bathroom', 'Kitchen'].map((text, i) => ({ id: `i${i}`, text, done: false }));
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
let seq = 0;
const update = (taskId: string, fields: Record<string, unknown>, at: string) => ({ id: newId(), seq: (seq += 1), table: T.housekeeping_tasks, op: 'update' as const, rowId: taskId, fields, at });
const task = (id: string) => getRow(app.db, defOf(T.housekeeping_tasks), id);
const told = (userId: string) =>
  app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.title, 'Work done before a reassignment')))
    .all();

function setUp() {
  const host = createHost(app);
  const maria = createStaff(app, host.hostProfileId);
  const joao = createStaff(app, host.hostProfileId);
  const taskId = String(createTask(app, host.hostProfileId, { assigned_staff_id: maria.staffId, checklist_items: LIST, created_date: minutesAgo(600) }).id);
  return { host, maria, joao, taskId };
}

/** Her day offline: started, three ticks, a note, completed. */
function herWork(taskId: string) {
  return [
    update(taskId, { task_status: 'in_progress' }, minutesAgo(90)),
    ...LIST.map((i, n) => update(taskId, { checklist_ops: [{ op: 'set_done', id: i.id, done: true }] }, minutesAgo(80 - n))),
    update(taskId, { notes: 'Window latch broken 🪟' }, minutesAgo(70)),
    update(taskId, { task_status: 'completed' }, minutesAgo(60)),
  ];
}

describe('a reassignment meets work already done', () => {
  it('keeps all her work when the host reconnects first, credits it to her, and tells both', async () => {
    const { host, maria, joao, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [update(taskId, { assigned_staff_id: joao.staffId, priority_level: 'high' }, minutesAgo(75))]);
    const reply = await push(app, maria.token, `maria-${newId()}`, herWork(taskId));
    expect(reply.results.map((r) => r.status)).toEqual(Array(6).fill('applied'));
    const row = task(taskId);
    expect(row).toMatchObject({ assigned_staff_id: joao.staffId, priority_level: 'high', task_status: 'completed', notes: 'Window latch broken 🪟', completed_by_staff_id: maria.staffId, previous_staff_id: maria.staffId });
    expect((row?.checklist_items as ChecklistItem[]).every((i) => i.done)).toBe(true);
    expect(told(host.userId)[0]?.message).toMatch(/completed "Turnover clean" at .+ before your reassignment to .+ reached them; the work is kept and credited to/);
    expect(told(maria.userId)[0]?.message).toMatch(/^Your completion of "Turnover clean" at .+ was kept and credited to you; the task has since been assigned to /);
  });

  it('keeps the credit with her when she reconnects first, and tells the host he reassigned a completed task', async () => {
    const { host, maria, joao, taskId } = setUp();
    await push(app, maria.token, `maria-${newId()}`, herWork(taskId));
    await push(app, host.token, `host-${newId()}`, [update(taskId, { assigned_staff_id: joao.staffId, priority_level: 'high' }, minutesAgo(75))]);
    expect(task(taskId)).toMatchObject({ assigned_staff_id: joao.staffId, task_status: 'completed', completed_by_staff_id: maria.staffId });
    expect(told(host.userId)[0]?.message).toMatch(/^"Turnover clean" at .+ was already completed by .+ when your reassignment to .+ reached the server; the work stays credited to /);
  });

  it('refuses, naming the task, a change she made after the reassignment reached the server', async () => {
    const { host, maria, joao, taskId } = setUp();
    await push(app, host.token, `host-${newId()}`, [update(taskId, { assigned_staff_id: joao.staffId }, minutesAgo(5))]);
    const reply = await push(app, maria.token, `maria-${newId()}`, [update(taskId, { notes: 'Too late' }, new Date(Date.now() + 1000).toISOString())]);
    expect(reply.results[0]).toMatchObject({ status: 'rejected', code: 409, error: '"Turnover clean" has been assigned to someone else; this change was made after that and was not applied' });
    expect(task(taskId)?.notes).toBe('');
  });

  it("never lets a housekeeper reach a task that was never hers", async () => {
    const { host, joao, taskId } = setUp();
    const stranger = createStaff(app, host.hostProfileId);
    const reply = await push(app, stranger.token, `s-${newId()}`, [update(taskId, { notes: 'x' }, minutesAgo(1))]);
    expect(reply.results[0]).toMatchObject({ status: 'rejected', code: 404 });
    expect(joao.staffId).not.toBe(stranger.staffId);
  });
});
