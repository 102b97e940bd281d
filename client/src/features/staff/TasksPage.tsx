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
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { isOpen, isOverdue, taskDay, dayOrder, PRIORITY_LABEL } from '../tasks';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n';
import { TaskCards } from './TaskCards';
import { StaffTaskDialog } from './StaffTaskDialog';
import { useMyProperties, useMyTasks } from './use-my-tasks';
import { HostFilter, useStaffHosts } from './hosts';
import './staff.css';

const WHEN: readonly { value: string; label: MessageId }[] = [
  { value: '', label: 'staff.tasks.when.any' },
  { value: 'today', label: 'staff.tasks.when.today' },
  { value: 'week', label: 'staff.tasks.when.week' },
  { value: 'overdue', label: 'staff.tasks.when.overdue' },
];

export function StaffTasksPage({ taskId }: { taskId?: string }) {
  const user = useCurrentUser();
  const t = useT();
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
  const open = taskId && tasks.status === 'success' ? (tasks.rows.find((row) => row.id === taskId) ?? null) : null;
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
    <Page title={t('staff.tasks.title')} description={hosts.many ? t('staff.tasks.descriptionManyHosts') : t('staff.tasks.description')}>
      {taskId && tasks.status === 'success' && !open ? (
        <p className="form-message form-message--info" role="status">
          {t('staff.tasks.notOnDevice')}
        </p>
      ) : null}
      <Card>
        <DataView result={tasks} skeleton={<SkeletonRows rows={4} columns={2} />} empty={{ title: t('staff.tasks.emptyTitle'), text: t('staff.tasks.emptyText') }}>
          {() => {
            const { openTasks, finished, mine } = lists ?? { openTasks: [], finished: [], mine: new Set<string>() };
            return (
              <>
                <div className="staff-filters" role="group" aria-label={t('staff.tasks.filter')}>
                  <HostFilter hosts={hosts} value={hostId} onChange={setHostId} />
                  <Select label={t('staff.tasks.when')} value={when} options={WHEN.map((o) => ({ value: o.value, label: t(o.label) }))} onChange={(e) => setWhen(e.target.value)} />
                  <Select
                    label={t('staff.tasks.property')}
                    value={propertyId}
                    options={[{ value: '', label: t('staff.tasks.allProperties') }, ...propertyList.filter((p) => mine.has(p.id) && (!hostId || p.host_id === hostId)).map((p) => ({ value: p.id, label: p.property_name }))]}
                    onChange={(e) => setPropertyId(e.target.value)}
                  />
                  <Select
                    label={t('staff.tasks.priority')}
                    value={priority}
                    options={[{ value: '', label: t('staff.tasks.anyPriority') }, ...PRIORITY_LEVELS.map((p) => ({ value: p, label: t(PRIORITY_LABEL[p]) }))]} onChange={(e) => setPriority(e.target.value)} />
                </div>
                <Tabs
                  label={t('staff.tasks.title')}
                  items={[
                    {
                      id: 'open',
                      label: t('staff.tasks.openTab', { count: openTasks.length }),
                      content: openTasks.length ? <TaskCards tasks={openTasks} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={pick} /> : <EmptyState title={t('staff.tasks.noOpen')} />,
                    },
                    {
                      id: 'done',
                      label: t('staff.tasks.finishedTab', { count: finished.length }),
                      content: finished.length ? <TaskCards tasks={finished} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={pick} /> : <EmptyState title={t('staff.tasks.noFinished')} />,
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
