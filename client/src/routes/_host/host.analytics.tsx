import { createFileRoute } from '@tanstack/react-router';
import { HostAnalyticsPage } from '../../features/analytics/AnalyticsPage';

export const Route = createFileRoute('/_host/host/analytics')({
  component: HostAnalyticsPage,
});
