import { createFileRoute, redirect } from '@tanstack/react-router';

/** The area's index redirects to its dashboard. */
export const Route = createFileRoute('/_admin/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/dashboard', replace: true });
  },
});
