/**
 * The host's housekeeping: tasks as a list, a board by status and a day/week
 * schedule per staff member, with filters; the team (every staff field, invites) and task
 * templates. Every write goes through the outbox (works offline) except the invite, which is
 * online only. A notification link (/housekeeping?taskId=) opens that task.
 */
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { TABLE, type Staff, type Task, type TaskTemplate } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Badge, humanize, statusTone } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { DataView, ListFooter, useShownRows } from '../../components/data-view';
import { ApiError } from '../../api/http';
import type { WriteRequest } from '../../sync/mutate';
import { useWrite } from '../../data/use-write';
import { WEEKDAYS } from '../../../../shared/enums';
import { TasksTable, PriorityBadge, TaskDialog, isOpen, useTaskLabels } from '../tasks';
import { ProblemReportPanel } from '../reports';
import { useProperties } from '../../data/common-rows';
import { TaskForm } from './TaskForm';
import { StaffForm } from './StaffForm';
import { TemplateForm } from './TemplateForm';
import { TaskFilterBar } from './TaskFilterBar';
import { TaskBoard } from './TaskBoard';
import { StaffSchedule } from './StaffSchedule';
import { WorkReport } from './WorkReport';
import { NO_FILTERS, filterTasks, type TaskFilters } from './task-filters';
import { cancelTask, deleteStaff, deleteTask, deleteTemplate, inviteStaff, reopenTask } from './mutations';
import { useOnline } from '../../lib/use-online';
import { AlertsPrompt } from '../notifications';
import { useT } from '../../i18n/use-t';
import './housekeeping.css';

/** Task rows drawn at first, and added by each "Show more" (useShownRows). */
const TASKS_SHOWN = 100;

type Editing =
  | { kind: 'task'; task: Task | null; template: TaskTemplate | null }
  | { kind: 'staff'; staff: Staff | null }
  | { kind: 'template'; template: TaskTemplate | null }
  | { kind: 'confirm'; title: string; text: string; confirm: string; done: string; request: WriteRequest }
  | null;

export function HostHousekeepingPage({ taskId }: { taskId?: string }) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const navigate = useNavigate();
  const { write } = useWrite();
  const online = useOnline();
  const { toast } = useToast();
  const properties = useProperties();
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 1000, OrderByField: 'scheduled_date', IsAsc: false });
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1000, OrderByField: 'staff_name', IsAsc: true });
  const templates = useRows(TABLE.task_templates, { PageSize: 1000, OrderByField: 'name', IsAsc: true });
  const propertyList = useMemo(() => properties.rows ?? [], [properties.rows]);
  const propertyNames = useMemo(() => new Map(propertyList.map((p) => [p.id, p.property_name])), [propertyList]);
  const staffList = useMemo(() => staff.rows ?? [], [staff.rows]);
  const staffNames = useMemo(() => new Map(staffList.map((s) => [s.id, s.staff_name])), [staffList]);
  const templateList = templates.rows ?? [];
  const allTasks = useMemo(() => tasks.rows ?? [], [tasks.rows]);
  const [filters, setFilters] = useState<TaskFilters>(NO_FILTERS);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // A task just made is the moment to offer alerts on this device, not the page load.
  const [offerAlerts, setOfferAlerts] = useState(false);
  const tz = format.settings.timezone;
  const filtered = useMemo(() => filterTasks(allTasks, filters, tz), [allTasks, filters, tz]);
  const drawnTasks = useShownRows(filtered, TASKS_SHOWN);

  // The open task is looked up live, so the housekeeper's progress shows as it syncs.
  const openId = pickedId ?? taskId ?? null;
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((row) => row.id === openId) ?? null) : null;
  // Stable: the list's rows are memoised on their props.
  const pick = useCallback((task: Task | null) => setPickedId(task?.id ?? null), []);
  const close = () => {
    setPickedId(null);
    if (taskId) void navigate({ to: '/host/housekeeping', search: {}, replace: true });
  };

  const run = async (request: WriteRequest, done: string) => {
    const outcome = await write(request);
    if (outcome.ok) toast({ title: done, variant: 'success' });
  };

  const invite = async (s: Staff) => {
    setBusy(s.id);
    try {
      await inviteStaff(s.id);
      // The same answer whatever the address: whether they work for other hosts is theirs to tell.
      toast({ title: t('host.housekeeping.staff.inviteSent'), description: t('host.housekeeping.staff.inviteSentText', { name: s.staff_name, email: s.staff_email }), variant: 'success' });
    } catch (error) {
      const text = error instanceof ApiError ? (error.status === 404 ? t('host.housekeeping.staff.inviteNotSynced') : error.message) : t('host.housekeeping.staff.inviteFailed');
      toast({ title: t('host.housekeeping.staff.inviteNotSent'), description: text, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const filterBar = <TaskFilterBar filters={filters} onChange={setFilters} properties={propertyList} staff={staffList} />;
  const noMatch = <EmptyState title={t('host.housekeeping.noMatch')}>{t('host.housekeeping.noMatchText')}</EmptyState>;

  const staffColumns: Column<Staff>[] = [
    {
      key: 'name',
      header: t('host.housekeeping.staff.name'),
      render: (s) => (
        <div className="cell-stack">
          <span className="cell-strong">{s.staff_name}</span>
          <span className="cell-muted">{s.staff_email || t('host.housekeeping.staff.noEmail')}</span>
        </div>
      ),
    },
    { key: 'phone', header: t('host.housekeeping.staff.phone'), render: (s) => s.staff_phone || '—' },
    { key: 'skills', header: t('host.housekeeping.staff.specializations'), secondary: true, render: (s) => s.specializations.map(humanize).join(', ') || '—' },
    {
      key: 'week',
      header: t('host.housekeeping.staff.availability'),
      secondary: true,
      render: (s) =>
        WEEKDAYS.filter((d) => {
          const slot = s.availability_schedule[d];
          return slot && slot !== 'off';
        })
          .map((d) => format.weekday(d).slice(0, 3))
          .join(' ') || t('host.housekeeping.staff.notSet'),
    },
    { key: 'rate', header: t('host.housekeeping.staff.hourlyRate'), align: 'end', render: (s) => format.money(s.hourly_rate, s.currency) },
    { key: 'status', header: t('host.housekeeping.field.status'), render: (s) => <Badge tone={statusTone(s.status)}>{t('host.enum.staffStatus', { value: s.status })}</Badge> },
    { key: 'login', header: t('host.housekeeping.staff.signIn'), secondary: true, render: (s) => (s.user_id ? t('host.housekeeping.staff.joined') : t('host.housekeeping.staff.notJoined')) },
    {
      key: 'actions',
      header: t('host.housekeeping.actions'),
      render: (s) => (
        <div className="button-group">
          <Button size="sm" variant="secondary" aria-label={t('host.housekeeping.editNamed', { name: s.staff_name })} onClick={() => setEditing({ kind: 'staff', staff: s })}>
            {t('host.housekeeping.edit')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={s.user_id ? t('host.housekeeping.staff.resendTo', { name: s.staff_name }) : t('host.housekeeping.staff.inviteNamed', { name: s.staff_name })}
            disabled={!online || !s.staff_email}
            title={!online ? t('host.housekeeping.staff.inviteNeedsConnection') : !s.staff_email ? t('host.housekeeping.staff.addEmailFirst') : undefined}
            isLoading={busy === s.id}
            onClick={() => void invite(s)}
          >
            {s.user_id ? t('host.housekeeping.staff.resendInvite') : t('host.housekeeping.staff.invite')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('host.housekeeping.staff.removeNamed', { name: s.staff_name })}
            onClick={() =>
              setEditing({
                kind: 'confirm',
                title: t('host.housekeeping.staff.removeTitle', { name: s.staff_name }),
                text: t('host.housekeeping.staff.removeText'),
                confirm: t('host.housekeeping.staff.remove'),
                done: t('host.housekeeping.removed'),
                request: deleteStaff(s.id),
              })
            }
          >
            {t('host.housekeeping.staff.remove')}
          </Button>
        </div>
      ),
    },
  ];
  const templateColumns: Column<TaskTemplate>[] = [
    {
      key: 'name',
      header: t('host.housekeeping.templates.template'),
      render: (tp) => (
        <div className="cell-stack">
          <span className="cell-strong">{tp.name}</span>
          {tp.is_default ? <span className="cell-muted">{t('host.housekeeping.templates.usedForTurnovers')}</span> : null}
        </div>
      ),
    },
    { key: 'category', header: t('host.housekeeping.field.category'), render: (tp) => labels.category(tp.task_category) },
    { key: 'priority', header: t('host.housekeeping.field.priority'), render: (tp) => <PriorityBadge priority={tp.priority_level} /> },
    { key: 'duration', header: t('host.housekeeping.templates.duration'), align: 'end', render: (tp) => t('duration.minutes', { minutes: tp.estimated_duration }) },
    { key: 'items', header: t('host.housekeeping.templates.checklistItems'), align: 'end', secondary: true, render: (tp) => tp.checklist_items.length },
    {
      key: 'actions',
      header: t('host.housekeeping.actions'),
      render: (tp) => (
        <div className="button-group">
          <Button size="sm" aria-label={t('host.housekeeping.templates.newTaskFrom', { name: tp.name })} onClick={() => setEditing({ kind: 'task', task: null, template: tp })}>
            {t('host.housekeeping.newTask')}
          </Button>
          <Button size="sm" variant="secondary" aria-label={t('host.housekeeping.editNamed', { name: tp.name })} onClick={() => setEditing({ kind: 'template', template: tp })}>
            {t('host.housekeeping.edit')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('host.housekeeping.deleteNamed', { name: tp.name })}
            onClick={() => setEditing({ kind: 'confirm', title: t('host.housekeeping.deleteTitle', { name: tp.name }), text: t('host.housekeeping.templates.deleteText'), confirm: t('host.housekeeping.delete'), done: t('host.housekeeping.deleted'), request: deleteTemplate(tp.id) })}
          >
            {t('host.housekeeping.delete')}
          </Button>
        </div>
      ),
    },
  ];

  const hostActions = open ? (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setEditing({ kind: 'task', task: open, template: null });
          close();
        }}
      >
        {t('host.housekeeping.task.edit')}
      </Button>
      {isOpen(open) ? (
        <Button variant="ghost" onClick={() => void run(cancelTask(open.id), t('host.housekeeping.task.cancelled'))}>
          {t('host.housekeeping.task.cancel')}
        </Button>
      ) : (
        <Button variant="ghost" onClick={() => void run(reopenTask(open.id), t('host.housekeeping.task.reopened'))}>
          {t('host.housekeeping.task.reopen')}
        </Button>
      )}
      <Button
        variant="danger"
        onClick={() => {
          const target = open;
          close();
          setEditing({ kind: 'confirm', title: t('host.housekeeping.deleteTitle', { name: target.task_title }), text: t('host.housekeeping.task.deleteText'), confirm: t('host.housekeeping.delete'), done: t('host.housekeeping.deleted'), request: deleteTask(target.id) });
        }}
      >
        {t('host.housekeeping.delete')}
      </Button>
    </>
  ) : null;

  const openProperty = open ? propertyList.find((p) => p.id === open.property_id) : undefined;

  return (
    <Page
      title={t('host.housekeeping.title')}
      description={t('host.housekeeping.description')}
      actions={
        <Button onClick={() => setEditing({ kind: 'task', task: null, template: null })} disabled={tasks.status !== 'success'}>
          {t('host.housekeeping.newTask')}
        </Button>
      }
    >
      {taskId && tasks.status === 'success' && !open && !pickedId ? (
        <p className="form-message form-message--info" role="status">
          {t('host.housekeeping.taskGone')}
        </p>
      ) : null}
      {offerAlerts ? <AlertsPrompt text={t('host.housekeeping.alertsPrompt')} /> : null}
      <Card>
        <Tabs
          label={t('host.housekeeping.title')}
          items={[
            {
              id: 'list',
              label: t('host.housekeeping.tab.list'),
              content: (
                <DataView result={tasks} empty={{ title: t('host.housekeeping.emptyTitle'), text: t('host.housekeeping.emptyText') }}>
                  {() => (
                    <>
                      {filterBar}
                      {filtered.length ? (
                        <>
                          <TasksTable tasks={drawnTasks.rows} propertyNames={propertyNames} staffNames={staffNames} caption={t('host.housekeeping.tasksCaption')} onOpen={pick} />
                          <ListFooter {...drawnTasks.footer} />
                        </>
                      ) : (
                        noMatch
                      )}
                    </>
                  )}
                </DataView>
              ),
            },
            {
              id: 'board',
              label: t('host.housekeeping.tab.board'),
              content: (
                <DataView result={tasks} empty={{ title: t('host.housekeeping.emptyTitle'), text: t('host.housekeeping.emptyText') }}>
                  {() => (
                    <>
                      {filterBar}
                      <TaskBoard tasks={filtered} propertyNames={propertyNames} staffNames={staffNames} onOpen={pick} />
                    </>
                  )}
                </DataView>
              ),
            },
            {
              id: 'schedule',
              label: t('host.housekeeping.tab.schedule'),
              content: (
                <DataView result={staff} empty={{ title: t('host.housekeeping.staff.emptyTitle'), text: t('host.housekeeping.staff.emptyPlanText') }}>
                  {() => (
                    <>
                      <TaskFilterBar filters={filters} onChange={setFilters} properties={propertyList} staff={staffList} showDay={false} />
                      <StaffSchedule
                        tasks={filterTasks(allTasks, { ...filters, day: '' }, tz)}
                        allTasks={allTasks}
                        staff={filters.staffId && filters.staffId !== 'unassigned' ? staffList.filter((s) => s.id === filters.staffId) : staffList}
                        propertyNames={propertyNames}
                        onOpen={pick}
                      />
                    </>
                  )}
                </DataView>
              ),
            },
            {
              id: 'staff',
              label: t('host.housekeeping.tab.staff'),
              content: (
                <>
                  <div className="hk-tab-bar">
                    <Button onClick={() => setEditing({ kind: 'staff', staff: null })}>{t('host.housekeeping.staff.add')}</Button>
                    {!online ? <p className="muted">{t('host.housekeeping.staff.offlineNote')}</p> : null}
                  </div>
                  <DataView result={staff} empty={{ title: t('host.housekeeping.staff.emptyTitle'), text: t('host.housekeeping.staff.emptyText') }}>
                    {(rows) => <Table caption={t('host.housekeeping.staff.caption')} columns={staffColumns} rows={rows} rowKey={(s) => s.id} />}
                  </DataView>
                </>
              ),
            },
            {
              id: 'hours',
              label: t('host.housekeeping.tab.hours'),
              content: (
                <DataView result={tasks} empty={{ title: t('host.housekeeping.emptyTitle'), text: t('host.housekeeping.report.emptyText') }}>
                  {(rows) => <WorkReport tasks={rows} staff={staffList} properties={propertyList} />}
                </DataView>
              ),
            },
            {
              id: 'templates',
              label: t('host.housekeeping.tab.templates'),
              content: (
                <>
                  <div className="hk-tab-bar">
                    <Button onClick={() => setEditing({ kind: 'template', template: null })}>{t('host.housekeeping.templates.add')}</Button>
                  </div>
                  <DataView result={templates} empty={{ title: t('host.housekeeping.templates.emptyTitle'), text: t('host.housekeeping.templates.emptyText') }}>
                    {(rows) => <Table caption={t('host.housekeeping.templates.caption')} columns={templateColumns} rows={rows} rowKey={(tp) => tp.id} />}
                  </DataView>
                </>
              ),
            },
          ]}
        />
      </Card>
      <TaskDialog
        task={open}
        propertyName={open ? propertyNames.get(open.property_id) : undefined}
        property={openProperty ?? null}
        staffName={open ? (open.assigned_staff_id ? (staffNames.get(open.assigned_staff_id) ?? '') : '') : undefined}
        completedByName={open?.completed_by_staff_id && open.completed_by_staff_id !== open.assigned_staff_id ? (staffNames.get(open.completed_by_staff_id) ?? t('host.housekeeping.formerHousekeeper')) : undefined}
        actions={hostActions}
        onClose={close}
      >
        {open ? <ProblemReportPanel taskId={open.id} /> : null}
      </TaskDialog>
      <TaskForm
        open={editing?.kind === 'task'}
        task={editing?.kind === 'task' ? editing.task : null}
        template={editing?.kind === 'task' ? editing.template : null}
        staff={staffList}
        templates={templateList}
        tasks={allTasks}
        onClose={() => setEditing(null)}
        onSaved={() => setOfferAlerts(true)}
      />
      <StaffForm open={editing?.kind === 'staff'} staff={editing?.kind === 'staff' ? editing.staff : null} onClose={() => setEditing(null)} />
      <TemplateForm open={editing?.kind === 'template'} template={editing?.kind === 'template' ? editing.template : null} onClose={() => setEditing(null)} />
      <Dialog
        open={editing?.kind === 'confirm'}
        onClose={() => setEditing(null)}
        size="sm"
        title={editing?.kind === 'confirm' ? editing.title : t('host.housekeeping.confirm')}
        description={editing?.kind === 'confirm' ? editing.text : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t('host.housekeeping.keep')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (editing?.kind !== 'confirm') return;
                const { request, done } = editing;
                setEditing(null);
                void run(request, done);
              }}
            >
              {editing?.kind === 'confirm' ? editing.confirm : t('host.housekeeping.confirm')}
            </Button>
          </>
        }
      />
    </Page>
  );
}
