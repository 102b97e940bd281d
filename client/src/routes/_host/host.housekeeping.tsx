import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HostHousekeepingPage } from '../../features/housekeeping';

export const Route = createFileRoute('/_host/host/housekeeping')({
  validateSearch: z.object({ taskId: z.string().optional() }),
  component: HousekeepingRoute,
});

function HousekeepingRoute() {
  const { taskId } = Route.useSearch();
  return <HostHousekeepingPage taskId={taskId} />;
}
