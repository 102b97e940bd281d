import { createFileRoute } from '@tanstack/react-router';
import { StaffPropertiesPage } from '../../features/staff';

export const Route = createFileRoute('/_staff/staff/properties')({
  component: StaffPropertiesPage,
});
