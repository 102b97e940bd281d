/** The navigation of each area: every page under its layout route (routes/_admin, _host, _staff). */
import type { LinkProps } from '@tanstack/react-router';
import type { Role } from '../../../../shared/enums';
import type { IconName } from '../icons';
import { t, type MessageId } from '../../i18n';

/**
 * `labelId`: the item's name in the catalogs (common); `label` reads it in the active language.
 * `roles`: shown only to these roles of the area (the server refuses the others anyway).
 */
export type NavItem = { to: NonNullable<LinkProps['to']>; labelId: MessageId; readonly label: string; icon: IconName; roles?: readonly Role[] };

function item(to: NavItem['to'], labelId: MessageId, icon: IconName, roles?: readonly Role[]): NavItem {
  return {
    to,
    labelId,
    icon,
    ...(roles ? { roles } : {}),
    get label() {
      return t(labelId);
    },
  };
}

/** The items of an area's navigation that this role sees. */
export function navFor(items: readonly NavItem[], role: Role): readonly NavItem[] {
  return items.filter((item) => !item.roles || item.roles.includes(role));
}

export const ADMIN_NAV: readonly NavItem[] = [
  item('/admin/dashboard', 'nav.dashboard', 'dashboard'),
  item('/admin/hosts', 'nav.hosts', 'users'),
  item('/admin/analytics', 'nav.analytics', 'chart'),
  item('/admin/subscriptions', 'nav.subscriptions', 'layers'),
  item('/admin/billings', 'nav.billings', 'card'),
  item('/admin/tokeet', 'nav.tokeet', 'link'),
  item('/admin/paypal', 'nav.paypal', 'plug'),
  item('/admin/settings', 'nav.settings', 'settings'),
  item('/admin/audit-log', 'nav.auditLog', 'tasks'),
  item('/admin/mail', 'nav.email', 'inbox'),
  item('/admin/admins', 'nav.admins', 'shield', ['super_admin']),
  item('/admin/profile', 'nav.profile', 'user'),
];

export const HOST_NAV: readonly NavItem[] = [
  item('/host/dashboard', 'nav.dashboard', 'dashboard'),
  item('/host/properties', 'nav.properties', 'building'),
  item('/host/bookings', 'nav.bookings', 'booking'),
  item('/host/calendar', 'nav.calendar', 'calendar'),
  item('/host/channels', 'nav.channels', 'link'),
  item('/host/guests', 'nav.guests', 'users'),
  item('/host/inbox', 'nav.inbox', 'inbox'),
  item('/host/housekeeping', 'nav.housekeeping', 'broom'),
  item('/host/finances', 'nav.finances', 'money'),
  item('/host/analytics', 'nav.analytics', 'chart'),
  item('/host/subscription', 'nav.subscription', 'layers'),
  item('/host/profile', 'nav.profile', 'user'),
];

export const STAFF_NAV: readonly NavItem[] = [
  item('/staff/dashboard', 'nav.today', 'home'),
  item('/staff/tasks', 'nav.tasks', 'tasks'),
  item('/staff/schedule', 'nav.schedule', 'clock'),
  item('/staff/properties', 'nav.properties', 'building'),
  item('/staff/profile', 'nav.profile', 'user'),
];
