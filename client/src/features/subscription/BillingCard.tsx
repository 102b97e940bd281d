/**
 * The host's PayPal billing: the subscription's status, its next billing date, cancelling it
 * (after a confirmation that says what changes), and its payments.
 */
import { useState } from 'react';
import type { MySubscriptionReply } from '../../../../shared/api/paypal';
import { errorText } from '../../api/http';
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { FormMessage } from '../../components/ui/Field';
import { EmptyState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useToast } from '../../components/ui/Toast';
import { useSubscriptionCommands } from './paypal-api';

type Subscription = NonNullable<MySubscriptionReply['subscription']>;

function CancelDialog({ subscription, open, onClose }: { subscription: Subscription; open: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const { cancel } = useSubscriptionCommands();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancel(subscription.paypal_subscription_id);
      toast({ title: 'Subscription cancelled', description: 'PayPal will not bill you again. Your data stays; the basic plan’s limits apply to new additions.', variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorText(e, 'The subscription could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cancel your subscription?"
      size="sm"
      description={`${subscription.plan_name || 'Your plan'} stops: PayPal bills you no more, and your account moves to the basic plan. Nothing is deleted.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep it
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
        </>
      }
    >
      {error ? <FormMessage>{error}</FormMessage> : null}
    </Dialog>
  );
}

export function BillingCard({ data, canAct }: { data: MySubscriptionReply; canAct: boolean }) {
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const sub = data.subscription;
  const cancellable = sub && ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'].includes(sub.subscription_status);
  return (
    <Card>
      <CardHeader
        title="Billing"
        description="Paid through PayPal"
        actions={
          cancellable && canAct ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          ) : undefined
        }
      />
      {sub ? (
        <>
          <dl className="details details--row">
            <div>
              <dt>Subscription</dt>
              <dd>{sub.plan_name || '—'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={sub.subscription_status.toLowerCase()} />
              </dd>
            </div>
            <div>
              <dt>Billed</dt>
              <dd>{humanize(sub.billing_cycle)}</dd>
            </div>
            <div>
              <dt>Next billing date</dt>
              <dd>{data.nextBillingDate ? format.date(data.nextBillingDate) : '—'}</dd>
            </div>
          </dl>
          {sub.subscription_status === 'APPROVAL_PENDING' ? (
            <FormMessage tone="info">Waiting for PayPal to confirm your approval. If you left PayPal without approving, subscribe again or cancel this one.</FormMessage>
          ) : null}
          {cancellable ? <CancelDialog subscription={sub} open={confirming} onClose={() => setConfirming(false)} /> : null}
        </>
      ) : (
        <p className="muted">You have no PayPal subscription yet. Pick a plan below, monthly or yearly.</p>
      )}
      <h3 className="billing__payments-title">Payments</h3>
      {data.payments.length === 0 ? (
        <EmptyState title="No payments yet">Payments appear here once PayPal has charged them.</EmptyState>
      ) : (
        <Table
          caption="Your payments"
          rows={data.payments}
          rowKey={(p) => p.id}
          columns={[
            { key: 'date', header: 'Date', render: (p) => (p.payment_time ? format.dateTime(p.payment_time) : '—') },
            { key: 'amount', header: 'Amount', align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
            { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.payment_status.toLowerCase()} /> },
            { key: 'txn', header: 'Transaction', secondary: true, render: (p) => <code>{p.transaction_id}</code> },
          ]}
        />
      )}
    </Card>
  );
}
