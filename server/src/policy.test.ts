/**
 * Unit tests of the policy module beyond what the HTTP matrix covers: the sync channel, field
 * lists, value-level rules, redaction, and that the cached (placeholder) form of a scope is the
 * same condition as the bound one.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { Placeholder, is } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { TABLES, TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import type { Actor } from './actor';
import { Forbidden } from './errors';
import {
  HOST_PROFILE_FIELDS,
  STAFF_TASK_FIELDS,
  assertRowWrite,
  assertWritable,
  canOperate,
  redactRow,
  scopeKeyOf,
  scopeTemplate,
  scopeWhere,
  writePermit,
} from './policy';

function def(id: number): TableDef {
  const d = tableById(id);
  if (!d) throw new Error(`no table ${id}`);
  return d;
}

const superAdmin: Actor = { userId: 'u-super', role: 'super_admin', email: 's@x.test', name: 'S' };
const admin: Actor = { userId: 'u-admin', role: 'admin', email: 'a@x.test', name: 'A' };
const host: Actor = { userId: 'u-host', role: 'host', email: 'h@x.test', name: 'H', hostProfileId: 'hp-1' };
const hostWithoutProfile: Actor = { userId: 'u-host2', role: 'host', email: 'h2@x.test', name: 'H2' };
const staff: Actor = { userId: 'u-staff', role: 'staff', email: 'st@x.test', name: 'St', staffId: 'st-1' };
const ACTORS = [superAdmin, admin, host, hostWithoutProfile, staff];

describe('canOperate', () => {
  it('denies anonymous callers everything', () => {
    for (const d of TABLES as readonly TableDef[]) {
      for (const op of ['read', 'create', 'update', 'delete'] as const) expect(canOperate(null, d, op)).toBe(false);
    }
  });

  it('lets the owner mark a notification read through sync, but not through the table API', () => {
    const notifications = def(TABLE_IDS.notifications);
    for (const actor of [host, staff]) {
      expect(canOperate(actor, notifications, 'update', 'table')).toBe(false);
      expect(canOperate(actor, notifications, 'update', 'sync')).toBe(true);
      expect(canOperate(actor, notifications, 'create', 'sync')).toBe(false);
    }
    // Other route-only tables stay closed to writes through sync too.
    for (const id of [TABLE_IDS.guests, TABLE_IDS.calendar_feeds, TABLE_IDS.push_subscriptions]) {
      expect(canOperate(host, def(id), 'update', 'sync')).toBe(false);
      expect(canOperate(superAdmin, def(id), 'create', 'sync')).toBe(false);
    }
  });

  it('gives a host without a profile nothing host-owned', () => {
    expect(canOperate(hostWithoutProfile, def(TABLE_IDS.properties), 'read')).toBe(false);
    expect(canOperate(hostWithoutProfile, def(TABLE_IDS.host_profiles), 'create')).toBe(true);
  });
});

describe('field lists', () => {
  it('limits staff on tasks, hosts on their profile and owners on notifications', () => {
    expect(writePermit(staff, def(TABLE_IDS.housekeeping_tasks), 'update').fields).toEqual(STAFF_TASK_FIELDS);
    expect(writePermit(host, def(TABLE_IDS.host_profiles), 'update').fields).toEqual(HOST_PROFILE_FIELDS);
    expect(writePermit(host, def(TABLE_IDS.host_profiles), 'create').fields).toEqual(HOST_PROFILE_FIELDS);
    expect(writePermit(staff, def(TABLE_IDS.notifications), 'update', 'sync').fields).toEqual(['isRead']);
    expect(writePermit(host, def(TABLE_IDS.properties), 'update').fields).toBeNull();
    expect(writePermit(admin, def(TABLE_IDS.host_profiles), 'update').fields).toBeNull();
  });

  it('decides once whether the caller owns its new rows or names their owner', () => {
    expect(writePermit(host, def(TABLE_IDS.bookings), 'create').ownsNewRows).toBe(true);
    expect(writePermit(staff, def(TABLE_IDS.display_settings), 'create').ownsNewRows).toBe(true);
    expect(writePermit(admin, def(TABLE_IDS.bookings), 'create').ownsNewRows).toBe(false);
    expect(() => writePermit(staff, def(TABLE_IDS.bookings), 'create')).toThrow(new Forbidden('You may not create bookings'));
    expect(() => writePermit(host, def(TABLE_IDS.notifications), 'update')).toThrow(Forbidden);
  });

  it('names the first field a role may not write', () => {
    const tasks = def(TABLE_IDS.housekeeping_tasks);
    const permit = writePermit(staff, tasks, 'update');
    expect(() => assertWritable(permit, ['notes', 'task_status'])).not.toThrow();
    expect(() => assertWritable(permit, ['notes', 'cost'])).toThrow(new Forbidden('You may not change cost'));
  });
});

describe('assertRowWrite', () => {
  const usersDef = def(TABLE_IDS.users);
  it('keeps admins away from super admins', () => {
    expect(() => assertRowWrite(writePermit(admin, usersDef, 'create'), undefined, { Role: 'super_admin' })).toThrow(Forbidden);
    expect(() => assertRowWrite(writePermit(admin, usersDef, 'update'), { Role: 'super_admin' }, { Role: 'host' })).toThrow(Forbidden);
    expect(() => assertRowWrite(writePermit(admin, usersDef, 'update'), { Role: 'host' }, { Role: 'admin' })).not.toThrow();
    expect(() => assertRowWrite(writePermit(superAdmin, usersDef, 'update'), { Role: 'host' }, { Role: 'super_admin' })).not.toThrow();
  });

  it('refuses deleting oneself', () => {
    expect(() => assertRowWrite(writePermit(superAdmin, usersDef, 'delete'), { ID: superAdmin.userId, Role: 'super_admin' }, undefined)).toThrow(Forbidden);
    expect(() => assertRowWrite(writePermit(superAdmin, usersDef, 'delete'), { ID: 'someone', Role: 'host' }, undefined)).not.toThrow();
  });
});

describe('redactRow', () => {
  it('hides secret columns behind a _set flag', () => {
    const row = { id: '1', client_id: 'c', secret_key: 'cipher', access_token: null, refresh_token: '' };
    expect(redactRow(def(TABLE_IDS.channel_credentials), row)).toEqual({
      id: '1',
      client_id: 'c',
      secret_key: null,
      secret_key_set: true,
      access_token: null,
      access_token_set: false,
      refresh_token: null,
      refresh_token_set: false,
    });
    expect(row.secret_key).toBe('cipher');
  });

  it('drops password hashes and hides encrypted settings', () => {
    expect(redactRow(def(TABLE_IDS.users), { ID: 'u', password_hash: 'h' })).toEqual({ ID: 'u' });
    expect(redactRow(def(TABLE_IDS.platform_settings), { id: 's', setting_value: 'v1:x', is_encrypted: true })).toEqual({
      id: 's',
      setting_value: null,
      setting_value_set: true,
      is_encrypted: true,
    });
    const plain = { id: 's', setting_value: 'USD', is_encrypted: false };
    expect(redactRow(def(TABLE_IDS.platform_settings), plain)).toBe(plain);
  });

  it('returns rows of tables without secrets untouched', () => {
    const row = { id: 'b', total_amount: 10 };
    expect(redactRow(def(TABLE_IDS.bookings), row)).toBe(row);
  });
});

describe('scopeTemplate', () => {
  const dialect = new SQLiteSyncDialect();
  it('is the same condition as scopeWhere for every table and actor', () => {
    // The access window binds the present instant: one instant for both sides.
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z'), toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    for (const d of TABLES as readonly TableDef[]) {
      for (const actor of [...ACTORS, null]) {
        const bound = scopeWhere(actor, d);
        const template = scopeTemplate(actor, d);
        if (!bound) {
          expect(template.where).toBeUndefined();
          continue;
        }
        if (!template.where) throw new Error(`${d.name}: template lost its condition`);
        const a = dialect.sqlToQuery(bound);
        const b = dialect.sqlToQuery(template.where);
        expect(b.sql).toBe(a.sql);
        expect(b.params.map((p) => (is(p, Placeholder) ? template.values[p.name] : p))).toEqual(a.params);
      }
    }
  });

  it('keys templates by the shape of the condition, not by the actor', () => {
    const other: Actor = { ...host, userId: 'u-other', hostProfileId: 'hp-2' };
    const properties = def(TABLE_IDS.properties);
    expect(scopeTemplate(other, properties).key).toBe(scopeTemplate(host, properties).key);
    expect(scopeTemplate(other, properties).values).toEqual({ scope_hostProfileId: 'hp-2' });
    expect(scopeTemplate(staff, properties).key).not.toBe(scopeTemplate(host, properties).key);
    expect(scopeTemplate(superAdmin, properties).where).toBeUndefined();
  });

  it('keeps a template across requests (new actor objects of the same ids), and builds a new one when the ids change', () => {
    const properties = def(TABLE_IDS.properties);
    const first = scopeTemplate({ ...host }, properties);
    expect(scopeTemplate({ ...host }, properties)).toBe(first);
    const linked = scopeTemplate({ ...staff, staffIds: ['st-1', 'st-2'] }, properties);
    expect(linked).not.toBe(scopeTemplate({ ...staff }, properties));
    expect(linked.values).toEqual({ scope_staffId_0: 'st-1', scope_staffId_1: 'st-2' });
    expect(scopeKeyOf({ ...staff, staffIds: ['st-1', 'st-2'] })).not.toBe(scopeKeyOf(staff));
  });

  it("binds the access window's instant anew on each call (its condition is kept, its instant is not)", () => {
    const access = def(TABLE_IDS.property_access);
    vi.useFakeTimers({ now: new Date('2030-01-01T12:00:00Z'), toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const before = scopeTemplate({ ...staff }, access);
    expect(before.timed).toBe(true);
    expect(before.values.scope_accessNow).toBe('2030-01-01T12:00:00.000Z');
    vi.setSystemTime(new Date('2030-01-02T08:30:00Z'));
    const after = scopeTemplate({ ...staff }, access);
    expect(after.values.scope_accessNow).toBe('2030-01-02T08:30:00.000Z');
    expect(after.where).toBe(before.where);
    expect(before.values.scope_accessNow).toBe('2030-01-01T12:00:00.000Z');
  });
});
