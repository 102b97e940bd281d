import { useNavigate } from '@tanstack/react-router';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { usePropertyNames } from '../properties/use-properties';
import { TaskDialog } from '../tasks/TaskDialog';
import { isOpen } from '../tasks/task-rules';
import { TaskCards } from './TaskCards';
import { useMyTasks } from './use-my-tasks';

export function StaffTasksPage({ taskId }: { taskId?: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const tasks = useMyTasks(user.staffId);
  const propertyNames = usePropertyNames();
  // The open task is in the address (?taskId=), so a reload, offline or not, reopens it; the row
  // is looked up live, so every change shows at once.
  const open = taskId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === taskId) ?? null) : null;
  const pick = (task: { id: string }) => void navigate({ to: '/staff/tasks', search: { taskId: task.id } });
  const close = () => void navigate({ to: '/staff/tasks', search: {}, replace: true });

  return (
    <Page title="Tasks" description="Everything assigned to you.">
      <Card>
        <DataView result={tasks} skeleton={<SkeletonRows rows={4} columns={2} />} empty={{ title: 'No tasks assigned to you', text: 'New assignments show up here and in your notifications.' }}>
          {(rows) => {
            const openTasks = rows.filter(isOpen);
            const finished = rows.filter((t) => !isOpen(t)).reverse();
            return (
              <Tabs
                label="Tasks"
                items={[
                  {
                    id: 'open',
                    label: `Open (${openTasks.length})`,
                    content: openTasks.length ? <TaskCards tasks={openTasks} propertyNames={propertyNames} onOpen={pick} /> : <EmptyState title="No open tasks" />,
                  },
                  {
                    id: 'done',
                    label: `Finished (${finished.length})`,
                    content: finished.length ? <TaskCards tasks={finished} propertyNames={propertyNames} onOpen={pick} /> : <EmptyState title="No finished tasks yet" />,
                  },
                ]}
              />
            );
          }}
        </DataView>
      </Card>
      <TaskDialog task={open} propertyName={open ? propertyNames.get(open.property_id) : undefined} canWork onClose={close} />
    </Page>
  );
}
