import { useState } from 'react';
import { addDays } from '../../../../shared/format/dates';
import { TABLE, type Booking, type CalendarBlock, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { stayOn } from '../bookings/stats';
import { sourceLabel } from '../bookings/BookingsTable';
import { useProperties } from '../properties/use-properties';

const WINDOW_DAYS = 14;
const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function weekdayOf(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return WEEKDAY[new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)).getUTCDay()] ?? '';
}

function blockOn(blocks: readonly CalendarBlock[], propertyId: string, day: string): CalendarBlock | undefined {
  return blocks.find((b) => b.property_id === propertyId && b.start_date <= day && day < b.end_date);
}

/** Properties down, days across: who stays where over two weeks (bookings and imported blocks). */
function Timeline({ properties, bookings, blocks, days }: { properties: readonly Property[]; bookings: readonly Booking[]; blocks: readonly CalendarBlock[]; days: string[] }) {
  const format = useFormat();
  const today = format.today();
  return (
    <div className="timeline-wrap" tabIndex={0} role="region" aria-label="Occupancy timeline">
      <table className="timeline">
        <caption className="visually-hidden">Occupancy by property and day</caption>
        <thead>
          <tr>
            <th scope="col" className="timeline__corner">
              Property
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className={d === today ? 'timeline__day timeline__day--today' : 'timeline__day'}>
                <span className="timeline__weekday">{weekdayOf(d)}</span>
                <span className="timeline__date">{d.slice(8)}</span>
                <span className="visually-hidden">{format.date(d)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {properties.map((p) => (
            <tr key={p.id}>
              <th scope="row" className="timeline__property">
                {p.property_name}
              </th>
              {days.map((d, i) => {
                const stay = stayOn(bookings, p.id, d);
                if (stay) {
                  const starts = stay.check_in_date === d || i === 0;
                  return (
                    <td key={d} className={starts ? 'timeline__cell timeline__cell--booked timeline__cell--start' : 'timeline__cell timeline__cell--booked'}>
                      {starts ? <span className="timeline__label">{stay.guest_name}</span> : null}
                      <span className="visually-hidden">
                        {starts ? '' : `${stay.guest_name}, `}booked via {sourceLabel(stay.booking_source)}
                      </span>
                    </td>
                  );
                }
                const block = blockOn(blocks, p.id, d);
                if (block) {
                  return (
                    <td key={d} className="timeline__cell timeline__cell--blocked">
                      <span className="visually-hidden">Blocked{block.summary ? `: ${block.summary}` : ''}</span>
                    </td>
                  );
                }
                return (
                  <td key={d} className="timeline__cell">
                    <span className="visually-hidden">Available</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HostCalendarPage() {
  const format = useFormat();
  const [start, setStart] = useState(() => format.today());
  const end = addDays(start, WINDOW_DAYS);
  const days = Array.from({ length: WINDOW_DAYS }, (_, i) => addDays(start, i));
  const properties = useProperties();
  const overlap = [
    { name: 'check_in_date', op: 'LessThan', value: end },
    { name: 'check_out_date', op: 'GreaterThan', value: start },
  ] as const;
  const bookings = useRows(TABLE.bookings, { PageSize: 1000, OrderByField: 'check_in_date', IsAsc: true, Filters: [...overlap] });
  const blocks = useRows(TABLE.calendar_blocks, {
    PageSize: 1000,
    Filters: [
      { name: 'start_date', op: 'LessThan', value: end },
      { name: 'end_date', op: 'GreaterThan', value: start },
    ],
  });
  const failed = [properties, bookings, blocks].find((r) => r.status === 'error');

  return (
    <Page
      title="Calendar"
      description={`${format.date(start)} to ${format.date(addDays(end, -1))}`}
      actions={
        <div className="button-group">
          <Button variant="secondary" onClick={() => setStart(addDays(start, -WINDOW_DAYS))}>
            Previous
          </Button>
          <Button variant="secondary" onClick={() => setStart(format.today())}>
            Today
          </Button>
          <Button variant="secondary" onClick={() => setStart(addDays(start, WINDOW_DAYS))}>
            Next
          </Button>
        </div>
      }
    >
      <Card className="card--flush">
        {failed?.status === 'error' ? (
          <ErrorState error={failed.error} onRetry={failed.retry} />
        ) : properties.status !== 'success' || bookings.status !== 'success' || blocks.status !== 'success' ? (
          <SkeletonRows rows={4} columns={6} />
        ) : properties.rows.length === 0 ? (
          <EmptyState title="No properties yet">Add a property to see its calendar.</EmptyState>
        ) : (
          <Timeline properties={properties.rows} bookings={bookings.rows} blocks={blocks.rows} days={days} />
        )}
        <ul className="legend" aria-label="Legend">
          <li>
            <span className="legend__swatch legend__swatch--booked" aria-hidden="true" /> Booked
          </li>
          <li>
            <span className="legend__swatch legend__swatch--blocked" aria-hidden="true" /> Blocked by an imported calendar
          </li>
          <li>
            <span className="legend__swatch" aria-hidden="true" /> Available
          </li>
        </ul>
      </Card>
    </Page>
  );
}
