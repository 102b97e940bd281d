import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { StaffTasksPage } from '../../features/staff';

export const Route = createFileRoute('/_staff/staff/tasks')({
  validateSearch: z.object({ taskId: z.string().optional() }),
  component: TasksRoute,
});

function TasksRoute() {
  const { taskId } = Route.useSearch();
  return <StaffTasksPage taskId={taskId} />;
}
