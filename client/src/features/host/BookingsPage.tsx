import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { DataView, ListFooter } from '../../components/data-view';
import { BookingsTable } from '../bookings/BookingsTable';
import { usePropertyNames } from '../properties/use-properties';

/** Spec §7: bookings in one page of up to 1000, ordered by check-in descending. */
export const ALL_BOOKINGS = { PageSize: 1000, OrderByField: 'check_in_date', IsAsc: false } as const;

export function HostBookingsPage() {
  const result = useRows(TABLE.bookings, ALL_BOOKINGS);
  const propertyNames = usePropertyNames();
  return (
    <Page title="Bookings" description="Every stay from the booking sites and direct, latest check-in first.">
      <Card className="card--flush">
        <DataView result={result} empty={{ title: 'No bookings yet', text: 'Bookings from Airbnb, Booking.com, Vrbo and direct stays appear here.' }}>
          {(rows, total) => (
            <>
              <BookingsTable bookings={rows} propertyNames={propertyNames} caption="Bookings" />
              <ListFooter shown={rows.length} total={total} />
            </>
          )}
        </DataView>
      </Card>
    </Page>
  );
}
