/**
 * The table-id registry (docs/decisions.md "Table ids"): the numeric ids of the generic table API
 * mapped to their drizzle table, zod schemas and data facts. The single source for both sides; who
 * may do what with each table is the server's policy module (server/src/policy.ts).
 */
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as t from './schema/tables';
import * as e from './schema/entities';
import type { EntitySchemas } from './schema/entities';
import { TABLE_ALIASES, TABLE_IDS } from './table-ids';

export type TableDef = {
  id: number;
  /** Other ids that address the same table (23050 reads what 23187 writes). */
  aliases?: number[];
  name: string;
  table: SQLiteTable;
  schemas: EntitySchemas;
  /** The row key column: `id`, or `ID` for the users table (PascalCase, like the session). */
  key: 'id' | 'ID';
  /**
   * The column naming the row's owner: `host_id` holds a host profile id, `user_id` a user id.
   * Null for platform tables (tiers, settings, PayPal configuration…).
   */
  owner: 'host_id' | 'user_id' | null;
  /** Secret columns: never sent to a browser; read back as null with `<col>_set: true`. */
  secret: string[];
  /** Written only through domain routes: table API and sync push answer 403 on create/update. */
  routeOnly: boolean;
  /** Pulled by the offline clients; sync push accepts only these tables. */
  synced: boolean;
};

function def(d: Omit<TableDef, 'secret' | 'routeOnly' | 'synced' | 'key'> & Partial<TableDef>): TableDef {
  return { key: 'id', secret: [], routeOnly: false, synced: false, ...d };
}

export const TABLES = [
  def({ id: 20009, name: 'users', table: t.users, schemas: e.UserSchemas, key: 'ID', owner: null, secret: ['password_hash', 'totp_secret_enc', 'totp_last_step'], synced: false }),
  def({ id: 20039, name: 'host_profiles', table: t.hostProfiles, schemas: e.HostProfileSchemas, owner: 'user_id', synced: true }),
  def({ id: 20040, name: 'subscription_tiers', table: t.subscriptionTiers, schemas: e.SubscriptionTierSchemas, owner: null, synced: true }),
  def({ id: 20041, name: 'platform_settings', table: t.platformSettings, schemas: e.PlatformSettingSchemas, owner: null, synced: true }),
  def({ id: 20042, name: 'display_settings', table: t.displaySettings, schemas: e.DisplaySettingsSchemas, owner: 'user_id', synced: true }),
  def({ id: 20043, name: 'audit_log', table: t.auditLog, schemas: e.AuditLogSchemas, owner: null, routeOnly: true }),
  def({ id: 20100, name: 'properties', table: t.properties, schemas: e.PropertySchemas, owner: 'host_id', synced: true, secret: ['ical_export_token'] }),
  def({ id: 20102, name: 'property_access', table: t.propertyAccess, schemas: e.PropertyAccessSchemas, owner: 'host_id', synced: true }),
  def({ id: 20101, name: 'bookings', table: t.bookings, schemas: e.BookingSchemas, owner: 'host_id', synced: true }),
  def({ id: 20110, name: 'housekeeping_staff', table: t.housekeepingStaff, schemas: e.StaffSchemas, owner: 'host_id', synced: true }),
  def({ id: 20111, name: 'housekeeping_tasks', table: t.housekeepingTasks, schemas: e.TaskSchemas, owner: 'host_id', synced: true }),
  def({ id: 20112, name: 'task_templates', table: t.taskTemplates, schemas: e.TaskTemplateSchemas, owner: 'host_id', synced: true }),
  def({ id: 20113, name: 'problem_reports', table: t.problemReports, schemas: e.ProblemReportSchemas, owner: 'host_id', synced: true }),
  def({ id: 20120, name: 'guests', table: t.guests, schemas: e.GuestSchemas, owner: 'host_id', synced: true, routeOnly: true }),
  def({
    id: 20130,
    name: 'channel_credentials',
    table: t.channelCredentials,
    schemas: e.ChannelCredentialsSchemas,
    owner: 'user_id',
    routeOnly: true,
    secret: ['secret_key', 'access_token', 'refresh_token'],
  }),
  def({ id: 20140, name: 'notifications', table: t.notifications, schemas: e.NotificationSchemas, owner: 'user_id', synced: true, routeOnly: true }),
  def({ id: 20141, name: 'push_subscriptions', table: t.pushSubscriptions, schemas: e.PushSubscriptionSchemas, owner: 'user_id', routeOnly: true, secret: ['auth', 'p256dh'] }),
  def({ id: 20150, name: 'calendar_feeds', table: t.calendarFeeds, schemas: e.CalendarFeedSchemas, owner: 'host_id', synced: true, routeOnly: true }),
  def({ id: 20151, name: 'calendar_sync_jobs', table: t.calendarSyncJobs, schemas: e.CalendarSyncJobSchemas, owner: 'host_id', synced: true, routeOnly: true }),
  def({ id: 20152, name: 'calendar_blocks', table: t.calendarBlocks, schemas: e.CalendarBlockSchemas, owner: 'host_id', synced: true, routeOnly: true }),
  def({ id: 20153, name: 'inbox_messages', table: t.inboxMessages, schemas: e.InboxMessageSchemas, owner: 'host_id', synced: true }),
  def({
    id: 22401,
    name: 'partner_credentials',
    table: t.partnerCredentials,
    schemas: e.PartnerCredentialsSchemas,
    owner: null,
    routeOnly: true,
    secret: ['secret_key', 'access_token', 'refresh_token'],
  }),
  def({ id: 22402, name: 'partner_sync_logs', table: t.partnerSyncLogs, schemas: e.PartnerSyncLogSchemas, owner: null, routeOnly: true }),
  def({ id: 22403, name: 'partner_bookings', table: t.partnerBookings, schemas: e.PartnerBookingSchemas, owner: null, routeOnly: true }),
  def({ id: 22404, name: 'partner_properties', table: t.partnerProperties, schemas: e.PartnerPropertySchemas, owner: null, routeOnly: true }),
  def({
    id: 22464,
    name: 'partner_oauth_tokens',
    table: t.partnerOauthTokens,
    schemas: e.PartnerOauthTokenSchemas,
    owner: null,
    routeOnly: true,
    secret: ['access_token', 'refresh_token'],
  }),
  def({ id: 22466, name: 'partner_messages', table: t.partnerMessages, schemas: e.PartnerMessageSchemas, owner: null, routeOnly: true }),
  def({ id: 23046, name: 'paypal_plans', table: t.paypalPlans, schemas: e.PaypalPlanSchemas, owner: null, routeOnly: true }),
  def({ id: 23047, name: 'paypal_subscriptions', table: t.paypalSubscriptions, schemas: e.PaypalSubscriptionSchemas, owner: 'user_id', routeOnly: true }),
  def({ id: 23048, name: 'paypal_payments', table: t.paypalPayments, schemas: e.PaypalPaymentSchemas, owner: null, routeOnly: true }),
  def({ id: 23049, name: 'paypal_webhook_events', table: t.paypalWebhookEvents, schemas: e.PaypalWebhookEventSchemas, owner: null, routeOnly: true }),
  def({
    id: 23187,
    aliases: [TABLE_ALIASES.paypal_config_read],
    name: 'paypal_config',
    table: t.paypalConfig,
    schemas: e.PaypalConfigSchemas,
    owner: null,
    routeOnly: true,
    secret: ['client_secret'],
  }),
  def({ id: 23057, name: 'paypal_plan_sync', table: t.paypalPlanSync, schemas: e.PaypalPlanSyncSchemas, owner: null, routeOnly: true }),
] as const satisfies readonly TableDef[];

export { TABLE_IDS };

const byId = new Map<number, TableDef>();
for (const d of TABLES as readonly TableDef[]) {
  byId.set(d.id, d);
  for (const a of d.aliases ?? []) byId.set(a, d);
}

/** The table addressed by a numeric id (aliases included), or undefined. */
export function tableById(id: number): TableDef | undefined {
  return byId.get(id);
}

export function tableByName(name: string): TableDef | undefined {
  return (TABLES as readonly TableDef[]).find((d) => d.name === name);
}

/** The table of a numeric id the code names itself (a constant of TABLE_IDS): a missing one is a bug. */
export function requireTable(id: number): TableDef {
  const def = byId.get(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
