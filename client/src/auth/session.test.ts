import { describe, expect, it } from 'vitest';
import { AREA_ROLES, areaOf, homePathFor, landingPathFor, safeRedirectPath } from './session';
import { SessionUserSchema } from './session-schema';

describe('landing by role after sign-in', () => {
  it('sends admins and super admins to /admin/dashboard, hosts and staff to theirs', () => {
    expect(homePathFor('super_admin')).toBe('/admin/dashboard');
    expect(homePathFor('admin')).toBe('/admin/dashboard');
    expect(homePathFor('host')).toBe('/host/dashboard');
    expect(homePathFor('staff')).toBe('/staff/dashboard');
  });

  it('lets each role into its own area only', () => {
    expect(AREA_ROLES).toEqual({ admin: ['super_admin', 'admin'], host: ['host'], staff: ['staff'] });
    expect(areaOf('admin')).toBe('admin');
    expect(areaOf('staff')).toBe('staff');
  });

  it('returns to the page asked for when it is in the user’s area', () => {
    expect(landingPathFor('host', '/host/bookings?x=1')).toBe('/host/bookings?x=1');
    expect(landingPathFor('admin', '/admin/hosts')).toBe('/admin/hosts');
    expect(landingPathFor('staff', '/housekeeping?taskId=t1')).toBe('/housekeeping?taskId=t1');
  });

  it('ignores a return path in another role’s area', () => {
    expect(landingPathFor('host', '/admin/settings')).toBe('/host/dashboard');
    expect(landingPathFor('staff', '/host')).toBe('/staff/dashboard');
    expect(landingPathFor('super_admin', '/staff/tasks')).toBe('/admin/dashboard');
  });
});

describe('safeRedirectPath', () => {
  it('accepts only paths of this origin', () => {
    expect(safeRedirectPath('/host/calendar')).toBe('/host/calendar');
    expect(safeRedirectPath('https://evil.example/')).toBeUndefined();
    expect(safeRedirectPath('//evil.example/path')).toBeUndefined();
    expect(safeRedirectPath('/\\evil.example')).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
  });

  it('never returns to an auth page (which would loop)', () => {
    expect(safeRedirectPath('/login?redirect=/x')).toBeUndefined();
    expect(safeRedirectPath('/onauthsuccess')).toBeUndefined();
    expect(safeRedirectPath('/loginhelp')).toBe('/loginhelp');
  });
});

describe('SessionUserSchema', () => {
  it('reads Role or role and normalises it', () => {
    const base = { ID: 'u1', Name: 'A', Email: 'a@example.com', CreateTime: '2025-01-01T00:00:00Z', setupCompleted: true };
    expect(SessionUserSchema.parse({ ...base, Role: 'host' }).Role).toBe('host');
    expect(SessionUserSchema.parse({ ...base, role: 'Super Admin' }).Role).toBe('super_admin');
    expect(SessionUserSchema.parse({ ...base, role: 'Housekeeper' }).Role).toBe('staff');
    expect(SessionUserSchema.parse({ ...base, Role: 'something else' }).Role).toBe('host');
  });

  it('keeps hostProfileId and staffId, and refuses a user without an e-mail', () => {
    const user = SessionUserSchema.parse({ ID: 7, Email: 'h@example.com', Role: 'host', hostProfileId: 'hp1' });
    expect(user).toEqual({ ID: '7', Name: '', Email: 'h@example.com', CreateTime: '', Role: 'host', setupCompleted: false, totpEnabled: false, hostProfileId: 'hp1' });
    expect(SessionUserSchema.safeParse({ ID: 'x', Role: 'host' }).success).toBe(false);
  });
});
