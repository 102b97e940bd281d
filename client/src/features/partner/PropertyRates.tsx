/** The partner's nightly rates of one property, from today on (rate sync); nothing when none were synced. */
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useOnlineOnly } from '../../components/online-only';
import { usePartnerRates } from './partner-api';
import { PARTNER_NAME } from './shared-bits';

export function PropertyRates({ propertyId }: { propertyId: string }) {
  const format = useFormat();
  const online = useOnlineOnly(`${PARTNER_NAME} rates`);
  const rates = usePartnerRates(propertyId, online.available);
  if (!online.available) return null;
  let body;
  if (rates.status === 'pending') body = <SkeletonRows rows={2} columns={3} />;
  else if (rates.status === 'error') body = <ErrorState error={rates.error} onRetry={() => void rates.refetch()} />;
  else if (rates.data.rates.length === 0) return null;
  else {
    const money = (n: number, currency: string) => new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(n);
    body = (
      <Table
        caption={`${PARTNER_NAME} nightly rates`}
        rows={rates.data.rates.slice(0, 60)}
        rowKey={(r) => r.date}
        columns={[
          { key: 'date', header: 'Night', render: (r) => format.date(r.date) },
          { key: 'rate', header: 'Rate', align: 'end', render: (r) => money(r.nightly, r.currency) },
          { key: 'name', header: 'Plan', secondary: true, render: (r) => r.name || '—' },
        ]}
      />
    );
  }
  return (
    <Card className="card--flush">
      <CardHeader title={`${PARTNER_NAME} rates`} description="Nightly rates synced from Tokeet, the next 60 nights that have one" />
      {body}
    </Card>
  );
}
