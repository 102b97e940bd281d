/**
 * The no-server demo: when the server cannot be reached, a demo
 * account signs in on this device alone. The shared generator (shared/demo/generate.ts, the one
 * the server seeds from) fills the store with data relative to today, cut to what that account
 * would see on the server; changes stay local (no engine runs for a demo session).
 */
import { isAccessWindowOpen } from '../../../shared/access-window';
import { generateDemoData, type DemoData } from '../../../shared/demo/generate';
import { cutRow, deviceFieldsOf } from '../../../shared/device-fields';
import type { SessionUser } from '../auth/session';
import type { StaykeepDb } from '../db/db';
import { SYNCED_TABLES, type LocalRow, type SyncedTableName } from '../db/schema';
import { claimStore } from '../db/store';

/** The store owner of a demo session: never the same as the real account's, so nothing mixes. */
export function demoOwner(userId: string): string {
  return `demo:${userId}`;
}

type DemoRows = Partial<Record<SyncedTableName, readonly Record<string, unknown>[]>>;

/**
 * The rows the user would pull from the server (who reads what is the server's policy; this
 * mirrors it for the demo data), with the fields its role receives (shared/device-fields.ts).
 */
export function demoScope(data: DemoData, user: SessionUser): DemoRows {
  const out: DemoRows = {};
  for (const [name, rows] of Object.entries(demoRows(data, user)) as [SyncedTableName, readonly Record<string, unknown>[]][]) {
    const fields = deviceFieldsOf(user.Role, name);
    if (fields) out[name] = rows.map((row) => cutRow(row, fields));
  }
  return out;
}

function demoRows(data: DemoData, user: SessionUser): DemoRows {
  const own = <T extends { user_id: string }>(rows: readonly T[]) => rows.filter((r) => r.user_id === user.ID);
  switch (user.Role) {
    case 'super_admin':
    case 'admin': {
      const { users: _users, ...tables } = data;
      return tables;
    }
    case 'host': {
      const host = user.hostProfileId;
      const mine = <T extends { host_id: string }>(rows: readonly T[]) => rows.filter((r) => r.host_id === host);
      return {
        host_profiles: own(data.host_profiles),
        subscription_tiers: data.subscription_tiers.filter((t) => t.is_active),
        display_settings: own(data.display_settings),
        properties: mine(data.properties),
        property_access: mine(data.property_access),
        housekeeping_staff: mine(data.housekeeping_staff),
        task_templates: mine(data.task_templates),
        bookings: mine(data.bookings),
        guests: mine(data.guests),
        housekeeping_tasks: mine(data.housekeeping_tasks),
      };
    }
    case 'staff': {
      // Every host she works for, as the server scopes her (server/src/policy.ts).
      const staffIds = new Set(user.staffHosts?.map((h) => h.staffId) ?? (user.staffId ? [user.staffId] : []));
      const tasks = data.housekeeping_tasks.filter((t) => t.assigned_staff_id !== null && staffIds.has(t.assigned_staff_id));
      const propertyIds = new Set(tasks.map((t) => t.property_id));
      const properties = data.properties.filter((p) => propertyIds.has(p.id));
      // Access details only inside a task's window, counted in its property's days (shared/access-window.ts).
      const zones = new Map(properties.map((p) => [p.id, p.timezone]));
      const now = new Date();
      const open = new Set(tasks.filter((t) => isAccessWindowOpen(t, now, zones.get(t.property_id))).map((t) => t.property_id));
      return {
        display_settings: own(data.display_settings),
        housekeeping_staff: data.housekeeping_staff.filter((s) => staffIds.has(s.id)),
        housekeeping_tasks: tasks,
        properties,
        property_access: data.property_access.filter((a) => open.has(a.property_id)),
      };
    }
  }
}

/** The session user of a demo account, as the server's /api/auth/me would answer it. */
export function demoSessionUser(data: DemoData, email: string): SessionUser | undefined {
  const row = data.users.find((u) => u.Email === email);
  if (!row) return undefined;
  const user: SessionUser = { ID: row.ID, Name: row.Name, Email: row.Email, CreateTime: row.CreateTime, Role: row.Role, setupCompleted: row.setupCompleted, totpEnabled: false };
  const profile = data.host_profiles.find((p) => p.user_id === row.ID);
  const staff = data.housekeeping_staff.filter((s) => s.user_id === row.ID);
  if (row.Role === 'host' && profile) user.hostProfileId = profile.id;
  if (row.Role === 'staff' && staff[0]) {
    user.staffId = staff[0].id;
    user.staffHosts = staff.map((s) => ({ staffId: s.id, hostProfileId: s.host_id, hostName: data.host_profiles.find((p) => p.id === s.host_id)?.company_name || 'Host' }));
  }
  return user;
}

/**
 * Fills the store with the demo data of `email` for `today` (YYYY-MM-DD) and answers the session
 * user; whatever the store held before goes (it belonged to someone else).
 */
export async function loadDemo(db: StaykeepDb, email: string, today: string): Promise<SessionUser> {
  const data = generateDemoData({ today });
  const user = demoSessionUser(data, email);
  if (!user) throw new Error(`${email} is not a demo account`);
  // Always a fresh copy: a demo starts from the generator's data each time.
  await db.meta.delete('owner');
  await claimStore(db, demoOwner(user.ID), user.Email);
  const scope = demoScope(data, user);
  await db.transaction('rw', [...db.syncedTables(), db.meta], async () => {
    for (const [name, rows] of Object.entries(scope) as [SyncedTableName, readonly Record<string, unknown>[]][]) {
      if (!(name in SYNCED_TABLES)) continue;
      await db.rows(name).bulkPut(rows.map((r): LocalRow => ({ version: 0, updated_at: null, deleted_at: null, ...r, id: String(r.id) })));
    }
    await db.setMeta('hydrated', true);
  });
  return user;
}
