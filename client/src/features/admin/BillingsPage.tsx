import { TABLE } from '../../data/tables';
import { useOnlineRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { StatusBadge } from '../../components/ui/Badge';
import { Table } from '../../components/ui/Table';
import { Tabs } from '../../components/ui/Tabs';
import { DataView, ListFooter } from '../../components/data-view';

/** Billing is read online only: payments and subscriptions from the payment provider, a history of the latest 200. */
export function AdminBillingsPage() {
  const format = useFormat();
  const payments = useOnlineRows(TABLE.paypal_payments, { PageSize: 200, OrderByField: 'payment_time', IsAsc: false });
  const subscriptions = useOnlineRows(TABLE.paypal_subscriptions, { PageSize: 200, OrderByField: 'created_at', IsAsc: false });
  return (
    <Page title="Billings" description="Subscription payments and subscriptions received through PayPal.">
      <Card>
        <Tabs
          label="Billing"
          items={[
            {
              id: 'payments',
              label: 'Payments',
              content: (
                <DataView result={payments} empty={{ title: 'No payments yet', text: 'Payments appear when hosts pay for their plans.' }}>
                  {(rows, total) => (
                    <>
                      <Table
                        caption="Payments"
                        rows={rows}
                        rowKey={(p) => p.id}
                        columns={[
                          { key: 'time', header: 'Date', render: (p) => format.dateTime(p.payment_time ?? p.created_at) },
                          { key: 'amount', header: 'Amount', align: 'end', render: (p) => format.money(p.amount, p.currency_code) },
                          { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.payment_status} /> },
                          { key: 'subscription', header: 'Subscription', secondary: true, render: (p) => p.paypal_subscription_id ?? '—' },
                          { key: 'transaction', header: 'Transaction', secondary: true, render: (p) => p.transaction_id || '—' },
                        ]}
                      />
                      <ListFooter shown={rows.length} total={total} />
                    </>
                  )}
                </DataView>
              ),
            },
            {
              id: 'subscriptions',
              label: 'Subscriptions',
              content: (
                <DataView result={subscriptions} empty={{ title: 'No subscriptions yet' }}>
                  {(rows) => (
                    <Table
                      caption="Subscriptions"
                      rows={rows}
                      rowKey={(s) => s.id}
                      columns={[
                        { key: 'plan', header: 'Plan', render: (s) => s.plan_name || '—' },
                        { key: 'cycle', header: 'Billing', render: (s) => s.billing_cycle },
                        { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.subscription_status} /> },
                        { key: 'start', header: 'Started', render: (s) => (s.start_time ? format.dateTime(s.start_time) : '—') },
                        { key: 'id', header: 'PayPal id', secondary: true, render: (s) => s.paypal_subscription_id },
                      ]}
                    />
                  )}
                </DataView>
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
