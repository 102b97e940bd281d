import { createFileRoute } from '@tanstack/react-router';
import { MARKS, markRouteStart } from '../../lib/screen-marks';
import { HostDashboardPage } from '../../features/dashboard';

export const Route = createFileRoute('/_host/host/dashboard')({
  // The benchmark measures from here (route start) to the figures on screen.
  beforeLoad: () => markRouteStart(MARKS.dashboard),
  component: HostDashboardPage,
});
