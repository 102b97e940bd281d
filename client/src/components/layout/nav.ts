/** The navigation of each area: every page under its layout route (routes/_admin, _host, _staff). */
import { t, type MessageId } from '../../i18n';
import { ADMIN_ENTRIES, HOST_ENTRIES, STAFF_ENTRIES, type NavEntry } from './nav-items';

export { navFor } from './nav-items';

/** An entry of nav-items.ts; `label` reads its name in the active language. */
export type NavItem = NavEntry & { labelId: MessageId; readonly label: string };

function withLabel(entry: NavEntry): NavItem {
  return {
    ...entry,
    get label() {
      return t(entry.labelId);
    },
  };
}

export const ADMIN_NAV: readonly NavItem[] = ADMIN_ENTRIES.map(withLabel);
export const HOST_NAV: readonly NavItem[] = HOST_ENTRIES.map(withLabel);
export const STAFF_NAV: readonly NavItem[] = STAFF_ENTRIES.map(withLabel);
