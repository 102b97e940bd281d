/**
 * A property's access details as a housekeeper reads them on the way in: door code, Wi-Fi, parking
 * and arrival notes (the `property_access` row, docs/security.md "Access details"). Presentational:
 * the caller passes the row it holds, or null with the reason there is none.
 */
import type { PropertyAccess } from '../data/tables';
import { accessTexts, HostTextBar, useHostText } from '../features/host-text';
import { useT } from '../i18n/use-t';
import './access-details.css';

type Shown = Pick<PropertyAccess, 'door_code' | 'wifi_name' | 'wifi_password' | 'parking' | 'arrival_notes'> & Partial<Pick<PropertyAccess, 'translations'>>;

export function hasAccessDetails(access: Shown | null | undefined): access is Shown {
  return !!access && [access.door_code, access.wifi_name, access.wifi_password, access.parking, access.arrival_notes].some((v) => v.trim() !== '');
}

/** Parking and arrival notes show in the reader's language where the host translated them (features/host-text). */
export function AccessDetails({ access, emptyText, title }: { access: Shown | null | undefined; emptyText: string; title?: string }) {
  const t = useT();
  const heading = title ?? t('access.title');
  if (!hasAccessDetails(access)) {
    return (
      <div className="callout access-details">
        <p className="callout__title">{heading}</p>
        <p className="muted">{emptyText}</p>
      </div>
    );
  }
  return <AccessDetailsList access={access} heading={heading} />;
}

function AccessDetailsList({ access, heading }: { access: Shown; heading: string }) {
  const t = useT();
  const view = useHostText(access.translations, accessTexts(t, access).map(({ key, original }) => ({ key, original })));
  const wifi =
    access.wifi_name && access.wifi_password ? t('access.wifiBoth', { name: access.wifi_name, password: access.wifi_password })
    : access.wifi_name ? t('access.wifiNetwork', { name: access.wifi_name })
    : access.wifi_password ? t('access.wifiPassword', { password: access.wifi_password })
    : '';
  const parking = view.text('parking', access.parking);
  const arrivalNotes = view.text('arrival_notes', access.arrival_notes);
  return (
    <div className="callout access-details">
      <p className="callout__title">{heading}</p>
      <dl className="details access-details__list">
        {access.door_code ? (
          <div>
            <dt>{t('access.doorCode')}</dt>
            <dd className="access-details__code">{access.door_code}</dd>
          </div>
        ) : null}
        {wifi ? (
          <div>
            <dt>{t('access.wifi')}</dt>
            <dd>{wifi}</dd>
          </div>
        ) : null}
        {access.parking ? (
          <div>
            <dt>{t('access.parking')}</dt>
            <dd className="pre-wrap">{parking}</dd>
          </div>
        ) : null}
        {access.arrival_notes ? (
          <div>
            <dt>{t('access.arrivalNotes')}</dt>
            <dd className="pre-wrap">{arrivalNotes}</dd>
          </div>
        ) : null}
      </dl>
      <HostTextBar view={view} />
    </div>
  );
}
