/**
 * What each role's device holds (docs/security.md): a first download (sync pull from cursor 0) of
 * every role, over the demo data and fixture rows that carry every kind of field, checked against
 * shared/device-fields.ts: each row of each table carries exactly the fields its role is allowed
 * (sync columns aside), and a housekeeper gets no export token or URL, OTA listing ids, prices,
 * pay, or guest contact details. The table API's page reads cut rows the same way, and refuse to
 * filter or order by a field the caller does not receive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEVICE_FIELDS, SYNC_FIELDS, deviceFieldsOf } from '../../shared/device-fields';
import { DEMO_ACCOUNTS } from '../../shared/demo/accounts';
import { ROLES, type Role } from '../../shared/enums';
import { TABLES, TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { housekeepingStaff, users } from '../../shared/schema/tables';
import type { Actor } from '../src/actor';
import { canOperate } from '../src/policy';
import { MIGRATIONS_DIR } from '../src/db/index';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask, createUser, seedRow, type HostFixture, type StaffFixture, type UserFixture } from './fixtures';
import { auth, Replica } from './sync-helpers';

const T = TABLE_IDS;
const NOW = new Date('2025-06-15T09:00:00.000Z');
const SECRET_TOKEN = 'tok_fixture_export_secret';
const EXPORT_URL = `https://staykeep.example.test/api/properties/p/ical.ics?token=${SECRET_TOKEN}`;
const OTA = { airbnb: 'airbnb-listing-4711', booking_com: 'bcom-0815' };
const GUEST_EMAIL = 'guest.contact@example.test';
const GUEST_PHONE = '+351 900 000 111';

let app: TestApp;
let admins: { super_admin: UserFixture; admin: UserFixture };
let host: HostFixture;
let staff: StaffFixture;
let demoStaffToken: string;
let demoHostToken: string;

beforeAll(async () => {
  // The demo seed: every table filled as a real install is, export tokens and URLs included.
  app = await makeTestApp({ seed: true, now: () => NOW });
  admins = { super_admin: createUser(app, 'super_admin'), admin: createUser(app, 'admin') };
  host = createHost(app);
  staff = createStaff(app, host.hostProfileId);
  const owner = { hostProfileId: host.hostProfileId, userId: host.userId };
  // A property with everything a housekeeper must not get, and a task there assigned to her.
  const property = createProperty(app, host.hostProfileId, {
    address: 'Rua das Flores 12, Lisboa',
    latitude: 38.71,
    longitude: -9.14,
    access_notes: 'Key box 4711, wifi "Flores" / sunshine',
    base_price: 180,
    ota_listings: OTA,
    ical_export_token: SECRET_TOKEN,
    ical_export_url: EXPORT_URL,
    description: 'Sunny flat',
    amenities: ['wifi'],
  });
  const booking = createBooking(app, host.hostProfileId, { property_id: property.id, guest_email: GUEST_EMAIL, guest_phone: GUEST_PHONE, total_amount: 720 });
  createTask(app, host.hostProfileId, { property_id: property.id, booking_id: booking.id, assigned_staff_id: staff.staffId, cost: 45, checklist_items: [{ id: 'a', text: 'Beds', done: false }] });
  app.db.update(housekeepingStaff).set({ hourly_rate: 14.5, staff_phone: '+351 911 222 333' }).where(eq(housekeepingStaff.id, staff.staffId)).run();
  for (const id of [T.task_templates, T.guests, T.inbox_messages, T.calendar_feeds, T.calendar_sync_jobs, T.calendar_blocks, T.notifications, T.display_settings]) seedRow(app, id, owner);
  seedRow(app, T.notifications, { hostProfileId: host.hostProfileId, userId: staff.userId });
  seedRow(app, T.display_settings, { hostProfileId: host.hostProfileId, userId: staff.userId });
  seedRow(app, T.platform_settings, owner, { setting_value: 'v1:cipher', is_encrypted: true });

  const demoUser = (role: Role) => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role);
    const row = account && app.db.select().from(users).where(eq(users.Email, account.email)).get();
    if (!row) throw new Error(`no demo ${role}`);
    return row.ID;
  };
  demoStaffToken = app.signSession(demoUser('staff'));
  demoHostToken = app.signSession(demoUser('host'));
});
afterAll(async () => {
  await app.cleanup();
});

async function firstDownload(token: string): Promise<Replica> {
  const replica = new Replica();
  await replica.sync(app, token, 500);
  return replica;
}

function nameOf(table: number): string {
  const def = tableById(table);
  if (!def) throw new Error(`unknown table ${table}`);
  return def.name;
}

/** Every row of every table carries exactly the sync columns and the role's fields of that table. */
function expectAllowed(replica: Replica, role: Role): number {
  let rows = 0;
  for (const [table, byId] of replica.tables) {
    const name = nameOf(table);
    const allowed = deviceFieldsOf(role, name);
    expect(allowed, `${role} pulled ${name}, which shared/device-fields.ts does not list for it`).toBeDefined();
    const permitted = new Set<string>([...SYNC_FIELDS, ...(allowed ?? [])]);
    // Every allowed column comes, and a secret column's flag with it; an encrypted setting's flag
    // only with an encrypted value.
    const flags = new Set((tableById(table)?.secret ?? []).map((c) => `${c}_set`));
    const always = [...permitted].filter((f) => !f.endsWith('_set') || flags.has(f));
    for (const row of byId.values()) {
      const keys = Object.keys(row);
      expect(keys.filter((k) => !permitted.has(k)), `${role} ${name} ${String(row.id)}: fields not allowed`).toEqual([]);
      expect(always.filter((f) => !keys.includes(f)), `${role} ${name} ${String(row.id)}: fields missing`).toEqual([]);
      rows += 1;
    }
  }
  return rows;
}

/** All keys and string values of a replica, for looking for a value anywhere in it. */
function everything(replica: Replica): { keys: Set<string>; text: string } {
  const keys = new Set<string>();
  const parts: string[] = [];
  for (const byId of replica.tables.values()) {
    for (const row of byId.values()) {
      for (const key of Object.keys(row)) keys.add(key);
      parts.push(JSON.stringify(row));
    }
  }
  return { keys, text: parts.join('\n') };
}

describe('the first download of each role', () => {
  it('carries only the fields shared/device-fields.ts allows, for every role', async () => {
    const tokens: Record<Role, string[]> = {
      super_admin: [admins.super_admin.token],
      admin: [admins.admin.token],
      host: [host.token, demoHostToken],
      staff: [staff.token, demoStaffToken],
    };
    for (const role of ROLES) {
      for (const token of tokens[role]) {
        const replica = await firstDownload(token);
        expect(expectAllowed(replica, role), role).toBeGreaterThan(0);
      }
    }
  });

  it('gives a host its whole rows: secrets hidden as flags, prices, OTA ids and guest contacts kept', async () => {
    const replica = await firstDownload(host.token);
    const property = [...replica.rows(T.properties).values()].find((p) => p.ical_export_url === EXPORT_URL);
    expect(property).toMatchObject({ ical_export_token: null, ical_export_token_set: true, ota_listings: OTA, base_price: 180 });
    expect([...replica.rows(T.bookings).values()].some((b) => b.guest_email === GUEST_EMAIL && b.guest_phone === GUEST_PHONE)).toBe(true);
  });

  it('gives a housekeeper the fields of her screens and none of the rest', async () => {
    for (const token of [staff.token, demoStaffToken]) {
      const replica = await firstDownload(token);
      // Only her tables: no bookings, guests, inbox, templates, calendars, tiers or settings.
      const tables = [...replica.tables.keys()].map(nameOf);
      expect(tables.filter((name) => !Object.hasOwn(DEVICE_FIELDS.staff, name))).toEqual([]);
      expect(tables).toEqual(expect.arrayContaining(['properties', 'housekeeping_tasks', 'housekeeping_staff', 'display_settings']));
      const properties = [...replica.rows(T.properties).values()];
      const tasks = [...replica.rows(T.housekeeping_tasks).values()];
      expect(properties.length).toBeGreaterThan(0);
      expect(tasks.length).toBeGreaterThan(0);
      const { keys, text } = everything(replica);
      // Nor the older free-text access notes: how to get in reaches her only through property_access, inside her task's window.
      for (const key of ['ical_export_token', 'ical_export_token_set', 'ical_export_url', 'ota_listings', 'base_price', 'cost', 'hourly_rate', 'total_amount', 'guest_email', 'guest_phone', 'booking_id', 'access_notes']) {
        expect(keys.has(key), key).toBe(false);
      }
      // Nor anywhere in a value (the demo's export URLs carry their token too).
      for (const value of [SECRET_TOKEN, 'ical.ics', 'token=', OTA.airbnb, OTA.booking_com, GUEST_EMAIL, GUEST_PHONE, 'Key box 4711']) expect(text, value).not.toContain(value);
      // What her screens show is all there.
      for (const p of properties) {
        for (const field of ['property_name', 'property_type', 'address', 'latitude', 'longitude', 'bedrooms', 'bathrooms', 'timezone', 'images']) expect(p, field).toHaveProperty(field);
      }
    }
    const mine = await firstDownload(staff.token);
    const property = [...mine.rows(T.properties).values()][0];
    expect(property).toMatchObject({ address: 'Rua das Flores 12, Lisboa', latitude: 38.71, longitude: -9.14 });
    expect(property).not.toHaveProperty('access_notes');
    const task = [...mine.rows(T.housekeeping_tasks).values()][0];
    expect(task).toMatchObject({ task_title: 'Turnover clean', assigned_staff_id: staff.staffId, task_status: 'pending', checklist_items: [{ id: 'a', text: 'Beds', done: false }] });
    const me = [...mine.rows(T.housekeeping_staff).values()][0];
    expect(me).toMatchObject({ id: staff.staffId, staff_phone: '+351 911 222 333' });
  });
});

describe('the table API reads the same fields', () => {
  async function page(token: string, table: number, body: Record<string, unknown> = {}) {
    const res = await app.inject({ method: 'POST', url: `/api/table/${table}/page`, headers: auth(token), payload: { PageNo: 1, PageSize: 100, ...body } });
    return { status: res.statusCode, body: res.json<{ List: Record<string, unknown>[]; VirtualCount: number; error?: string }>() };
  }

  it("answers a housekeeper's pages of properties, tasks and her staff row with the pull's fields", async () => {
    const pulled = await firstDownload(staff.token);
    for (const table of [T.properties, T.housekeeping_tasks, T.housekeeping_staff]) {
      const res = await page(staff.token, table);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.List.length, nameOf(table)).toBeGreaterThan(0);
      const expected = [...SYNC_FIELDS, ...(deviceFieldsOf('staff', nameOf(table)) ?? [])].sort();
      for (const row of res.body.List) {
        expect(Object.keys(row).sort(), nameOf(table)).toEqual(expected);
        expect(row, nameOf(table)).not.toHaveProperty('access_notes');
        expect(row, nameOf(table)).toEqual(pulled.rows(table).get(String(row.id)));
      }
    }
  });

  it('keeps bookings, guests and the inbox from a housekeeper altogether', async () => {
    for (const table of [T.bookings, T.guests, T.inbox_messages]) expect((await page(staff.token, table)).status, nameOf(table)).toBe(403);
  });

  it('refuses a housekeeper a filter or an order on a field she does not receive', async () => {
    const byPrice = await page(staff.token, T.properties, { Filters: [{ name: 'base_price', op: 'GreaterThan', value: 100 }] });
    expect(byPrice.status).toBe(400);
    expect(byPrice.body.error).toContain('base_price');
    const byUrl = await page(staff.token, T.properties, { Filters: [{ name: 'ical_export_url', op: 'StringContains', value: 'token' }] });
    expect(byUrl.status).toBe(400);
    // Nor may she search the access notes she no longer receives for a code.
    const byNotes = await page(staff.token, T.properties, { Filters: [{ name: 'access_notes', op: 'StringContains', value: '4711' }] });
    expect(byNotes.status).toBe(400);
    expect(byNotes.body.error).toContain('access_notes');
    const byCost = await page(staff.token, T.housekeeping_tasks, { OrderByField: 'cost' });
    expect(byCost.status).toBe(400);
    // What she does receive still filters and orders.
    const byName = await page(staff.token, T.properties, { OrderByField: 'property_name', Filters: [{ name: 'address', op: 'StringContains', value: 'flores' }] });
    expect(byName.status).toBe(200);
    expect(byName.body.List).toHaveLength(1);
  });

  it('answers a host whole rows, as before', async () => {
    const res = await page(host.token, T.properties, { Filters: [{ name: 'base_price', op: 'GreaterThan', value: 100 }] });
    expect(res.status).toBe(200);
    expect(res.body.List[0]).toMatchObject({ base_price: 180, ota_listings: OTA, ical_export_url: EXPORT_URL, ical_export_token: null, ical_export_token_set: true });
  });
});

describe('shared/device-fields.ts and the policy agree', () => {
  const actorOf = (role: Role): Actor => ({ userId: 'u', role, email: 'a@example.test', name: 'A', ...(role === 'host' ? { hostProfileId: 'h' } : {}), ...(role === 'staff' ? { staffId: 's' } : {}) });

  it('lists fields for exactly the synced tables each role may read', () => {
    for (const role of ROLES) {
      const readable = (TABLES as readonly TableDef[]).filter((def) => def.synced && canOperate(actorOf(role), def, 'read')).map((def) => def.name);
      expect(Object.keys(DEVICE_FIELDS[role]).sort(), role).toEqual(readable.sort());
    }
  });
});

describe('the migration that gave housekeepers the properties\' images', () => {
  it('starts every housekeeper over once, so that rows already on her device gain them, and leaves hosts be', async () => {
    const hers = await firstDownload(demoStaffToken);
    const its = await firstDownload(demoHostToken);
    // A device that synced before the images were hers: her rows lack them.
    for (const row of hers.rows(T.properties).values()) delete row.images;
    const file = fs.readdirSync(MIGRATIONS_DIR).find((name) => name.endsWith('_staff_property_images.sql'));
    if (!file) throw new Error('the staff property images migration is missing');
    app.db.$client.exec(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));

    await hers.sync(app, demoStaffToken, 500);
    expect(hers.resets).toBe(1);
    const properties = [...hers.rows(T.properties).values()];
    expect(properties.length).toBeGreaterThan(0);
    for (const p of properties) expect(p).toHaveProperty('images');
    // Once only: the next pull goes on from where the fresh start ended.
    await hers.sync(app, demoStaffToken, 500);
    expect(hers.resets).toBe(1);
    await its.sync(app, demoHostToken, 500);
    expect(its.resets).toBe(0);
  });
});
