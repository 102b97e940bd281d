/**
 * The authorization matrix: every registry table (aliases included) × every role × every table
 * operation, against an explicit table of expectations written out below (docs/decisions.md
 * "Ownership and scope") and NOT derived from the policy module, so that a change of policy must be
 * a change of this table too. Allowed operations are performed for real (valid body, a row in the
 * caller's scope) and must succeed; denied ones send a garbage body and must still get 403 (decided
 * before validation). Then cross-host isolation and staff scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, TABLE_IDS, type TableDef } from '../../shared/registry';
import { getRow, type Row } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import {
  createHost,
  createProperty,
  createStaff,
  createTask,
  createUser,
  defOf,
  seedRow,
  unique,
  type HostFixture,
  type Owner,
  type StaffFixture,
  type UserFixture,
} from './fixtures';

type Role = 'super_admin' | 'admin' | 'host' | 'staff';
type Op = 'page' | 'create' | 'update' | 'delete';
const ROLES: readonly Role[] = ['super_admin', 'admin', 'host', 'staff'];
const OPS: readonly Op[] = ['page', 'create', 'update', 'delete'];
const LETTER: Record<Op, string> = { page: 'r', create: 'c', update: 'u', delete: 'd' };

/**
 * What each role may do per table: r = page, c = create, u = update, d = delete. Route-only tables
 * never allow c/u through the table API; the audit log is append-only for everyone.
 */
const ADMIN_AREA = { super_admin: 'rd', admin: 'rd', host: '', staff: '' } as const;
const HOST_ROUTE_ONLY = { super_admin: 'rd', admin: 'rd', host: 'rd', staff: '' } as const;
const HOST_OWNED = { super_admin: 'rcud', admin: 'rcud', host: 'rcud', staff: '' } as const;
const EXPECTED: Record<number, Record<Role, string>> = {
  20009: { super_admin: 'rcud', admin: 'rcud', host: 'r', staff: 'r' }, // users
  20039: { super_admin: 'rcud', admin: 'rcud', host: 'rcu', staff: '' }, // host profiles
  20040: { super_admin: 'rcud', admin: 'r', host: 'r', staff: '' }, // subscription tiers
  20041: { super_admin: 'rcud', admin: 'r', host: '', staff: '' }, // platform settings
  20042: { super_admin: 'rcud', admin: 'rcud', host: 'rcu', staff: 'rcu' }, // display settings
  20043: { super_admin: 'r', admin: 'r', host: '', staff: '' }, // audit log
  20100: { super_admin: 'rcud', admin: 'rcud', host: 'rcud', staff: 'r' }, // properties
  20101: HOST_OWNED, // bookings
  20102: { super_admin: 'rcud', admin: 'rcud', host: 'rcud', staff: 'r' }, // property access details (staff: inside a task's window)
  20110: { super_admin: 'rcud', admin: 'rcud', host: 'rcud', staff: 'r' }, // housekeeping staff
  20111: { super_admin: 'rcud', admin: 'rcud', host: 'rcud', staff: 'ru' }, // housekeeping tasks
  20112: HOST_OWNED, // task templates
  20113: { super_admin: 'rcud', admin: 'rcud', host: 'rcd', staff: 'rc' }, // problem reports
  20120: HOST_ROUTE_ONLY, // guests
  20130: ADMIN_AREA, // channel-manager credentials
  20140: { super_admin: 'rd', admin: 'rd', host: 'rd', staff: 'rd' }, // notifications
  20141: HOST_ROUTE_ONLY, // push subscriptions
  20150: HOST_ROUTE_ONLY, // calendar feeds
  20151: HOST_ROUTE_ONLY, // calendar sync jobs
  20152: HOST_ROUTE_ONLY, // calendar blocks
  20153: HOST_OWNED, // inbox messages
  22401: ADMIN_AREA,
  22402: ADMIN_AREA,
  22403: ADMIN_AREA,
  22404: ADMIN_AREA,
  22464: ADMIN_AREA,
  22466: ADMIN_AREA,
  23046: ADMIN_AREA,
  23047: { super_admin: 'rd', admin: 'rd', host: 'r', staff: '' }, // payment-provider subscriptions
  23048: ADMIN_AREA,
  23049: ADMIN_AREA,
  23050: ADMIN_AREA, // payment-provider configuration (read id)
  23187: ADMIN_AREA, // payment-provider configuration
  23057: ADMIN_AREA,
};

const ALL_IDS = (TABLES as readonly TableDef[]).flatMap((d) => [d.id, ...(d.aliases ?? [])]);

let app: TestApp;
let superAdmin: UserFixture;
let admin: UserFixture;
let hostA: HostFixture;
let hostB: HostFixture;
let staff: StaffFixture;
let hostDisplay: Row;
let staffDisplay: Row;

type Reply = { status: number; body: Record<string, unknown> };

async function call(token: string | null, table: number, op: Op, payload: unknown, raw = false): Promise<Reply> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/table/${table}/${op}`,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: raw ? (payload as string) : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function actorOf(role: Role): UserFixture {
  return { super_admin: superAdmin, admin, host: hostA, staff }[role];
}

const isAdmin = (role: Role) => role === 'super_admin' || role === 'admin';

/** Whose rows a role's real operations work on: host A's business, the caller's own user rows. */
function ownerFor(role: Role): Owner {
  return { hostProfileId: hostA.hostProfileId, userId: role === 'staff' ? staff.userId : hostA.userId };
}

/** A live row the role may update or delete, fresh where the operation consumes it. */
function rowFor(id: number, role: Role): Row {
  if (id === TABLE_IDS.display_settings) {
    if (role === 'host') return hostDisplay;
    if (role === 'staff') return staffDisplay;
    return seedRow(app, id, { hostProfileId: hostA.hostProfileId, userId: createUser(app, 'host').userId });
  }
  if (id === TABLE_IDS.host_profiles && role === 'host') return { id: hostA.hostProfileId };
  if (id === TABLE_IDS.housekeeping_tasks && role === 'staff') return seedRow(app, id, ownerFor(role), { assigned_staff_id: staff.staffId });
  return seedRow(app, id, ownerFor(role));
}

const UPDATES: Record<number, [string, unknown]> = {
  [TABLE_IDS.users]: ['Name', 'Renamed User'],
  [TABLE_IDS.host_profiles]: ['company_name', 'Renamed Co'],
  [TABLE_IDS.subscription_tiers]: ['tier_name', 'Renamed tier'],
  [TABLE_IDS.platform_settings]: ['setting_value', 'changed'],
  [TABLE_IDS.display_settings]: ['timezone', 'Europe/Paris'],
  [TABLE_IDS.properties]: ['property_name', 'Renamed property'],
  [TABLE_IDS.bookings]: ['guest_name', 'Renamed Guest'],
  [TABLE_IDS.property_access]: ['door_code', '2468'],
  [TABLE_IDS.housekeeping_staff]: ['staff_name', 'Renamed Staff'],
  [TABLE_IDS.housekeeping_tasks]: ['task_status', 'in_progress'],
  [TABLE_IDS.task_templates]: ['name', 'Renamed template'],
  [TABLE_IDS.inbox_messages]: ['message_content', 'Edited reply'],
  [TABLE_IDS.problem_reports]: ['description', 'Edited report'],
};

/** A valid create body for a role allowed to create, and whose session sends it. */
function createCase(id: number, role: Role): { token: string; body: Record<string, unknown> } {
  const token = actorOf(role).token;
  const owner = isAdmin(role) ? { host_id: hostA.hostProfileId } : {};
  switch (id) {
    case TABLE_IDS.users:
      return { token, body: { Email: `${unique('made')}@example.test`, Name: 'Made User', Role: 'host' } };
    case TABLE_IDS.host_profiles:
      if (role === 'host') return { token: createUser(app, 'host').token, body: { company_name: 'Fresh Co' } };
      return { token, body: { user_id: createUser(app, 'host').userId, company_name: 'Fresh Co' } };
    case TABLE_IDS.subscription_tiers:
      return { token, body: { tier_name: unique('Tier '), monthly_price: 9.99 } };
    case TABLE_IDS.platform_settings:
      return { token, body: { setting_key: unique('key_'), setting_value: '1' } };
    case TABLE_IDS.display_settings:
      if (role === 'host') return { token: createHost(app).token, body: { timezone: 'UTC' } };
      if (role === 'staff') return { token: createStaff(app, hostA.hostProfileId).token, body: { timeFormat: '24h' } };
      return { token, body: { user_id: createUser(app, 'host').userId } };
    case TABLE_IDS.properties:
      return { token, body: { ...owner, property_name: 'Made property' } };
    case TABLE_IDS.bookings:
      return { token, body: { ...owner, property_id: createProperty(app, hostA.hostProfileId).id, check_in_date: '2030-04-01', check_out_date: '2030-04-02' } };
    case TABLE_IDS.property_access:
      return { token, body: { ...owner, property_id: createProperty(app, hostA.hostProfileId).id, door_code: '1357' } };
    case TABLE_IDS.housekeeping_staff:
      return { token, body: { ...owner, staff_name: 'Made Staff' } };
    case TABLE_IDS.housekeeping_tasks:
      return { token, body: { ...owner, property_id: createProperty(app, hostA.hostProfileId).id, task_title: 'Made task' } };
    case TABLE_IDS.task_templates:
      return { token, body: { ...owner, name: 'Made template' } };
    case TABLE_IDS.inbox_messages:
      return { token, body: { ...owner, message_content: 'Made message' } };
    case TABLE_IDS.problem_reports: {
      // A housekeeper reports at a property of one of her tasks.
      const task = createTask(app, hostA.hostProfileId, role === 'staff' ? { assigned_staff_id: staff.staffId } : {});
      return { token, body: { ...owner, property_id: task.property_id, category: 'plumbing', description: 'The tap drips' } };
    }
    default:
      throw new Error(`The matrix expects create on table ${id} for ${role}; give it a body here`);
  }
}

/** Not a valid body for any route: a denied caller must get 403 anyway. */
const GARBAGE = { PageNo: 'first', ID: 42, Filters: { name: 1 }, nonsense: [null, true] };

beforeAll(async () => {
  app = await makeTestApp();
  superAdmin = createUser(app, 'super_admin');
  admin = createUser(app, 'admin');
  hostA = createHost(app);
  hostB = createHost(app);
  staff = createStaff(app, hostA.hostProfileId);
  hostDisplay = seedRow(app, TABLE_IDS.display_settings, ownerFor('host'));
  staffDisplay = seedRow(app, TABLE_IDS.display_settings, ownerFor('staff'));
});
afterAll(async () => app.cleanup());

describe('authorization matrix', () => {
  it('has an expectation for exactly the registry ids', () => {
    expect(Object.keys(EXPECTED).map(Number).sort()).toEqual([...ALL_IDS].sort());
  });

  for (const id of ALL_IDS) {
    describe(`table ${id} (${defOf(id).name})`, () => {
      for (const op of OPS) {
        it(`anonymous ${op} → 401`, async () => {
          expect((await call(null, id, op, GARBAGE)).status).toBe(401);
        });
      }
      for (const role of ROLES) {
        for (const op of OPS) {
          const allowed = (EXPECTED[id]?.[role] ?? '').includes(LETTER[op]);
          it(`${role} ${op} → ${allowed ? 'allowed' : '403'}`, async () => {
            const token = actorOf(role).token;
            if (!allowed) {
              const r = await call(token, id, op, GARBAGE);
              expect(r.status, JSON.stringify(r.body)).toBe(403);
              return;
            }
            if (op === 'page') {
              const r = await call(token, id, 'page', { PageNo: 1, PageSize: 50 });
              expect(r.status, JSON.stringify(r.body)).toBe(200);
              expect(Array.isArray(r.body.List)).toBe(true);
            } else if (op === 'create') {
              const c = createCase(id, role);
              const r = await call(c.token, id, 'create', c.body);
              expect(r.status, JSON.stringify(r.body)).toBe(201);
              expect(getRow(app.db, defOf(id), String(r.body.ID))).toBeDefined();
            } else if (op === 'update') {
              const row = rowFor(id, role);
              const update = UPDATES[id];
              if (!update) throw new Error(`The matrix expects update on table ${id}; give it a field in UPDATES`);
              const [field, value] = update;
              const key = defOf(id).key;
              const r = await call(token, id, 'update', { ID: row[key], [field]: value });
              expect(r.status, JSON.stringify(r.body)).toBe(200);
              expect(getRow(app.db, defOf(id), String(row[key]))?.[field]).toEqual(value);
            } else {
              const row = rowFor(id, role);
              const key = defOf(id).key;
              const r = await call(token, id, 'delete', { ID: row[key] });
              expect(r.status, JSON.stringify(r.body)).toBe(200);
              expect(getRow(app.db, defOf(id), String(row[key]))).toBeUndefined();
            }
          });
        }
      }
    });
  }
});

describe('403 before validation', () => {
  it('answers a denied role 403 even for a body that is not JSON at all', async () => {
    expect((await call(staff.token, TABLE_IDS.bookings, 'create', '{"broken', true)).status).toBe(403);
    expect((await call(hostA.token, TABLE_IDS.platform_settings, 'page', 'not json', true)).status).toBe(403);
    expect((await call(admin.token, TABLE_IDS.subscription_tiers, 'update', '[[[', true)).status).toBe(403);
    // An allowed role with the same body gets the 400.
    expect((await call(hostA.token, TABLE_IDS.bookings, 'create', '{"broken', true)).status).toBe(400);
  });
});

describe('cross-host isolation', () => {
  const hostOwned = (TABLES as readonly TableDef[]).filter((d) => d.owner === 'host_id');
  const ownerA = () => ({ hostProfileId: hostA.hostProfileId, userId: hostA.userId });
  const ownerB = () => ({ hostProfileId: hostB.hostProfileId, userId: hostB.userId });

  for (const def of hostOwned) {
    it(`host A sees only its own ${def.name}`, async () => {
      const mine = seedRow(app, def.id, ownerA());
      const theirs = seedRow(app, def.id, ownerB());
      const r = await call(hostA.token, def.id, 'page', { PageNo: 1, PageSize: 1000 });
      expect(r.status).toBe(200);
      const rows = r.body.List as Row[];
      expect(rows.map((row) => row.id)).toContain(mine.id);
      expect(rows.map((row) => row.id)).not.toContain(theirs.id);
      expect(rows.every((row) => row.host_id === hostA.hostProfileId)).toBe(true);
      expect(r.body.VirtualCount).toBe(rows.length);
      // Asking for it by id finds nothing either.
      const byId = await call(hostA.token, def.id, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: theirs.id }] });
      expect(byId.body.VirtualCount).toBe(0);
    });

    it(`host A gets 404 updating or deleting host B's ${def.name}`, async () => {
      const theirs = seedRow(app, def.id, ownerB());
      const field = UPDATES[def.id];
      const update = await call(hostA.token, def.id, 'update', { ID: theirs.id, ...(field ? { [field[0]]: field[1] } : {}) });
      // Route-only tables, and problem reports (never rewritten), refuse every host update before looking.
      expect(update.status).toBe(def.routeOnly || def.id === TABLE_IDS.problem_reports ? 403 : 404);
      const del = await call(hostA.token, def.id, 'delete', { ID: theirs.id });
      expect(del.status).toBe(404);
      expect(getRow(app.db, def, String(theirs.id))).toEqual(theirs);
    });
  }

  it("host A cannot see or change host B's user-owned rows, profile or user", async () => {
    for (const id of [TABLE_IDS.notifications, TABLE_IDS.push_subscriptions, TABLE_IDS.display_settings, TABLE_IDS.paypal_subscriptions]) {
      const theirs = seedRow(app, id, ownerB());
      const rows = (await call(hostA.token, id, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
      expect(rows.map((r) => r.id)).not.toContain(theirs.id);
      expect(rows.every((r) => r.user_id === hostA.userId)).toBe(true);
      if (id === TABLE_IDS.notifications || id === TABLE_IDS.push_subscriptions) {
        expect((await call(hostA.token, id, 'delete', { ID: theirs.id })).status).toBe(404);
      }
      if (id === TABLE_IDS.display_settings) {
        expect((await call(hostA.token, id, 'update', { ID: theirs.id, timezone: 'UTC' })).status).toBe(404);
      }
      expect(getRow(app.db, defOf(id), String(theirs.id))).toEqual(theirs);
    }
    const profiles = (await call(hostA.token, TABLE_IDS.host_profiles, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(profiles.map((p) => p.id)).toEqual([hostA.hostProfileId]);
    expect((await call(hostA.token, TABLE_IDS.host_profiles, 'update', { ID: hostB.hostProfileId, company_name: 'Mine now' })).status).toBe(404);
    const people = (await call(hostA.token, TABLE_IDS.users, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(people.map((u) => u.ID)).toEqual([hostA.userId]);
  });

  it('hosts see active subscription tiers only', async () => {
    const active = seedRow(app, TABLE_IDS.subscription_tiers, ownerA(), { is_active: true });
    const retired = seedRow(app, TABLE_IDS.subscription_tiers, ownerA(), { is_active: false });
    const ids = ((await call(hostA.token, TABLE_IDS.subscription_tiers, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[]).map((t) => t.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(retired.id);
  });

  it("a host's filters cannot widen its scope", async () => {
    const theirs = seedRow(app, TABLE_IDS.properties, ownerB());
    const r = await call(hostA.token, TABLE_IDS.properties, 'page', {
      PageNo: 1,
      PageSize: 1000,
      Filters: [{ name: 'host_id', op: 'In', value: [hostA.hostProfileId, hostB.hostProfileId] }],
    });
    expect((r.body.List as Row[]).map((p) => p.id)).not.toContain(theirs.id);
  });
});

describe('staff scope', () => {
  it('sees only its assigned tasks, their properties and its own staff row', async () => {
    const other = createStaff(app, hostA.hostProfileId);
    const mine = createTask(app, hostA.hostProfileId, { assigned_staff_id: staff.staffId });
    const colleague = createTask(app, hostA.hostProfileId, { assigned_staff_id: other.staffId });
    const unassigned = createTask(app, hostA.hostProfileId);
    const elsewhere = createTask(app, hostB.hostProfileId);

    const tasks = (await call(staff.token, TABLE_IDS.housekeeping_tasks, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(tasks.map((t) => t.id)).toContain(mine.id);
    expect(tasks.every((t) => t.assigned_staff_id === staff.staffId)).toBe(true);

    const props = (await call(staff.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    const propIds = props.map((p) => p.id);
    expect(propIds).toContain(mine.property_id);
    for (const t of [colleague, unassigned, elsewhere]) expect(propIds).not.toContain(t.property_id);

    for (const t of [colleague, unassigned, elsewhere]) {
      expect((await call(staff.token, TABLE_IDS.housekeeping_tasks, 'update', { ID: t.id, task_status: 'completed' })).status).toBe(404);
    }

    const staffRows = (await call(staff.token, TABLE_IDS.housekeeping_staff, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(staffRows.map((s) => s.id)).toEqual([staff.staffId]);
    const me = (await call(staff.token, TABLE_IDS.users, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(me.map((u) => u.ID)).toEqual([staff.userId]);

    // Once the task is gone, so is its property.
    expect((await call(hostA.token, TABLE_IDS.housekeeping_tasks, 'delete', { ID: mine.id })).status).toBe(200);
    const after = (await call(staff.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[];
    expect(after.map((p) => p.id)).not.toContain(mine.property_id);
  });

  it('reads and deletes its own notifications only', async () => {
    const mine = seedRow(app, TABLE_IDS.notifications, { hostProfileId: hostA.hostProfileId, userId: staff.userId });
    const hosts = seedRow(app, TABLE_IDS.notifications, { hostProfileId: hostA.hostProfileId, userId: hostA.userId });
    const ids = ((await call(staff.token, TABLE_IDS.notifications, 'page', { PageNo: 1, PageSize: 1000 })).body.List as Row[]).map((n) => n.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(hosts.id);
    expect((await call(staff.token, TABLE_IDS.notifications, 'delete', { ID: hosts.id })).status).toBe(404);
    expect((await call(staff.token, TABLE_IDS.notifications, 'delete', { ID: mine.id })).status).toBe(200);
  });

  it('a staff user without a staff row sees no tasks at all', async () => {
    const loose = createUser(app, 'staff');
    expect((await call(loose.token, TABLE_IDS.housekeeping_tasks, 'page', { PageNo: 1, PageSize: 10 })).status).toBe(403);
    expect((await call(loose.token, TABLE_IDS.properties, 'page', { PageNo: 1, PageSize: 10 })).status).toBe(403);
  });
});
