import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text, wholeNumber } from '../../lib/search-params';
import { HostBookingsPage } from '../../features/bookings';

export const Route = createFileRoute('/_host/host/bookings')({
  validateSearch: searchOf({ bookingId: text(), propertyId: text(), payment: text(), new: wholeNumber() }),
  component: BookingsRoute,
});

function BookingsRoute() {
  const { bookingId, propertyId, payment, new: startNew } = Route.useSearch();
  return <HostBookingsPage bookingId={bookingId} propertyId={propertyId} payment={payment} startNew={startNew === 1} />;
}
