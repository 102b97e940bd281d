import { useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { TABLE, type Staff, type Task, type TaskTemplate } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { DataView } from '../../components/data-view';
import { TasksTable, PriorityBadge } from '../tasks/TasksTable';
import { TaskDialog } from '../tasks/TaskDialog';
import { usePropertyNames } from '../properties/use-properties';

export function HostHousekeepingPage({ taskId }: { taskId?: string }) {
  const format = useFormat();
  const navigate = useNavigate();
  const propertyNames = usePropertyNames();
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 1000, OrderByField: 'scheduled_date', IsAsc: false });
  const staff = useRows(TABLE.housekeeping_staff, { PageSize: 1000, OrderByField: 'staff_name', IsAsc: true });
  const templates = useRows(TABLE.task_templates, { PageSize: 1000, OrderByField: 'name', IsAsc: true });
  const staffNames = useMemo(() => new Map((staff.rows ?? []).map((s) => [s.id, s.staff_name])), [staff.rows]);
  const [pickedId, setPickedId] = useState<string | null>(null);

  // A notification link (/housekeeping?taskId=) opens that task; the row is looked up live, so
  // the housekeeper's progress shows as it syncs.
  const openId = pickedId ?? taskId ?? null;
  const open = openId && tasks.status === 'success' ? (tasks.rows.find((t) => t.id === openId) ?? null) : null;
  const setPicked = (task: Task | null) => setPickedId(task?.id ?? null);
  const close = () => {
    setPickedId(null);
    if (taskId) void navigate({ to: '/host/housekeeping', search: {}, replace: true });
  };

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
    { key: 'rate', header: 'Hourly rate', align: 'end', render: (s) => format.money(s.hourly_rate) },
    { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
    { key: 'login', header: 'Sign-in', secondary: true, render: (s) => (s.user_id ? 'Has an account' : 'Not invited') },
  ];
  const templateColumns: Column<TaskTemplate>[] = [
    { key: 'name', header: 'Template', render: (t) => <span className="cell-strong">{t.name}</span> },
    { key: 'category', header: 'Category', render: (t) => humanize(t.task_category) },
    { key: 'priority', header: 'Priority', render: (t) => <PriorityBadge priority={t.priority_level} /> },
    { key: 'duration', header: 'Duration', align: 'end', render: (t) => `${t.estimated_duration} min` },
    { key: 'items', header: 'Checklist items', align: 'end', secondary: true, render: (t) => t.checklist_items.length },
  ];

  return (
    <Page title="Housekeeping" description="Turnover and maintenance tasks, your housekeeping team and task templates.">
      <Card>
        <Tabs
          label="Housekeeping"
          items={[
            {
              id: 'tasks',
              label: 'Tasks',
              content: (
                <DataView result={tasks} empty={{ title: 'No tasks yet', text: 'Tasks for cleanings and maintenance appear here.' }}>
                  {(rows) => <TasksTable tasks={rows} propertyNames={propertyNames} staffNames={staffNames} caption="Housekeeping tasks" onOpen={setPicked} />}
                </DataView>
              ),
            },
            {
              id: 'staff',
              label: 'Staff',
              content: (
                <DataView result={staff} empty={{ title: 'No staff yet', text: 'Add your housekeepers to assign them tasks.' }}>
                  {(rows) => <Table caption="Housekeeping staff" columns={staffColumns} rows={rows} rowKey={(s) => s.id} />}
                </DataView>
              ),
            },
            {
              id: 'templates',
              label: 'Templates',
              content: (
                <DataView result={templates} empty={{ title: 'No templates yet', text: 'Templates make recurring tasks one click away.' }}>
                  {(rows) => <Table caption="Task templates" columns={templateColumns} rows={rows} rowKey={(t) => t.id} />}
                </DataView>
              ),
            },
          ]}
        />
      </Card>
      <TaskDialog
        task={open}
        propertyName={open ? propertyNames.get(open.property_id) : undefined}
        staffName={open ? (open.assigned_staff_id ? (staffNames.get(open.assigned_staff_id) ?? '') : '') : undefined}
        onClose={close}
      />
    </Page>
  );
}
