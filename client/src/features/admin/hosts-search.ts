/**
 * The hosts list's state as the address holds it (routes/_admin/admin.hosts.index.tsx); a bad
 * value reads as none. On its own, and without zod, so that the route's search check brings
 * neither the page (and its styles) nor zod into the app's entry chunk.
 */
import { HOST_SORT_KEYS, type HostSort } from '../../../../shared/api/host-sorts';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '../../../../shared/enums';
import { oneOf, searchOf, text, wholeNumber } from '../../lib/search-params';

const HOST_SORTS: HostSort[] = HOST_SORT_KEYS.flatMap((k) => [k, `-${k}` as const]);

export const hostsListSearch = searchOf({
  search: text(200),
  tier: text(100),
  account_status: oneOf(ACCOUNT_STATUSES),
  subscription_status: oneOf(SUBSCRIPTION_STATUSES),
  sort: oneOf(HOST_SORTS),
  page: wholeNumber(1),
});
export type HostsListSearch = ReturnType<typeof hostsListSearch>;
