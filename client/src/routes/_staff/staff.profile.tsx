import { createFileRoute } from '@tanstack/react-router';
import { StaffProfilePage } from '../../features/staff/ProfilePage';

export const Route = createFileRoute('/_staff/staff/profile')({
  component: StaffProfilePage,
});
