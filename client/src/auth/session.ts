/**
 * The session user (shared/session.ts) as the auth calls answer it, and the routing rules that
 * depend on its role: where each role lands after sign-in, which area each role may enter.
 */
import { z } from 'zod';
import type { Role } from '../../../shared/enums';
import { readRole } from '../../../shared/roles';
import type { SessionUser } from '../../../shared/session';

export type { SessionUser };

/** The role is read from `Role` or `role`, then normalised (shared/roles.ts). */
export const SessionUserSchema: z.ZodType<SessionUser> = z
  .looseObject({
    ID: z.union([z.string(), z.number()]).transform(String),
    Name: z.string().default(''),
    Email: z.string(),
    CreateTime: z.string().default(''),
    setupCompleted: z.boolean().default(false),
    totpEnabled: z.boolean().default(false),
    hostProfileId: z.string().optional(),
    staffId: z.string().optional(),
    staffHosts: z.array(z.object({ staffId: z.string(), hostProfileId: z.string(), hostName: z.string() })).optional(),
  })
  .transform((raw) => {
    const user: SessionUser = {
      ID: raw.ID,
      Name: raw.Name,
      Email: raw.Email,
      CreateTime: raw.CreateTime,
      Role: readRole(raw),
      setupCompleted: raw.setupCompleted,
      totpEnabled: raw.totpEnabled,
    };
    if (raw.hostProfileId) user.hostProfileId = raw.hostProfileId;
    if (raw.staffId) user.staffId = raw.staffId;
    if (raw.staffHosts) user.staffHosts = raw.staffHosts;
    return user;
  });

export const AuthResultSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;

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
