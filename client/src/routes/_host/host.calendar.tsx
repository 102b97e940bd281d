import { createFileRoute } from '@tanstack/react-router';
import { matching, oneOf, searchOf } from '../../lib/search-params';
import { MARKS, markRouteStart } from '../../lib/screen-marks';
import { HostCalendarPage } from '../../features/calendar';

export const Route = createFileRoute('/_host/host/calendar')({
  validateSearch: searchOf({ view: oneOf(['2w', 'month', '90d'] as const), start: matching(/^\d{4}-\d{2}-\d{2}$/) }),
  // The benchmark measures from here (route start) to the rows on screen.
  beforeLoad: () => markRouteStart(MARKS.calendar),
  component: CalendarRoute,
});

function CalendarRoute() {
  const { view, start } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HostCalendarPage view={view ?? '2w'} start={start} onChange={(next) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true })} />;
}
