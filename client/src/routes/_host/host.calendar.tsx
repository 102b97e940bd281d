import { createFileRoute } from '@tanstack/react-router';
import { HostCalendarPage } from '../../features/host/CalendarPage';

export const Route = createFileRoute('/_host/host/calendar')({
  component: HostCalendarPage,
});
