/** Bookings: the host's bookings page, and the form and table the calendar and property pages reuse. */
export { HostBookingsPage } from './BookingsPage';
export { BookingForm } from './BookingForm';
export { BookingsTable } from './BookingsTable';
export type { BookingDraft } from './booking-rules';
