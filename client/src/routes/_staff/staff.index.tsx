import { createFileRoute, redirect } from '@tanstack/react-router';

/** The area's index redirects to its dashboard. */
export const Route = createFileRoute('/_staff/staff/')({
  beforeLoad: () => {
    throw redirect({ to: '/staff/dashboard', replace: true });
  },
});
