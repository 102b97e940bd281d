/** The host's dashboard, the page of routes/_host/host.dashboard.tsx. */
export { HostDashboardPage } from './DashboardPage';
