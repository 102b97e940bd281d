/**
 * Table ids and row types the client reads. The ids are checked at compile time against the
 * shared registry (shared/registry.ts, the single source), and the row types come from the drizzle
 * tables; both through type-only imports, so the server-side schema code stays out of the bundle.
 */
import type { TABLE_IDS } from '../../../shared/registry';
import type * as t from '../../../shared/schema/tables';

type Registry = typeof TABLE_IDS;

const REGISTRY_IDS = {
  users: 20009,
  host_profiles: 20039,
  subscription_tiers: 20040,
  platform_settings: 20041,
  display_settings: 20042,
  properties: 20100,
  bookings: 20101,
  housekeeping_staff: 20110,
  housekeeping_tasks: 20111,
  task_templates: 20112,
  guests: 20120,
  notifications: 20140,
  calendar_feeds: 20150,
  calendar_sync_jobs: 20151,
  calendar_blocks: 20152,
  inbox_messages: 20153,
  partner_credentials: 22401,
  partner_sync_logs: 22402,
  partner_bookings: 22403,
  partner_properties: 22404,
  partner_messages: 22466,
  paypal_plans: 23046,
  paypal_subscriptions: 23047,
  paypal_payments: 23048,
  paypal_webhook_events: 23049,
  paypal_plan_sync: 23057,
} as const satisfies { [K in keyof Registry]?: Registry[K] };

/** Spec §3: the payment-provider configuration is written as 23187 and read as 23050. */
export const TABLE = { ...REGISTRY_IDS, paypal_config_read: 23050 } as const;

export type TableId = (typeof TABLE)[keyof typeof TABLE];

/** Secret columns come back as null with a `<column>_set` flag (decisions.md). */
type Row<T extends { $inferSelect: object }> = T['$inferSelect'];

export type UserRow = Omit<Row<typeof t.users>, 'password_hash'>;
export type HostProfile = Row<typeof t.hostProfiles>;
export type SubscriptionTier = Row<typeof t.subscriptionTiers>;
export type PlatformSetting = Row<typeof t.platformSettings>;
export type DisplaySettingsRow = Row<typeof t.displaySettings>;
export type Property = Row<typeof t.properties>;
export type Booking = Row<typeof t.bookings>;
export type Staff = Row<typeof t.housekeepingStaff>;
export type Task = Row<typeof t.housekeepingTasks>;
export type TaskTemplate = Row<typeof t.taskTemplates>;
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

/** Which row type each table id answers with. */
export type RowOf = {
  20009: UserRow;
  20039: HostProfile;
  20040: SubscriptionTier;
  20041: PlatformSetting;
  20042: DisplaySettingsRow;
  20100: Property;
  20101: Booking;
  20110: Staff;
  20111: Task;
  20112: TaskTemplate;
  20120: Guest;
  20140: NotificationRow;
  20150: CalendarFeed;
  20151: CalendarSyncJob;
  20152: CalendarBlock;
  20153: InboxMessage;
  22401: PartnerCredentials;
  22402: PartnerSyncLog;
  22403: Row<typeof t.partnerBookings>;
  22404: Row<typeof t.partnerProperties>;
  22466: PartnerMessage;
  23046: PaypalPlan;
  23047: PaypalSubscription;
  23048: PaypalPayment;
  23049: PaypalWebhookEvent;
  23050: PaypalConfig;
  23057: Row<typeof t.paypalPlanSync>;
};
