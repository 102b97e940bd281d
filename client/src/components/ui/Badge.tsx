import type { ReactNode } from 'react';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'accent';

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cx('badge', `badge--${tone}`, className)}>{children}</span>;
}

/** A tone for the status words the data uses (the enums of shared/enums.ts). */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch ((status ?? '').toLowerCase()) {
    case 'active':
    case 'confirmed':
    case 'paid':
    case 'completed':
    case 'success':
    case 'processed':
    case 'current':
      return 'success';
    case 'pending':
    case 'partial':
    case 'in_progress':
    case 'upcoming':
    case 'running':
    case 'approval_pending':
      return 'info';
    case 'high':
    case 'warning':
    case 'suspended':
    case 'past_due':
    case 'inactive':
      return 'warning';
    case 'urgent':
    case 'cancelled':
    case 'failed':
    case 'error':
    case 'refunded':
    case 'denied':
    case 'archived':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** `in_progress` → `In progress`. */
export function humanize(value: string | null | undefined): string {
  const text = (value ?? '').replace(/_/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : '—';
}

/** The status words the data uses (shared/enums.ts), by their message; another word shows humanized. */
const STATUS_IDS: Record<string, MessageId> = {
  active: 'status.active',
  approval_pending: 'status.approvalPending',
  archived: 'status.archived',
  cancelled: 'status.cancelled',
  completed: 'status.completed',
  confirmed: 'status.confirmed',
  current: 'status.current',
  denied: 'status.denied',
  error: 'status.error',
  failed: 'status.failed',
  held: 'status.held',
  high: 'status.high',
  in_progress: 'status.inProgress',
  inactive: 'status.inactive',
  paid: 'status.paid',
  partial: 'status.partial',
  past_due: 'status.pastDue',
  pending: 'status.pending',
  processed: 'status.processed',
  queued: 'status.queued',
  refunded: 'status.refunded',
  running: 'status.running',
  sent: 'status.sent',
  success: 'status.success',
  suspended: 'status.suspended',
  upcoming: 'status.upcoming',
  urgent: 'status.urgent',
  warning: 'status.warning',
};

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const t = useT();
  const id = STATUS_IDS[(status ?? '').toLowerCase()];
  return <Badge tone={statusTone(status)}>{id ? t(id) : humanize(status)}</Badge>;
}
