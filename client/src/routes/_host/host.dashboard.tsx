import { createFileRoute } from '@tanstack/react-router';
import { HostDashboardPage } from '../../features/host/DashboardPage';

export const Route = createFileRoute('/_host/host/dashboard')({
  component: HostDashboardPage,
});
