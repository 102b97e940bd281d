/**
 * The PayPal page's subscriptions: every subscription with its subscriber and status; a super
 * admin suspends, reactivates, cancels (each after a confirmation with an optional reason sent to
 * PayPal) or changes the plan. PayPal is asked first; the list shows the recorded result.
 */
import { useState, type FormEvent } from 'react';
import type { AdminSubscriptionRow } from '../../../../shared/api/paypal';
import { errorText } from '../../api/http';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage } from '../../components/ui/Field';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { usePaypalCommands, usePaypalSubscriptions, type SubscriptionAction } from './paypal-api';

type Pending = { row: AdminSubscriptionRow; kind: SubscriptionAction | 'revise' };

const ACTION_TEXT: Record<SubscriptionAction, { title: MessageId; button: MessageId; done: MessageId; effect: MessageId }> = {
  suspend: { title: 'admin.paypalSubscriptions.suspendTitle', button: 'admin.common.suspend', done: 'admin.paypalSubscriptions.suspended', effect: 'admin.paypalSubscriptions.suspendEffect' },
  activate: { title: 'admin.paypalSubscriptions.activateTitle', button: 'admin.common.reactivate', done: 'admin.paypalSubscriptions.activated', effect: 'admin.paypalSubscriptions.activateEffect' },
  cancel: { title: 'admin.paypalSubscriptions.cancelTitle', button: 'admin.paypalSubscriptions.cancelButton', done: 'admin.paypalSubscriptions.cancelled', effect: 'admin.paypalSubscriptions.cancelEffect' },
};

function subscriber(row: AdminSubscriptionRow): string {
  return row.user_name || row.user_email || row.user_id;
}

function ActionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const t = useT();
  const { toast } = useToast();
  const { act, revise } = usePaypalCommands();
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true, Filters: [{ name: 'is_active', op: 'Equal', value: true }] });
  const [reason, setReason] = useState('');
  const [tierId, setTierId] = useState(pending.row.tier_id ?? '');
  const [cycle, setCycle] = useState<'monthly' | 'yearly'>(pending.row.billing_cycle === 'yearly' ? 'yearly' : 'monthly');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const revising = pending.kind === 'revise';
  const text = revising ? null : ACTION_TEXT[pending.kind as SubscriptionAction];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (pending.kind === 'revise') {
        const reply = await revise(pending.row.paypal_subscription_id, tierId, cycle);
        toast({ title: t('admin.common.planChanged'), description: reply.approveUrl ? t('admin.paypalSubscriptions.approveNeeded', { plan: reply.plan_name }) : reply.plan_name, variant: 'success' });
      } else {
        await act(pending.row.paypal_subscription_id, pending.kind, reason.trim() || undefined);
        toast({ title: t(ACTION_TEXT[pending.kind].done), variant: 'success' });
      }
      onClose();
    } catch (e) {
      setError(errorText(e, t('admin.paypalSubscriptions.refused')));
    } finally {
      setBusy(false);
    }
  };

  const formId = `paypal-action-${pending.row.id}`;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={revising ? t('admin.paypalSubscriptions.reviseTitle') : text ? t(text.title) : ''}
      description={`${t('admin.paypalSubscriptions.who', { subscriber: subscriber(pending.row), plan: pending.row.plan_name || t('admin.paypalSubscriptions.noPlan') })} ${revising ? t('admin.paypalSubscriptions.reviseEffect') : text ? t(text.effect) : ''}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('admin.paypalSubscriptions.back')}
          </Button>
          <Button type="submit" form={formId} variant={pending.kind === 'cancel' || pending.kind === 'suspend' ? 'danger' : 'primary'} disabled={busy || (revising && !tierId)}>
            {busy ? t('admin.paypalSubscriptions.asking') : revising ? t('admin.common.changePlan') : text ? t(text.button) : null}
          </Button>
        </>
      }
    >
      <form id={formId} className="platform-stack" onSubmit={(e) => void submit(e)}>
        {error ? <FormMessage>{error}</FormMessage> : null}
        {revising ? (
          <>
            <Select
              label={t('admin.column.tier')}
              value={tierId}
              onChange={(e) => setTierId(e.target.value)}
              options={[{ value: '', label: t('admin.paypalSubscriptions.chooseTier') }, ...(tiers.rows ?? []).map((row) => ({ value: row.id, label: humanize(row.tier_name) }))]}
            />
            <Select
              label={t('admin.column.billing')}
              value={cycle}
              onChange={(e) => setCycle(e.target.value === 'yearly' ? 'yearly' : 'monthly')}
              options={[
                { value: 'monthly', label: t('admin.enum.billingCycle', { value: 'monthly' }) },
                { value: 'yearly', label: t('admin.enum.billingCycle', { value: 'yearly' }) },
              ]}
            />
          </>
        ) : (
          <Input label={t('admin.paypalSubscriptions.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={127} />
        )}
      </form>
    </Dialog>
  );
}

function actionsOf(row: AdminSubscriptionRow): Array<SubscriptionAction | 'revise'> {
  switch (row.subscription_status) {
    case 'ACTIVE':
      return ['suspend', 'revise', 'cancel'];
    case 'SUSPENDED':
      return ['activate', 'revise', 'cancel'];
    case 'APPROVAL_PENDING':
      return ['cancel'];
    default:
      return [];
  }
}

const LABEL: Record<SubscriptionAction | 'revise', MessageId> = { suspend: 'admin.common.suspend', activate: 'admin.common.reactivate', cancel: 'action.cancel', revise: 'admin.common.changePlan' };

export function PaypalSubscriptionsCard({ canEdit, enabled }: { canEdit: boolean; enabled: boolean }) {
  const format = useFormat();
  const t = useT();
  const list = usePaypalSubscriptions(enabled);
  const [pending, setPending] = useState<Pending | null>(null);

  let body;
  if (list.status === 'pending') body = enabled ? <SkeletonRows rows={3} columns={5} /> : null;
  else if (list.status === 'error') body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.rows.length === 0) body = <EmptyState title={t('admin.common.noSubscriptions')}>{t('admin.paypalSubscriptions.emptyText')}</EmptyState>;
  else
    body = (
      <Table
        caption={t('admin.paypalSubscriptions.caption')}
        rows={list.data.rows}
        rowKey={(r) => r.id}
        columns={[
          { key: 'who', header: t('admin.paypalSubscriptions.subscriber'), render: (r) => subscriber(r) },
          { key: 'plan', header: t('admin.column.plan'), render: (r) => r.plan_name || '—' },
          { key: 'status', header: t('admin.column.status'), render: (r) => <StatusBadge status={r.subscription_status.toLowerCase()} /> },
          { key: 'since', header: t('admin.column.started'), secondary: true, render: (r) => (r.start_time ? format.date(r.start_time) : '—') },
          { key: 'id', header: t('admin.column.paypalId'), secondary: true, render: (r) => <code>{r.paypal_subscription_id}</code> },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  header: t('admin.column.actions'),
                  render: (r: AdminSubscriptionRow) => (
                    <div className="button-group">
                      {actionsOf(r).map((kind) => (
                        <Button key={kind} variant="ghost" onClick={() => setPending({ row: r, kind })} aria-label={t('admin.paypalSubscriptions.actionLabel', { action: t(LABEL[kind]), subscriber: subscriber(r), plan: r.plan_name })}>
                          {t(LABEL[kind])}
                        </Button>
                      ))}
                    </div>
                  ),
                },
              ]
            : []),
        ]}
      />
    );

  return (
    <Card className="card--flush">
      <CardHeader title={t('admin.subscriptions.title')} description={t('admin.paypalSubscriptions.description')} />
      {body}
      {pending ? <ActionDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </Card>
  );
}
