import { useState } from 'react';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { DataView } from '../../components/data-view';
import { EmptyState } from '../../components/ui/States';
import { usePropertyNames } from '../properties/use-properties';
import { TaskDialog } from '../tasks/TaskDialog';
import { isOpen, taskDay } from '../tasks/task-rules';
import { TaskCards } from './TaskCards';
import { useMyTasks } from './use-my-tasks';
import { addDays } from '../../../../shared/format/dates';

const SCHEDULE_DAYS = 14;

export function StaffSchedulePage() {
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

  return (
    <Page title="Schedule" description={`Your open tasks for the next ${SCHEDULE_DAYS} days, day by day.`}>
      <DataView result={tasks} empty={{ title: 'Nothing scheduled', text: 'Tasks assigned to you appear on the day they are planned.' }}>
        {(rows) => {
          const upcoming = rows.filter(isOpen);
          const days = Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i));
          const withTasks = days.map((day) => ({ day, tasks: upcoming.filter((t) => taskDay(t, tz) === day) })).filter((d) => d.tasks.length);
          if (withTasks.length === 0) return <EmptyState title={`No open tasks in the next ${SCHEDULE_DAYS} days`} />;
          return withTasks.map(({ day, tasks: list }) => (
            <Card key={day}>
              <CardHeader title={day === today ? `Today · ${format.date(day)}` : format.date(day)} description={`${list.length} ${list.length === 1 ? 'task' : 'tasks'}`} />
              <TaskCards tasks={list} propertyNames={propertyNames} onOpen={setOpen} />
            </Card>
          ));
        }}
      </DataView>
      <TaskDialog task={open} propertyName={open ? propertyNames.get(open.property_id) : undefined} canWork onClose={() => setOpen(null)} />
    </Page>
  );
}
