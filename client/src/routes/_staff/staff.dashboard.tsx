import { createFileRoute } from '@tanstack/react-router';
import { StaffDashboardPage } from '../../features/staff';

export const Route = createFileRoute('/_staff/staff/dashboard')({
  component: StaffDashboardPage,
});
