/** The housekeeper's area, the pages of the routes under routes/_staff. */
export { StaffDashboardPage } from './DashboardPage';
export { StaffPropertiesPage } from './PropertiesPage';
export { StaffSchedulePage } from './SchedulePage';
export { StaffTasksPage } from './TasksPage';
export { HostSwitch } from './hosts';
