import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HostSubscriptionPage } from '../../features/subscription';

export const Route = createFileRoute('/_host/host/subscription')({
  // PayPal sends the payer back with subscription_id (and ba_token) after the approval.
  validateSearch: z.object({ checkout: z.literal('cancelled').optional(), subscription_id: z.string().max(100).optional() }),
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const { checkout, subscription_id } = Route.useSearch();
  return <HostSubscriptionPage checkout={checkout} returned={subscription_id !== undefined} />;
}
