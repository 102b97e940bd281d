import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../shared/demo/accounts';
import type { Role } from '../../../shared/enums';

export { DEMO_PASSWORD };

export function demoEmail(role: Role): string {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account with role ${role}`);
  return account.email;
}

/** Where each role lands after sign-in. */
export const HOME_BY_ROLE = {
  super_admin: '/admin/dashboard',
  admin: '/admin/dashboard',
  host: '/host/dashboard',
  staff: '/staff/dashboard',
} as const;
