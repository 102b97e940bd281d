import { createFileRoute } from '@tanstack/react-router';
import { oneOf, searchOf, text } from '../../lib/search-params';
import { HostSubscriptionPage } from '../../features/subscription';

export const Route = createFileRoute('/_host/host/subscription')({
  // PayPal sends the payer back with subscription_id (and ba_token) after the approval.
  validateSearch: searchOf({ checkout: oneOf(['cancelled'] as const), subscription_id: text(100) }),
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const { checkout, subscription_id } = Route.useSearch();
  return <HostSubscriptionPage checkout={checkout} returned={subscription_id !== undefined} />;
}
