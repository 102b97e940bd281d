import { Link } from '@tanstack/react-router';
import { addDays } from '../../../../shared/format/dates';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { BookingsTable } from '../bookings/BookingsTable';
import { TasksTable } from '../tasks/TasksTable';
import { usePropertyNames, useProperties } from '../properties/use-properties';
import { useState } from 'react';
import type { Task } from '../../data/tables';
import { TaskDialog } from '../tasks/TaskDialog';

export function HostDashboardPage() {
  const user = useCurrentUser();
  const format = useFormat();
  const today = format.today();
  const weekAhead = addDays(today, 7);
  const propertyNames = usePropertyNames();
  const properties = useProperties();
  const [openTask, setOpenTask] = useState<Task | null>(null);

  const arrivals = useRows(TABLE.bookings, {
    PageSize: 50,
    OrderByField: 'check_in_date',
    IsAsc: true,
    Filters: [
      { name: 'check_in_date', op: 'GreaterThanOrEqual', value: today },
      { name: 'check_in_date', op: 'LessThan', value: weekAhead },
      { name: 'booking_status', op: 'NotEqual', value: 'cancelled' },
    ],
  });
  const departuresToday = useRows(TABLE.bookings, {
    PageSize: 1,
    Filters: [
      { name: 'check_out_date', op: 'Equal', value: today },
      { name: 'booking_status', op: 'NotEqual', value: 'cancelled' },
    ],
  });
  const openTasks = useRows(TABLE.housekeeping_tasks, {
    PageSize: 20,
    OrderByField: 'due_date',
    IsAsc: true,
    Filters: [{ name: 'task_status', op: 'In', value: ['pending', 'in_progress'] }],
  });

  const stats = [properties, arrivals, departuresToday, openTasks];
  const failed = stats.find((s) => s.status === 'error');
  const arrivalsToday = arrivals.status === 'success' ? arrivals.rows.filter((b) => b.check_in_date === today).length : 0;

  return (
    <Page title="Dashboard" description={`Good to see you, ${user.Name || user.Email}. Here is what is happening at your properties.`}>
      {failed?.status === 'error' ? (
        <ErrorState error={failed.error} onRetry={failed.retry} />
      ) : properties.status === 'success' && arrivals.status === 'success' && departuresToday.status === 'success' && openTasks.status === 'success' ? (
        <div className="stat-grid">
          <StatCard label="Properties" value={properties.total} />
          <StatCard label="Check-ins today" value={arrivalsToday} tone="accent" />
          <StatCard label="Check-outs today" value={departuresToday.total} />
          <StatCard label="Open housekeeping tasks" value={openTasks.total} tone={openTasks.rows.some((t) => t.priority_level === 'urgent') ? 'danger' : 'default'} />
        </div>
      ) : (
        <SkeletonStats />
      )}

      <div className="grid-2">
        <Card>
          <CardHeader
            title="Arrivals this week"
            description="Check-ins over the next 7 days"
            actions={
              <Link to="/host/bookings" className="text-link">
                All bookings
              </Link>
            }
          />
          <DataView result={arrivals} empty={{ title: 'No arrivals in the next 7 days' }}>
            {(rows) => <BookingsTable bookings={rows} propertyNames={propertyNames} caption="Arrivals this week" compact />}
          </DataView>
        </Card>
        <Card>
          <CardHeader
            title="Open tasks"
            description="Pending and in-progress housekeeping, by due date"
            actions={
              <Link to="/host/housekeeping" className="text-link">
                Housekeeping
              </Link>
            }
          />
          <DataView result={openTasks} empty={{ title: 'No open tasks', text: 'Every housekeeping task is done.' }}>
            {(rows) => <TasksTable tasks={rows} propertyNames={propertyNames} caption="Open tasks" onOpen={setOpenTask} compact />}
          </DataView>
        </Card>
      </div>
      <TaskDialog task={openTask} propertyName={openTask ? propertyNames.get(openTask.property_id) : undefined} onClose={() => setOpenTask(null)} />
    </Page>
  );
}
