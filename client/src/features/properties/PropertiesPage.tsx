import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { TABLE, type Booking, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { StatusBadge } from '../../components/ui/Badge';
import { Checkbox, FormMessage } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { PropertyForm, UpgradeNotice } from './PropertyForm';
import { isLimitRefusal } from './property-rules';
import { usePropertyLimit } from './use-tier';
import { useProperties } from '../../data/common-rows';
import { dismissRejection, useRejectionsOf } from '../../sync/sync-context';
import { useTaskLabels } from '../tasks';
import { Trans } from '@lingui/react';
import { useT } from '../../i18n/use-t';
import './properties.css';

function PropertyCard({ property, next }: { property: Property; next: Booking | undefined }) {
  const format = useFormat();
  const t = useT();
  const labels = useTaskLabels();
  const image = property.images[0];
  return (
    <li className="property-card">
      <div className="property-card__media" aria-hidden="true">
        {image ? <img src={image} alt="" loading="lazy" /> : <span className="property-card__initial">{property.property_name.slice(0, 1)}</span>}
      </div>
      <div className="property-card__body">
        <div className="property-card__head">
          <h2 className="property-card__title">
            <Link to="/host/properties/$id" params={{ id: property.id }} className="stretched-link">
              {property.property_name}
            </Link>
          </h2>
          <StatusBadge status={property.status} />
        </div>
        <p className="muted">{property.address || t('host.properties.noAddress')}</p>
        <p className="property-card__facts">
          {t('host.properties.facts', { type: labels.propertyType(property.property_type), bedrooms: property.bedrooms, bathrooms: property.bathrooms, guests: property.max_guests })}
        </p>
        <p className="property-card__price">
          {format.money(property.base_price, property.currency)} <span className="muted">{t('host.properties.perNight')}</span>
        </p>
        <p className="property-card__next">
          {next ? (
            <Trans
              id="host.properties.nextStay"
              values={{ now: next.check_in_date <= format.today() ? 'yes' : 'no', guest: next.guest_name, from: format.date(next.check_in_date), to: format.date(next.check_out_date) }}
              components={{ 0: <strong /> }}
            />
          ) : (
            <span className="muted">{t('host.properties.noUpcoming')}</span>
          )}
        </p>
      </div>
    </li>
  );
}

export function HostPropertiesPage() {
  const format = useFormat();
  const t = useT();
  const today = format.today();
  const result = useProperties();
  const limit = usePropertyLimit();
  const rejections = useRejectionsOf(TABLE.properties);
  const [creating, setCreating] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const upcoming = useRows(TABLE.bookings, {
    PageSize: 100_000,
    OrderByField: 'check_in_date',
    IsAsc: true,
    Filters: [
      { name: 'check_out_date', op: 'GreaterThan', value: today },
      { name: 'booking_status', op: 'NotEqual', value: 'cancelled' },
    ],
  });
  const nextByProperty = useMemo(() => {
    const map = new Map<string, Booking>();
    for (const b of upcoming.rows ?? []) if (!map.has(b.property_id)) map.set(b.property_id, b);
    return map;
  }, [upcoming.rows]);
  const archivedCount = (result.rows ?? []).filter((p) => p.status === 'archived').length;

  return (
    <Page
      title={t('host.properties.title')}
      description={limit ? t('host.properties.descriptionLimit', { tier: limit.tierName, used: limit.used, limit: limit.limit }) : t('host.properties.description')}
      actions={<Button onClick={() => setCreating(true)}>{t('host.properties.new')}</Button>}
    >
      {rejections.map((r) => (
        <FormMessage
          key={r.id}
          title={
            typeof r.fields.property_name === 'string'
              ? t('host.properties.refusedNamed', { op: r.op, name: r.fields.property_name })
              : t('host.properties.refused', { op: r.op })
          }
        >
          <p>{r.error}.</p>
          <p className="button-group">
            {isLimitRefusal(r.error) ? (
              <Link to="/host/subscription" className="btn btn--primary btn--sm">
                <span>{t('host.properties.seeLargerPlans')}</span>
              </Link>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => void dismissRejection(r.id)}>
              {t('host.common.dismiss')}
            </Button>
          </p>
        </FormMessage>
      ))}
      {limit?.reached ? <UpgradeNotice limit={limit} /> : null}
      <DataView
        result={result}
        empty={{ title: t('host.common.noPropertiesYet'), text: t('host.properties.emptyText'), action: <Button onClick={() => setCreating(true)}>{t('host.properties.addFirst')}</Button> }}
        skeleton={
          <ul className="property-grid" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <li key={i} className="property-card">
                <Skeleton height="140px" radius="0" />
                <div className="property-card__body">
                  <Skeleton width="60%" />
                  <Skeleton width="80%" />
                </div>
              </li>
            ))}
          </ul>
        }
      >
        {(rows) => {
          const shown = rows.filter((p) => showArchived || p.status !== 'archived');
          return (
            <>
              {archivedCount ? <Checkbox label={t('host.properties.showArchived', { count: archivedCount })} checked={showArchived} onCheckedChange={setShowArchived} /> : null}
              {shown.length ? (
                <Card className="card--flush">
                  <ul className="property-grid">
                    {shown.map((p) => (
                      <PropertyCard key={p.id} property={p} next={nextByProperty.get(p.id)} />
                    ))}
                  </ul>
                </Card>
              ) : (
                <EmptyState title={t('host.properties.allArchivedTitle')}>{t('host.properties.allArchivedText')}</EmptyState>
              )}
            </>
          );
        }}
      </DataView>
      <PropertyForm open={creating} property={null} onClose={() => setCreating(false)} />
    </Page>
  );
}
