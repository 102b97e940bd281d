/**
 * The session user (shared/session.ts) and the routing rules that depend on its role: where each
 * role lands after sign-in, which area each role may enter. Without zod (the guards run in the
 * entry chunk): the schemas that read a user from the server or the store are session-schema.ts.
 */
import type { Role } from '../../../shared/enums';
import type { SessionUser } from '../../../shared/session';

export type { SessionUser };
export type { AuthResult } from './session-schema';

export type Area = 'admin' | 'host' | 'staff';

/** Who may enter each area. */
export const AREA_ROLES: Record<Area, readonly Role[]> = {
  admin: ['super_admin', 'admin'],
  host: ['host'],
  staff: ['staff'],
};

export function areaOf(role: Role): Area {
  if (role === 'super_admin' || role === 'admin') return 'admin';
  return role === 'staff' ? 'staff' : 'host';
}

/** After sign-in: admins to /admin/dashboard, hosts to /host/dashboard, staff to /staff/dashboard. */
export function homePathFor(role: Role): '/admin/dashboard' | '/host/dashboard' | '/staff/dashboard' {
  const area = areaOf(role);
  return area === 'admin' ? '/admin/dashboard' : area === 'host' ? '/host/dashboard' : '/staff/dashboard';
}

/**
 * A post-login return path, accepted only when it is a path on this origin: an absolute URL or a
 * protocol-relative `//host` would make the login page an open redirect.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  if (/^\/(login|register|setup|resetpassword|onauthsuccess)(\/|\?|$)/.test(value)) return undefined;
  return value;
}

/** Where a signed-in user goes after sign-in: the page asked for when it is in their area, else home. */
export function landingPathFor(role: Role, redirect: unknown): string {
  const target = safeRedirectPath(redirect);
  if (!target) return homePathFor(role);
  const area = /^\/(admin|host|staff)(\/|\?|$)/.exec(target)?.[1] as Area | undefined;
  if (area && !AREA_ROLES[area].includes(role)) return homePathFor(role);
  return target;
}
