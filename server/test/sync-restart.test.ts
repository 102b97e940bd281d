/**
 * "Kill the server in the middle of a push": a batch applied on one app instance over a database
 * file whose answer never reaches the client, and a process killed (SIGKILL) halfway through a
 * batch's transaction. After a restart on the same file the client retries the same push, and
 * each mutation is applied exactly once: checked on the rows, their versions and the client's seq.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { housekeepingTasks, syncClients } from '../../shared/schema/tables';
import type { MutationInput } from '../../shared/sync';
import { currentVersion, newId } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask } from './fixtures';
import { auth, mutation, push } from './sync-helpers';

const T = TABLE_IDS;
const dirs: string[] = [];

function dbFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-sync-restart-'));
  dirs.push(dir);
  return path.join(dir, 'app.db');
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Plan = { mutations: MutationInput[]; taskIds: string[]; lastNote: Map<string, { seq: number; notes: string }> };

/** `count` note updates by the staff member, round robin over its tasks. */
function plan(taskIds: string[], count: number): Plan {
  const lastNote = new Map<string, { seq: number; notes: string }>();
  const mutations: MutationInput[] = [];
  for (let seq = 1; seq <= count; seq += 1) {
    const id = taskIds[seq % taskIds.length]!;
    const notes = `note ${seq}`;
    mutations.push(mutation(seq, T.housekeeping_tasks, 'update', id, { notes }));
    lastNote.set(id, { seq, notes });
  }
  return { mutations, taskIds, lastNote };
}

function tasksOf(app: TestApp, ids: string[]) {
  return app.db.select().from(housekeepingTasks).where(inArray(housekeepingTasks.id, ids)).all();
}

/** Each task holds the note of its last mutation (none: still empty). */
function expectFinalNotes(app: TestApp, p: Plan): void {
  for (const task of tasksOf(app, p.taskIds)) expect(task.notes).toBe(p.lastNote.get(task.id)?.notes ?? '');
}

/**
 * Logs every write of a task row on this app's connection (a TEMP trigger), so that a test can
 * see which mutations were applied and in what order; side effects elsewhere take versions too.
 */
function logTaskWrites(app: TestApp): () => string[] {
  app.db.$client.exec(`
    CREATE TEMP TABLE task_writes (id TEXT NOT NULL, version INTEGER NOT NULL);
    CREATE TEMP TRIGGER log_task_update AFTER UPDATE ON main.housekeeping_tasks BEGIN INSERT INTO task_writes VALUES (new.id, new.version); END;
  `);
  return () => (app.db.$client.prepare('select id from task_writes order by version').pluck().all() as string[]);
}

function reopen(file: string): Promise<TestApp> {
  return makeTestApp({ databasePath: file });
}

describe('sync push across a restart', () => {
  it('answers duplicate to the retry of a batch whose answer was lost when the server went down', async () => {
    const file = dbFile();
    const first = await reopen(file);
    const host = createHost(first);
    const staff = createStaff(first, host.hostProfileId);
    const taskIds = Array.from({ length: 5 }, () => String(createTask(first, host.hostProfileId, { assigned_staff_id: staff.staffId }).id));
    const p = plan(taskIds, 40);
    const cid = `client-${newId()}`;
    const applied = logTaskWrites(first);
    // The push runs to completion, but nobody reads its answer: the server goes down first.
    void (await first.inject({ method: 'POST', url: '/api/sync/push', headers: auth(staff.token), payload: { clientId: cid, mutations: p.mutations } }));
    expect(applied()).toEqual(p.mutations.map((m) => m.rowId));
    await first.close();

    const second = await reopen(file);
    try {
      expectFinalNotes(second, p);
      const version = currentVersion(second.db);
      const retried = logTaskWrites(second);
      const retry = await push(second, staff.token, cid, p.mutations);
      expect(retry.lastSeq).toBe(40);
      expect(retry.results.every((r) => r.status === 'duplicate')).toBe(true);
      expect(retried()).toEqual([]);
      expect(currentVersion(second.db)).toBe(version);
      expectFinalNotes(second, p);
    } finally {
      await second.cleanup();
    }
  });

  it('applies each mutation exactly once after the process is killed halfway through a batch', async () => {
    const file = dbFile();
    const setup = await reopen(file);
    const host = createHost(setup);
    const staff = createStaff(setup, host.hostProfileId);
    const taskIds = Array.from({ length: 20 }, () => String(createTask(setup, host.hostProfileId, { assigned_staff_id: staff.staffId }).id));
    const cid = `client-${newId()}`;
    // A first batch commits, so the client has a seq the killed batch builds on.
    const warmup = plan(taskIds, 10);
    await push(setup, staff.token, cid, warmup.mutations);
    const base = currentVersion(setup.db);
    await setup.close();

    const p = plan(taskIds, 1000);
    const batch = p.mutations.map((m) => ({ ...m, seq: m.seq + 10 }));
    const payloadFile = path.join(path.dirname(file), 'payload.json');
    fs.writeFileSync(payloadFile, JSON.stringify({ clientId: cid, mutations: batch }));
    const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sync-restart-child.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, file, payloadFile, staff.token, '500'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`child never reached the middle of the batch: ${out} ${err}`)), 25_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('mid\n')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`child exited early: ${out} ${err}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).not.toContain('done');

    const restarted = await reopen(file);
    try {
      // The killed transaction left nothing: the client's seq and the version are as before it.
      expect(restarted.db.select().from(syncClients).where(eq(syncClients.client_id, cid)).get()?.last_seq).toBe(10);
      expect(currentVersion(restarted.db)).toBe(base);
      expectFinalNotes(restarted, warmup);
      const applied = logTaskWrites(restarted);
      const retry = await push(restarted, staff.token, cid, batch);
      expect(retry.lastSeq).toBe(1010);
      expect(retry.results.every((r) => r.status === 'applied')).toBe(true);
      // Each mutation wrote its task once, in seq order.
      expect(applied()).toEqual(batch.map((m) => m.rowId));
      expectFinalNotes(restarted, p);
      const again = await push(restarted, staff.token, cid, batch);
      expect(again.results.every((r) => r.status === 'duplicate')).toBe(true);
      expect(applied()).toEqual(batch.map((m) => m.rowId));
      expectFinalNotes(restarted, p);
    } finally {
      await restarted.cleanup();
    }
  });
});
