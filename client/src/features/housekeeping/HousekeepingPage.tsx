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
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { EmptyState } from '../../components/ui/States';
import { useToast } from '../../components/ui/Toast';
import { DataView } from '../../components/data-view';
import { ApiError } from '../../api/http';
import type { WriteRequest } from '../../sync/mutate';
import { useWrite } from '../../data/use-write';
import { WEEKDAYS } from '../../../../shared/enums';
import { TasksTable, PriorityBadge, TaskDialog, isOpen } from '../tasks';
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
import './housekeeping.css';

type Editing =
  | { kind: 'task'; task: Task | null; template: TaskTemplate | null }
  | { kind: 'staff'; staff: Staff | null }
  | { kind: 'template'; template: TaskTemplate | null }
  | { kind: 'confirm'; title: string; text: string; confirm: string; request: WriteRequest }
  | null;

export function HostHousekeepingPage({ taskId }: { taskId?: string }) {
  const format = useFormat();
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

  // The open task is looked up live, so the housekeeper's progress shows as it syncs.
  const openId = pickedId ?? taskId ?? null;
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === openId) ?? null) : null;
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
      toast({ title: 'Invitation sent', description: `${s.staff_name} gets an e-mail at ${s.staff_email} with a link to join (valid 24 hours).`, variant: 'success' });
    } catch (error) {
      const text = error instanceof ApiError ? (error.status === 404 ? 'This staff member has not reached the server yet; try again once your changes are synced.' : error.message) : 'The invitation could not be sent.';
      toast({ title: 'Invitation not sent', description: text, variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const filterBar = <TaskFilterBar filters={filters} onChange={setFilters} properties={propertyList} staff={staffList} />;
  const noMatch = <EmptyState title="No task matches these filters">Change or clear the filters to see more.</EmptyState>;

  const staffColumns: Column<Staff>[] = [
    {
      key: 'name',
      header: 'Name',
      render: (s) => (
        <div className="cell-stack">
          <span className="cell-strong">{s.staff_name}</span>
          <span className="cell-muted">{s.staff_email || 'No e-mail'}</span>
        </div>
      ),
    },
    { key: 'phone', header: 'Phone', render: (s) => s.staff_phone || '—' },
    { key: 'skills', header: 'Specializations', secondary: true, render: (s) => s.specializations.map(humanize).join(', ') || '—' },
    {
      key: 'week',
      header: 'Availability',
      secondary: true,
      render: (s) =>
        WEEKDAYS.filter((d) => {
          const slot = s.availability_schedule[d];
          return slot && slot !== 'off';
        })
          .map((d) => humanize(d).slice(0, 3))
          .join(' ') || 'Not set',
    },
    { key: 'rate', header: 'Hourly rate', align: 'end', render: (s) => format.money(s.hourly_rate, s.currency) },
    { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
    { key: 'login', header: 'Sign-in', secondary: true, render: (s) => (s.user_id ? 'Joined' : 'Not joined yet') },
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => (
        <div className="button-group">
          <Button size="sm" variant="secondary" aria-label={`Edit ${s.staff_name}`} onClick={() => setEditing({ kind: 'staff', staff: s })}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`${s.user_id ? 'Resend invitation to' : 'Invite'} ${s.staff_name}`}
            disabled={!online || !s.staff_email}
            title={!online ? 'Inviting needs a connection' : !s.staff_email ? 'Add an e-mail address first' : undefined}
            isLoading={busy === s.id}
            onClick={() => void invite(s)}
          >
            {s.user_id ? 'Resend invite' : 'Invite'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${s.staff_name}`}
            onClick={() =>
              setEditing({
                kind: 'confirm',
                title: `Remove ${s.staff_name}?`,
                text: 'Their tasks stay on the board; reassign the open ones to someone else.',
                confirm: 'Remove',
                request: deleteStaff(s.id),
              })
            }
          >
            Remove
          </Button>
        </div>
      ),
    },
  ];
  const templateColumns: Column<TaskTemplate>[] = [
    {
      key: 'name',
      header: 'Template',
      render: (t) => (
        <div className="cell-stack">
          <span className="cell-strong">{t.name}</span>
          {t.is_default ? <span className="cell-muted">Used for turnovers</span> : null}
        </div>
      ),
    },
    { key: 'category', header: 'Category', render: (t) => humanize(t.task_category) },
    { key: 'priority', header: 'Priority', render: (t) => <PriorityBadge priority={t.priority_level} /> },
    { key: 'duration', header: 'Duration', align: 'end', render: (t) => `${t.estimated_duration} min` },
    { key: 'items', header: 'Checklist items', align: 'end', secondary: true, render: (t) => t.checklist_items.length },
    {
      key: 'actions',
      header: 'Actions',
      render: (t) => (
        <div className="button-group">
          <Button size="sm" aria-label={`New task from ${t.name}`} onClick={() => setEditing({ kind: 'task', task: null, template: t })}>
            New task
          </Button>
          <Button size="sm" variant="secondary" aria-label={`Edit ${t.name}`} onClick={() => setEditing({ kind: 'template', template: t })}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${t.name}`}
            onClick={() => setEditing({ kind: 'confirm', title: `Delete ${t.name}?`, text: 'Tasks made from it keep their checklist.', confirm: 'Delete', request: deleteTemplate(t.id) })}
          >
            Delete
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
        Edit task
      </Button>
      {isOpen(open) ? (
        <Button variant="ghost" onClick={() => void run(cancelTask(open.id), 'Task cancelled')}>
          Cancel task
        </Button>
      ) : (
        <Button variant="ghost" onClick={() => void run(reopenTask(open.id), 'Task reopened')}>
          Reopen task
        </Button>
      )}
      <Button
        variant="danger"
        onClick={() => {
          const target = open;
          close();
          setEditing({ kind: 'confirm', title: `Delete ${target.task_title}?`, text: 'The task is removed for you and the housekeeper.', confirm: 'Delete', request: deleteTask(target.id) });
        }}
      >
        Delete
      </Button>
    </>
  ) : null;

  const openProperty = open ? propertyList.find((p) => p.id === open.property_id) : undefined;

  return (
    <Page
      title="Housekeeping"
      description="Turnover and maintenance tasks, your housekeeping team and task templates."
      actions={
        <Button onClick={() => setEditing({ kind: 'task', task: null, template: null })} disabled={tasks.status !== 'success'}>
          New task
        </Button>
      }
    >
      {taskId && tasks.status === 'success' && !open && !pickedId ? (
        <p className="form-message form-message--info" role="status">
          That task is not here any more: it may have been deleted, or it has not synced to this device yet.
        </p>
      ) : null}
      {offerAlerts ? <AlertsPrompt text="Get an alert on this device when a housekeeper completes a task or one runs late?" /> : null}
      <Card>
        <Tabs
          label="Housekeeping"
          items={[
            {
              id: 'list',
              label: 'List',
              content: (
                <DataView result={tasks} empty={{ title: 'No tasks yet', text: 'Tasks for cleanings and maintenance appear here.' }}>
                  {() => (
                    <>
                      {filterBar}
                      {filtered.length ? <TasksTable tasks={filtered} propertyNames={propertyNames} staffNames={staffNames} caption="Housekeeping tasks" onOpen={pick} /> : noMatch}
                    </>
                  )}
                </DataView>
              ),
            },
            {
              id: 'board',
              label: 'Board',
              content: (
                <DataView result={tasks} empty={{ title: 'No tasks yet', text: 'Tasks for cleanings and maintenance appear here.' }}>
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
              label: 'Day / Week',
              content: (
                <DataView result={staff} empty={{ title: 'No staff yet', text: 'Add your housekeepers to plan their days.' }}>
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
              label: 'Staff',
              content: (
                <>
                  <div className="hk-tab-bar">
                    <Button onClick={() => setEditing({ kind: 'staff', staff: null })}>Add staff member</Button>
                    {!online ? <p className="muted">Invitations need a connection; everything else works offline.</p> : null}
                  </div>
                  <DataView result={staff} empty={{ title: 'No staff yet', text: 'Add your housekeepers to assign them tasks.' }}>
                    {(rows) => <Table caption="Housekeeping staff" columns={staffColumns} rows={rows} rowKey={(s) => s.id} />}
                  </DataView>
                </>
              ),
            },
            {
              id: 'hours',
              label: 'Hours & cost',
              content: (
                <DataView result={tasks} empty={{ title: 'No tasks yet', text: 'Hours and cost appear once housekeepers start and finish tasks.' }}>
                  {(rows) => <WorkReport tasks={rows} staff={staffList} properties={propertyList} />}
                </DataView>
              ),
            },
            {
              id: 'templates',
              label: 'Templates',
              content: (
                <>
                  <div className="hk-tab-bar">
                    <Button onClick={() => setEditing({ kind: 'template', template: null })}>Add template</Button>
                  </div>
                  <DataView result={templates} empty={{ title: 'No templates yet', text: 'Templates make recurring tasks one click away.' }}>
                    {(rows) => <Table caption="Task templates" columns={templateColumns} rows={rows} rowKey={(t) => t.id} />}
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
        completedByName={open?.completed_by_staff_id && open.completed_by_staff_id !== open.assigned_staff_id ? (staffNames.get(open.completed_by_staff_id) ?? 'A former housekeeper') : undefined}
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
        title={editing?.kind === 'confirm' ? editing.title : 'Confirm'}
        description={editing?.kind === 'confirm' ? editing.text : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              Keep
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (editing?.kind !== 'confirm') return;
                const { request, confirm } = editing;
                setEditing(null);
                void run(request, confirm === 'Remove' ? 'Removed' : 'Deleted');
              }}
            >
              {editing?.kind === 'confirm' ? editing.confirm : 'Confirm'}
            </Button>
          </>
        }
      />
    </Page>
  );
}
