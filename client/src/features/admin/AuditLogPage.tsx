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
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import './platform.css';

type Filters = { actor: string; table: string; from: string; to: string };
const NO_FILTERS: Filters = { actor: '', table: '', from: '', to: '' };

const ACTION: Record<string, { label: MessageId; tone: BadgeTone }> = {
  create: { label: 'admin.auditLog.created', tone: 'success' },
  update: { label: 'admin.auditLog.changed', tone: 'info' },
  delete: { label: 'admin.auditLog.removed', tone: 'danger' },
};

/** A known action's label, or the action's own name made readable. */
function actionOf(action: string, t: ReturnType<typeof useT>): { label: string; tone: BadgeTone } {
  const known = ACTION[action];
  return known ? { label: t(known.label), tone: known.tone } : { label: action.replace(/[_.]/g, ' ').replace(/^./, (c) => c.toUpperCase()), tone: 'neutral' };
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
  const t = useT();
  const { mode } = useSyncSnapshot();
  const online = useOnlineOnly(t('admin.auditLog.onlineWhat'));
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const set = (key: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const rangeError = filters.from && filters.to && filters.from > filters.to ? t('admin.auditLog.rangeError') : undefined;
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
  else if (!data) body = <SkeletonRows rows={6} columns={5} label={t('admin.auditLog.loading')} />;
  else if (data.entries.length === 0) {
    body = (
      <EmptyState
        title={filtered ? t('admin.auditLog.noMatch') : t('admin.auditLog.emptyTitle')}
        action={
          filtered ? (
            <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
              {t('admin.common.clearFilters')}
            </Button>
          ) : undefined
        }
      >
        {filtered ? null : t('admin.auditLog.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        <Table
          caption={t('admin.auditLog.caption')}
          rows={data.entries}
          rowKey={(e) => e.id}
          columns={[
            { key: 'when', header: t('admin.auditLog.when'), render: (e) => format.dateTime(e.created_at) },
            { key: 'who', header: t('admin.auditLog.who'), render: (e) => e.actor_name ?? (e.actor_id ? t('admin.auditLog.unknownUser', { id: e.actor_id }) : t('admin.auditLog.system')) },
            {
              key: 'what',
              header: t('admin.auditLog.what'),
              render: (e) => {
                const action = actionOf(e.action, t);
                return <Badge tone={action.tone}>{action.label}</Badge>;
              },
            },
            { key: 'table', header: t('admin.auditLog.table'), render: (e) => e.table_label },
            { key: 'row', header: t('admin.auditLog.row'), render: (e) => <Row e={e} /> },
            { key: 'fields', header: t('admin.auditLog.fields'), secondary: true, render: (e) => (e.fields.length ? e.fields.join(', ') : '—') },
          ]}
        />
        <nav className="audit-pager" aria-label={t('admin.auditLog.pages')}>
          <span className="muted" aria-live="polite">
            {t('admin.auditLog.pageSummary', { page: data.page, pages, count: data.total })}
          </span>
          <div className="form__row">
            <Button size="sm" variant="secondary" disabled={page <= 1 || query.isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              {t('admin.common.previous')}
            </Button>
            <Button size="sm" variant="secondary" disabled={page >= pages || query.isFetching} onClick={() => setPage((p) => p + 1)}>
              {t('admin.common.next')}
            </Button>
          </div>
        </nav>
      </>
    );
  }

  return (
    <Page title={t('admin.auditLog.title')} description={t('admin.auditLog.description')}>
      <Card className="card--flush">
        <form className="audit-filters" role="search" aria-label={t('admin.auditLog.filterLabel')} onSubmit={(e) => e.preventDefault()}>
          <Select
            label={t('admin.auditLog.who')}
            value={filters.actor}
            onChange={(e) => set('actor', e.target.value)}
            options={[{ value: '', label: t('admin.auditLog.everyone') }, ...(data?.actors ?? []).map((a) => ({ value: a.id, label: a.name }))]}
          />
          <Select
            label={t('admin.auditLog.table')}
            value={filters.table}
            onChange={(e) => set('table', e.target.value)}
            options={[{ value: '', label: t('admin.auditLog.allTables') }, ...(data?.tables ?? []).map((table) => ({ value: String(table.id), label: table.label }))]}
          />
          <DateInput label={t('admin.auditLog.from')} value={filters.from} onValueChange={(v) => set('from', v)} />
          <DateInput label={t('admin.column.to')} value={filters.to} error={rangeError} onValueChange={(v) => set('to', v)} />
          <Button variant="ghost" disabled={!filtered} onClick={() => setFilters(NO_FILTERS)}>
            {t('admin.common.clearFilters')}
          </Button>
        </form>
        {body}
      </Card>
    </Page>
  );
}
