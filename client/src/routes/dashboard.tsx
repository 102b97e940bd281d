import { createFileRoute, redirect } from '@tanstack/react-router';

/** /dashboard redirects to /host/dashboard (whose guard routes other roles home). */
export const Route = createFileRoute('/dashboard')({
  beforeLoad: () => {
    throw redirect({ to: '/host/dashboard', replace: true });
  },
});
