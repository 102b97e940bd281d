import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HostSubscriptionPage } from '../../features/subscription';

export const Route = createFileRoute('/_host/host/subscription')({
  validateSearch: z.object({ checkout: z.literal('cancelled').optional() }),
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const { checkout } = Route.useSearch();
  return <HostSubscriptionPage checkout={checkout} />;
}
