/** Host analytics: the page of routes/_host/host.analytics.tsx. */
export { HostAnalyticsPage } from './AnalyticsPage';
