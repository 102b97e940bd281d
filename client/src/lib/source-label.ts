/** How a booking's source (a booking site, a calendar, or direct) is named on every screen. */
import { humanize } from '../components/ui/Badge';
import { t } from '../i18n';

/** The booking sites' and calendars' own names, the same in every language. */
const KNOWN: Record<string, string> = { airbnb: 'Airbnb', 'booking.com': 'Booking.com', vrbo: 'Vrbo', expedia: 'Expedia', 'google-calendar': 'Google Calendar' };

export function sourceLabel(source: string): string {
  if (source === 'direct') return t('source.direct');
  return KNOWN[source] ?? humanize(source);
}
