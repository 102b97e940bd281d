/** The navigation of each area: every page under its layout route (routes/_admin, _host, _staff). */
import type { LinkProps } from '@tanstack/react-router';
import type { Role } from '../../../../shared/enums';
import type { IconName } from '../icons';

/** `roles`: shown only to these roles of the area (the server refuses the others anyway). */
export type NavItem = { to: NonNullable<LinkProps['to']>; label: string; icon: IconName; roles?: readonly Role[] };

/** The items of an area's navigation that this role sees. */
export function navFor(items: readonly NavItem[], role: Role): readonly NavItem[] {
  return items.filter((item) => !item.roles || item.roles.includes(role));
}

export const ADMIN_NAV: readonly NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { to: '/admin/hosts', label: 'Hosts', icon: 'users' },
  { to: '/admin/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/admin/subscriptions', label: 'Subscriptions', icon: 'layers' },
  { to: '/admin/billings', label: 'Billings', icon: 'card' },
  { to: '/admin/tokeet', label: 'Tokeet', icon: 'link' },
  { to: '/admin/paypal', label: 'PayPal', icon: 'plug' },
  { to: '/admin/settings', label: 'Settings', icon: 'settings' },
  { to: '/admin/audit-log', label: 'Audit log', icon: 'tasks' },
  { to: '/admin/mail', label: 'E-mail', icon: 'inbox' },
  { to: '/admin/admins', label: 'Admins', icon: 'shield', roles: ['super_admin'] },
  { to: '/admin/profile', label: 'Profile', icon: 'user' },
];

export const HOST_NAV: readonly NavItem[] = [
  { to: '/host/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { to: '/host/properties', label: 'Properties', icon: 'building' },
  { to: '/host/bookings', label: 'Bookings', icon: 'booking' },
  { to: '/host/calendar', label: 'Calendar', icon: 'calendar' },
  { to: '/host/channels', label: 'Channels', icon: 'link' },
  { to: '/host/guests', label: 'Guests', icon: 'users' },
  { to: '/host/inbox', label: 'Inbox', icon: 'inbox' },
  { to: '/host/housekeeping', label: 'Housekeeping', icon: 'broom' },
  { to: '/host/finances', label: 'Finances', icon: 'money' },
  { to: '/host/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/host/subscription', label: 'Subscription', icon: 'layers' },
  { to: '/host/profile', label: 'Profile', icon: 'user' },
];

export const STAFF_NAV: readonly NavItem[] = [
  { to: '/staff/dashboard', label: 'Today', icon: 'home' },
  { to: '/staff/tasks', label: 'Tasks', icon: 'tasks' },
  { to: '/staff/schedule', label: 'Schedule', icon: 'clock' },
  { to: '/staff/properties', label: 'Properties', icon: 'building' },
  { to: '/staff/profile', label: 'Profile', icon: 'user' },
];
