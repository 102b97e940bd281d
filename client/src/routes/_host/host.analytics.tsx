import { createFileRoute } from '@tanstack/react-router';
import { HostAnalyticsPage } from '../../features/analytics';

export const Route = createFileRoute('/_host/host/analytics')({
  component: HostAnalyticsPage,
});
