import { createFileRoute } from '@tanstack/react-router';
import { HostBookingsPage } from '../../features/host/BookingsPage';

export const Route = createFileRoute('/_host/host/bookings')({
  component: HostBookingsPage,
});
