/**
 * The PayPal page's server reads and commands (online only): the configuration without its
 * secret, saving it, the plan sync status and running the sync. Shapes from shared/api/paypal.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  AdminSubscriptionListSchema,
  PaypalConfigReplySchema,
  PaypalConfigViewSchema,
  PlanStatusReplySchema,
  PlanSyncReplySchema,
  SubscriptionViewSchema,
  type AdminSubscriptionList,
  type PaypalConfigReply,
  type PaypalConfigureInput,
  type PlanStatusReply,
} from '../../../../shared/api/paypal';
import { apiRequestAs } from '../../api/http';

const CONFIG_KEY = ['admin', 'paypal', 'config'] as const;
const PLANS_KEY = ['admin', 'paypal', 'plans'] as const;
const SUBSCRIPTIONS_KEY = ['admin', 'paypal', 'subscriptions'] as const;

export type SubscriptionAction = 'suspend' | 'activate' | 'cancel';
const ConfigureReply = z.object({ message: z.string(), config: PaypalConfigViewSchema });

export function usePaypalConfig(enabled: boolean) {
  return useQuery<PaypalConfigReply, Error>({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => apiRequestAs('/api/paypal/config', PaypalConfigReplySchema, { method: 'GET', signal }),
    enabled,
  });
}

export function usePaypalPlans(enabled: boolean) {
  return useQuery<PlanStatusReply, Error>({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => apiRequestAs('/api/paypal/plans', PlanStatusReplySchema, { method: 'GET', signal }),
    enabled,
  });
}

export function usePaypalSubscriptions(enabled: boolean) {
  return useQuery<AdminSubscriptionList, Error>({
    queryKey: SUBSCRIPTIONS_KEY,
    queryFn: ({ signal }) => apiRequestAs('/api/paypal/subscriptions', AdminSubscriptionListSchema, { method: 'GET', signal }),
    enabled,
  });
}

export function usePaypalCommands() {
  const client = useQueryClient();
  return {
    async configure(body: PaypalConfigureInput) {
      const reply = await apiRequestAs('/api/paypal/configure', ConfigureReply, { body });
      await client.invalidateQueries({ queryKey: CONFIG_KEY });
      return reply;
    },
    async syncPlans() {
      const reply = await apiRequestAs('/api/paypal/plans/sync', PlanSyncReplySchema, { method: 'POST' });
      client.setQueryData(PLANS_KEY, { plans: reply.plans });
      return reply;
    },
    async act(paypalSubscriptionId: string, action: SubscriptionAction, reason?: string) {
      const path = `/api/paypal/subscriptions/${encodeURIComponent(paypalSubscriptionId)}/${action}`;
      const reply = await apiRequestAs(path, SubscriptionViewSchema, reason ? { body: { reason } } : { method: 'POST' });
      await client.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
      return reply;
    },
    async revise(paypalSubscriptionId: string, tierId: string, billingCycle: 'monthly' | 'yearly') {
      const path = `/api/paypal/subscriptions/${encodeURIComponent(paypalSubscriptionId)}/revise`;
      const reply = await apiRequestAs(path, SubscriptionViewSchema.extend({ approveUrl: z.string().nullable() }), { body: { tierId, billingCycle } });
      await client.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
      return reply;
    },
  };
}
