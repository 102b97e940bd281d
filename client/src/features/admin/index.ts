/** The admin area's pages, for the routes under routes/_admin. */
export { AdminAdminsPage } from './AdminsPage';
export { AdminAnalyticsPage } from './AnalyticsPage';
export { AdminAuditLogPage } from './AuditLogPage';
export { AdminBillingsPage } from './BillingsPage';
export { AdminDashboardPage } from './DashboardPage';
export { AdminHostPage } from './HostPage';
export { AdminHostsPage } from './HostsPage';
export { hostsListSearch, type HostsListSearch } from './hosts-search';
export { AdminPaypalPage } from './PaypalPage';
export { AdminSettingsPage } from './SettingsPage';
export { AdminSubscriptionsPage } from './SubscriptionsPage';
export { AdminMailPage } from './MailPage';
