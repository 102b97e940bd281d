/**
 * GET /api/sync/pull in the compact encoding (shared/sync-wire.ts): asked for by `?format=compact`
 * or the Accept header, it carries the same changes as the JSON one (which stays the default for
 * installed clients that do not ask), each role's fields only, tombstones included; a bad format
 * is a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { STAFF_TASK_FIELDS, SYNC_FIELDS } from '../../shared/device-fields';
import type { Change, PullResponse } from '../../shared/sync';
import { COMPACT_PULL_MEDIA_TYPE, decodePull, type CompactPullResponse } from '../../shared/sync-wire';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask } from './fixtures';
import { auth } from './sync-helpers';

const T = TABLE_IDS;
let app: TestApp;

beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

async function get<B>(token: string, query: string, headers: Record<string, string> = {}): Promise<{ status: number; body: B }> {
  const res = await app.inject({ method: 'GET', url: `/api/sync/pull?${query}`, headers: { ...auth(token), ...headers } });
  return { status: res.statusCode, body: res.json<B>() };
}

const byKey = (changes: readonly Change[]) => [...changes].sort((a, b) => a.table - b.table || String(a.row.id).localeCompare(String(b.row.id)) || Number(a.deleted) - Number(b.deleted));

describe('sync pull, compact encoding', () => {
  it('brings the same changes as the JSON answer, per query parameter or Accept header', async () => {
    const host = createHost(app);
    const property = createProperty(app, host.hostProfileId);
    for (let i = 0; i < 5; i += 1) createBooking(app, host.hostProfileId, { property_id: property.id });
    createTask(app, host.hostProfileId, { property_id: property.id, checklist_items: [{ id: 'c1', label: 'Beds', done: false }] });

    const plain = await get<PullResponse>(host.token, 'cursor=0');
    expect(plain.status).toBe(200);
    expect(plain.body).not.toHaveProperty('format');
    for (const [query, headers] of [
      ['cursor=0&format=compact', {}],
      ['cursor=0', { accept: `${COMPACT_PULL_MEDIA_TYPE}, application/json;q=0.9` }],
    ] as const) {
      const compact = await get<CompactPullResponse>(host.token, query, headers);
      expect(compact.status).toBe(200);
      expect(compact.body.format).toBe('compact');
      const bookings = compact.body.tables.filter((g) => g.table === T.bookings);
      expect(bookings).toHaveLength(1);
      expect(bookings[0]?.rows).toHaveLength(5);
      const decoded = decodePull(compact.body);
      expect({ ...decoded, changes: byKey(decoded.changes) }).toEqual({ ...plain.body, changes: byKey(plain.body.changes) });
    }
    // `format=json` wins over the header.
    const json = await get<PullResponse>(host.token, 'cursor=0&format=json', { accept: COMPACT_PULL_MEDIA_TYPE });
    expect(json.body).toEqual(plain.body);
  });

  it("sends a housekeeper's tasks with her fields only", async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    for (let i = 0; i < 2; i += 1) createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const first = await get<CompactPullResponse>(staff.token, 'format=compact');
    const tasks = first.body.tables.find((g) => g.table === T.housekeeping_tasks);
    expect(tasks?.rows).toHaveLength(2);
    expect([...(tasks?.columns ?? [])].sort()).toEqual([...SYNC_FIELDS, ...STAFF_TASK_FIELDS].sort());
  });

  it('sends tombstones as a group of their own', async () => {
    const host = createHost(app);
    const kept = createBooking(app, host.hostProfileId);
    const dropped = createBooking(app, host.hostProfileId);
    const first = await get<CompactPullResponse>(host.token, 'format=compact');
    const del = await app.inject({ method: 'POST', url: `/api/table/${T.bookings}/delete`, headers: auth(host.token), payload: { ID: dropped.id } });
    expect(del.statusCode, del.body).toBe(200);
    const next = await get<CompactPullResponse>(host.token, `cursor=${first.body.cursor}&format=compact`);
    expect(next.body.reset).toBeUndefined();
    const tombstones = next.body.tables.filter((g) => g.table === T.bookings && g.deleted);
    expect(decodePull({ ...next.body, tables: tombstones }).changes.map((c) => [c.row.id, c.deleted])).toEqual([[dropped.id, true]]);
    expect(next.body.tables.some((g) => g.rows.some((r) => r.includes(kept.id)))).toBe(false);
  });

  it('answers 400 naming the format for one it does not know', async () => {
    const host = createHost(app);
    const res = await get<{ error: string }>(host.token, 'format=xml');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/format/);
  });
});
