/** How a booking's source (a booking site, a calendar, or direct) is named on every screen. */
import { humanize } from '../components/ui/Badge';

const KNOWN: Record<string, string> = { airbnb: 'Airbnb', 'booking.com': 'Booking.com', vrbo: 'Vrbo', expedia: 'Expedia', direct: 'Direct', 'google-calendar': 'Google Calendar' };

export function sourceLabel(source: string): string {
  return KNOWN[source] ?? humanize(source);
}
