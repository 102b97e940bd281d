/**
 * The pages of each area's navigation as plain data (path, the name's message id, icon, roles):
 * what scripts and tests outside the client's build (scripts/lighthouse.ts) can import, since it
 * loads no catalog. nav.ts gives each entry its name in the active language.
 */
import type { LinkProps } from '@tanstack/react-router';
import type { Role } from '../../../../shared/enums';
import type { IconName } from '../icons';
import type { MessageId } from '../../i18n/message-ids';

/** `roles`: shown only to these roles of the area (the server refuses the others anyway). */
export type NavEntry = { to: NonNullable<LinkProps['to']>; labelId: MessageId; icon: IconName; roles?: readonly Role[] };

function entry(to: NavEntry['to'], labelId: MessageId, icon: IconName, roles?: readonly Role[]): NavEntry {
  return { to, labelId, icon, ...(roles ? { roles } : {}) };
}

/** The entries of an area's navigation that this role sees. */
export function navFor<T extends { roles?: readonly Role[] }>(items: readonly T[], role: Role): readonly T[] {
  return items.filter((item) => !item.roles || item.roles.includes(role));
}

export const ADMIN_ENTRIES: readonly NavEntry[] = [
  entry('/admin/dashboard', 'nav.dashboard', 'dashboard'),
  entry('/admin/hosts', 'nav.hosts', 'users'),
  entry('/admin/analytics', 'nav.analytics', 'chart'),
  entry('/admin/subscriptions', 'nav.subscriptions', 'layers'),
  entry('/admin/billings', 'nav.billings', 'card'),
  entry('/admin/tokeet', 'nav.tokeet', 'link'),
  entry('/admin/paypal', 'nav.paypal', 'plug'),
  entry('/admin/settings', 'nav.settings', 'settings'),
  entry('/admin/audit-log', 'nav.auditLog', 'tasks'),
  entry('/admin/mail', 'nav.email', 'inbox'),
  entry('/admin/admins', 'nav.admins', 'shield', ['super_admin']),
  entry('/admin/profile', 'nav.profile', 'user'),
];

export const HOST_ENTRIES: readonly NavEntry[] = [
  entry('/host/dashboard', 'nav.dashboard', 'dashboard'),
  entry('/host/properties', 'nav.properties', 'building'),
  entry('/host/bookings', 'nav.bookings', 'booking'),
  entry('/host/calendar', 'nav.calendar', 'calendar'),
  entry('/host/channels', 'nav.channels', 'link'),
  entry('/host/guests', 'nav.guests', 'users'),
  entry('/host/inbox', 'nav.inbox', 'inbox'),
  entry('/host/housekeeping', 'nav.housekeeping', 'broom'),
  entry('/host/finances', 'nav.finances', 'money'),
  entry('/host/analytics', 'nav.analytics', 'chart'),
  entry('/host/subscription', 'nav.subscription', 'layers'),
  entry('/host/profile', 'nav.profile', 'user'),
];

export const STAFF_ENTRIES: readonly NavEntry[] = [
  entry('/staff/dashboard', 'nav.today', 'home'),
  entry('/staff/tasks', 'nav.tasks', 'tasks'),
  entry('/staff/schedule', 'nav.schedule', 'clock'),
  entry('/staff/properties', 'nav.properties', 'building'),
  entry('/staff/profile', 'nav.profile', 'user'),
];
