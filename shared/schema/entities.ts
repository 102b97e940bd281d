/**
 * zod schemas of every entity, derived from the drizzle tables (one source) with field rules
 * layered on top. Per entity: `row` (a row on the wire), `create` and `update` (strict: unknown
 * fields are refused; server-set fields, the third argument of `entity`, are left out and a
 * client's value for one is dropped: docs/decisions.md "Ownership and scope").
 */
import { z } from 'zod';
import { createInsertSchema, createSelectSchema, createUpdateSchema } from 'drizzle-zod';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableColumns } from 'drizzle-orm';
import * as t from './tables';
import {
  checklistItem,
  dateOrInstant,
  dayAvailability,
  emailOrEmpty,
  instant,
  isoDate,
  longText,
  money,
  shortText,
  timeZone,
} from './fields';
import { DATE_FORMATS } from '../enums';
import { normalizeRole } from '../roles';
import { ChecklistOpsSchema } from '../checklist';
import { LOCALES } from '../i18n/locales';
import { TranslationsSchema } from '../host-text';

type Overrides = Record<string, z.ZodType>;

export type EntitySchemas = {
  row: z.ZodObject;
  create: z.ZodObject;
  update: z.ZodObject;
};

/** Columns that no client ever writes, on every table. */
export const SYNC_FIELDS = ['version', 'updated_at', 'deleted_at'] as const;

function entity(table: SQLiteTable, overrides: Overrides, serverSet: readonly string[], ownerField?: string): EntitySchemas {
  const columns = Object.keys(getTableColumns(table));
  const omitKeys = [...SYNC_FIELDS, ...serverSet].filter((k) => columns.includes(k));
  const without = (schema: z.ZodObject): Record<string, z.ZodType> =>
    Object.fromEntries(Object.entries(schema.shape).filter(([k]) => !omitKeys.includes(k)));
  // drizzle-zod takes a schema override as the whole field (its optionality and nullability
  // dropped); a function override keeps the column's own: defaulted columns stay optional.
  const refine = Object.fromEntries(Object.entries(overrides).map(([k, s]) => [k, () => s]));
  const row = createSelectSchema(table, refine) as unknown as z.ZodObject;
  const createShape = without(createInsertSchema(table, refine) as unknown as z.ZodObject);
  if (ownerField && columns.includes(ownerField)) {
    // The owner column is set from the caller for hosts and staff; admins name it.
    createShape[ownerField] = z.string().min(1).max(100).optional();
  }
  const updateShape = without(createUpdateSchema(table, refine) as unknown as z.ZodObject);
  return { row, create: z.strictObject(createShape), update: z.strictObject(updateShape) };
}

const id = z.string().min(1).max(100);
const optId = id.nullable();
const count = z.number().int().min(0).max(1_000_000);
const jsonMap = z.record(z.string().max(100), z.string().max(500));

export const UserSchemas = entity(
  t.users,
  // Role: any text, normalised as spec §5 says (shared/roles.ts) before the policy sees it.
  { Email: z.email(), Name: shortText, ID: id, CreateTime: instant, Role: z.string().max(100).transform(normalizeRole) },
  // Two-step sign-in is changed only by its own routes (server/src/modules/auth/totp.ts).
  ['CreateTime', 'password_hash', 'totp_secret_enc', 'totp_enabled', 'totp_last_step'],
);

export const HostProfileSchemas = entity(
  t.hostProfiles,
  {
    id,
    email: emailOrEmpty,
    company_name: shortText,
    phone_number: z.string().max(50),
    address: shortText,
    commission_rate: z.number().min(0).max(100),
    total_revenue: money,
    verification_documents: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  },
  ['properties_count', 'total_bookings', 'total_revenue', 'created_date'],
  'user_id',
);

export const SubscriptionTierSchemas = entity(
  t.subscriptionTiers,
  {
    id,
    tier_name: z.string().trim().min(1, 'must not be empty').max(100),
    monthly_price: money.min(0, 'must be 0 or more'),
    yearly_price: money.min(0, 'must be 0 or more'),
    properties_limit: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
    features: z.array(z.string().max(200)).max(100),
    commission_rate: z.number().min(0).max(100),
    ota_integrations: count,
    sort_order: z.number().int(),
  },
  [],
);

export const PlatformSettingSchemas = entity(
  t.platformSettings,
  { id, setting_key: z.string().min(1).max(100), setting_value: longText },
  ['updated_by'],
);

export const DisplaySettingsSchemas = entity(
  t.displaySettings,
  { id, timezone: timeZone, dateFormat: z.enum(DATE_FORMATS), language: z.enum(LOCALES).nullable() },
  [],
  'user_id',
);

export const AuditLogSchemas = entity(t.auditLog, { id }, ['created_at']);

export const PropertySchemas = entity(
  t.properties,
  {
    id,
    property_name: z.string().trim().min(1).max(200),
    property_type: z.string().min(1).max(50),
    address: shortText,
    latitude: z.number().min(-90).max(90).nullable(),
    longitude: z.number().min(-180).max(180).nullable(),
    bedrooms: z.number().int().min(0).max(100),
    bathrooms: z.number().min(0).max(100),
    max_guests: z.number().int().min(1).max(1000),
    base_price: money.min(0),
    description: longText,
    amenities: z.array(z.string().max(100)).max(200),
    images: z.array(z.string().max(2000)).max(100),
    ota_listings: jsonMap,
    timezone: timeZone,
    access_notes: longText,
  },
  ['created_date', 'ical_export_url', 'ical_export_token'],
  'host_id',
);

export const BookingSchemas = entity(
  t.bookings,
  {
    id,
    property_id: id,
    guest_name: shortText,
    guest_email: emailOrEmpty,
    guest_phone: z.string().max(50),
    check_in_date: isoDate,
    check_out_date: isoDate,
    guests_count: z.number().int().min(1).max(1000),
    booking_source: z.string().min(1).max(50),
    booking_reference: z.string().max(200),
    total_amount: money.min(0),
    special_requests: longText,
  },
  ['commission_amount', 'net_amount', 'created_date', 'external_uid'],
  'host_id',
);

export const StaffSchemas = entity(
  t.housekeepingStaff,
  {
    id,
    staff_name: z.string().trim().min(1).max(200),
    staff_email: emailOrEmpty,
    staff_phone: z.string().max(50),
    specializations: z.array(z.string().max(100)).max(50),
    availability_schedule: z.record(z.string().max(20), dayAvailability),
    hourly_rate: money.min(0),
    hire_date: isoDate.nullable(),
    emergency_contact: shortText,
  },
  ['created_date', 'user_id'],
  'host_id',
);

const taskEntity = entity(
  t.housekeepingTasks,
  {
    id,
    property_id: id,
    booking_id: optId,
    template_id: optId,
    assigned_staff_id: optId,
    task_title: z.string().trim().min(1).max(300),
    task_description: longText,
    task_category: z.string().min(1).max(50),
    scheduled_date: dateOrInstant.nullable(),
    due_date: dateOrInstant.nullable(),
    estimated_duration: z.number().int().min(0).max(24 * 60 * 7),
    checklist_items: z.array(checklistItem).max(200),
    special_instructions: longText,
    translations: TranslationsSchema,
    cost: money.min(0),
    notes: longText,
    started_at: instant.nullable(),
    completed_at: instant.nullable(),
  },
  ['created_date', 'completed_by_staff_id', 'previous_staff_id', 'reassigned_at'],
  'host_id',
);

/**
 * A task update may change its checklist by item (`checklist_ops`, shared/checklist.ts) instead
 * of sending the whole list: the server applies them to the list as it is then.
 */
export const TaskSchemas: EntitySchemas = { ...taskEntity, update: taskEntity.update.extend({ checklist_ops: ChecklistOpsSchema.optional() }) };

/** A property's access details (door code, Wi-Fi, parking, arrival notes): shared/schema/tables.ts `propertyAccess`. */
export const PropertyAccessSchemas = entity(
  t.propertyAccess,
  {
    id,
    property_id: id,
    door_code: z.string().trim().max(100),
    wifi_name: z.string().trim().max(100),
    wifi_password: z.string().trim().max(200),
    parking: longText,
    arrival_notes: longText,
    translations: TranslationsSchema,
  },
  ['created_date'],
  'host_id',
);

export const TaskTemplateSchemas = entity(
  t.taskTemplates,
  {
    id,
    name: z.string().trim().min(1).max(200),
    task_category: z.string().min(1).max(50),
    description: longText,
    checklist_items: z.array(checklistItem).max(200),
    estimated_duration: z.number().int().min(0).max(24 * 60 * 7),
    special_instructions: longText,
    translations: TranslationsSchema,
  },
  ['created_date'],
  'host_id',
);

/** A problem report: what a housekeeper says; the links and times are the server's. */
export const ProblemReportSchemas = entity(
  t.problemReports,
  { id, property_id: id, task_id: optId, description: z.string().trim().min(1).max(5000) },
  ['booking_id', 'maintenance_task_id', 'reported_by_staff_id', 'reported_at', 'created_date'],
  'host_id',
);

export const GuestSchemas = entity(
  t.guests,
  { id, guest_email: z.email(), total_spent: money, properties_stayed: z.array(z.string()), last_booking_date: isoDate.nullable() },
  ['created_date', 'updated_date'],
  'host_id',
);

export const ChannelCredentialsSchemas = entity(t.channelCredentials, { id }, [], 'user_id');

export const NotificationSchemas = entity(t.notifications, { id, timestamp: instant }, [], 'user_id');

export const PushSubscriptionSchemas = entity(t.pushSubscriptions, { id, endpoint: z.url() }, ['created_at'], 'user_id');

export const CalendarFeedSchemas = entity(
  t.calendarFeeds,
  { id, ical_url: z.url(), platform: z.string().min(1).max(50) },
  ['created_at', 'last_fetched_at', 'last_success_at', 'event_count', 'last_error', 'etag', 'consecutive_failures', 'health_alerted_at'],
  'host_id',
);

export const CalendarSyncJobSchemas = entity(t.calendarSyncJobs, { id, progress: z.number().int().min(0).max(100) }, [], 'host_id');

export const CalendarBlockSchemas = entity(
  t.calendarBlocks,
  { id, start_date: isoDate, end_date: isoDate },
  [],
  'host_id',
);

export const InboxMessageSchemas = entity(t.inboxMessages, { id, message_content: z.string().min(1).max(20_000) }, ['email_status'], 'host_id');

export const PartnerCredentialsSchemas = entity(t.partnerCredentials, { id }, [], 'user_id');
export const PartnerOauthTokenSchemas = entity(t.partnerOauthTokens, { id }, ['created_at'], 'user_id');
export const PartnerSyncLogSchemas = entity(t.partnerSyncLogs, { id }, [], 'user_id');
export const PartnerBookingSchemas = entity(t.partnerBookings, { id, total_amount: money }, ['created_at'], 'user_id');
export const PartnerPropertySchemas = entity(t.partnerProperties, { id }, [], 'user_id');
export const PartnerMessageSchemas = entity(t.partnerMessages, { id }, [], 'user_id');

export const PaypalConfigSchemas = entity(t.paypalConfig, { id }, ['created_at']);
export const PaypalSubscriptionSchemas = entity(t.paypalSubscriptions, { id }, ['created_at'], 'user_id');
export const PaypalPaymentSchemas = entity(t.paypalPayments, { id, amount: money }, ['created_at']);
export const PaypalWebhookEventSchemas = entity(t.paypalWebhookEvents, { id }, ['created_at']);
export const PaypalPlanSchemas = entity(t.paypalPlans, { id, amount: money }, ['created_at']);
export const PaypalPlanSyncSchemas = entity(t.paypalPlanSync, { id }, ['created_at']);
