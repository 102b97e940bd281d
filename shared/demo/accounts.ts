/** The demo accounts (listed in the top-level README.md), all with the password DEMO_PASSWORD. */
import type { Role } from '../enums';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: Role }[] = [
  { email: 'superadmin@example.com', name: 'Sam Super', role: 'super_admin' },
  { email: 'host@example.com', name: 'Harper Lane', role: 'host' },
  { email: 'housekeeper@example.com', name: 'Maria Lopez', role: 'staff' },
];
