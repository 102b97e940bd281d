import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { TABLE, type Booking, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Checkbox, FormMessage } from '../../components/ui/Field';
import { Skeleton } from '../../components/ui/Skeleton';
import { EmptyState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { PropertyForm, UpgradeNotice } from './PropertyForm';
import { isLimitRefusal } from './property-rules';
import { usePropertyLimit } from './use-tier';
import { useProperties } from '../../data/common-rows';
import { dismissRejection, useRejectionsOf } from '../../sync/sync-context';
import './properties.css';

function PropertyCard({ property, next }: { property: Property; next: Booking | undefined }) {
  const format = useFormat();
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
        <p className="muted">{property.address || 'No address yet'}</p>
        <p className="property-card__facts">
          {humanize(property.property_type)} · {property.bedrooms} bd · {property.bathrooms} ba · up to {property.max_guests} guests
        </p>
        <p className="property-card__price">
          {format.money(property.base_price, property.currency)} <span className="muted">/ night</span>
        </p>
        <p className="property-card__next">
          {next ? (
            <>
              {next.check_in_date <= format.today() ? 'Staying now' : 'Next'}: <strong>{next.guest_name}</strong>, {format.date(next.check_in_date)} to {format.date(next.check_out_date)}
            </>
          ) : (
            <span className="muted">No upcoming booking</span>
          )}
        </p>
      </div>
    </li>
  );
}

export function HostPropertiesPage() {
  const format = useFormat();
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
      title="Properties"
      description={limit ? `Every home you rent out. Your ${limit.tierName} plan: ${limit.used} of ${limit.limit} properties in use.` : 'Every home you rent out, with its details and listings.'}
      actions={<Button onClick={() => setCreating(true)}>New property</Button>}
    >
      {rejections.map((r) => (
        <FormMessage key={r.id} title={`The server refused ${r.op === 'create' ? 'a new property' : 'a property change'}${typeof r.fields.property_name === 'string' ? ` (${r.fields.property_name})` : ''}`}>
          <p>{r.error}.</p>
          <p className="button-group">
            {isLimitRefusal(r.error) ? (
              <Link to="/host/subscription" className="btn btn--primary btn--sm">
                <span>See larger plans</span>
              </Link>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => void dismissRejection(r.id)}>
              Dismiss
            </Button>
          </p>
        </FormMessage>
      ))}
      {limit?.reached ? <UpgradeNotice limit={limit} /> : null}
      <DataView
        result={result}
        empty={{ title: 'No properties yet', text: 'Properties you add appear here with their bookings and calendars.', action: <Button onClick={() => setCreating(true)}>Add your first property</Button> }}
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
              {archivedCount ? <Checkbox label={`Show ${archivedCount} archived`} checked={showArchived} onCheckedChange={setShowArchived} /> : null}
              {shown.length ? (
                <Card className="card--flush">
                  <ul className="property-grid">
                    {shown.map((p) => (
                      <PropertyCard key={p.id} property={p} next={nextByProperty.get(p.id)} />
                    ))}
                  </ul>
                </Card>
              ) : (
                <EmptyState title="Every property is archived">Show the archived ones to bring one back.</EmptyState>
              )}
            </>
          );
        }}
      </DataView>
      <PropertyForm open={creating} property={null} onClose={() => setCreating(false)} />
    </Page>
  );
}
