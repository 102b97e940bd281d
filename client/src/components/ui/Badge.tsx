import type { ReactNode } from 'react';
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

export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <Badge tone={statusTone(status)}>{humanize(status)}</Badge>;
}
