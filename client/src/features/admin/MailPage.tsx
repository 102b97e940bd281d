/**
 * Outgoing mail for admins: every message the server queued (resets, invitations, alerts, guest
 * replies, test messages) with its recipient, subject, status, attempts and last error. Failed
 * messages come first; a filter keeps one status. Read online (the queue is not kept on devices).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MailDelivery, MailRow } from '../../../../shared/api/mail';
import { MAIL_STATUSES, type MailStatus } from '../../../../shared/enums';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Badge, humanize, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { Trans } from '@lingui/react';
import { useT } from '../../i18n/use-t';
import { fetchMail } from './mail-api';
import './mail.css';

const TONES: Record<MailStatus, BadgeTone> = { held: 'info', queued: 'info', sent: 'success', failed: 'danger', cancelled: 'neutral' };

type Filter = 'all' | MailStatus;

function MailStatusBadge({ status }: { status: MailStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t('admin.enum.mailStatus', { value: status })}</Badge>;
}

function attemptsText(m: MailRow, format: ReturnType<typeof useFormat>, t: ReturnType<typeof useT>): string {
  if (m.status === 'queued' && m.next_attempt_at && m.attempts > 0) return t('admin.mail.attemptsNext', { attempts: m.attempts, when: format.dateTime(m.next_attempt_at) });
  return String(m.attempts);
}

/**
 * How mail leaves the server now, when that is not SMTP: with nowhere to send, resets are refused
 * and other mail waits; with the development transport, it goes to the server log only.
 */
function DeliveryNotice({ delivery }: { delivery: MailDelivery | undefined }) {
  const settings = <Link to="/admin/settings" className="text-link" />;
  if (delivery === 'none')
    return (
      <p className="form-message form-message--error mail-delivery" role="alert">
        <Trans id="admin.mail.deliveryNone" components={{ 0: settings }} />
      </p>
    );
  if (delivery === 'dev')
    return (
      <p className="form-message form-message--info mail-delivery" role="status">
        <Trans id="admin.mail.deliveryDev" components={{ 0: settings }} />
      </p>
    );
  return null;
}

export function AdminMailPage() {
  const format = useFormat();
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const status = filter === 'all' ? undefined : filter;
  const result = useQuery({
    queryKey: ['admin-mail', status ?? 'all', page],
    queryFn: ({ signal }) => fetchMail(status, page, signal),
    placeholderData: keepPreviousData,
  });
  const counts = result.data?.counts;
  const options = [
    { value: 'all' as const, label: t('admin.mail.all') },
    ...MAIL_STATUSES.map((s) => ({ value: s, label: counts ? t('admin.mail.statusCount', { label: t('admin.enum.mailStatus', { value: s }), count: counts[s] }) : t('admin.enum.mailStatus', { value: s }) })),
  ];
  const pages = result.data ? Math.max(1, Math.ceil(result.data.total / result.data.pageSize)) : 1;

  let body;
  if (result.status === 'error') body = <ErrorState error={result.error} onRetry={() => void result.refetch()} />;
  else if (!result.data) body = <SkeletonRows rows={6} columns={5} />;
  else if (result.data.rows.length === 0)
    body = (
      <EmptyState title={filter === 'all' ? t('admin.mail.emptyTitle') : t('admin.mail.noneWithStatus', { status: filter })}>
        {t('admin.mail.emptyText')}
      </EmptyState>
    );
  else
    body = (
      <>
        <Table
          caption={t('admin.mail.caption')}
          rows={result.data.rows}
          rowKey={(m) => String(m.id)}
          columns={[
            {
              key: 'to',
              header: t('admin.mail.recipient'),
              render: (m) => (
                <div className="cell-stack">
                  <span className="cell-strong">{m.to}</span>
                  <span className="cell-muted">{t('admin.enum.mailKind', { value: m.kind, label: humanize(m.kind) })}</span>
                </div>
              ),
            },
            { key: 'subject', header: t('admin.mail.subject'), render: (m) => m.subject },
            { key: 'status', header: t('admin.column.status'), render: (m) => <MailStatusBadge status={m.status} /> },
            { key: 'attempts', header: t('admin.column.attempts'), align: 'end', render: (m) => attemptsText(m, format, t) },
            { key: 'error', header: t('admin.column.lastError'), render: (m) => (m.last_error ? <span className="cell-muted">{m.last_error}</span> : '—') },
            { key: 'time', header: t('admin.mail.time'), render: (m) => format.dateTime(m.sent_at ?? m.updated_at) },
          ]}
        />
        {pages > 1 ? (
          <nav className="mail-pages" aria-label={t('admin.mail.pages')}>
            <Button size="sm" variant="secondary" disabled={page <= 1 || result.isFetching} onClick={() => setPage((p) => p - 1)}>
              {t('admin.common.previous')}
            </Button>
            <span className="muted" aria-live="polite">
              {t('admin.common.pageOf', { page, pages })}
            </span>
            <Button size="sm" variant="secondary" disabled={page >= pages || result.isFetching} onClick={() => setPage((p) => p + 1)}>
              {t('admin.common.next')}
            </Button>
          </nav>
        ) : null}
      </>
    );

  return (
    <Page
      title={t('admin.column.email')}
      description={t('admin.mail.description')}
      actions={
        <Button variant="secondary" onClick={() => void result.refetch()} isLoading={result.isFetching && !!result.data}>
          {t('admin.mail.refresh')}
        </Button>
      }
    >
      <Card>
        <div className="form">
          <DeliveryNotice delivery={result.data?.delivery} />
          <Select
            label={t('admin.column.status')}
            className="mail-filter"
            options={options}
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as Filter);
              setPage(1);
            }}
          />
          {body}
        </div>
      </Card>
    </Page>
  );
}
