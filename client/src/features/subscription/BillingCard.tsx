/**
 * The host's PayPal billing: the subscription's status, its next billing date, cancelling it
 * (after a confirmation that says what changes), and its payments.
 */
import { useT } from '../../i18n/use-t';
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
  const t = useT();
  const { toast } = useToast();
  const { cancel } = useSubscriptionCommands();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancel(subscription.paypal_subscription_id);
      toast({ title: t('host.billing.cancelledTitle'), description: t('host.billing.cancelledText'), variant: 'success' });
      onClose();
    } catch (e) {
      setError(errorText(e, t('host.billing.cancelFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('host.billing.cancelTitle')}
      size="sm"
      description={t('host.billing.cancelDescription', { plan: subscription.plan_name || t('host.billing.yourPlan') })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('host.billing.keep')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? t('host.billing.cancelling') : t('host.billing.cancel')}
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
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const sub = data.subscription;
  const cancellable = sub && ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'].includes(sub.subscription_status);
  return (
    <Card>
      <CardHeader
        title={t('host.billing.title')}
        description={t('host.billing.description')}
        actions={
          cancellable && canAct ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('host.billing.cancel')}
            </Button>
          ) : undefined
        }
      />
      {sub ? (
        <>
          <dl className="details details--row">
            <div>
              <dt>{t('host.billing.subscription')}</dt>
              <dd>{sub.plan_name || '—'}</dd>
            </div>
            <div>
              <dt>{t('host.bookings.status')}</dt>
              <dd>
                <StatusBadge status={sub.subscription_status.toLowerCase()} />
              </dd>
            </div>
            <div>
              <dt>{t('host.billing.billed')}</dt>
              <dd>{humanize(sub.billing_cycle)}</dd>
            </div>
            <div>
              <dt>{t('host.billing.nextDate')}</dt>
              <dd>{data.nextBillingDate ? format.date(data.nextBillingDate) : '—'}</dd>
            </div>
          </dl>
          {sub.subscription_status === 'APPROVAL_PENDING' ? (
            <FormMessage tone="info">{t('host.billing.waiting')}</FormMessage>
          ) : null}
          {cancellable ? <CancelDialog subscription={sub} open={confirming} onClose={() => setConfirming(false)} /> : null}
        </>
      ) : (
        <p className="muted">{t('host.billing.none')}</p>
      )}
      <h3 className="billing__payments-title">{t('host.billing.payments')}</h3>
      {data.payments.length === 0 ? (
        <EmptyState title={t('host.billing.noPayments')}>{t('host.billing.noPaymentsText')}</EmptyState>
      ) : (
        <Table
          caption={t('host.billing.yourPayments')}
          rows={data.payments}
          rowKey={(p) => p.id}
          columns={[
            { key: 'date', header: t('host.billing.date'), render: (p) => (p.payment_time ? format.dateTime(p.payment_time) : '—') },
            { key: 'amount', header: t('host.guests.amount'), align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
            { key: 'status', header: t('host.bookings.status'), render: (p) => <StatusBadge status={p.payment_status.toLowerCase()} /> },
            { key: 'txn', header: t('host.billing.transaction'), secondary: true, render: (p) => <code>{p.transaction_id}</code> },
          ]}
        />
      )}
    </Card>
  );
}
