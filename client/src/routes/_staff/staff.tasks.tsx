import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../lib/search-params';
import { StaffTasksPage } from '../../features/staff';

export const Route = createFileRoute('/_staff/staff/tasks')({
  validateSearch: searchOf({ taskId: text() }),
  component: TasksRoute,
});

function TasksRoute() {
  const { taskId } = Route.useSearch();
  return <StaffTasksPage taskId={taskId} />;
}
