/**
 * Everything assigned to the housekeeper, open and finished, with filters (when, property,
 * priority). The open task is in the address (?taskId=), so a reload, offline or not, reopens it,
 * and a notification link lands here.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { PRIORITY_LEVELS } from '../../../../shared/enums';
import { addDays } from '../../../../shared/format/dates';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card } from '../../components/ui/Card';
import { Tabs } from '../../components/ui/Tabs';
import { Select } from '../../components/ui/Input';
import { humanize } from '../../components/ui/Badge';
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { isOpen, isOverdue, taskDay, dayOrder } from '../tasks';
import { TaskCards } from './TaskCards';
import { StaffTaskDialog } from './StaffTaskDialog';
import { useMyProperties, useMyTasks } from './use-my-tasks';
import { HostFilter, useStaffHosts } from './hosts';
import './staff.css';

const WHEN = [
  { value: '', label: 'Any day' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Next 7 days' },
  { value: 'overdue', label: 'Overdue' },
] as const;

export function StaffTasksPage({ taskId }: { taskId?: string }) {
  const user = useCurrentUser();
  const format = useFormat();
  const tz = format.settings.timezone;
  const navigate = useNavigate();
  const hosts = useStaffHosts(user);
  const tasks = useMyTasks(hosts.staffIds);
  const [hostId, setHostId] = useState('');
  const properties = useMyProperties();
  const propertyList = useMemo(() => properties.rows ?? [], [properties.rows]);
  const propertyNames = useMemo(() => new Map(propertyList.map((p) => [p.id, p.property_name])), [propertyList]);
  const [when, setWhen] = useState('');
  const [propertyId, setPropertyId] = useState('');
  const [priority, setPriority] = useState('');
  const open = taskId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === taskId) ?? null) : null;
  // Stable: the cards are memoised on their props.
  const pick = useCallback((task: { id: string }) => void navigate({ to: '/staff/tasks', search: { taskId: task.id } }), [navigate]);
  const close = () => void navigate({ to: '/staff/tasks', search: {}, replace: true });

  const today = format.today();
  const minute = Math.floor(Date.now() / 60_000);
  // Worked out once per change of the tasks or the filters (each tick of a checklist item is one),
  // not on every render: the day of each task is parsed in the user's timezone.
  const lists = useMemo(() => {
    if (tasks.status !== 'success') return null;
    const weekEnd = addDays(today, 6);
    const now = new Date();
    const days = new Map(tasks.rows.map((t) => [t.id, taskDay(t, tz)]));
    const dayOf = (t: { id: string }) => days.get(t.id) ?? null;
    const filtered = tasks.rows.filter((t) => {
      if (hostId && t.host_id !== hostId) return false;
      if (propertyId && t.property_id !== propertyId) return false;
      if (priority && t.priority_level !== priority) return false;
      const day = dayOf(t);
      if (when === 'today' && day !== today) return false;
      if (when === 'week' && (!day || day < today || day > weekEnd)) return false;
      if (when === 'overdue' && !isOverdue(t, now, tz)) return false;
      return true;
    });
    const openTasks = dayOrder(filtered.filter(isOpen), tz).sort((a, b) => (dayOf(a) ?? '9999').localeCompare(dayOf(b) ?? '9999'));
    const finished = filtered.filter((t) => !isOpen(t)).reverse();
    return { openTasks, finished, mine: new Set(tasks.rows.map((t) => t.property_id)) };
    // `minute`: the overdue filter moves with the clock.
  }, [tasks.status, tasks.rows, hostId, propertyId, priority, when, today, tz, minute]);

  return (
    <Page title="Tasks" description={hosts.many ? 'Everything assigned to you, by every host you work for.' : 'Everything assigned to you.'}>
      {taskId && tasks.status === 'success' && !open ? (
        <p className="form-message form-message--info" role="status">
          That task is not on this device: it may have been reassigned or removed, or it has not synced yet.
        </p>
      ) : null}
      <Card>
        <DataView result={tasks} skeleton={<SkeletonRows rows={4} columns={2} />} empty={{ title: 'No tasks assigned to you', text: 'New assignments show up here and in your notifications.' }}>
          {() => {
            const { openTasks, finished, mine } = lists ?? { openTasks: [], finished: [], mine: new Set<string>() };
            return (
              <>
                <div className="staff-filters" role="group" aria-label="Filter tasks">
                  <HostFilter hosts={hosts} value={hostId} onChange={setHostId} />
                  <Select label="When" value={when} options={WHEN} onChange={(e) => setWhen(e.target.value)} />
                  <Select
                    label="Property"
                    value={propertyId}
                    options={[{ value: '', label: 'All properties' }, ...propertyList.filter((p) => mine.has(p.id) && (!hostId || p.host_id === hostId)).map((p) => ({ value: p.id, label: p.property_name }))]}
                    onChange={(e) => setPropertyId(e.target.value)}
                  />
                  <Select label="Priority" value={priority} options={[{ value: '', label: 'Any priority' }, ...PRIORITY_LEVELS.map((p) => ({ value: p, label: humanize(p) }))]} onChange={(e) => setPriority(e.target.value)} />
                </div>
                <Tabs
                  label="Tasks"
                  items={[
                    {
                      id: 'open',
                      label: `Open (${openTasks.length})`,
                      content: openTasks.length ? <TaskCards tasks={openTasks} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={pick} /> : <EmptyState title="No open tasks" />,
                    },
                    {
                      id: 'done',
                      label: `Finished (${finished.length})`,
                      content: finished.length ? <TaskCards tasks={finished} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={pick} /> : <EmptyState title="No finished tasks yet" />,
                    },
                  ]}
                />
              </>
            );
          }}
        </DataView>
      </Card>
      <StaffTaskDialog task={open} properties={propertyList} hostLabel={hosts.labelOf} onClose={close} />
    </Page>
  );
}
