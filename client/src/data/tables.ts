/**
 * Table ids and row types the client reads: the ids from shared/table-ids.ts (the registry's own
 * constant, free of the drizzle schema), the row types from the drizzle tables through a type-only
 * import, so the server-side schema code stays out of the bundle.
 */
import { TABLE_IDS } from '../../../shared/table-ids';
import type * as t from '../../../shared/schema/tables';

/** Spec §3: the payment-provider configuration is written as 23187 and read as 23050. */
export const TABLE = { ...TABLE_IDS, paypal_config_read: 23050 } as const;

/** The tables the client reads: those with a row type below. */
export type TableId = Extract<(typeof TABLE)[keyof typeof TABLE], keyof RowOf>;

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
