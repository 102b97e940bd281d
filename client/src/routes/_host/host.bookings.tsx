import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { HostBookingsPage } from '../../features/bookings';

export const Route = createFileRoute('/_host/host/bookings')({
  validateSearch: z.object({ bookingId: z.string().optional(), propertyId: z.string().optional(), payment: z.string().optional(), new: z.coerce.number().optional() }),
  component: BookingsRoute,
});

function BookingsRoute() {
  const { bookingId, propertyId, payment, new: startNew } = Route.useSearch();
  return <HostBookingsPage bookingId={bookingId} propertyId={propertyId} payment={payment} startNew={startNew === 1} />;
}
