import { TABLE, type CalendarFeed, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card, CardHeader } from '../../components/ui/Card';
import { Badge } from '../../components/ui/Badge';
import { Table, type Column } from '../../components/ui/Table';
import { DataView } from '../../components/data-view';
import { sourceLabel } from '../bookings/BookingsTable';
import { usePropertyNames, useProperties } from '../properties/use-properties';

/** The booking sites each property is on, and the calendar feeds that keep them in step. */
export function HostChannelsPage() {
  const format = useFormat();
  const propertyNames = usePropertyNames();
  const properties = useProperties();
  const feeds = useRows(TABLE.calendar_feeds, { PageSize: 1000, OrderByField: 'created_at', IsAsc: false });

  const feedColumns: Column<CalendarFeed>[] = [
    { key: 'property', header: 'Property', render: (f) => propertyNames.get(f.property_id) ?? 'Unknown property' },
    { key: 'platform', header: 'Platform', render: (f) => sourceLabel(f.platform) },
    {
      key: 'state',
      header: 'State',
      render: (f) => (!f.is_active ? <Badge>Paused</Badge> : f.last_error ? <Badge tone="danger">Failing</Badge> : f.last_success_at ? <Badge tone="success">Syncing</Badge> : <Badge tone="info">Waiting for first sync</Badge>),
    },
    { key: 'last', header: 'Last success', render: (f) => (f.last_success_at ? format.dateTime(f.last_success_at) : 'Never') },
    { key: 'events', header: 'Events', align: 'end', secondary: true, render: (f) => f.event_count },
    { key: 'error', header: 'Last error', secondary: true, render: (f) => f.last_error ?? '—' },
  ];
  const listingColumns: Column<Property>[] = [
    { key: 'property', header: 'Property', render: (p) => p.property_name },
    {
      key: 'listings',
      header: 'Listed on',
      render: (p) => {
        const entries = Object.entries(p.ota_listings);
        return entries.length ? (
          <ul className="chip-list">
            {entries.map(([platform, ref]) => (
              <li key={platform}>
                <Badge tone="accent">
                  {sourceLabel(platform)} · {ref}
                </Badge>
              </li>
            ))}
          </ul>
        ) : (
          <span className="muted">Not listed</span>
        );
      },
    },
  ];

  return (
    <Page title="Channels" description="Where your properties are listed and the calendar feeds imported from each site.">
      <Card>
        <CardHeader title="Listings" description="Booking-site listings per property" />
        <DataView result={properties} empty={{ title: 'No properties yet' }}>
          {(rows) => <Table caption="Listings per property" columns={listingColumns} rows={rows} rowKey={(p) => p.id} />}
        </DataView>
      </Card>
      <Card>
        <CardHeader title="Calendar feeds" description="iCal feeds imported from the booking sites" />
        <DataView result={feeds} empty={{ title: 'No calendar feeds yet', text: 'Import an iCal link from Airbnb, Booking.com or Vrbo to block booked days automatically.' }}>
          {(rows) => <Table caption="Calendar feeds" columns={feedColumns} rows={rows} rowKey={(f) => f.id} />}
        </DataView>
      </Card>
    </Page>
  );
}
