import { createFileRoute } from '@tanstack/react-router';
import { AdminPaypalPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/paypal')({
  component: AdminPaypalPage,
});
