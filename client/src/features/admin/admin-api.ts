/**
 * The admin console's server reads and commands (online only: admins act on the server's data,
 * not the device's copy): the hosts list and a host's page, the plan and status of a host, and the
 * admins a super admin manages. Shapes from shared/api/admin.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminListReplySchema,
  AdminUserSchema,
  HostDetailSchema,
  HostListReplySchema,
  type AdminInviteBody,
  type AdminUser,
  type HostDetail,
  type HostListQuery,
  type HostListReply,
} from '../../../../shared/api/admin';
import type { ACCOUNT_STATUSES } from '../../../../shared/enums';
import { apiRequestAs } from '../../api/http';

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const HOSTS_KEY = ['admin', 'hosts'] as const;
const ADMINS_KEY = ['admin', 'admins'] as const;

export function hostListUrl(query: HostListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return `/api/admin/hosts${text ? `?${text}` : ''}`;
}

export function useHostList(query: HostListQuery) {
  return useQuery<HostListReply, Error>({
    queryKey: [...HOSTS_KEY, 'list', query],
    queryFn: ({ signal }) => apiRequestAs(hostListUrl(query), HostListReplySchema, { signal }),
    // The page being replaced stays on screen while the next one loads (no flash of a skeleton).
    placeholderData: (previous) => previous,
  });
}

export function useHostDetail(hostId: string) {
  return useQuery<HostDetail, Error>({
    queryKey: [...HOSTS_KEY, 'detail', hostId],
    queryFn: ({ signal }) => apiRequestAs(`/api/admin/hosts/${encodeURIComponent(hostId)}`, HostDetailSchema, { signal }),
  });
}

const HostProfileReply = z.looseObject({ id: z.string(), subscription_tier: z.string(), commission_rate: z.number(), account_status: z.string() });

/** The commands on a host; each refreshes the lists and pages that show it. */
export function useHostCommands() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: HOSTS_KEY });
  return {
    async changePlan(hostId: string, body: { tier: string; commission_rate?: number }) {
      const reply = await apiRequestAs(`/api/admin/hosts/${encodeURIComponent(hostId)}/plan`, HostProfileReply, { body });
      await refresh();
      return reply;
    },
    async changeStatus(hostId: string, account_status: AccountStatus) {
      const reply = await apiRequestAs(`/api/admin/hosts/${encodeURIComponent(hostId)}/status`, HostProfileReply, { body: { account_status } });
      await refresh();
      return reply;
    },
  };
}

export function useAdmins(enabled: boolean) {
  return useQuery<AdminUser[], Error>({
    queryKey: ADMINS_KEY,
    queryFn: async ({ signal }) => (await apiRequestAs('/api/admin/admins', AdminListReplySchema, { signal })).rows,
    enabled,
  });
}

export function useAdminCommands() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ADMINS_KEY });
  return {
    async invite(body: AdminInviteBody) {
      const admin = await apiRequestAs('/api/admin/admins/invite', AdminUserSchema, { body });
      await refresh();
      return admin;
    },
    async setActive(userId: string, active: boolean) {
      const admin = await apiRequestAs(`/api/admin/admins/${encodeURIComponent(userId)}/status`, AdminUserSchema, { body: { active } });
      await refresh();
      return admin;
    },
  };
}
