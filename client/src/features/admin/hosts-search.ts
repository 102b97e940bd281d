/**
 * The hosts list's state as the address holds it (routes/_admin/admin.hosts.index.tsx); a bad
 * value reads as none. On its own so that the route's search check does not bring the page (and
 * its styles) into the app's entry chunk.
 */
import { z } from 'zod';
import { HOST_SORTS, type HostSort } from '../../../../shared/api/admin';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '../../../../shared/enums';

export const HostsListSearchSchema = z.object({
  search: z.string().max(200).optional().catch(undefined),
  tier: z.string().max(100).optional().catch(undefined),
  account_status: z.enum(ACCOUNT_STATUSES).optional().catch(undefined),
  subscription_status: z.enum(SUBSCRIPTION_STATUSES).optional().catch(undefined),
  sort: z.enum(HOST_SORTS as unknown as [HostSort, ...HostSort[]]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type HostsListSearch = z.infer<typeof HostsListSearchSchema>;
