/** The partner's nightly rates of one property, from today on (rate sync); nothing when none were synced. */
import { useFormat } from '../../lib/display';
import { Card, CardHeader } from '../../components/ui/Card';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { Table } from '../../components/ui/Table';
import { useOnlineOnly } from '../../components/online-only';
import { usePartnerRates } from './partner-api';
import { PARTNER_NAME } from './shared-bits';
import { useT } from '../../i18n/use-t';

export function PropertyRates({ propertyId }: { propertyId: string }) {
  const format = useFormat();
  const t = useT();
  const online = useOnlineOnly(t('host.partner.rates', { partner: PARTNER_NAME }));
  const rates = usePartnerRates(propertyId, online.available);
  if (!online.available) return null;
  let body;
  if (rates.status === 'pending') body = <SkeletonRows rows={2} columns={3} />;
  else if (rates.status === 'error') body = <ErrorState error={rates.error} onRetry={() => void rates.refetch()} />;
  else if (rates.data.rates.length === 0) return null;
  else {
    body = (
      <Table
        caption={t('host.partner.ratesCaption', { partner: PARTNER_NAME })}
        rows={rates.data.rates.slice(0, 60)}
        rowKey={(r) => r.date}
        columns={[
          { key: 'date', header: t('host.partner.rate.night'), render: (r) => format.date(r.date) },
          { key: 'rate', header: t('host.partner.rate.rate'), align: 'end', render: (r) => format.money(r.nightly, r.currency) },
          { key: 'name', header: t('host.partner.rate.plan'), secondary: true, render: (r) => r.name || '—' },
        ]}
      />
    );
  }
  return (
    <Card className="card--flush">
      <CardHeader title={t('host.partner.rates', { partner: PARTNER_NAME })} description={t('host.partner.ratesText', { partner: PARTNER_NAME })} />
      {body}
    </Card>
  );
}
