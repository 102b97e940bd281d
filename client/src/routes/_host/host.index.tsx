import { createFileRoute, redirect } from '@tanstack/react-router';

/** The area's index redirects to its dashboard. */
export const Route = createFileRoute('/_host/host/')({
  beforeLoad: () => {
    throw redirect({ to: '/host/dashboard', replace: true });
  },
});
