import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../shared/demo/accounts';
import type { StaykeepDb } from '../db/db';
import { claimStore } from '../db/store';
import { loadDemo } from './demo';
import { testStore } from './test-db';
import { TABLE_IDS } from '../../../shared/table-ids';

const email = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role)?.email ?? '';

let db: StaykeepDb;
beforeEach(() => {
  db = testStore().open();
});
afterEach(() => db.close());

describe('no-server demo', () => {
  it('loads what the housekeeper would pull: assigned tasks, their properties, own staff row; dates around today', async () => {
    const user = await loadDemo(db, email('staff'), '2031-05-10');
    expect(user).toMatchObject({ Role: 'staff', Email: email('staff') });
    expect(user.staffId).toBeTruthy();
    const tasks = await db.rows('housekeeping_tasks').toArray();
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks.every((t) => t.assigned_staff_id === user.staffId)).toBe(true);
    const propertyIds = new Set(tasks.map((t) => t.property_id));
    expect(new Set((await db.rows('properties').toArray()).map((p) => p.id))).toEqual(propertyIds);
    expect((await db.rows('housekeeping_staff').toArray()).map((s) => s.id)).toEqual([user.staffId]);
    expect(await db.rows('bookings').count()).toBe(0);
    // Only the fields of her screens (shared/device-fields.ts): no prices, pay or export links.
    const properties = await db.rows('properties').toArray();
    expect(properties.every((p) => !('base_price' in p) && !('ota_listings' in p) && !('ical_export_url' in p) && typeof p.property_name === 'string' && !('access_notes' in p))).toBe(true);
    expect(tasks.every((t) => !('cost' in t) && typeof t.task_title === 'string')).toBe(true);
    expect((await db.rows('housekeeping_staff').toArray()).every((s) => !('hourly_rate' in s) && 'availability_schedule' in s)).toBe(true);
    expect(tasks.some((t) => String(t.scheduled_date ?? '').startsWith('2031-05'))).toBe(true);
    expect(await db.getMeta('hydrated')).toBe(true);
  });

  it('gives the host its own rows and replaces whatever the store held, outbox included', async () => {
    await claimStore(db, 'someone-else');
    await db.outbox.add({ id: 'm1', seq: 1, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId: 'x', fields: {}, at: '2030-01-01T00:00:00Z' });
    const user = await loadDemo(db, email('host'), '2031-05-10');
    expect(user.hostProfileId).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.getMeta('owner')).toBe(`demo:${user.ID}`);
    const bookings = await db.rows('bookings').toArray();
    expect(bookings.length).toBeGreaterThan(10);
    expect(bookings.every((b) => b.host_id === user.hostProfileId)).toBe(true);
    expect(await db.rows('platform_settings').count()).toBe(0);
  });

  it('gives an admin every host of the demo, the other hosts included, and no payment rows (not synced)', async () => {
    await loadDemo(db, email('super_admin'), '2031-05-10');
    const profiles = await db.rows('host_profiles').toArray();
    expect(profiles.length).toBeGreaterThanOrEqual(13);
    expect(profiles.filter((p) => p.account_status === 'suspended')).toHaveLength(1);
    expect(await db.rows('bookings').count()).toBeGreaterThan(100);
  });
});
