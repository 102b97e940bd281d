/**
 * Outgoing mail for admins: every message the server queued (resets, invitations, alerts, guest
 * replies, test messages) with its recipient, subject, status, attempts and last error. Failed
 * messages come first; a filter keeps one status. Read online (the queue is not kept on devices).
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MAIL_STATUS_LABELS, type MailDelivery, type MailRow } from '../../../../shared/api/mail';
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
import { fetchMail } from './mail-api';
import './mail.css';

const TONES: Record<MailStatus, BadgeTone> = { held: 'info', queued: 'info', sent: 'success', failed: 'danger', cancelled: 'neutral' };

type Filter = 'all' | MailStatus;

function MailStatusBadge({ status }: { status: MailStatus }) {
  return <Badge tone={TONES[status]}>{MAIL_STATUS_LABELS[status]}</Badge>;
}

function attemptsText(m: MailRow, format: ReturnType<typeof useFormat>): string {
  if (m.status === 'queued' && m.next_attempt_at && m.attempts > 0) return `${m.attempts} (next ${format.dateTime(m.next_attempt_at)})`;
  return String(m.attempts);
}

/**
 * How mail leaves the server now, when that is not SMTP: with nowhere to send, resets are refused
 * and other mail waits; with the development transport, it goes to the server log only.
 */
function DeliveryNotice({ delivery }: { delivery: MailDelivery | undefined }) {
  const settings = (
    <Link to="/admin/settings" className="text-link">
      Settings
    </Link>
  );
  if (delivery === 'none')
    return (
      <p className="form-message form-message--error mail-delivery" role="alert">
        E-mail cannot be sent: no SMTP server is set up. Password resets are refused, and invitations, alerts and replies wait in the queue
        until SMTP is configured in {settings} (E-mail (SMTP)).
      </p>
    );
  if (delivery === 'dev')
    return (
      <p className="form-message form-message--info mail-delivery" role="status">
        No SMTP server is set up: messages go to the server log (the development transport), not to their recipients. Configure SMTP in{' '}
        {settings}.
      </p>
    );
  return null;
}

export function AdminMailPage() {
  const format = useFormat();
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
    { value: 'all' as const, label: 'All' },
    ...MAIL_STATUSES.map((s) => ({ value: s, label: counts ? `${MAIL_STATUS_LABELS[s]} (${counts[s]})` : MAIL_STATUS_LABELS[s] })),
  ];
  const pages = result.data ? Math.max(1, Math.ceil(result.data.total / result.data.pageSize)) : 1;

  let body;
  if (result.status === 'error') body = <ErrorState error={result.error} onRetry={() => void result.refetch()} />;
  else if (!result.data) body = <SkeletonRows rows={6} columns={5} />;
  else if (result.data.rows.length === 0)
    body = (
      <EmptyState title={filter === 'all' ? 'No e-mail sent yet' : `No ${MAIL_STATUS_LABELS[filter].toLowerCase()} messages`}>
        Password resets, invitations, alerts and replies to guests appear here once the server queues them.
      </EmptyState>
    );
  else
    body = (
      <>
        <Table
          caption="Outgoing e-mail, failed first, then newest first"
          rows={result.data.rows}
          rowKey={(m) => String(m.id)}
          columns={[
            {
              key: 'to',
              header: 'Recipient',
              render: (m) => (
                <div className="cell-stack">
                  <span className="cell-strong">{m.to}</span>
                  <span className="cell-muted">{humanize(m.kind)}</span>
                </div>
              ),
            },
            { key: 'subject', header: 'Subject', render: (m) => m.subject },
            { key: 'status', header: 'Status', render: (m) => <MailStatusBadge status={m.status} /> },
            { key: 'attempts', header: 'Attempts', align: 'end', render: (m) => attemptsText(m, format) },
            { key: 'error', header: 'Last error', render: (m) => (m.last_error ? <span className="cell-muted">{m.last_error}</span> : '—') },
            { key: 'time', header: 'Time', render: (m) => format.dateTime(m.sent_at ?? m.updated_at) },
          ]}
        />
        {pages > 1 ? (
          <nav className="mail-pages" aria-label="Pages of outgoing e-mail">
            <Button size="sm" variant="secondary" disabled={page <= 1 || result.isFetching} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <span className="muted" aria-live="polite">
              Page {page} of {pages}
            </span>
            <Button size="sm" variant="secondary" disabled={page >= pages || result.isFetching} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </nav>
        ) : null}
      </>
    );

  return (
    <Page
      title="E-mail"
      description="Every message the server sends and how its delivery went. Failed messages come first."
      actions={
        <Button variant="secondary" onClick={() => void result.refetch()} isLoading={result.isFetching && !!result.data}>
          Refresh
        </Button>
      }
    >
      <Card>
        <div className="form">
          <DeliveryNotice delivery={result.data?.delivery} />
          <Select
            label="Status"
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
