/**
 * A task of a test's own for the demo housekeeper on the shared server. The browser files share one
 * server and work the demo's tasks (start, tick, complete, report, reassign): a test that needs a
 * task in a given state cannot count on finding one. This one is made by the demo host through the
 * table API, at one of the properties of her demo tasks, and deleted when the test finishes
 * (onTestFinished), whatever happened.
 */
import { expect, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { TABLE_IDS } from '../../../shared/registry';
import { baseUrl } from './browser';
import { postJson } from './api';
import { DEMO_PASSWORD, demoEmail } from './accounts';
import { localTasks, type LocalTask } from './storage';

type Json = Record<string, unknown>;

function call(path: string, body: Json, token?: string): Promise<Json> {
  return postJson(baseUrl(), path, body, token);
}

async function firstRow(table: number, filters: { name: string; value: string }[], token: string): Promise<Json | undefined> {
  const reply = (await call(`/api/table/${table}/page`, { PageNo: 1, PageSize: 1, Filters: filters.map((f) => ({ ...f, op: 'Equal' })) }, token)) as { List: Json[] };
  return reply.List[0];
}

export type OwnTaskFields = {
  task_title: string;
  /** Open checklist items, by text. */
  checklist?: readonly string[];
  /** YYYY-MM-DD; today by default. */
  scheduled_date?: string;
  priority_level?: 'low' | 'normal' | 'high' | 'urgent';
};

export type OwnTask = { id: string; hostToken: string };

/** Makes the task (pending, assigned to the demo housekeeper) and registers its removal. */
export async function ownStaffTask(fields: OwnTaskFields): Promise<OwnTask> {
  const { token } = (await call('/api/auth/login', { email: demoEmail('host'), password: DEMO_PASSWORD })) as { token: string };
  const me = await firstRow(TABLE_IDS.housekeeping_staff, [{ name: 'staff_email', value: demoEmail('staff') }], token);
  if (!me) throw new Error('The demo host has no staff row for the demo housekeeper');
  const hers = await firstRow(TABLE_IDS.housekeeping_tasks, [{ name: 'assigned_staff_id', value: String(me.id) }], token);
  if (!hers?.property_id) throw new Error('The demo housekeeper has no task at a property of the demo host');
  const unique = Date.now().toString(36);
  const { ID: id } = (await call(
    `/api/table/${TABLE_IDS.housekeeping_tasks}/create`,
    {
      property_id: hers.property_id,
      task_title: fields.task_title,
      assigned_staff_id: me.id,
      scheduled_date: fields.scheduled_date ?? new Date().toISOString().slice(0, 10),
      ...(fields.priority_level ? { priority_level: fields.priority_level } : {}),
      checklist_items: (fields.checklist ?? []).map((text, i) => ({ id: `own-${unique}-${i}`, text, done: false })),
    },
    token,
  )) as { ID: string };
  onTestFinished(async () => {
    await call(`/api/table/${TABLE_IDS.housekeeping_tasks}/delete`, { ID: id }, token);
  });
  return { id, hostToken: token };
}

/** Waits until the task is in the housekeeper's store on this page (a sync brings it) and reads it. */
export async function ownTaskOnDevice(page: Page, id: string): Promise<LocalTask> {
  await expect.poll(async () => (await localTasks(page)).some((t) => t.id === id), { timeout: 20_000 }).toBe(true);
  const task = (await localTasks(page)).find((t) => t.id === id);
  if (!task) throw new Error(`Task ${id} left the housekeeper's device`);
  return task;
}

/** The task's row as the server has it now (the host's read). */
export async function serverTask(task: OwnTask): Promise<Json | undefined> {
  return firstRow(TABLE_IDS.housekeeping_tasks, [{ name: 'id', value: task.id }], task.hostToken);
}

/** The host's own write to the task through the table API (what the host's screens would send). */
export async function hostUpdatesTask(task: OwnTask, fields: Json): Promise<void> {
  await call(`/api/table/${TABLE_IDS.housekeeping_tasks}/update`, { ID: task.id, ...fields }, task.hostToken);
}
