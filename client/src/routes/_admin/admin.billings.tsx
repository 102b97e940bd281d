import { createFileRoute } from '@tanstack/react-router';
import { AdminBillingsPage } from '../../features/admin/BillingsPage';

export const Route = createFileRoute('/_admin/admin/billings')({
  component: AdminBillingsPage,
});
