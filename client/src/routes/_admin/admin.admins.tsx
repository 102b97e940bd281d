import { createFileRoute } from '@tanstack/react-router';
import { AdminAdminsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/admins')({
  component: AdminAdminsPage,
});
