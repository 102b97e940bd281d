import { Link } from '@tanstack/react-router';
import type { Property } from '../../data/tables';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { StatusBadge, humanize } from '../../components/ui/Badge';
import { Skeleton } from '../../components/ui/Skeleton';
import { DataView } from '../../components/data-view';
import { useProperties } from '../properties/use-properties';

function PropertyCard({ property }: { property: Property }) {
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
          {format.money(property.base_price)} <span className="muted">/ night</span>
        </p>
      </div>
    </li>
  );
}

export function HostPropertiesPage() {
  const result = useProperties();
  return (
    <Page title="Properties" description="Every home you rent out, with its details and listings.">
      <DataView
        result={result}
        empty={{ title: 'No properties yet', text: 'Properties you add appear here with their bookings and calendars.' }}
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
        {(rows) => (
          <Card className="card--flush">
            <ul className="property-grid">
              {rows.map((p) => (
                <PropertyCard key={p.id} property={p} />
              ))}
            </ul>
          </Card>
        )}
      </DataView>
    </Page>
  );
}
