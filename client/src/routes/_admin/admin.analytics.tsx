import { createFileRoute } from '@tanstack/react-router';
import { AdminAnalyticsPage } from '../../features/admin/AnalyticsPage';

export const Route = createFileRoute('/_admin/admin/analytics')({
  component: AdminAnalyticsPage,
});
