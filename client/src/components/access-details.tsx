/**
 * A property's access details as a housekeeper reads them on the way in: door code, Wi-Fi, parking
 * and arrival notes (the `property_access` row, docs/security.md "Access details"). Presentational:
 * the caller passes the row it holds, or null with the reason there is none.
 */
import type { PropertyAccess } from '../data/tables';
import './access-details.css';

type Shown = Pick<PropertyAccess, 'door_code' | 'wifi_name' | 'wifi_password' | 'parking' | 'arrival_notes'>;

export function hasAccessDetails(access: Shown | null | undefined): access is Shown {
  return !!access && [access.door_code, access.wifi_name, access.wifi_password, access.parking, access.arrival_notes].some((v) => v.trim() !== '');
}

export function AccessDetails({ access, emptyText, title = 'Access details' }: { access: Shown | null | undefined; emptyText: string; title?: string }) {
  if (!hasAccessDetails(access)) {
    return (
      <div className="callout access-details">
        <p className="callout__title">{title}</p>
        <p className="muted">{emptyText}</p>
      </div>
    );
  }
  const wifi = [access.wifi_name && `Network ${access.wifi_name}`, access.wifi_password && `password ${access.wifi_password}`].filter(Boolean).join(', ');
  return (
    <div className="callout access-details">
      <p className="callout__title">{title}</p>
      <dl className="details access-details__list">
        {access.door_code ? (
          <div>
            <dt>Door code</dt>
            <dd className="access-details__code">{access.door_code}</dd>
          </div>
        ) : null}
        {wifi ? (
          <div>
            <dt>Wi-Fi</dt>
            <dd>{wifi}</dd>
          </div>
        ) : null}
        {access.parking ? (
          <div>
            <dt>Parking</dt>
            <dd className="pre-wrap">{access.parking}</dd>
          </div>
        ) : null}
        {access.arrival_notes ? (
          <div>
            <dt>Arrival notes</dt>
            <dd className="pre-wrap">{access.arrival_notes}</dd>
          </div>
        ) : null}
      </dl>
    </div>
  );
}
