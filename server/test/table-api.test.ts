/**
 * Route tests of the generic table API: paging, ordering, every filter op, VirtualCount, the
 * write rules (client ids kept, server-set fields ignored, 400 naming the field, 409 on
 * duplicates), hidden secrets, money in units, tombstones and audit rows. The database is checked
 * directly, not only the replies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { auditLog, bookings, hostProfiles, platformSettings, properties, users } from '../../shared/schema/tables';
import { currentVersion, getRow } from '../src/db/write';
import { decryptSecret } from '../src/lib/crypto';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import {
  createBooking,
  createHost,
  createProperty,
  createStaff,
  createTask,
  createUser,
  defOf,
  seedRow,
  unique,
  type HostFixture,
  type StaffFixture,
  type UserFixture,
} from './fixtures';

type Op = 'page' | 'create' | 'update' | 'delete';
type Reply = { status: number; body: Record<string, unknown> };

let app: TestApp;
let superAdmin: UserFixture;
let admin: UserFixture;
let hostA: HostFixture;
let hostB: HostFixture;
let staff: StaffFixture;

async function call(token: string | null, table: number | string, op: Op, payload: unknown): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/table/${table}/${op}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function list(reply: Reply): Record<string, unknown>[] {
  expect(reply.status).toBe(200);
  return reply.body.List as Record<string, unknown>[];
}

beforeAll(async () => {
  app = await makeTestApp();
  superAdmin = createUser(app, 'super_admin');
  admin = createUser(app, 'admin');
  hostA = createHost(app, { commissionRate: 12 });
  hostB = createHost(app);
  staff = createStaff(app, hostA.hostProfileId);
});
afterAll(async () => app.cleanup());

describe('authentication and addressing', () => {
  it('answers 401 without a session on every route', async () => {
    for (const op of ['page', 'create', 'update', 'delete'] as const) {
      expect((await call(null, TABLE_IDS.properties, op, {})).status).toBe(401);
    }
    const res = await app.inject({ method: 'POST', url: '/api/table/20100/page', headers: { authorization: 'Bearer nonsense' }, payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 for an unknown table', async () => {
    for (const table of ['99999', 'abc', '1e3', '-1']) {
      const r = await call(hostA.token, table, 'page', { PageNo: 1, PageSize: 10 });
      expect(r.status).toBe(404);
      expect(r.body.error).toContain('Unknown table');
    }
  });

  it('reads the payment-provider configuration under both of its ids (23050 and 23187)', async () => {
    const row = seedRow(app, TABLE_IDS.paypal_config, { hostProfileId: hostA.hostProfileId, userId: superAdmin.userId });
    for (const id of [23050, 23187]) {
      const rows = list(await call(superAdmin.token, id, 'page', { PageNo: 1, PageSize: 10 }));
      expect(rows.map((r) => r.id)).toContain(row.id);
    }
  });
});

describe('page', () => {
  let host: HostFixture;
  const names = ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo', 'Alpha', 'foxtrot'];
  beforeAll(() => {
    host = createHost(app);
    for (const name of names) createProperty(app, host.hostProfileId, { property_name: name });
  });

  it('pages with VirtualCount counting every match and a stable default order', async () => {
    const seen: unknown[] = [];
    for (const [pageNo, size] of [
      [1, 3],
      [2, 3],
      [3, 1],
    ] as const) {
      const r = await call(host.token, TABLE_IDS.properties, 'page', { PageNo: pageNo, PageSize: 3 });
      const rows = list(r);
      expect(rows).toHaveLength(size);
      expect(r.body.VirtualCount).toBe(7);
      seen.push(...rows.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(7);
    expect([...seen]).toEqual([...seen].sort());
    const past = await call(host.token, TABLE_IDS.properties, 'page', { PageNo: 4, PageSize: 3 });
    expect(list(past)).toEqual([]);
    expect(past.body.VirtualCount).toBe(7);
  });

  it('orders by a field in either direction, ties broken by the key', async () => {
    const asc = list(await call(host.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 100, OrderByField: 'property_name', IsAsc: true }));
    const byName = asc.map((r) => String(r.property_name));
    expect(byName).toEqual([...byName].sort());
    const desc = list(await call(host.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 100, OrderByField: 'property_name', IsAsc: false }));
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
  });

  describe('filters', () => {
    let bookingHost: HostFixture;
    let propertyId: string;
    const page = (Filters: unknown[], extra: Record<string, unknown> = {}) =>
      call(bookingHost.token, TABLE_IDS.bookings, 'page', { PageNo: 1, PageSize: 100, Filters, ...extra });
    const guestsOf = (r: Reply) =>
      list(r)
        .map((row) => String(row.guest_name))
        .sort();

    beforeAll(() => {
      bookingHost = createHost(app);
      propertyId = String(createProperty(app, bookingHost.hostProfileId).id);
      const rows = [
        { guest_name: 'Ada Lovelace', check_in_date: '2030-01-01', check_out_date: '2030-01-03', total_amount: 123.45, external_uid: 'ext-1' },
        { guest_name: 'Grace Hopper', check_in_date: '2030-01-05', check_out_date: '2030-01-08', total_amount: 100 },
        { guest_name: 'Alan Turing', check_in_date: '2030-01-10', check_out_date: '2030-01-11', total_amount: 99.99 },
        { guest_name: '100% Ada_fan', check_in_date: '2030-01-15', check_out_date: '2030-01-16', total_amount: 0, booking_status: 'cancelled' },
      ];
      for (const row of rows) createBooking(app, bookingHost.hostProfileId, { property_id: propertyId, ...row });
    });

    it('Equal and NotEqual (NotEqual keeps rows without a value)', async () => {
      expect(guestsOf(await page([{ name: 'guest_name', op: 'Equal', value: 'Grace Hopper' }]))).toEqual(['Grace Hopper']);
      expect(guestsOf(await page([{ name: 'guest_name', op: 'Equal', value: 'grace hopper' }]))).toEqual([]);
      expect(guestsOf(await page([{ name: 'booking_status', op: 'NotEqual', value: 'cancelled' }]))).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
      expect(await page([{ name: 'external_uid', op: 'NotEqual', value: 'ext-1' }]).then((r) => r.body.VirtualCount)).toBe(3);
      expect(guestsOf(await page([{ name: 'external_uid', op: 'Equal', value: null }]))).toHaveLength(3);
      expect(guestsOf(await page([{ name: 'external_uid', op: 'NotEqual', value: null }]))).toEqual(['Ada Lovelace']);
    });

    it('GreaterThan, GreaterThanOrEqual, LessThan, LessThanOrEqual on dates', async () => {
      expect(guestsOf(await page([{ name: 'check_in_date', op: 'GreaterThan', value: '2030-01-05' }]))).toEqual(['100% Ada_fan', 'Alan Turing']);
      expect(guestsOf(await page([{ name: 'check_in_date', op: 'GreaterThanOrEqual', value: '2030-01-05' }]))).toHaveLength(3);
      expect(guestsOf(await page([{ name: 'check_in_date', op: 'LessThan', value: '2030-01-05' }]))).toEqual(['Ada Lovelace']);
      expect(guestsOf(await page([{ name: 'check_in_date', op: 'LessThanOrEqual', value: '2030-01-05' }]))).toEqual(['Ada Lovelace', 'Grace Hopper']);
    });

    it('compares money filters in currency units against stored cents', async () => {
      expect(guestsOf(await page([{ name: 'total_amount', op: 'Equal', value: 123.45 }]))).toEqual(['Ada Lovelace']);
      expect(guestsOf(await page([{ name: 'total_amount', op: 'GreaterThanOrEqual', value: 100 }]))).toEqual(['Ada Lovelace', 'Grace Hopper']);
      expect(guestsOf(await page([{ name: 'total_amount', op: 'LessThan', value: 100 }]))).toEqual(['100% Ada_fan', 'Alan Turing']);
      expect(guestsOf(await page([{ name: 'total_amount', op: 'In', value: [99.99, 0] }]))).toEqual(['100% Ada_fan', 'Alan Turing']);
    });

    it('StringContains is case-insensitive and takes % and _ literally', async () => {
      expect(guestsOf(await page([{ name: 'guest_name', op: 'StringContains', value: 'ADA' }]))).toEqual(['100% Ada_fan', 'Ada Lovelace']);
      expect(guestsOf(await page([{ name: 'guest_name', op: 'StringContains', value: '%' }]))).toEqual(['100% Ada_fan']);
      expect(guestsOf(await page([{ name: 'guest_name', op: 'StringContains', value: 'a_f' }]))).toEqual(['100% Ada_fan']);
    });

    it('In takes a list; an empty list matches nothing; filters combine with AND', async () => {
      expect(guestsOf(await page([{ name: 'guest_name', op: 'In', value: ['Alan Turing', 'Grace Hopper', 'Nobody'] }]))).toEqual(['Alan Turing', 'Grace Hopper']);
      const none = await page([{ name: 'guest_name', op: 'In', value: [] }]);
      expect(list(none)).toEqual([]);
      expect(none.body.VirtualCount).toBe(0);
      const both = await page([
        { name: 'guest_name', op: 'StringContains', value: 'a' },
        { name: 'check_in_date', op: 'LessThan', value: '2030-01-06' },
      ]);
      expect(guestsOf(both)).toEqual(['Ada Lovelace', 'Grace Hopper']);
      expect(both.body.VirtualCount).toBe(2);
    });

    it('filters booleans as true/false', async () => {
      const active = seedRow(app, TABLE_IDS.subscription_tiers, { hostProfileId: '', userId: '' }, { is_active: true });
      const inactive = seedRow(app, TABLE_IDS.subscription_tiers, { hostProfileId: '', userId: '' }, { is_active: false });
      const off = list(await call(superAdmin.token, TABLE_IDS.subscription_tiers, 'page', { PageNo: 1, PageSize: 100, Filters: [{ name: 'is_active', op: 'Equal', value: false }] }));
      expect(off.map((r) => r.id)).toContain(inactive.id);
      expect(off.map((r) => r.id)).not.toContain(active.id);
      expect(off.every((r) => r.is_active === false)).toBe(true);
    });

    it('refuses unknown, secret and JSON fields and wrongly typed values with a 400 naming the field', async () => {
      const cases: [unknown[], string][] = [
        [[{ name: 'nope', op: 'Equal', value: 1 }], 'Filters.0.name'],
        [[{ name: 'amenities', op: 'Equal', value: '[]' }], 'Filters.0.name'],
        [[{ name: 'guest_name', op: 'Equal', value: 5 }], 'Filters.0.value'],
        [[{ name: 'guests_count', op: 'Equal', value: 'two' }], 'Filters.0.value'],
        [[{ name: 'guests_count', op: 'Equal', value: 1.5 }], 'Filters.0.value'],
        [[{ name: 'total_amount', op: 'GreaterThan', value: '100' }], 'Filters.0.value'],
        [[{ name: 'guest_name', op: 'In', value: 'Ada' }], 'Filters.0.value'],
        [[{ name: 'guest_name', op: 'In', value: ['Ada', 3] }], 'Filters.0.value.1'],
        [[{ name: 'guests_count', op: 'StringContains', value: '1' }], 'Filters.0.op'],
        [[{ name: 'guest_name', op: 'GreaterThan', value: null }], 'Filters.0.value'],
        [[{ name: 'guest_name', op: 'Equal' }], 'Filters.0.value'],
        [[{ name: 'guest_name', op: 'Like', value: 'x' }], 'Filters.0.op'],
        [[{ name: 'guest_name', op: 'Equal', value: 'x' }, { name: 'zzz', op: 'Equal', value: 'x' }], 'Filters.1.name'],
      ];
      for (const [filters, field] of cases) {
        const r = await page(filters);
        expect(r.status, JSON.stringify(filters)).toBe(400);
        expect(String(r.body.error)).toContain(field);
      }
      const secret = await call(hostA.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'ical_export_token', op: 'Equal', value: 'x' }] });
      expect(secret.status).toBe(400);
      expect(String(secret.body.error)).toContain('ical_export_token');
      const hash = await call(superAdmin.token, TABLE_IDS.users, 'page', { PageNo: 1, PageSize: 10, OrderByField: 'password_hash' });
      expect(hash.status).toBe(400);
      expect(String(hash.body.error)).toContain('OrderByField');
    });

    it('checks the page body itself', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ PageNo: 0, PageSize: 10 }, 'PageNo'],
        [{ PageNo: 1, PageSize: 0 }, 'PageSize'],
        [{ PageNo: 1, PageSize: 1001 }, 'PageSize'],
        [{ PageNo: 1.5, PageSize: 10 }, 'PageNo'],
        [{ PageSize: 10 }, 'PageNo'],
        [{ PageNo: 1, PageSize: 10, OrderByField: 'nope' }, 'OrderByField'],
        [{ PageNo: 1, PageSize: 10, IsAsc: 'yes' }, 'IsAsc'],
        [{ PageNo: 1, PageSize: 10, Filters: 'x' }, 'Filters'],
        [{ PageNo: 1, PageSize: 10, Extra: 1 }, 'Extra'],
      ];
      for (const [body, field] of cases) {
        const r = await call(bookingHost.token, TABLE_IDS.bookings, 'page', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(String(r.body.error)).toContain(field);
      }
    });
  });
});

describe('create', () => {
  it('keeps a client-made id and ignores server-set fields, the owner included', async () => {
    const id = `client-${unique()}`;
    const before = currentVersion(app.db);
    const r = await call(hostA.token, TABLE_IDS.bookings, 'create', {
      id,
      host_id: hostB.hostProfileId,
      property_id: createProperty(app, hostA.hostProfileId).id,
      check_in_date: '2030-05-01',
      check_out_date: '2030-05-04',
      total_amount: 1000,
      commission_amount: 999,
      net_amount: 1,
      created_date: '2000-01-01T00:00:00Z',
      version: 424242,
      updated_at: '2000-01-01T00:00:00Z',
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ ID: id });
    const row = inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, id)).get());
    expect(row?.host_id).toBe(hostA.hostProfileId);
    // host A's rate is 12 %.
    expect(row?.commission_amount).toBe(120);
    expect(row?.net_amount).toBe(880);
    expect(row?.guest_name).toBe('Guest');
    expect(row?.created_date).not.toBe('2000-01-01T00:00:00Z');
    expect(row?.version).toBeGreaterThan(before);
    expect(row?.version).not.toBe(424242);
    // Host A's counters follow in the same transaction, with the next version.
    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, hostA.hostProfileId)).get();
    expect(profile?.version).toBe(currentVersion(app.db));
    expect(profile?.version).toBeGreaterThan(row?.version ?? Infinity);
  });

  it('stores money as cents and answers it in units', async () => {
    const r = await call(hostA.token, TABLE_IDS.properties, 'create', { property_name: 'Money house', base_price: 29.99 });
    expect(r.status).toBe(201);
    const raw = app.db.$client.prepare('select base_price from properties where id = ?').get(r.body.ID) as { base_price: number };
    expect(raw.base_price).toBe(2999);
    const rows = list(await call(hostA.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: r.body.ID }] }));
    expect(rows[0]?.base_price).toBe(29.99);
    const half = await call(hostA.token, TABLE_IDS.properties, 'create', { property_name: 'Rounding house', base_price: 10.005 });
    const rawHalf = app.db.$client.prepare('select base_price from properties where id = ?').get(half.body.ID) as { base_price: number };
    expect(rawHalf.base_price).toBe(1001);
  });

  it('answers 400 naming the field for a bad body, and for an unknown field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Invalid value for property_name'],
      [{ property_name: '' }, 'Invalid value for property_name'],
      [{ property_name: 'X', base_price: 'cheap' }, 'Invalid value for base_price'],
      [{ property_name: 'X', bedrooms: -1 }, 'Invalid value for bedrooms'],
      [{ property_name: 'X', amenities: 'pool' }, 'Invalid value for amenities'],
      [{ property_name: 'X', status: 'sold' }, 'Invalid value for status'],
      [{ property_name: 'X', timezone: 'Mars/Base' }, 'Invalid value for timezone'],
      [{ property_name: 'X', id: '' }, 'Invalid value for id'],
      [{ property_name: 'X', colour: 'red' }, 'Unknown field: colour'],
    ];
    for (const [body, message] of cases) {
      const r = await call(hostA.token, TABLE_IDS.properties, 'create', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(String(r.body.error)).toContain(message);
    }
    const notObject = await call(hostA.token, TABLE_IDS.properties, 'create', [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('refuses a check-out that is not after the check-in', async () => {
    const propertyId = createProperty(app, hostA.hostProfileId).id;
    for (const out of ['2030-06-01', '2030-05-30']) {
      const r = await call(hostA.token, TABLE_IDS.bookings, 'create', { property_id: propertyId, check_in_date: '2030-06-01', check_out_date: out });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('Invalid value for check_out_date: must be after check_in_date');
    }
    const bad = await call(hostA.token, TABLE_IDS.bookings, 'create', { property_id: propertyId, check_in_date: '2030-02-30', check_out_date: '2030-03-02' });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain('check_in_date');
  });

  it("refuses references to another host's rows", async () => {
    const foreignProperty = createProperty(app, hostB.hostProfileId);
    const foreignStaff = createStaff(app, hostB.hostProfileId);
    const foreignBooking = createBooking(app, hostB.hostProfileId);
    const ownProperty = createProperty(app, hostA.hostProfileId);
    const cases: [number, Record<string, unknown>, string][] = [
      [TABLE_IDS.bookings, { property_id: foreignProperty.id, check_in_date: '2030-01-01', check_out_date: '2030-01-02' }, 'property_id'],
      [TABLE_IDS.housekeeping_tasks, { property_id: foreignProperty.id, task_title: 'Clean' }, 'property_id'],
      [TABLE_IDS.housekeeping_tasks, { property_id: ownProperty.id, task_title: 'Clean', assigned_staff_id: foreignStaff.staffId }, 'assigned_staff_id'],
      [TABLE_IDS.housekeeping_tasks, { property_id: ownProperty.id, task_title: 'Clean', booking_id: foreignBooking.id }, 'booking_id'],
      [TABLE_IDS.housekeeping_tasks, { property_id: 'no-such-property', task_title: 'Clean' }, 'property_id'],
    ];
    for (const [table, body, field] of cases) {
      const r = await call(hostA.token, table, 'create', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(String(r.body.error)).toContain(`Invalid value for ${field}`);
    }
    const ok = await call(hostA.token, TABLE_IDS.housekeeping_tasks, 'create', { property_id: ownProperty.id, task_title: 'Clean', assigned_staff_id: staff.staffId });
    expect(ok.status).toBe(201);
  });

  it('answers 409 for a taken id or unique value, never 500', async () => {
    const id = `dup-${unique()}`;
    expect((await call(hostA.token, TABLE_IDS.properties, 'create', { id, property_name: 'One' })).status).toBe(201);
    const again = await call(hostA.token, TABLE_IDS.properties, 'create', { id, property_name: 'Two' });
    expect(again.status).toBe(409);
    expect(String(again.body.error)).toContain(id);
    // Also when the first one is a tombstone, and when it belongs to another host.
    await call(hostA.token, TABLE_IDS.properties, 'delete', { ID: id });
    expect((await call(hostA.token, TABLE_IDS.properties, 'create', { id, property_name: 'Three' })).status).toBe(409);
    expect((await call(hostB.token, TABLE_IDS.properties, 'create', { id, property_name: 'Four' })).status).toBe(409);

    const email = `${unique('dup')}@example.test`;
    expect((await call(admin.token, TABLE_IDS.users, 'create', { Email: email, Name: 'First' })).status).toBe(201);
    const dupUser = await call(admin.token, TABLE_IDS.users, 'create', { Email: email.toUpperCase(), Name: 'Second' });
    expect(dupUser.status).toBe(409);
    expect(String(dupUser.body.error)).toContain('Email');

    const settingsOwner = createHost(app);
    expect((await call(settingsOwner.token, TABLE_IDS.display_settings, 'create', { timezone: 'Europe/Paris' })).status).toBe(201);
    const dupSettings = await call(settingsOwner.token, TABLE_IDS.display_settings, 'create', { timezone: 'UTC' });
    expect(dupSettings.status).toBe(409);
    expect(String(dupSettings.body.error)).toContain('user_id');
  });

  it('makes admins name the owner of host-owned rows, and checks it', async () => {
    const missing = await call(admin.token, TABLE_IDS.properties, 'create', { property_name: 'Admin made' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Invalid value for host_id: required');
    const unknown = await call(admin.token, TABLE_IDS.properties, 'create', { property_name: 'Admin made', host_id: 'no-such-host' });
    expect(unknown.status).toBe(400);
    expect(String(unknown.body.error)).toContain('host_id');
    const ok = await call(admin.token, TABLE_IDS.properties, 'create', { property_name: 'Admin made', host_id: hostB.hostProfileId });
    expect(ok.status).toBe(201);
    expect(getRow(app.db, defOf(TABLE_IDS.properties), String(ok.body.ID))?.host_id).toBe(hostB.hostProfileId);
  });

  it('lets a host without a profile create one, once, with only its own fields', async () => {
    const user = createUser(app, 'host');
    const forbidden = await call(user.token, TABLE_IDS.host_profiles, 'create', { company_name: 'New Co', commission_rate: 1 });
    expect(forbidden.status).toBe(403);
    expect(String(forbidden.body.error)).toContain('commission_rate');
    const r = await call(user.token, TABLE_IDS.host_profiles, 'create', { company_name: 'New Co', user_id: hostB.userId, total_revenue: 1e6 });
    expect(r.status).toBe(201);
    const row = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, String(r.body.ID))).get();
    expect(row).toMatchObject({ user_id: user.userId, email: user.email, company_name: 'New Co', commission_rate: 10, total_revenue: 0, subscription_tier: 'basic' });
    const again = await call(user.token, TABLE_IDS.host_profiles, 'create', { company_name: 'Again' });
    expect(again.status).toBe(409);
  });

  it('stores user e-mails lower-cased, never takes a password hash, never shows one', async () => {
    const email = `${unique('Mixed')}@Example.TEST`;
    const r = await call(admin.token, TABLE_IDS.users, 'create', { Email: email, Name: 'Mixed', Role: 'staff', password_hash: 'x' });
    expect(r.status).toBe(201);
    const row = app.db.select().from(users).where(eq(users.ID, String(r.body.ID))).get();
    expect(row?.Email).toBe(email.toLowerCase());
    expect(row?.password_hash).toBeNull();
    const rows = list(await call(superAdmin.token, TABLE_IDS.users, 'page', { PageNo: 1, PageSize: 1000 }));
    expect(rows.length).toBeGreaterThan(3);
    for (const u of rows) expect(Object.keys(u)).not.toContain('password_hash');
  });
});

describe('secrets', () => {
  it('answers secret columns as null with a _set flag', async () => {
    const owner = { hostProfileId: hostA.hostProfileId, userId: hostA.userId };
    const cred = seedRow(app, TABLE_IDS.channel_credentials, owner, { secret_key: 'cipher', access_token: null });
    const rows = list(await call(superAdmin.token, TABLE_IDS.channel_credentials, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: cred.id }] }));
    expect(rows[0]).toMatchObject({ secret_key: null, secret_key_set: true, access_token: null, access_token_set: false, client_id: 'client' });
    const config = seedRow(app, TABLE_IDS.paypal_config, owner);
    const cfg = list(await call(superAdmin.token, 23050, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: config.id }] }));
    expect(cfg[0]).toMatchObject({ client_secret: null, client_secret_set: true });
  });

  it('encrypts settings marked is_encrypted at rest and hides their value', async () => {
    const key = `smtp_password_${unique()}`;
    const r = await call(superAdmin.token, TABLE_IDS.platform_settings, 'create', { setting_key: key, setting_value: 's3cret', is_encrypted: true, category: 'smtp' });
    expect(r.status).toBe(201);
    const stored = app.db.select().from(platformSettings).where(eq(platformSettings.id, String(r.body.ID))).get();
    expect(stored?.setting_value).not.toContain('s3cret');
    expect(decryptSecret(app.secretKey, String(stored?.setting_value))).toBe('s3cret');
    expect(stored?.updated_by).toBe(superAdmin.userId);
    const rows = list(await call(admin.token, TABLE_IDS.platform_settings, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'setting_key', op: 'Equal', value: key }] }));
    expect(rows[0]).toMatchObject({ setting_value: null, setting_value_set: true });
    // Sending the row back with its flag is harmless; a new value is encrypted again.
    const u = await call(superAdmin.token, TABLE_IDS.platform_settings, 'update', { ID: r.body.ID, setting_value: 'n3w', setting_value_set: true });
    expect(u.status).toBe(200);
    const after = app.db.select().from(platformSettings).where(eq(platformSettings.id, String(r.body.ID))).get();
    expect(decryptSecret(app.secretKey, String(after?.setting_value))).toBe('n3w');
  });
});

describe('update', () => {
  it('changes the fields of an own row and bumps its version', async () => {
    const property = createProperty(app, hostA.hostProfileId);
    const r = await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, property_name: 'Renamed', base_price: 80.5, host_id: hostB.hostProfileId });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ID: property.id });
    const row = inUnits(properties, app.db.select().from(properties).where(eq(properties.id, String(property.id))).get());
    expect(row).toMatchObject({ property_name: 'Renamed', base_price: 80.5, host_id: hostA.hostProfileId });
    expect(row?.version).toBeGreaterThan(Number(property.version));
    const same = await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, id: property.id, property_name: 'Renamed again' });
    expect(same.status).toBe(200);
    const moved = await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, id: 'other' });
    expect(moved.status).toBe(400);
    expect(String(moved.body.error)).toContain('Invalid value for id');
  });

  it('answers 404 for an unknown id and 400 naming the field for a bad body', async () => {
    expect((await call(hostA.token, TABLE_IDS.properties, 'update', { ID: 'no-such-row', property_name: 'x' })).status).toBe(404);
    const property = createProperty(app, hostA.hostProfileId);
    const bad = await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, max_guests: 0 });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toContain('Invalid value for max_guests');
    const unknownField = await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error).toBe('Unknown field: colour');
    const noId = await call(hostA.token, TABLE_IDS.properties, 'update', { property_name: 'x' });
    expect(noId.status).toBe(400);
    expect(String(noId.body.error)).toContain('ID');
  });

  it('recomputes commission when the total changes and re-checks stay dates', async () => {
    const booking = createBooking(app, hostA.hostProfileId, { total_amount: 100, check_in_date: '2030-07-01', check_out_date: '2030-07-05' });
    expect((await call(hostA.token, TABLE_IDS.bookings, 'update', { ID: booking.id, total_amount: 250.55 })).status).toBe(200);
    const row = inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, String(booking.id))).get());
    // 12 % of 250.55 = 30.066, rounded once to the cent.
    expect(row).toMatchObject({ total_amount: 250.55, commission_amount: 30.07, net_amount: 220.48 });
    const early = await call(hostA.token, TABLE_IDS.bookings, 'update', { ID: booking.id, check_out_date: '2030-07-01' });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('Invalid value for check_out_date: must be after check_in_date');
  });

  it('limits a host to company_name, phone_number and address on its profile', async () => {
    const ok = await call(hostA.token, TABLE_IDS.host_profiles, 'update', { ID: hostA.hostProfileId, company_name: 'Renamed Stays', phone_number: '+1 555 0100' });
    expect(ok.status).toBe(200);
    for (const field of ['commission_rate', 'subscription_tier', 'account_status']) {
      const value = field === 'commission_rate' ? 1 : field === 'subscription_tier' ? 'enterprise' : 'active';
      const r = await call(hostA.token, TABLE_IDS.host_profiles, 'update', { ID: hostA.hostProfileId, [field]: value });
      expect(r.status).toBe(403);
      expect(String(r.body.error)).toContain(field);
    }
    const row = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, hostA.hostProfileId)).get();
    expect(row).toMatchObject({ company_name: 'Renamed Stays', commission_rate: 12, subscription_tier: 'basic' });
  });

  it('lets staff change the status, checklist and notes of its task, nothing else', async () => {
    const task = createTask(app, hostA.hostProfileId, { assigned_staff_id: staff.staffId, checklist_items: [{ id: 'a', text: 'Towels', done: false }] });
    const ok = await call(staff.token, TABLE_IDS.housekeeping_tasks, 'update', {
      ID: task.id,
      task_status: 'completed',
      notes: 'Done, towels restocked',
      checklist_ops: [{ op: 'set_done', id: 'a', done: true }],
    });
    expect(ok.status).toBe(200);
    const title = await call(staff.token, TABLE_IDS.housekeeping_tasks, 'update', { ID: task.id, task_title: 'Nap' });
    expect(title.status).toBe(403);
    expect(String(title.body.error)).toContain('task_title');
    const status = await call(staff.token, TABLE_IDS.housekeeping_tasks, 'update', { ID: task.id, task_status: 'finished' });
    expect(status.status).toBe(400);
    expect(String(status.body.error)).toContain('task_status');
    const row = getRow(app.db, defOf(TABLE_IDS.housekeeping_tasks), String(task.id));
    expect(row).toMatchObject({ task_status: 'completed', notes: 'Done, towels restocked', task_title: 'Turnover clean' });
  });

  it('keeps admins from touching super admins and audits their changes to platform tables', async () => {
    const target = createUser(app, 'host');
    const promote = await call(admin.token, TABLE_IDS.users, 'update', { ID: target.userId, Role: 'super_admin' });
    expect(promote.status).toBe(403);
    const demote = await call(admin.token, TABLE_IDS.users, 'update', { ID: superAdmin.userId, Role: 'host' });
    expect(demote.status).toBe(403);
    expect((await call(admin.token, TABLE_IDS.users, 'delete', { ID: superAdmin.userId })).status).toBe(403);
    expect((await call(superAdmin.token, TABLE_IDS.users, 'delete', { ID: superAdmin.userId })).status).toBe(403);
    expect((await call(superAdmin.token, TABLE_IDS.users, 'update', { ID: target.userId, Role: 'admin' })).status).toBe(200);

    expect((await call(admin.token, TABLE_IDS.host_profiles, 'update', { ID: hostB.hostProfileId, commission_rate: 8 })).status).toBe(200);
    const entry = app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.table_id, TABLE_IDS.host_profiles), eq(auditLog.entity_id, hostB.hostProfileId)))
      .get();
    expect(entry).toMatchObject({ actor_id: admin.userId, action: 'update', details: { fields: ['commission_rate'] } });
    const tier = seedRow(app, TABLE_IDS.subscription_tiers, { hostProfileId: '', userId: '' });
    expect((await call(admin.token, TABLE_IDS.subscription_tiers, 'update', { ID: tier.id, tier_name: 'x' })).status).toBe(403);
    expect((await call(superAdmin.token, TABLE_IDS.subscription_tiers, 'update', { ID: tier.id, monthly_price: 59.99 })).status).toBe(200);
    expect(getRow(app.db, defOf(TABLE_IDS.subscription_tiers), String(tier.id))?.monthly_price).toBe(59.99);
  });
});

describe('delete', () => {
  it('leaves a tombstone that page, update and delete no longer see, and audits it', async () => {
    const property = createProperty(app, hostA.hostProfileId);
    const r = await call(hostA.token, TABLE_IDS.properties, 'delete', { ID: property.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ID: property.id });
    const stored = getRow(app.db, defOf(TABLE_IDS.properties), String(property.id), { includeDeleted: true });
    expect(stored?.deleted_at).toBeTruthy();
    expect(Number(stored?.version)).toBeGreaterThan(Number(property.version));
    const rows = list(await call(hostA.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 1000 }));
    expect(rows.map((p) => p.id)).not.toContain(property.id);
    const byId = await call(hostA.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: property.id }] });
    expect(byId.body.VirtualCount).toBe(0);
    expect((await call(hostA.token, TABLE_IDS.properties, 'update', { ID: property.id, property_name: 'Back' })).status).toBe(404);
    expect((await call(hostA.token, TABLE_IDS.properties, 'delete', { ID: property.id })).status).toBe(404);
    const entry = app.db.select().from(auditLog).where(eq(auditLog.entity_id, String(property.id))).get();
    expect(entry).toMatchObject({ action: 'delete', table_id: TABLE_IDS.properties, actor_id: hostA.userId });
  });

  it('takes exactly { ID }', async () => {
    const r = await call(hostA.token, TABLE_IDS.properties, 'delete', { id: 'x' });
    expect(r.status).toBe(400);
  });
});

describe('task status moves only forward for staff (every path)', () => {
  it('lets staff start and complete, refuses going back with 409, and lets the host reopen', async () => {
    const property = createProperty(app, hostA.hostProfileId);
    const task = createTask(app, hostA.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId });
    const update = (token: string, task_status: string) => call(token, TABLE_IDS.housekeeping_tasks, 'update', { ID: task.id, task_status });

    expect((await update(staff.token, 'in_progress')).status).toBe(200);
    const back = await update(staff.token, 'pending');
    expect(back.status).toBe(409);
    expect(back.body.error).toBe('Task is already in progress; it cannot go back to pending');
    expect((await update(staff.token, 'completed')).status).toBe(200);
    const reopen = await update(staff.token, 'in_progress');
    expect(reopen.status).toBe(409);
    expect(reopen.body.error).toBe('Task is already completed; only the host can reopen it');
    expect(getRow(app.db, defOf(TABLE_IDS.housekeeping_tasks), String(task.id))?.task_status).toBe('completed');

    expect((await update(hostA.token, 'pending')).status).toBe(200);
    expect(getRow(app.db, defOf(TABLE_IDS.housekeeping_tasks), String(task.id))?.task_status).toBe('pending');
  });
});
