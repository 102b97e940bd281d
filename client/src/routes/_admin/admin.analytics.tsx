import { createFileRoute } from '@tanstack/react-router';
import { AdminAnalyticsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/analytics')({
  component: AdminAnalyticsPage,
});
