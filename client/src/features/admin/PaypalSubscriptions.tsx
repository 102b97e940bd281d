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
import { usePaypalCommands, usePaypalSubscriptions, type SubscriptionAction } from './paypal-api';

type Pending = { row: AdminSubscriptionRow; kind: SubscriptionAction | 'revise' };

const ACTION_TEXT: Record<SubscriptionAction, { title: string; button: string; done: string; effect: string }> = {
  suspend: { title: 'Suspend this subscription?', button: 'Suspend', done: 'Subscription suspended', effect: 'PayPal stops billing until it is reactivated; the host moves to the basic plan meanwhile.' },
  activate: { title: 'Reactivate this subscription?', button: 'Reactivate', done: 'Subscription reactivated', effect: "PayPal bills again; the host moves back to the subscription's plan." },
  cancel: { title: 'Cancel this subscription?', button: 'Cancel subscription', done: 'Subscription cancelled', effect: 'PayPal bills no more, for good; the host moves to the basic plan and keeps its data.' },
};

function subscriber(row: AdminSubscriptionRow): string {
  return row.user_name || row.user_email || row.user_id;
}

function ActionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
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
        toast({ title: 'Plan changed', description: reply.approveUrl ? `${reply.plan_name}: PayPal asks the payer to approve the new price.` : reply.plan_name, variant: 'success' });
      } else {
        await act(pending.row.paypal_subscription_id, pending.kind, reason.trim() || undefined);
        toast({ title: ACTION_TEXT[pending.kind].done, variant: 'success' });
      }
      onClose();
    } catch (e) {
      setError(errorText(e, 'PayPal did not accept the change. Please try again.'));
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
      title={revising ? 'Change the plan' : (text?.title ?? '')}
      description={`${subscriber(pending.row)}, ${pending.row.plan_name || 'no plan'}. ${revising ? 'The tier’s current PayPal plan for the cycle replaces the present one.' : (text?.effect ?? '')}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Back
          </Button>
          <Button type="submit" form={formId} variant={pending.kind === 'cancel' || pending.kind === 'suspend' ? 'danger' : 'primary'} disabled={busy || (revising && !tierId)}>
            {busy ? 'Asking PayPal…' : revising ? 'Change plan' : text?.button}
          </Button>
        </>
      }
    >
      <form id={formId} className="platform-stack" onSubmit={(e) => void submit(e)}>
        {error ? <FormMessage>{error}</FormMessage> : null}
        {revising ? (
          <>
            <Select
              label="Tier"
              value={tierId}
              onChange={(e) => setTierId(e.target.value)}
              options={[{ value: '', label: 'Choose a tier' }, ...(tiers.rows ?? []).map((t) => ({ value: t.id, label: humanize(t.tier_name) }))]}
            />
            <Select
              label="Billing"
              value={cycle}
              onChange={(e) => setCycle(e.target.value === 'yearly' ? 'yearly' : 'monthly')}
              options={[
                { value: 'monthly', label: 'Monthly' },
                { value: 'yearly', label: 'Yearly' },
              ]}
            />
          </>
        ) : (
          <Input label="Reason (sent to PayPal, optional)" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={127} />
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

const LABEL: Record<SubscriptionAction | 'revise', string> = { suspend: 'Suspend', activate: 'Reactivate', cancel: 'Cancel', revise: 'Change plan' };

export function PaypalSubscriptionsCard({ canEdit, enabled }: { canEdit: boolean; enabled: boolean }) {
  const format = useFormat();
  const list = usePaypalSubscriptions(enabled);
  const [pending, setPending] = useState<Pending | null>(null);

  let body;
  if (list.status === 'pending') body = enabled ? <SkeletonRows rows={3} columns={5} /> : null;
  else if (list.status === 'error') body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.rows.length === 0) body = <EmptyState title="No subscriptions yet">Hosts subscribe from their subscription page once the plans are synced.</EmptyState>;
  else
    body = (
      <Table
        caption="PayPal subscriptions"
        rows={list.data.rows}
        rowKey={(r) => r.id}
        columns={[
          { key: 'who', header: 'Subscriber', render: (r) => subscriber(r) },
          { key: 'plan', header: 'Plan', render: (r) => r.plan_name || '—' },
          { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.subscription_status.toLowerCase()} /> },
          { key: 'since', header: 'Started', secondary: true, render: (r) => (r.start_time ? format.date(r.start_time) : '—') },
          { key: 'id', header: 'PayPal id', secondary: true, render: (r) => <code>{r.paypal_subscription_id}</code> },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  header: 'Actions',
                  render: (r: AdminSubscriptionRow) => (
                    <div className="button-group">
                      {actionsOf(r).map((kind) => (
                        <Button key={kind} variant="ghost" onClick={() => setPending({ row: r, kind })} aria-label={`${LABEL[kind]}: ${subscriber(r)}, ${r.plan_name}`}>
                          {LABEL[kind]}
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
      <CardHeader title="Subscriptions" description="The newest 200; PayPal's webhooks and the daily reconciliation keep their status" />
      {body}
      {pending ? <ActionDialog pending={pending} onClose={() => setPending(null)} /> : null}
    </Card>
  );
}
