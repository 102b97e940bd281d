/**
 * The numeric table ids of the generic table API (docs/decisions.md "Table ids"), apart from the
 * registry so that the client can import them without the drizzle schema.
 */
/** Named ids, so that code says TABLE_IDS.bookings rather than 20101. */
export const TABLE_IDS = {
  users: 20009,
  host_profiles: 20039,
  subscription_tiers: 20040,
  platform_settings: 20041,
  display_settings: 20042,
  audit_log: 20043,
  properties: 20100,
  bookings: 20101,
  property_access: 20102,
  housekeeping_staff: 20110,
  housekeeping_tasks: 20111,
  task_templates: 20112,
  problem_reports: 20113,
  guests: 20120,
  channel_credentials: 20130,
  notifications: 20140,
  push_subscriptions: 20141,
  calendar_feeds: 20150,
  calendar_sync_jobs: 20151,
  calendar_blocks: 20152,
  inbox_messages: 20153,
  partner_credentials: 22401,
  partner_sync_logs: 22402,
  partner_bookings: 22403,
  partner_properties: 22404,
  partner_oauth_tokens: 22464,
  partner_messages: 22466,
  paypal_plans: 23046,
  paypal_subscriptions: 23047,
  paypal_payments: 23048,
  paypal_webhook_events: 23049,
  paypal_config: 23187,
  paypal_plan_sync: 23057,
} as const;

/** Second ids of a table: the payment-provider configuration is written as 23187 and read as 23050. */
export const TABLE_ALIASES = {
  paypal_config_read: 23050,
} as const;
