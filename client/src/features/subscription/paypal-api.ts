/**
 * The host's PayPal subscription, read and changed on the server (online only): its record, its
 * payments and next billing date, subscribing (the answer is PayPal's approve link) and
 * cancelling. Shapes from shared/api/paypal.ts.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MySubscriptionReplySchema, SubscribeReplySchema, SubscriptionViewSchema, type MySubscriptionReply } from '../../../../shared/api/paypal';
import type { BILLING_CYCLES } from '../../../../shared/enums';
import { apiRequestAs } from '../../api/http';

export type BillingCycle = (typeof BILLING_CYCLES)[number];
const KEY = ['host', 'paypal', 'subscription'] as const;
/** While PayPal has not confirmed an approval, look again this often (its webhook sets ACTIVE). */
export const PENDING_POLL_MS = 5000;

export function useMySubscription(enabled: boolean) {
  return useQuery<MySubscriptionReply, Error>({
    queryKey: KEY,
    queryFn: ({ signal }) => apiRequestAs('/api/paypal/subscription', MySubscriptionReplySchema, { method: 'GET', signal }),
    enabled,
    refetchInterval: (query) => (query.state.data?.subscription?.subscription_status === 'APPROVAL_PENDING' ? PENDING_POLL_MS : false),
  });
}

export function useSubscriptionCommands() {
  const client = useQueryClient();
  return {
    subscribe: (tierId: string, billingCycle: BillingCycle) => apiRequestAs('/api/paypal/subscriptions', SubscribeReplySchema, { body: { tierId, billingCycle } }),
    async cancel(paypalSubscriptionId: string) {
      const reply = await apiRequestAs(`/api/paypal/subscriptions/${encodeURIComponent(paypalSubscriptionId)}/cancel`, SubscriptionViewSchema, { method: 'POST' });
      await client.invalidateQueries({ queryKey: KEY });
      return reply;
    },
  };
}

/** Is a subscription in this status still running (so that another may not be started)? */
export function isRunning(status: string | undefined): boolean {
  return status === 'ACTIVE' || status === 'SUSPENDED';
}
