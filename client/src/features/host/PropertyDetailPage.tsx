import { Link } from '@tanstack/react-router';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader, StatCard } from '../../components/ui/Card';
import { Badge, StatusBadge, humanize } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { DataView } from '../../components/data-view';
import { BookingsTable, sourceLabel } from '../bookings/BookingsTable';
import { occupancyPercent } from '../bookings/stats';

export function PropertyDetailPage({ id }: { id: string }) {
  const format = useFormat();
  const property = useRows(TABLE.properties, { PageSize: 1, Filters: [{ name: 'id', op: 'Equal', value: id }] });
  const bookings = useRows(TABLE.bookings, {
    PageSize: 1000,
    OrderByField: 'check_in_date',
    IsAsc: false,
    Filters: [{ name: 'property_id', op: 'Equal', value: id }],
  });

  if (property.status === 'loading') {
    return (
      <Page title="Property">
        <SkeletonRows rows={6} columns={2} />
      </Page>
    );
  }
  if (property.status === 'error') {
    return (
      <Page title="Property">
        <ErrorState error={property.error} onRetry={property.retry} />
      </Page>
    );
  }
  const p = property.rows[0];
  if (!p) {
    return (
      <Page title="Property not found">
        <EmptyState
          title="This property does not exist or is not yours"
          action={
            <Link to="/host/properties" className="btn btn--secondary btn--md">
              <span>Back to properties</span>
            </Link>
          }
        />
      </Page>
    );
  }

  const today = format.today();
  const names = new Map([[p.id, p.property_name]]);
  const listings = Object.entries(p.ota_listings);

  return (
    <Page
      title={p.property_name}
      description={p.address || undefined}
      actions={
        <Link to="/host/properties" className="btn btn--secondary btn--md">
          <span>All properties</span>
        </Link>
      }
    >
      <div className="stat-grid">
        <StatCard label="Nightly base price" value={format.money(p.base_price)} />
        <StatCard label="Sleeps" value={p.max_guests} hint={`${p.bedrooms} bedrooms · ${p.bathrooms} bathrooms`} />
        <StatCard label="Occupancy, next 30 days" value={bookings.status === 'success' ? `${occupancyPercent(bookings.rows, p.id, today, 30)}%` : '…'} tone="accent" />
        <StatCard label="Status" value={<StatusBadge status={p.status} />} hint={humanize(p.property_type)} />
      </div>
      <div className="grid-2">
        <Card>
          <CardHeader title="About" />
          <p>{p.description || 'No description yet.'}</p>
          <dl className="details">
            <div>
              <dt>Timezone</dt>
              <dd>{p.timezone}</dd>
            </div>
            <div>
              <dt>Added</dt>
              <dd>{p.created_date ? format.date(p.created_date) : '—'}</dd>
            </div>
          </dl>
          {p.access_notes ? (
            <div className="callout">
              <p className="callout__title">Access notes</p>
              <p>{p.access_notes}</p>
            </div>
          ) : null}
        </Card>
        <Card>
          <CardHeader title="Amenities and listings" />
          {p.amenities.length ? (
            <ul className="chip-list" aria-label="Amenities">
              {p.amenities.map((a) => (
                <li key={a}>
                  <Badge>{a}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No amenities listed.</p>
          )}
          <h3 className="section-title">Listed on</h3>
          {listings.length ? (
            <ul className="plain-list">
              {listings.map(([platform, ref]) => (
                <li key={platform}>
                  <strong>{sourceLabel(platform)}</strong> <span className="muted">{ref}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Not linked to any booking site yet.</p>
          )}
        </Card>
      </div>
      <Card>
        <CardHeader title="Bookings" description={`Stays at ${p.property_name}, latest first`} />
        <DataView result={bookings} empty={{ title: 'No bookings for this property yet' }}>
          {(rows) => <BookingsTable bookings={rows} propertyNames={names} caption={`Bookings at ${p.property_name}`} showProperty={false} />}
        </DataView>
      </Card>
    </Page>
  );
}
