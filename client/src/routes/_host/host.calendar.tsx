import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MARKS, markRouteStart } from '../../lib/screen-marks';
import { HostCalendarPage } from '../../features/calendar';

export const Route = createFileRoute('/_host/host/calendar')({
  validateSearch: z.object({
    view: z.enum(['2w', 'month', '90d']).optional(),
    start: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  }),
  // The benchmark measures from here (route start) to the rows on screen.
  beforeLoad: () => markRouteStart(MARKS.calendar),
  component: CalendarRoute,
});

function CalendarRoute() {
  const { view, start } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <HostCalendarPage view={view ?? '2w'} start={start} onChange={(next) => void navigate({ search: (s) => ({ ...s, ...next }), replace: true })} />;
}
