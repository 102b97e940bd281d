/**
 * Table ids and row types the client reads: the ids from shared/table-ids.ts (the registry's own
 * constant, free of the drizzle schema), the row types from the drizzle tables through a type-only
 * import, so the server-side schema code stays out of the bundle.
 */
import { TABLE_ALIASES, TABLE_IDS } from '../../../shared/table-ids';
import type * as t from '../../../shared/schema/tables';
import type { STAFF_PROPERTY_FIELDS, STAFF_SELF_FIELDS, STAFF_TASK_FIELDS, SYNC_FIELDS } from '../../../shared/device-fields';

/** The table ids of shared/table-ids.ts, aliases included (the payment-provider configuration is read through one). */
export const TABLE = { ...TABLE_IDS, ...TABLE_ALIASES } as const;

/** The tables the client reads: those with a row type below. */
export type TableId = Extract<(typeof TABLE)[keyof typeof TABLE], keyof RowOf>;

/** Secret columns come back as null with a `<column>_set` flag (the registry's `secret`, shared/registry.ts). */
type Row<T extends { $inferSelect: object }> = T['$inferSelect'];

export type UserRow = Omit<Row<typeof t.users>, 'password_hash'>;
export type HostProfile = Row<typeof t.hostProfiles>;
export type SubscriptionTier = Row<typeof t.subscriptionTiers>;
export type PlatformSetting = Row<typeof t.platformSettings>;
export type DisplaySettingsRow = Row<typeof t.displaySettings>;
export type Property = Row<typeof t.properties>;
export type Booking = Row<typeof t.bookings>;
export type PropertyAccess = Row<typeof t.propertyAccess>;
export type Staff = Row<typeof t.housekeepingStaff>;
export type Task = Row<typeof t.housekeepingTasks>;
export type TaskTemplate = Row<typeof t.taskTemplates>;
export type ProblemReport = Row<typeof t.problemReports>;
export type Guest = Row<typeof t.guests>;
export type NotificationRow = Row<typeof t.notifications>;
export type CalendarFeed = Row<typeof t.calendarFeeds>;
export type CalendarSyncJob = Row<typeof t.calendarSyncJobs>;
export type CalendarBlock = Row<typeof t.calendarBlocks>;
export type InboxMessage = Row<typeof t.inboxMessages>;
export type PartnerCredentials = Row<typeof t.partnerCredentials> & { secret_key_set?: boolean; access_token_set?: boolean };
export type PartnerSyncLog = Row<typeof t.partnerSyncLogs>;
export type PartnerMessage = Row<typeof t.partnerMessages>;
export type PaypalConfig = Row<typeof t.paypalConfig> & { client_secret_set?: boolean };
export type PaypalPlan = Row<typeof t.paypalPlans>;
export type PaypalSubscription = Row<typeof t.paypalSubscriptions>;
export type PaypalPayment = Row<typeof t.paypalPayments>;
export type PaypalWebhookEvent = Row<typeof t.paypalWebhookEvents>;

type SyncField = (typeof SYNC_FIELDS)[number];
/** A housekeeper's rows as her device receives them (shared/device-fields.ts): her screens read these types. */
export type StaffProperty = Pick<Property, SyncField | (typeof STAFF_PROPERTY_FIELDS)[number]>;
export type StaffTask = Pick<Task, SyncField | (typeof STAFF_TASK_FIELDS)[number]>;
export type OwnStaffRow = Pick<Staff, SyncField | (typeof STAFF_SELF_FIELDS)[number]>;

/** Which row type each table id answers with. */
export type RowOf = {
  [TABLE.users]: UserRow;
  [TABLE.host_profiles]: HostProfile;
  [TABLE.subscription_tiers]: SubscriptionTier;
  [TABLE.platform_settings]: PlatformSetting;
  [TABLE.display_settings]: DisplaySettingsRow;
  [TABLE.properties]: Property;
  [TABLE.bookings]: Booking;
  [TABLE.housekeeping_staff]: Staff;
  [TABLE.housekeeping_tasks]: Task;
  [TABLE.task_templates]: TaskTemplate;
  [TABLE.problem_reports]: ProblemReport;
  [TABLE.guests]: Guest;
  [TABLE.notifications]: NotificationRow;
  [TABLE.calendar_feeds]: CalendarFeed;
  [TABLE.calendar_sync_jobs]: CalendarSyncJob;
  [TABLE.calendar_blocks]: CalendarBlock;
  [TABLE.inbox_messages]: InboxMessage;
  [TABLE.property_access]: PropertyAccess;
  [TABLE.partner_credentials]: PartnerCredentials;
  [TABLE.partner_sync_logs]: PartnerSyncLog;
  [TABLE.partner_bookings]: Row<typeof t.partnerBookings>;
  [TABLE.partner_properties]: Row<typeof t.partnerProperties>;
  [TABLE.partner_messages]: PartnerMessage;
  [TABLE.paypal_plans]: PaypalPlan;
  [TABLE.paypal_subscriptions]: PaypalSubscription;
  [TABLE.paypal_payments]: PaypalPayment;
  [TABLE.paypal_webhook_events]: PaypalWebhookEvent;
  [TABLE.paypal_config_read]: PaypalConfig;
  [TABLE.paypal_plan_sync]: Row<typeof t.paypalPlanSync>;
};
