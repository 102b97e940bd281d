import { createFileRoute } from '@tanstack/react-router';
import { StaffSchedulePage } from '../../features/staff';

export const Route = createFileRoute('/_staff/staff/schedule')({
  component: StaffSchedulePage,
});
