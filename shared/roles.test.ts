import { describe, expect, it } from 'vitest';
import { normalizeRole, readRole } from './roles';

describe('normalizeRole (read literally: docs/decisions.md "Rules read literally")', () => {
  it('super_admin: contains superadmin, or equals super_admin', () => {
    expect(normalizeRole('superadmin')).toBe('super_admin');
    expect(normalizeRole('super_admin')).toBe('super_admin');
    expect(normalizeRole('Super Admin')).toBe('super_admin');
    expect(normalizeRole('SUPER-ADMIN')).toBe('super_admin');
    expect(normalizeRole('the SuperAdmin role')).toBe('super_admin');
  });

  it('an underscore is kept, so only the exact super_admin matches that branch', () => {
    // "super_admin_x" keeps its underscores: no "superadmin" in it and not equal to super_admin.
    expect(normalizeRole('super_admin_x')).toBe('admin');
    expect(normalizeRole(' super_admin ')).toBe('super_admin');
  });

  it('admin: contains admin', () => {
    expect(normalizeRole('admin')).toBe('admin');
    expect(normalizeRole('ADMIN')).toBe('admin');
    expect(normalizeRole('sysadmin')).toBe('admin');
    expect(normalizeRole('Admin 2')).toBe('admin');
  });

  it('host: contains host', () => {
    expect(normalizeRole('host')).toBe('host');
    expect(normalizeRole('Super Host')).toBe('host');
    expect(normalizeRole('co-host')).toBe('host');
  });

  it('staff: contains housekeeper or staff', () => {
    expect(normalizeRole('housekeeper')).toBe('staff');
    expect(normalizeRole('House Keeper')).toBe('staff');
    expect(normalizeRole('staff')).toBe('staff');
    expect(normalizeRole('Cleaning Staff')).toBe('staff');
  });

  it('anything else defaults to host', () => {
    expect(normalizeRole('guest')).toBe('host');
    expect(normalizeRole('')).toBe('host');
    expect(normalizeRole('   ')).toBe('host');
    expect(normalizeRole(null)).toBe('host');
    expect(normalizeRole(undefined)).toBe('host');
    expect(normalizeRole(42)).toBe('host');
    expect(normalizeRole({ role: 'admin' })).toBe('host');
    expect(normalizeRole(['admin'])).toBe('host');
  });

  it('the rules apply in order: super admin before admin, admin before host', () => {
    expect(normalizeRole('hostadmin')).toBe('admin');
    expect(normalizeRole('superadmin host')).toBe('super_admin');
    expect(normalizeRole('host staff')).toBe('host');
  });
});

describe('readRole (Role, else role)', () => {
  it('reads Role first, then role', () => {
    expect(readRole({ Role: 'admin' })).toBe('admin');
    expect(readRole({ role: 'Housekeeper' })).toBe('staff');
    expect(readRole({ Role: 'super_admin', role: 'staff' })).toBe('super_admin');
  });

  it('falls back to host when neither is there or the value is not an object', () => {
    expect(readRole({})).toBe('host');
    expect(readRole(null)).toBe('host');
    expect(readRole('admin')).toBe('host');
  });
});
