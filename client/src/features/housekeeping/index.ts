/** The host's housekeeping (tasks, staff, templates), the page of routes/_host/host.housekeeping.tsx. */
export { HostHousekeepingPage } from './HousekeepingPage';
