/**
 * Helpers of the business-rule tests (bookings, guests, properties, limits, images): table API
 * calls over app.inject, the stored host counters beside a recount, and guests as comparable rows.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { guests, hostProfiles } from '../../shared/schema/tables';
import { countersFromScratch, type HostCounters } from '../src/modules/hosts/counters';
import type { TestApp } from './helpers';

export type Op = 'page' | 'create' | 'update' | 'delete';
export type Reply = { status: number; body: Record<string, unknown> };

export async function call(app: TestApp, token: string | null, table: number, op: Op, payload: unknown): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/table/${table}/${op}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** A call that must succeed; answers the row id. */
export async function ok(app: TestApp, token: string, table: number, op: Exclude<Op, 'page'>, payload: Record<string, unknown>): Promise<string> {
  const r = await call(app, token, table, op, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(op === 'create' ? 201 : 200);
  return String(r.body.ID);
}

export function storedCounters(app: TestApp, hostId: string): HostCounters {
  const row = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, hostId)).get();
  if (!row) throw new Error(`no host profile ${hostId}`);
  return { properties_count: row.properties_count, total_bookings: row.total_bookings, total_revenue: row.total_revenue };
}

/** The stored counters equal a recount from the rows, and `expected` when given. */
export function expectCounters(app: TestApp, hostId: string, expected?: HostCounters): void {
  const stored = storedCounters(app, hostId);
  expect(stored).toEqual(countersFromScratch(app.db, hostId));
  if (expected) expect(stored).toEqual(expected);
}

/** Live guests of a host without the fields that say when or in which write they were made. */
export function guestSnapshot(app: TestApp, hostId: string): Record<string, unknown>[] {
  return app.db
    .select()
    .from(guests)
    .where(eq(guests.host_id, hostId))
    .all()
    .filter((g) => g.deleted_at === null)
    .map(({ id: _id, version: _version, updated_at: _updatedAt, updated_date: _updatedDate, ...rest }) => rest)
    .sort((a, b) => (a.guest_email < b.guest_email ? -1 : a.guest_email > b.guest_email ? 1 : 0));
}
