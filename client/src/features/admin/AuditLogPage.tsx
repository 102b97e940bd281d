/**
 * The audit log (GET /api/admin/audit-log, online only: the log is not kept on the device): who
 * did what to which row and when, newest first, filtered by actor, table and day range, a page
 * at a time. Times are shown in the reader's display settings.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, AuditPageSchema, type AuditEntry } from '../../../../shared/api/audit';
import { apiRequestAs } from '../../api/http';
import { useFormat } from '../../lib/display';
import { useSyncSnapshot } from '../../sync/sync-context';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { DateInput } from '../../components/ui/Field';
import { Select } from '../../components/ui/Input';
import { Table } from '../../components/ui/Table';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { OnlineOnlyNote, useOnlineOnly } from '../../components/online-only';
import './platform.css';

type Filters = { actor: string; table: string; from: string; to: string };
const NO_FILTERS: Filters = { actor: '', table: '', from: '', to: '' };

const ACTION: Record<string, { label: string; tone: BadgeTone }> = {
  create: { label: 'Created', tone: 'success' },
  update: { label: 'Changed', tone: 'info' },
  delete: { label: 'Removed', tone: 'danger' },
};

function actionOf(action: string): { label: string; tone: BadgeTone } {
  return ACTION[action] ?? { label: action.replace(/[_.]/g, ' ').replace(/^./, (c) => c.toUpperCase()), tone: 'neutral' };
}

/** The query string of a page of the log. */
function auditQuery(filters: Filters, page: number): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.table) params.set('table', filters.table);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  params.set('page', String(page));
  params.set('pageSize', String(AUDIT_PAGE_SIZE));
  return params.toString();
}

function Row({ e }: { e: AuditEntry }) {
  return (
    <div className="cell-stack">
      <span className="cell-strong">{e.entity_label ?? e.entity_id ?? '—'}</span>
      {e.entity_label && e.entity_id ? <span className="cell-muted">{e.entity_id}</span> : null}
    </div>
  );
}

export function AdminAuditLogPage() {
  const format = useFormat();
  const { mode } = useSyncSnapshot();
  const online = useOnlineOnly('the audit log');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const set = (key: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'The end day is before the start day.' : undefined;
  const query = useQuery({
    queryKey: ['audit-log', filters, page],
    queryFn: ({ signal }) => apiRequestAs(`/api/admin/audit-log?${auditQuery(filters, page)}`, AuditPageSchema, { signal }),
    enabled: mode !== 'demo' && !rangeError,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Object.values(filters).some(Boolean);

  let body;
  if (mode === 'demo') body = <div className="audit-pager"><OnlineOnlyNote state={online} /></div>;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!data) body = <SkeletonRows rows={6} columns={5} label="Loading the audit log" />;
  else if (data.entries.length === 0) {
    body = (
      <EmptyState
        title={filtered ? 'No entries match these filters' : 'Nothing in the audit log yet'}
        action={
          filtered ? (
            <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          ) : undefined
        }
      >
        {filtered ? null : 'Changes admins make to hosts, tiers, settings and accounts appear here.'}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Table
          caption="Audit log entries"
          rows={data.entries}
          rowKey={(e) => e.id}
          columns={[
            { key: 'when', header: 'When', render: (e) => format.dateTime(e.created_at) },
            { key: 'who', header: 'Who', render: (e) => e.actor_name ?? (e.actor_id ? `Unknown user (${e.actor_id})` : 'System') },
            {
              key: 'what',
              header: 'What',
              render: (e) => {
                const action = actionOf(e.action);
                return <Badge tone={action.tone}>{action.label}</Badge>;
              },
            },
            { key: 'table', header: 'Table', render: (e) => e.table_label },
            { key: 'row', header: 'Row', render: (e) => <Row e={e} /> },
            { key: 'fields', header: 'Fields', secondary: true, render: (e) => (e.fields.length ? e.fields.join(', ') : '—') },
          ]}
        />
        <nav className="audit-pager" aria-label="Audit log pages">
          <span className="muted" aria-live="polite">
            Page {data.page} of {pages} · {data.total} entr{data.total === 1 ? 'y' : 'ies'}
          </span>
          <div className="form__row">
            <Button size="sm" variant="secondary" disabled={page <= 1 || query.isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              Previous
            </Button>
            <Button size="sm" variant="secondary" disabled={page >= pages || query.isFetching} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <Page title="Audit log" description="Who changed what on the platform, and when: newest first. The day filters are UTC days.">
      <Card className="card--flush">
        <form className="audit-filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
          <Select
            label="Who"
            value={filters.actor}
            onChange={(e) => set('actor', e.target.value)}
            options={[{ value: '', label: 'Everyone' }, ...(data?.actors ?? []).map((a) => ({ value: a.id, label: a.name }))]}
          />
          <Select
            label="Table"
            value={filters.table}
            onChange={(e) => set('table', e.target.value)}
            options={[{ value: '', label: 'All tables' }, ...(data?.tables ?? []).map((t) => ({ value: String(t.id), label: t.label }))]}
          />
          <DateInput label="From" value={filters.from} onValueChange={(v) => set('from', v)} />
          <DateInput label="To" value={filters.to} error={rangeError} onValueChange={(v) => set('to', v)} />
          <Button variant="ghost" disabled={!filtered} onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        </form>
        {body}
      </Card>
    </Page>
  );
}
