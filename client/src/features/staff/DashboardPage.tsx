/**
 * The housekeeper's day, for a phone held in one hand: the progress of the day, the
 * next task first with one large button to start or continue it, then the rest of today in the
 * order to work it, then anything overdue. Everything reads the device's store: offline it works.
 */
import { useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { Task } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card, CardHeader } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { SkeletonStats } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { isOpen, isOverdue, taskDay, dayOrder, dayProgress, taskSlot, timeOf } from '../tasks';
import { TaskCards } from './TaskCards';
import { StaffTaskDialog } from './StaffTaskDialog';
import { useMyProperties, useMyTasks } from './use-my-tasks';
import { HostFilter, HostLabel, useHostFilter, useStaffHosts } from './hosts';
import { InstallPrompt } from '../../pwa/InstallPrompt';
import { useHostTitle } from '../host-text';
import { useT } from '../../i18n/use-t';
import './staff.css';

export function StaffDashboardPage() {
  const user = useCurrentUser();
  const t = useT();
  const title = useHostTitle();
  const format = useFormat();
  const tz = format.settings.timezone;
  const today = format.today();
  const hosts = useStaffHosts(user);
  // The today screen shows the first part of a first sync as soon as it is stored (sync/pull.ts).
  const tasks = useMyTasks(hosts.staffIds, { firstPart: true });
  const byHost = useHostFilter(tasks.status === 'success' ? tasks.rows : undefined);
  const properties = useMyProperties();
  const propertyList = useMemo(() => properties.rows ?? [], [properties.rows]);
  const propertyNames = useMemo(() => new Map(propertyList.map((p) => [p.id, p.property_name])), [propertyList]);
  const [openId, setOpenId] = useState<string | null>(null);
  // Looked up live, so the dialog shows each change as it is made.
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((row) => row.id === openId) ?? null) : null;
  const setOpen = (task: Task | null) => setOpenId(task?.id ?? null);

  let body;
  if (tasks.status === 'error') body = <ErrorState error={tasks.error} onRetry={tasks.retry} />;
  else if (tasks.status === 'loading') body = <SkeletonStats count={3} />;
  else {
    const now = new Date();
    const todays = dayOrder(
      byHost.kept.filter((row) => taskDay(row, tz) === today && row.task_status !== 'cancelled'),
      tz,
    );
    const progress = dayProgress(todays);
    const next = todays.find(isOpen) ?? null;
    const rest = todays.filter((row) => row !== next);
    const overdue = byHost.kept.filter((row) => isOverdue(row, now, tz) && taskDay(row, tz) !== today);
    const slot = next ? taskSlot(next, tz) : null;
    body = (
      <>
        {hosts.many ? (
          <div className="staff-filters" role="group" aria-label={t('staff.filterByHost')}>
            <HostFilter hosts={hosts} value={byHost.hostId} onChange={byHost.setHostId} />
          </div>
        ) : null}
        <Card className="staff-progress" aria-labelledby="progress-title">
          <h2 id="progress-title" className="card__title">
            {t('staff.dashboard.progressTitle')}
          </h2>
          <p className="staff-progress__figure">{t('staff.dashboard.progress', { done: progress.done, total: progress.total })}</p>
          <progress
            className="staff-progress__bar"
            max={Math.max(progress.total, 1)}
            value={progress.done}
            aria-label={t('staff.dashboard.progress', { done: progress.done, total: progress.total })}
          />
          {progress.items ? <p className="muted">{t('staff.dashboard.checklistTicked', { ticked: progress.ticked, items: progress.items })}</p> : null}
        </Card>
        {next ? (
          <Card className="staff-next">
            <p className="staff-next__label">{next.task_status === 'in_progress' ? t('staff.dashboard.inProgress') : t('staff.dashboard.nextUp')}</p>
            <h2 className="staff-next__title">{title(next)}</h2>
            <HostLabel name={hosts.labelOf(next.host_id)} />
            <p className="staff-next__meta">
              {slot?.start != null
                ? t('staff.dashboard.nextMetaAt', { property: propertyNames.get(next.property_id) ?? t('staff.propertyFallback'), time: timeOf(slot.start), minutes: next.estimated_duration })
                : t('staff.dashboard.nextMeta', { property: propertyNames.get(next.property_id) ?? t('staff.propertyFallback'), minutes: next.estimated_duration })}
            </p>
            <Button size="lg" fullWidth onClick={() => setOpen(next)}>
              {next.task_status === 'in_progress' ? t('staff.dashboard.continue') : t('staff.dashboard.openTask')}
            </Button>
          </Card>
        ) : null}
        <Card>
          <CardHeader
            title={t('staff.dashboard.todaysTasks')}
            actions={
              <Link to="/staff/tasks" className="text-link staff-link">
                {t('staff.dashboard.allTasks')}
              </Link>
            }
          />
          {todays.length === 0 ? (
            <EmptyState title={t('staff.dashboard.emptyTitle')}>{t('staff.dashboard.emptyText')}</EmptyState>
          ) : rest.length === 0 ? (
            <p className="muted">{next ? t('staff.dashboard.onlyTask') : t('staff.dashboard.allDone')}</p>
          ) : (
            <TaskCards tasks={rest} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={setOpen} />
          )}
        </Card>
        {overdue.length ? (
          <Card>
            <CardHeader title={t('task.overdue')} />
            <TaskCards tasks={overdue} propertyNames={propertyNames} hostLabel={hosts.labelOf} onOpen={setOpen} />
          </Card>
        ) : null}
      </>
    );
  }

  return (
    <Page title={t('staff.dashboard.title')} description={t('staff.dashboard.hello', { name: user.Name || user.Email, date: format.date(today) })}>
      <InstallPrompt />
      {body}
      <StaffTaskDialog task={open} properties={propertyList} hostLabel={hosts.labelOf} onClose={() => setOpen(null)} />
    </Page>
  );
}
