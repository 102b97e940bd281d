import { createFileRoute } from '@tanstack/react-router';
import { AdminMailPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/mail')({
  component: AdminMailPage,
});
