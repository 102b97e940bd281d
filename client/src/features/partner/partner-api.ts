/**
 * The channel partner's server reads and commands (online only): the platform credentials, the
 * host's connection, the syncs, stats, log, synced rentals and a property's rates. Shapes from
 * shared/api/partner.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AuthorizeUrlReplySchema,
  OauthCompleteReplySchema,
  PartnerConnectionSchema,
  PartnerCredentialsReplySchema,
  PartnerCredentialsSavedSchema,
  PartnerLogsReplySchema,
  PartnerPropertiesReplySchema,
  PartnerRatesReplySchema,
  PartnerStatsSchema,
  PartnerSyncResultSchema,
  PartnerTestReplySchema,
  type PartnerCredentialsInput,
  type PartnerSyncType,
} from '../../../../shared/api/partner';
import { apiRequestAs } from '../../api/http';

const ROOT = ['partner'] as const;
const key = (...parts: string[]) => [...ROOT, ...parts];

export function usePartnerCredentials(enabled: boolean) {
  return useQuery({ queryKey: key('credentials'), queryFn: ({ signal }) => apiRequestAs('/api/partner/credentials', PartnerCredentialsReplySchema, { method: 'GET', signal }), enabled });
}

export function usePartnerConnection(enabled: boolean) {
  return useQuery({ queryKey: key('connection'), queryFn: ({ signal }) => apiRequestAs('/api/partner/connection', PartnerConnectionSchema, { method: 'GET', signal }), enabled });
}

export function usePartnerStats(enabled: boolean) {
  return useQuery({ queryKey: key('stats'), queryFn: ({ signal }) => apiRequestAs('/api/partner/stats', PartnerStatsSchema, { method: 'GET', signal }), enabled });
}

export function usePartnerLogs(enabled: boolean, limit = 50) {
  return useQuery({ queryKey: key('logs', String(limit)), queryFn: ({ signal }) => apiRequestAs(`/api/partner/logs?limit=${limit}`, PartnerLogsReplySchema, { method: 'GET', signal }), enabled });
}

export function usePartnerProperties(enabled: boolean) {
  return useQuery({ queryKey: key('properties'), queryFn: ({ signal }) => apiRequestAs('/api/partner/properties', PartnerPropertiesReplySchema, { method: 'GET', signal }), enabled });
}

export function usePartnerRates(propertyId: string, enabled: boolean) {
  return useQuery({
    queryKey: key('rates', propertyId),
    queryFn: ({ signal }) => apiRequestAs(`/api/partner/rates?property_id=${encodeURIComponent(propertyId)}`, PartnerRatesReplySchema, { method: 'GET', signal }),
    enabled,
  });
}

export function usePartnerCommands() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ROOT });
  return {
    async saveCredentials(body: PartnerCredentialsInput) {
      const reply = await apiRequestAs('/api/partner/credentials', PartnerCredentialsSavedSchema, { body });
      await refresh();
      return reply;
    },
    async authorizeUrl(returnTo: string) {
      return (await apiRequestAs(`/api/partner/oauth/authorize-url?return_to=${encodeURIComponent(returnTo)}`, AuthorizeUrlReplySchema, { method: 'GET' })).url;
    },
    async complete(code: string, state: string) {
      const reply = await apiRequestAs('/api/partner/oauth/complete', OauthCompleteReplySchema, { body: { code, state } });
      await refresh();
      return reply;
    },
    async test() {
      return apiRequestAs('/api/partner/test', PartnerTestReplySchema, { method: 'POST' });
    },
    async disconnect() {
      const reply = await apiRequestAs('/api/partner/connection', PartnerConnectionSchema, { method: 'DELETE' });
      await refresh();
      return reply;
    },
    async sync(type: PartnerSyncType) {
      const reply = await apiRequestAs(`/api/partner/sync/${type}`, PartnerSyncResultSchema, { method: 'POST' });
      await refresh();
      return reply;
    },
  };
}
