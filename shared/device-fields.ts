/**
 * What each role's device may hold (docs/security.md, "What each role's device holds"): for each
 * role, for each synced table it pulls, the fields its rows carry. The server applies it on sync
 * pull and on the table API's page reads of the same tables (server/src/policy.ts `readFields`),
 * so a field left out here never reaches that role's browser by either door; the no-server demo
 * (client/src/sync/demo.ts) cuts its rows with it too. Which tables a role pulls at all, and which
 * rows, is the policy's (`staffGrant` and the scopes); this file only narrows the rows' fields.
 *
 * Owners and admins get every field (a secret one as null with its `<column>_set` flag, as the
 * table API shows it). A housekeeper gets what the staff screens read (client/src/features/staff,
 * the task dialog of client/src/features/tasks, the work card of the profile page) and nothing
 * else: no export token or URL, no OTA listing ids, no prices or pay, no guest contact details.
 *
 * Every full list below names every column of its table (a new column fails to compile until it
 * is added), so that a new field is a decision: it reaches owners and admins, and a housekeeper
 * only when added to her list by hand. Pure data, free of drizzle: the client imports it.
 */
import type { Role } from './enums';
import type * as t from './schema/tables';

/** The sync columns every row carries, whoever reads it: the device's store merges by them. */
export const SYNC_FIELDS = ['id', 'version', 'updated_at', 'deleted_at'] as const;
type SyncField = (typeof SYNC_FIELDS)[number];

/** The fields of a row type besides the sync columns. */
type DataField<T extends { $inferSelect: object }> = Exclude<keyof T['$inferSelect'] & string, SyncField>;

/**
 * Every field of a table, sync columns aside, plus the `<column>_set` flags of its secret columns
 * (`Extra`). Compiles only when no column is missing.
 */
function every<T extends { $inferSelect: object }, Extra extends string = never>() {
  return <const L extends readonly (DataField<T> | Extra)[]>(fields: L & ([Exclude<DataField<T> | Extra, L[number]>] extends [never] ? unknown : never)): L => fields;
}

/** The synced tables by their registry names (shared/registry.ts, `synced`). */
export const ALL_FIELDS = {
  host_profiles: every<typeof t.hostProfiles>()([
    'user_id',
    'email',
    'company_name',
    'phone_number',
    'address',
    'subscription_tier',
    'subscription_status',
    'commission_rate',
    'properties_count',
    'total_bookings',
    'total_revenue',
    'account_status',
    'verification_documents',
    'created_date',
  ]),
  subscription_tiers: every<typeof t.subscriptionTiers>()([
    'tier_name',
    'monthly_price',
    'yearly_price',
    'properties_limit',
    'features',
    'commission_rate',
    'ota_integrations',
    'support_level',
    'is_active',
    'sort_order',
  ]),
  platform_settings: every<typeof t.platformSettings, 'setting_value_set'>()([
    'setting_key',
    'setting_name',
    'setting_value',
    'setting_value_set',
    'setting_type',
    'category',
    'description',
    'is_encrypted',
    'updated_by',
  ]),
  display_settings: every<typeof t.displaySettings>()(['user_id', 'timezone', 'dateFormat', 'timeFormat', 'use24Hour', 'language']),
  properties: every<typeof t.properties, 'ical_export_token_set'>()([
    'host_id',
    'property_name',
    'property_type',
    'address',
    'latitude',
    'longitude',
    'bedrooms',
    'bathrooms',
    'max_guests',
    'base_price',
    'currency',
    'description',
    'amenities',
    'images',
    'ota_listings',
    'status',
    'timezone',
    'access_notes',
    'ical_export_url',
    'ical_export_token',
    'ical_export_token_set',
    'created_date',
  ]),
  property_access: every<typeof t.propertyAccess>()(['host_id', 'property_id', 'door_code', 'wifi_name', 'wifi_password', 'parking', 'arrival_notes', 'translations', 'created_date']),
  bookings: every<typeof t.bookings>()([
    'property_id',
    'host_id',
    'guest_name',
    'guest_email',
    'guest_phone',
    'check_in_date',
    'check_out_date',
    'guests_count',
    'booking_source',
    'booking_reference',
    'currency',
    'total_amount',
    'commission_amount',
    'net_amount',
    'booking_status',
    'payment_status',
    'special_requests',
    'external_uid',
    'created_date',
  ]),
  housekeeping_staff: every<typeof t.housekeepingStaff>()([
    'host_id',
    'staff_name',
    'staff_email',
    'staff_phone',
    'specializations',
    'availability_schedule',
    'currency',
    'hourly_rate',
    'status',
    'hire_date',
    'emergency_contact',
    'user_id',
    'created_date',
  ]),
  housekeeping_tasks: every<typeof t.housekeepingTasks>()([
    'host_id',
    'property_id',
    'booking_id',
    'template_id',
    'task_title',
    'task_description',
    'task_category',
    'priority_level',
    'scheduled_date',
    'due_date',
    'estimated_duration',
    'task_status',
    'checklist_items',
    'special_instructions',
    'translations',
    'created_date',
    'currency',
    'cost',
    'assigned_staff_id',
    'notes',
    'started_at',
    'completed_at',
    'completed_by_staff_id',
    'previous_staff_id',
    'reassigned_at',
  ]),
  task_templates: every<typeof t.taskTemplates>()([
    'host_id',
    'name',
    'task_category',
    'description',
    'checklist_items',
    'estimated_duration',
    'priority_level',
    'special_instructions',
    'translations',
    'is_default',
    'created_date',
  ]),
  problem_reports: every<typeof t.problemReports>()([
    'host_id',
    'property_id',
    'task_id',
    'booking_id',
    'maintenance_task_id',
    'reported_by_staff_id',
    'category',
    'severity',
    'description',
    'reported_at',
    'created_date',
  ]),
  guests: every<typeof t.guests>()([
    'host_id',
    'guest_name',
    'guest_email',
    'guest_phone',
    'total_bookings',
    'total_spent',
    'average_rating',
    'last_booking_date',
    'guest_status',
    'properties_stayed',
    'vip_status',
    'verified_status',
    'country',
    'created_date',
    'updated_date',
  ]),
  notifications: every<typeof t.notifications>()(['user_id', 'title', 'message', 'type', 'timestamp', 'isRead', 'taskId', 'hostId', 'actionUrl', 'scheduledDate', 'dueDate']),
  calendar_feeds: every<typeof t.calendarFeeds>()([
    'host_id',
    'property_id',
    'platform',
    'ical_url',
    'is_active',
    'last_fetched_at',
    'last_success_at',
    'event_count',
    'last_error',
    'etag',
    'created_at',
    'consecutive_failures',
    'health_alerted_at',
  ]),
  calendar_sync_jobs: every<typeof t.calendarSyncJobs>()(['host_id', 'feed_id', 'propertyId', 'propertyName', 'platform', 'iCalUrl', 'status', 'progress', 'startTime', 'endTime', 'message']),
  calendar_blocks: every<typeof t.calendarBlocks>()(['host_id', 'property_id', 'feed_id', 'uid', 'recurrence_id', 'start_date', 'end_date', 'summary', 'source']),
  inbox_messages: every<typeof t.inboxMessages>()([
    'host_id',
    'booking_id',
    'guest_name',
    'guest_email',
    'message_content',
    'direction',
    'status',
    'sent_at',
    'email_status',
  ]),
} as const;

export type DeviceTable = keyof typeof ALL_FIELDS;

/**
 * A housekeeper's properties (those of her tasks): where to go and what the property is like. The
 * properties page, the task dialog's address, map link and photos (kept offline for the week
 * ahead: client/src/pwa/photo-selection.ts), and the timezone whose days count her access window
 * (shared/access-window.ts). Never `access_notes`: how to get in is in property_access, which she
 * receives only around her task.
 */
export const STAFF_PROPERTY_FIELDS = [
  'host_id',
  'property_name',
  'property_type',
  'address',
  'latitude',
  'longitude',
  'bedrooms',
  'bathrooms',
  'timezone',
  'images',
] as const satisfies readonly DataField<typeof t.properties>[];

/**
 * A housekeeper's tasks: the work. Not the cost, the host's booking and template links, nor who
 * held or completed the task before (the host's screens show those).
 */
export const STAFF_TASK_FIELDS = [
  // Which host the task is for: a housekeeper of several hosts sees each task labelled.
  'host_id',
  'property_id',
  'assigned_staff_id',
  'task_title',
  'task_description',
  'task_category',
  'priority_level',
  'scheduled_date',
  'due_date',
  'estimated_duration',
  'task_status',
  'checklist_items',
  'special_instructions',
  // The host's translations of the texts above, for the housekeeper's language.
  'translations',
  'notes',
  'started_at',
  'completed_at',
] as const satisfies readonly DataField<typeof t.housekeepingTasks>[];

/** A housekeeper's own staff row: the profile's work card and the schedule's hours. Not the pay rate. */
export const STAFF_SELF_FIELDS = [
  'host_id',
  'staff_name',
  'staff_phone',
  'specializations',
  'availability_schedule',
  'status',
  'hire_date',
  'emergency_contact',
] as const satisfies readonly DataField<typeof t.housekeepingStaff>[];

/**
 * The problem reports a housekeeper made: what she said, where and when. Not the stay or the
 * maintenance task they became (the host's).
 */
export const STAFF_REPORT_FIELDS = [
  'host_id',
  'property_id',
  'task_id',
  'reported_by_staff_id',
  'category',
  'severity',
  'description',
  'reported_at',
  'created_date',
] as const satisfies readonly DataField<typeof t.problemReports>[];

/** Each role's synced tables and the fields of their rows, sync columns aside. */
export type DeviceFields = Readonly<Partial<Record<DeviceTable, readonly string[]>>>;

/** Admins pull every synced table (policy.ts `adminGrant`), whole. */
const ADMIN_FIELDS: DeviceFields = ALL_FIELDS;

export const DEVICE_FIELDS = {
  super_admin: ADMIN_FIELDS,
  admin: ADMIN_FIELDS,
  // A host's own business, whole: every synced table but the platform settings.
  host: {
    host_profiles: ALL_FIELDS.host_profiles,
    subscription_tiers: ALL_FIELDS.subscription_tiers,
    display_settings: ALL_FIELDS.display_settings,
    properties: ALL_FIELDS.properties,
    property_access: ALL_FIELDS.property_access,
    bookings: ALL_FIELDS.bookings,
    housekeeping_staff: ALL_FIELDS.housekeeping_staff,
    housekeeping_tasks: ALL_FIELDS.housekeeping_tasks,
    task_templates: ALL_FIELDS.task_templates,
    problem_reports: ALL_FIELDS.problem_reports,
    guests: ALL_FIELDS.guests,
    notifications: ALL_FIELDS.notifications,
    calendar_feeds: ALL_FIELDS.calendar_feeds,
    calendar_sync_jobs: ALL_FIELDS.calendar_sync_jobs,
    calendar_blocks: ALL_FIELDS.calendar_blocks,
    inbox_messages: ALL_FIELDS.inbox_messages,
  },
  // Her own settings and notifications whole; her staff row, tasks and their properties cut down.
  // No bookings, guests, inbox, templates or calendars at all (policy.ts `staffGrant`).
  staff: {
    display_settings: ALL_FIELDS.display_settings,
    notifications: ALL_FIELDS.notifications,
    housekeeping_staff: STAFF_SELF_FIELDS,
    housekeeping_tasks: STAFF_TASK_FIELDS,
    properties: STAFF_PROPERTY_FIELDS,
    problem_reports: STAFF_REPORT_FIELDS,
    // Only inside the window of one of her tasks (policy.ts `access_window`); every field, to get in.
    property_access: ALL_FIELDS.property_access,
  },
} as const satisfies Record<Role, DeviceFields>;

/**
 * The fields (sync columns aside) `role` receives of `table`'s rows, or undefined when the role
 * pulls no such table.
 */
export function deviceFieldsOf(role: Role, table: string): readonly string[] | undefined {
  const fields: DeviceFields = DEVICE_FIELDS[role];
  return Object.hasOwn(fields, table) ? fields[table as DeviceTable] : undefined;
}

/** A row cut to the fields `fields` allows, sync columns kept. */
export function cutRow<R extends Record<string, unknown>>(row: R, fields: readonly string[]): Partial<R> {
  const out: Record<string, unknown> = {};
  for (const f of SYNC_FIELDS) if (f in row) out[f] = row[f];
  for (const f of fields) if (f in row) out[f] = row[f];
  return out as Partial<R>;
}
