import { createFileRoute, redirect } from '@tanstack/react-router';
import { searchOf, text } from '../lib/search-params';
import { requireUser } from '../auth/guards';
import { homePathFor } from '../auth/session';

/** The address's search (checked in the entry chunk, without zod: lib/search-params.ts). */
const linkSearch = searchOf({ taskId: text() });

/**
 * The target of notification links, `/housekeeping?taskId=`: each role is routed to
 * where it works on that task; admins, who have no task screen, go to their dashboard.
 */
export const Route = createFileRoute('/housekeeping')({
  validateSearch: linkSearch,
  beforeLoad: ({ context, location, search }) => {
    const user = requireUser(context, location);
    const taskSearch = search.taskId ? { taskId: search.taskId } : {};
    if (user.Role === 'host') throw redirect({ to: '/host/housekeeping', search: taskSearch, replace: true });
    if (user.Role === 'staff') throw redirect({ to: '/staff/tasks', search: taskSearch, replace: true });
    throw redirect({ to: homePathFor(user.Role), replace: true });
  },
});
