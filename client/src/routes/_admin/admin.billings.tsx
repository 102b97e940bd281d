import { createFileRoute } from '@tanstack/react-router';
import { AdminBillingsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/billings')({
  component: AdminBillingsPage,
});
