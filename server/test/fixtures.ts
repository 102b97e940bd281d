/**
 * Test fixture builders: users of each role, host profiles, staff linked to staff users, and a
 * valid row of any registry table, written straight to the database through insertRow (so that
 * versions bump as in production) inside a transaction. Independent of the auth routes and of the
 * demo seed: a test makes exactly the data it needs.
 */
import { count } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import type { Role } from '../../shared/enums';
import { insertRow, newId, nowIso, type Row, type Tx } from '../src/db/write';
import type { TestApp } from './helpers';

let serial = 0;
/** A short unique suffix for e-mails, endpoints and external ids. */
export function unique(prefix = 'x'): string {
  serial += 1;
  return `${prefix}${serial}-${newId().slice(-8)}`;
}

export function defOf(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`No table ${id}`);
  return def;
}

function write<T>(app: TestApp, work: (tx: Tx) => T): T {
  return app.db.transaction((tx) => work(tx));
}

/** Inserts one row of table `id` with exactly these values (plus key, version, updated_at). */
export function insertFixture(app: TestApp, id: number, values: Row): Row {
  return write(app, (tx) => insertRow(tx, defOf(id), values, app.now()));
}

export type UserFixture = { userId: string; email: string; role: Role; token: string };
export type HostFixture = UserFixture & { hostProfileId: string };
export type StaffFixture = UserFixture & { staffId: string; hostProfileId: string };

export function createUser(app: TestApp, role: Role, opts: { email?: string; name?: string } = {}): UserFixture {
  const email = opts.email ?? `${unique(role)}@example.test`;
  const row = insertFixture(app, TABLE_IDS.users, {
    Email: email,
    Name: opts.name ?? `Test ${role}`,
    Role: role,
    CreateTime: nowIso(app.now()),
    setupCompleted: true,
    password_hash: 'not-a-real-hash',
  });
  const userId = String(row.ID);
  return { userId, email, role, token: app.signSession(userId) };
}

export function createHost(app: TestApp, opts: { commissionRate?: number; company?: string } = {}): HostFixture {
  const user = createUser(app, 'host');
  const profile = insertFixture(app, TABLE_IDS.host_profiles, {
    user_id: user.userId,
    email: user.email,
    company_name: opts.company ?? 'Test Stays',
    commission_rate: opts.commissionRate ?? 10,
    created_date: nowIso(app.now()),
  });
  return { ...user, hostProfileId: String(profile.id) };
}

/** A staff user with its housekeeping_staff row at `hostProfileId`, linked by user_id and e-mail. */
export function createStaff(app: TestApp, hostProfileId: string): StaffFixture {
  const user = createUser(app, 'staff');
  const staff = insertFixture(app, TABLE_IDS.housekeeping_staff, {
    host_id: hostProfileId,
    staff_name: 'Test Housekeeper',
    staff_email: user.email,
    user_id: user.userId,
    created_date: nowIso(app.now()),
  });
  return { ...user, staffId: String(staff.id), hostProfileId };
}

/** Who a fixture row belongs to: host-owned rows take the profile, user-owned rows the user. */
export type Owner = { hostProfileId: string; userId: string };

export function ownerOf(host: HostFixture): Owner {
  return { hostProfileId: host.hostProfileId, userId: host.userId };
}

export function createProperty(app: TestApp, hostProfileId: string, values: Row = {}): Row {
  return insertFixture(app, TABLE_IDS.properties, { host_id: hostProfileId, property_name: unique('Villa '), created_date: nowIso(app.now()), ...values });
}

export function createBooking(app: TestApp, hostProfileId: string, values: Row = {}): Row {
  const propertyId = values.property_id ?? createProperty(app, hostProfileId).id;
  return insertFixture(app, TABLE_IDS.bookings, {
    host_id: hostProfileId,
    property_id: propertyId,
    guest_name: 'Ada Guest',
    check_in_date: '2030-01-10',
    check_out_date: '2030-01-14',
    created_date: nowIso(app.now()),
    ...values,
  });
}

export function createTask(app: TestApp, hostProfileId: string, values: Row = {}): Row {
  const propertyId = values.property_id ?? createProperty(app, hostProfileId).id;
  return insertFixture(app, TABLE_IDS.housekeeping_tasks, {
    host_id: hostProfileId,
    property_id: propertyId,
    task_title: 'Turnover clean',
    created_date: nowIso(app.now()),
    ...values,
  });
}

/**
 * Minimal valid values of a row of every registry table, owned by `owner` where the table has an
 * owner. Unique columns get fresh values so that any number of rows can be made.
 */
function baseValues(app: TestApp, id: number, owner: Owner): Row {
  const at = nowIso(app.now());
  const host = { host_id: owner.hostProfileId };
  const user = { user_id: owner.userId };
  switch (id) {
    case TABLE_IDS.users:
      return { Email: `${unique('user')}@example.test`, Name: 'Fixture User', Role: 'host', CreateTime: at };
    case TABLE_IDS.host_profiles:
      return { user_id: createUser(app, 'host').userId, company_name: 'Fixture Co', created_date: at };
    case TABLE_IDS.subscription_tiers:
      return { tier_name: unique('Tier '), monthly_price: 19.99, yearly_price: 199.99, is_active: true };
    case TABLE_IDS.platform_settings:
      return { setting_key: unique('key_'), setting_value: 'value', category: 'general' };
    case TABLE_IDS.display_settings:
      return { ...user };
    case TABLE_IDS.audit_log:
      return { actor_id: owner.userId, action: 'fixture', created_at: at };
    case TABLE_IDS.properties:
      return { ...host, property_name: unique('Cottage '), created_date: at };
    case TABLE_IDS.bookings:
      return {
        ...host,
        property_id: createProperty(app, owner.hostProfileId).id,
        check_in_date: '2030-02-01',
        check_out_date: '2030-02-03',
        total_amount: 200,
        created_date: at,
      };
    case TABLE_IDS.property_access:
      return { ...host, property_id: createProperty(app, owner.hostProfileId).id, door_code: '4711', created_date: at };
    case TABLE_IDS.housekeeping_staff:
      return { ...host, staff_name: 'Fixture Staff', created_date: at };
    case TABLE_IDS.housekeeping_tasks:
      return { ...host, property_id: createProperty(app, owner.hostProfileId).id, task_title: 'Fixture task', created_date: at };
    case TABLE_IDS.task_templates:
      return { ...host, name: 'Fixture template', created_date: at };
    case TABLE_IDS.problem_reports:
      return { ...host, property_id: createProperty(app, owner.hostProfileId).id, category: 'plumbing', severity: 'normal', description: 'The tap drips', created_date: at };
    case TABLE_IDS.guests:
      return { ...host, guest_email: `${unique('guest')}@example.test`, guest_name: 'Fixture Guest' };
    case TABLE_IDS.channel_credentials:
      return { ...user, client_id: 'client', secret_key: 'cipher' };
    case TABLE_IDS.notifications:
      return { ...user, title: 'Fixture notification', timestamp: at };
    case TABLE_IDS.push_subscriptions:
      return { ...user, endpoint: `https://push.example.test/${unique('ep')}`, p256dh: 'p256', auth: 'auth', created_at: at };
    case TABLE_IDS.calendar_feeds:
      return { ...host, property_id: createProperty(app, owner.hostProfileId).id, platform: 'airbnb', ical_url: 'https://ical.example.test/a.ics', created_at: at };
    case TABLE_IDS.calendar_sync_jobs:
      return { ...host, propertyId: createProperty(app, owner.hostProfileId).id, platform: 'airbnb', iCalUrl: 'https://ical.example.test/a.ics' };
    case TABLE_IDS.calendar_blocks:
      return { ...host, property_id: createProperty(app, owner.hostProfileId).id, uid: unique('uid'), start_date: '2030-03-01', end_date: '2030-03-02' };
    case TABLE_IDS.inbox_messages:
      return { ...host, message_content: 'Hello, your room is ready.' };
    case TABLE_IDS.partner_credentials:
      return { ...user, client_id: 'client', secret_key: 'cipher' };
    case TABLE_IDS.partner_sync_logs:
      return { ...user, sync_type: 'properties', status: 'success', started_at: at };
    case TABLE_IDS.partner_bookings:
      return { ...user, tokeet_booking_id: unique('tb'), total_amount: 100, created_at: at };
    case TABLE_IDS.partner_properties:
      return { ...user, tokeet_property_id: unique('tp'), property_name: 'Partner flat' };
    case TABLE_IDS.partner_oauth_tokens:
      return { ...user, access_token: 'cipher', created_at: at };
    case TABLE_IDS.partner_messages:
      return { ...user, tokeet_message_id: unique('tm'), message_content: 'Hi' };
    case TABLE_IDS.paypal_plans:
      return { tier_id: 'tier', amount: 29.99, created_at: at };
    case TABLE_IDS.paypal_subscriptions:
      return { ...user, paypal_subscription_id: unique('I-'), created_at: at };
    case TABLE_IDS.paypal_payments:
      return { paypal_payment_id: unique('PAY-'), amount: 29.99, created_at: at };
    case TABLE_IDS.paypal_webhook_events:
      return { event_id: unique('WH-'), event_type: 'PAYMENT.SALE.COMPLETED', created_at: at };
    case TABLE_IDS.paypal_config:
      return { client_id: 'client', client_secret: 'cipher', created_at: at };
    case TABLE_IDS.paypal_plan_sync:
      return { tier_id: 'tier', created_at: at };
    default:
      throw new Error(`No fixture values for table ${id}`);
  }
}

/** A valid live row of any registry table (aliases included), owned by `owner`. */
export function seedRow(app: TestApp, id: number, owner: Owner, values: Row = {}): Row {
  const def = defOf(id);
  return insertFixture(app, def.id, { ...baseValues(app, def.id, owner), ...values });
}

/** Number of rows of a table, tombstones included. */
export function rowCount(app: TestApp, id: number): number {
  const def = defOf(id);
  return app.db.select({ n: count() }).from(def.table).get()?.n ?? 0;
}
