import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { usePropertyNames } from '../properties/use-properties';
import { TaskDialog } from '../tasks/TaskDialog';
import { isOpen, isOverdue, taskDay } from '../tasks/task-rules';
import { TaskCards } from './TaskCards';
import { useMyTasks } from './use-my-tasks';

export function StaffDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const tz = format.settings.timezone;
  const today = format.today();
  const tasks = useMyTasks(user.staffId);
  const propertyNames = usePropertyNames();
  const [openId, setOpenId] = useState<string | null>(null);
  // Looked up live, so the dialog shows each change as it is made.
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === openId) ?? null) : null;
  const setOpen = (task: Task | null) => setOpenId(task?.id ?? null);

  let body;
  if (tasks.status === 'error') body = <ErrorState error={tasks.error} onRetry={tasks.retry} />;
  else if (tasks.status === 'loading') body = <SkeletonStats count={3} />;
  else {
    const now = new Date();
    const openTasks = tasks.rows.filter(isOpen);
    const todays = openTasks.filter((t) => taskDay(t, tz) === today);
    const overdue = openTasks.filter((t) => isOverdue(t, now, tz));
    body = (
      <>
        <div className="stat-grid">
          <StatCard label="Today" value={todays.length} tone="accent" hint="open tasks planned today" />
          <StatCard label="Overdue" value={overdue.length} tone={overdue.length ? 'danger' : 'default'} />
          <StatCard label="In progress" value={openTasks.filter((t) => t.task_status === 'in_progress').length} />
        </div>
        <Card>
          <CardHeader
            title="Today's tasks"
            actions={
              <Link to="/staff/tasks" className="text-link">
                All tasks
              </Link>
            }
          />
          {todays.length === 0 ? (
            <EmptyState title="Nothing planned for today">Enjoy the quiet, or check your schedule for the days ahead.</EmptyState>
          ) : (
            <TaskCards tasks={todays} propertyNames={propertyNames} onOpen={setOpen} />
          )}
        </Card>
        {overdue.length ? (
          <Card>
            <CardHeader title="Overdue" />
            <TaskCards tasks={overdue} propertyNames={propertyNames} onOpen={setOpen} />
          </Card>
        ) : null}
      </>
    );
  }

  return (
    <Page title="Today" description={`Hello ${user.Name || user.Email}. ${format.date(today)}.`}>
      {body}
      <TaskDialog task={open} propertyName={open ? propertyNames.get(open.property_id) : undefined} canWork onClose={() => setOpen(null)} />
    </Page>
  );
}
