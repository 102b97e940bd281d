import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireUser } from '../auth/guards';
import { homePathFor } from '../auth/session';

/**
 * The payment provider's cancel return URL (no screen of its own): the host lands on
 * the subscription page, which says that the checkout was cancelled.
 */
export const Route = createFileRoute('/subscription/cancelled')({
  beforeLoad: ({ context, location }) => {
    const user = requireUser(context, location);
    if (user.Role === 'host') throw redirect({ to: '/host/subscription', search: { checkout: 'cancelled' }, replace: true });
    throw redirect({ to: homePathFor(user.Role), replace: true });
  },
});
