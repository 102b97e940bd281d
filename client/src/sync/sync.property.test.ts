/**
 * The model-based property test of the sync: three clients (the host, and two devices of one
 * housekeeper) make random offline edits to shared tasks, and push and pull at random over a
 * network that loses answers (the server applied, the client never heard), delivers requests
 * twice, or is down; clients reload between steps. The server is the REAL app (buildApp on a
 * temporary database) answering through app.inject behind a fake fetch; each client's store is
 * Dexie on its own fake-indexeddb; client clocks are fake. Right after every pull, a client shows
 * the server's state for its scope with its waiting mutations replayed on top. After each run,
 * with the network healed and everyone synced:
 * - each client's tables equal what a fresh pull of its user answers (the server's state for
 *   its scope), and its outbox is empty: nothing it wrote is lost;
 * - every mutation any client queued was processed by the server exactly once (one applied or
 *   rejected verdict, any other answer for it "duplicate"), and a rejection carries a reason;
 * - each client lists exactly the rejections whose answer reached it;
 * - each task's fields on the server are the last applied write of each field, in server order;
 *   its checklist is every applied change by item, applied in server order to the list as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyChecklistOps, type ChecklistItem, type ChecklistOp } from '../../../shared/checklist';
import type { Role } from '../../../shared/enums';
import type { PullResponse, PushResponse } from '../../../shared/sync';
import { makeTestApp, type TestApp } from '../../../server/test/helpers';
import { createHost, createProperty, createStaff, createTask } from '../../../server/test/fixtures';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, SYNCED_TABLE_NAMES, type LocalRow, type OutboxEntry } from '../db/schema';
import { claimStore } from '../db/store';
import { SyncEngine } from './engine';
import { mutate, WriteRefused, type Fields } from './mutate';
import { pullAll } from './pull';
import { pushOutbox } from './push';
import { replay } from './rebase';
import { writeGuesses } from './write-guesses';
import { testStore, type TestStore } from './test-db';
import { ApiError, type FetchLike } from '../api/http';
import { httpTransport } from './transport';

const TASKS = SYNCED_TABLES.housekeeping_tasks;
const RUNS = 200;

type Fault = 'none' | 'down' | 'lost' | 'twice';

type Verdict = { id: string; status: 'applied' | 'duplicate' | 'rejected'; error?: string; delivered: boolean; client: number };

type Client = {
  index: number;
  role: Role;
  token: string;
  userId: string;
  store: TestStore;
  db: StaykeepDb;
  engine: SyncEngine;
  clientId: string;
  /** The fault the next request meets (then the network is fine again). */
  fault: Fault;
  /** Mutation ids this client queued. */
  queued: Set<string>;
};

type Edit =
  | { kind: 'notes'; text: string }
  | { kind: 'tick'; item: number }
  | { kind: 'item'; change: 'rename' | 'add' | 'remove'; item: number }
  | { kind: 'status'; to: 'pending' | 'in_progress' | 'completed' }
  | { kind: 'title'; text: string }
  | { kind: 'reassign' }
  | { kind: 'delete' };

type Step =
  | { kind: 'edit'; client: number; task: number; edit: Edit }
  | { kind: 'push' | 'pull' | 'sync'; client: number; fault: Fault }
  | { kind: 'reload'; client: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('notes' as const), text: fc.constantFrom('a', 'b', 'c', 'towels', '') }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), item: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('item' as const), change: fc.constantFrom('rename' as const, 'add' as const, 'remove' as const), item: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('status' as const), to: fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('title' as const), text: fc.constantFrom('Deep clean', 'Linen change') }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reassign' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
);

const faultArb: fc.Arbitrary<Fault> = fc.constantFrom<Fault>('none', 'none', 'down', 'lost', 'lost', 'twice', 'twice');

const clientArb = fc.integer({ min: 0, max: 2 });

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('edit' as const), client: clientArb, task: fc.integer({ min: 0, max: 2 }), edit: editArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('push' as const), client: clientArb, fault: faultArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), client: clientArb, fault: faultArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sync' as const), client: clientArb, fault: faultArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const), client: clientArb }) },
);

type SentMutation = { id: string; rowId: string; fields: Fields; op: string };

/** Every mutation that went over the wire, by id: the model replays the applied ones in server order. */
const sentMutations = new Map<string, SentMutation>();

/** The three browsers, reused from run to run (opening a new IndexedDB schema is the slow part). */
const slots: TestStore[] = [];
/** Their open databases between runs (a run's reloads replace them). */
const open: (StaykeepDb | undefined)[] = [];

let app: TestApp;
let clock = Date.parse('2031-03-01T08:00:00Z');
const now = () => new Date((clock += 1000));

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  for (const db of open) db?.close();
  await app?.cleanup();
});

/** A fetch that answers from the app in-process, meeting the client's scripted fault once. */
function fakeFetch(client: () => Client, ledger: Verdict[]): FetchLike {
  return async (url, init) => {
    const c = client();
    const fault = c.fault;
    c.fault = 'none';
    if (fault === 'down') throw new TypeError('fetch failed');
    const send = async (delivered: boolean) => {
      if (url.startsWith('/api/sync/push') && typeof init.body === 'string') {
        for (const m of (JSON.parse(init.body) as { mutations: SentMutation[] }).mutations) sentMutations.set(m.id, m);
      }
      const res = await app.inject({ method: init.method, url, headers: init.headers, payload: init.body });
      if (url.startsWith('/api/sync/push') && res.statusCode === 200) {
        for (const r of (res.json() as PushResponse).results) ledger.push({ id: r.id, status: r.status, error: r.error, delivered, client: c.index });
      }
      return res;
    };
    // Sent twice (a retry in the network): the client hears the second answer only.
    let res = await send(fault === 'none');
    if (fault === 'twice') res = await send(true);
    if (fault === 'lost') throw new TypeError('fetch failed');
    return { ok: res.statusCode < 400, status: res.statusCode, text: async () => res.body };
  };
}

function openClient(c: Omit<Client, 'db' | 'engine'> & Partial<Pick<Client, 'db' | 'engine'>>, ledger: Verdict[]): Client {
  const client = c as Client;
  client.db = c.db ?? c.store.open();
  const transport = httpTransport({ fetch: fakeFetch(() => client, ledger), token: () => client.token });
  client.engine = new SyncEngine({ db: client.db, transport, clientId: client.clientId, role: client.role, now, isOnline: () => true });
  return client;
}

/** What a fresh pull as this user answers: the server's state for its scope, per table. */
async function serverScope(token: string): Promise<Record<string, LocalRow[]>> {
  const out: Record<string, LocalRow[]> = Object.fromEntries(SYNCED_TABLE_NAMES.map((n) => [n, []]));
  const byId = new Map<number, string>(SYNCED_TABLE_NAMES.map((n) => [SYNCED_TABLES[n], n]));
  let cursor = 0;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `/api/sync/pull?cursor=${cursor}&limit=1000`, headers: { authorization: `Bearer ${token}` } });
    const page = res.json() as PullResponse;
    for (const change of page.changes) if (!change.deleted) out[byId.get(change.table) ?? '?']?.push(change.row as LocalRow);
    cursor = page.cursor;
    if (!page.more) break;
  }
  for (const rows of Object.values(out)) rows.sort((a, b) => a.id.localeCompare(b.id));
  return out;
}

/** The server's state for the client's scope with its waiting mutations replayed on top. */
async function expectedView(c: Client): Promise<Record<string, LocalRow[]>> {
  const scope = await serverScope(c.token);
  const pending = await c.db.outbox.orderBy('seq').toArray();
  const rows = new Map<string, Map<string, LocalRow>>(Object.entries(scope).map(([name, list]) => [name, new Map(list.map((r) => [r.id, r]))]));
  const byRow = new Map<string, OutboxEntry[]>();
  for (const m of pending) byRow.set(`${m.table}|${m.rowId}`, [...(byRow.get(`${m.table}|${m.rowId}`) ?? []), m]);
  for (const list of byRow.values()) {
    const { table, rowId } = list[0] as OutboxEntry;
    const name = SYNCED_TABLE_NAMES.find((n) => SYNCED_TABLES[n] === table) as string;
    const view = replay(rows.get(name)?.get(rowId) ?? null, list, c.role);
    if (view) rows.get(name)?.set(rowId, view);
    else rows.get(name)?.delete(rowId);
  }
  return Object.fromEntries([...rows].map(([name, map]) => [name, [...map.values()].sort((a, b) => a.id.localeCompare(b.id))]));
}

async function localState(db: StaykeepDb): Promise<Record<string, LocalRow[]>> {
  const out: Record<string, LocalRow[]> = {};
  for (const name of SYNCED_TABLE_NAMES) out[name] = (await db.rows(name).toArray()).sort((a, b) => a.id.localeCompare(b.id));
  return out;
}

let added = 0;

/** Checklist edits go by item, as the app's screens send them (shared/checklist.ts). */
function editFields(edit: Edit, row: LocalRow, staff: [string, string]): Fields | null {
  const items = row.checklist_items as ChecklistItem[];
  const item = items[edit.kind === 'tick' || edit.kind === 'item' ? edit.item : -1];
  switch (edit.kind) {
    case 'notes':
      return { notes: edit.text };
    case 'tick':
      return item ? { checklist_ops: [{ op: 'set_done', id: item.id, done: !item.done }] } : null;
    case 'item':
      if (edit.change === 'add') return { checklist_ops: [{ op: 'add', item: { id: `added-${(added += 1)}`, text: 'Added offline', done: false }, after: item?.id ?? null }] };
      if (!item) return null;
      return { checklist_ops: [edit.change === 'rename' ? { op: 'rename', id: item.id, text: `${item.text}!` } : { op: 'remove', id: item.id }] };
    case 'status':
      return { task_status: edit.to };
    case 'title':
      return { task_title: edit.text };
    case 'reassign':
      return { assigned_staff_id: row.assigned_staff_id === staff[0] ? staff[1] : staff[0] };
    case 'delete':
      return null;
  }
}

async function runScenario(steps: Step[]): Promise<void> {
  const ledger: Verdict[] = [];
  const host = createHost(app);
  const maria = createStaff(app, host.hostProfileId);
  const other = createStaff(app, host.hostProfileId);
  const properties = [createProperty(app, host.hostProfileId), createProperty(app, host.hostProfileId)];
  const checklist = (n: number) => ['Beds', 'Bathroom', 'Bins'].map((text, i) => ({ id: `i${n}-${i}`, text, done: false }));
  const tasks = [0, 1, 2].map((n) =>
    String(createTask(app, host.hostProfileId, { property_id: properties[n % 2]?.id, assigned_staff_id: maria.staffId, checklist_items: checklist(n) }).id),
  );
  const initial = new Map<string, LocalRow>();

  const users = [
    { role: 'host' as const, token: host.token, userId: host.userId },
    { role: 'staff' as const, token: maria.token, userId: maria.userId },
    { role: 'staff' as const, token: maria.token, userId: maria.userId },
  ];
  const clients: Client[] = [];
  for (const [index, u] of users.entries()) {
    // Each client slot keeps its browser between runs: claiming the store for this run's user
    // empties it and gives it a new clientId, as a browser does when another user signs in.
    // Client 1 holds the tasks as the app does, in a window (db/window.ts: open ones and those
    // from a few months back), so that tasks leaving it (completed, moved) are exercised too.
    const store = (slots[index] ??= testStore(index === 1 ? { windowed: true } : undefined));
    const db = (open[index] ??= store.open());
    await claimStore(db, u.userId);
    const clientId = (await db.getMeta('clientId')) ?? '';
    clients.push(openClient({ index, ...u, store, clientId, fault: 'none', queued: new Set(), db }, ledger));
  }
  for (const c of clients) await c.engine.sync();
  for (const row of (await localState(clients[0]!.db)).housekeeping_tasks ?? []) initial.set(row.id, row);

  for (const step of steps) {
    const c = clients[step.client] as Client;
    switch (step.kind) {
      case 'edit': {
        const rowId = tasks[step.task] as string;
        // Clients 0 and 1 show their tasks (a screen has the mirror loaded), so their writes are
        // planned from it in one round trip; client 2 reads the store first, as with no screen open.
        if (c.index !== 2) await c.db.mirror.load('housekeeping_tasks');
        try {
          const entry =
            step.edit.kind === 'delete'
              ? await mutate(c.db, { table: TASKS, op: 'delete', rowId }, { role: c.role, now })
              : await mutate(
                  c.db,
                  { table: TASKS, op: 'update', rowId, fields: (row) => editFields(step.edit, row, [maria.staffId, other.staffId]) },
                  { role: c.role, now },
                );
          if (entry) c.queued.add(entry.id);
        } catch (err) {
          // The client's own refusals (a status backwards, a row it no longer has) never queue.
          if (!(err instanceof WriteRefused)) throw err;
        }
        break;
      }
      case 'push':
      case 'pull':
      case 'sync': {
        c.fault = step.fault;
        let pulled = false;
        try {
          if (step.kind === 'push') await pushOutbox(c.db, httpTransportOf(c, ledger), { clientId: c.clientId, role: c.role, now });
          else if (step.kind === 'pull') await pullAll(c.db, httpTransportOf(c, ledger), { role: c.role });
          else await c.engine.sync();
          pulled = step.kind === 'pull' || (step.kind === 'sync' && c.engine.getStatus().state === 'idle');
        } catch (err) {
          if (!(err instanceof ApiError && err.isNetwork)) throw err;
        }
        c.fault = 'none';
        // Right after a pull the screen shows the server's state with the waiting changes on top.
        if (pulled) expect(await localState(c.db), `client ${c.index} after a pull`).toEqual(await expectedView(c));
        break;
      }
      case 'reload': {
        c.engine.stop();
        c.db.close();
        clients[step.client] = openClient({ ...c, db: undefined }, ledger);
        break;
      }
    }
  }

  // The network heals: everyone sends and receives, then those who pulled before someone else
  // pushed pull once more.
  const sentFrom: boolean[] = [];
  for (const c of clients) {
    sentFrom.push((await c.db.outbox.count()) > 0);
    await c.engine.sync();
  }
  for (const [i, c] of clients.entries()) if (sentFrom.slice(i + 1).some(Boolean)) await c.engine.sync();

  const scopes = new Map<string, Promise<Record<string, LocalRow[]>>>();
  const scopeOf = (token: string) => {
    let scope = scopes.get(token);
    if (!scope) scopes.set(token, (scope = serverScope(token)));
    return scope;
  };
  for (const c of clients) {
    expect(c.engine.getStatus().state, `client ${c.index}`).toBe('idle');
    expect(await c.db.outbox.count(), `client ${c.index} outbox`).toBe(0);
    expect(await c.db.base.count(), `client ${c.index} base`).toBe(0);
    expect(await localState(c.db), `client ${c.index} equals its scope on the server`).toEqual(await scopeOf(c.token));
  }

  // Exactly once: one applied-or-rejected verdict per queued mutation, every other answer a duplicate,
  // except that a replay of a rejected mutation is answered with the same rejection again (the
  // server keeps the reason for a client whose answer was lost).
  const byId = new Map<string, Verdict[]>();
  for (const v of ledger) byId.set(v.id, [...(byId.get(v.id) ?? []), v]);
  for (const c of clients) {
    for (const id of c.queued) {
      const verdicts = byId.get(id) ?? [];
      const decisive = verdicts.filter((v) => v.status !== 'duplicate');
      const label = `mutation ${id} of client ${c.index}: ${JSON.stringify(verdicts)}`;
      expect(decisive.length, label).toBeGreaterThanOrEqual(1);
      if (decisive[0]?.status === 'applied') expect(decisive, label).toHaveLength(1);
      else {
        expect(decisive[0]?.error ?? '').not.toBe('');
        expect(new Set(decisive.map((v) => `${v.status}:${v.error ?? ''}`)).size, label).toBe(1);
      }
    }
    const heard = new Set(ledger.filter((v) => v.client === c.index && v.status === 'rejected' && v.delivered).map((v) => v.id));
    const listed = new Set((await c.db.rejections.toArray()).map((r) => r.id));
    expect(listed, `client ${c.index} rejections`).toEqual(heard);
  }

  // Field-level last writer wins in server order, each applied mutation once.
  const expected = new Map(tasks.map((id) => [id, { ...(initial.get(id) ?? {}) } as Record<string, unknown>]));
  for (const v of ledger) {
    if (v.status !== 'applied') continue;
    const m = sentMutations.get(v.id);
    if (!m) throw new Error(`applied mutation ${v.id} was never sent`);
    const row = expected.get(m.rowId);
    if (!row) continue;
    if (m.op === 'delete') row.deleted = true;
    else {
      // Checklist changes by item apply to the list as it then was, as on the server.
      const { checklist_ops: ops, ...rest } = m.fields;
      Object.assign(row, rest);
      if (Array.isArray(ops)) row.checklist_items = applyChecklistOps(row.checklist_items as ChecklistItem[], ops as ChecklistOp[]).items;
    }
  }
  const serverTasks = new Map((await scopeOf(host.token)).housekeeping_tasks?.map((r) => [r.id, r]));
  for (const [id, want] of expected) {
    const got = serverTasks.get(id);
    if (want.deleted) {
      expect(got, `task ${id} deleted`).toBeUndefined();
      continue;
    }
    for (const field of ['notes', 'checklist_items', 'task_status', 'task_title', 'assigned_staff_id']) {
      expect(got?.[field], `task ${id} ${field}`).toEqual(want[field]);
    }
  }

  for (const c of clients) {
    c.engine.stop();
    open[c.index] = c.db;
    // Counted once: a database object outlives the run (the next run reuses it).
    planned += writeGuesses(c.db).planned;
    writeGuesses(c.db).planned = 0;
  }
}

/** Writes planned from the mirror over all runs (the one-round-trip path was exercised). */
let planned = 0;

function httpTransportOf(c: Client, ledger: Verdict[]) {
  return httpTransport({ fetch: fakeFetch(() => c, ledger), token: () => c.token });
}

describe('sync protocol, model-based (3 clients, real server)', () => {
  it(`keeps every client equal to the server, each mutation applied once or rejected with a reason (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        await runScenario(steps);
      }),
      { numRuns: RUNS },
    );
    expect(planned).toBeGreaterThan(0);
  }, 300_000);
});
