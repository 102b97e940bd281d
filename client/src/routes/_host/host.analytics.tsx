import { createFileRoute } from '@tanstack/react-router';
import { HostAnalyticsPage } from '../../features/host/AnalyticsPage';

export const Route = createFileRoute('/_host/host/analytics')({
  component: HostAnalyticsPage,
});
