import { createFileRoute } from '@tanstack/react-router';
import { AdminSubscriptionsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/subscriptions')({
  component: AdminSubscriptionsPage,
});
