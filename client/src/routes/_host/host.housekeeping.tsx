import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../lib/search-params';
import { HostHousekeepingPage } from '../../features/housekeeping';

export const Route = createFileRoute('/_host/host/housekeeping')({
  validateSearch: searchOf({ taskId: text() }),
  component: HousekeepingRoute,
});

function HousekeepingRoute() {
  const { taskId } = Route.useSearch();
  return <HostHousekeepingPage taskId={taskId} />;
}
