/**
 * Every entity as a drizzle table. Field names are the product's own, exactly, and the same on the
 * wire, in zod and in Dexie: snake_case for table entities, camelCase for the browser-kept ones
 * (display settings, sync jobs, notifications), PascalCase for users (docs/decisions.md "Names and
 * shapes"). Money columns store cents; JSON columns store text.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  ACCOUNT_STATUSES,
  BOOKING_STATUSES,
  EMAIL_STATUSES,
  MAIL_STATUSES,
  NOTIFICATION_TYPES,
  PAYMENT_STATUSES,
  PRIORITY_LEVELS,
  PROBLEM_CATEGORIES,
  PROBLEM_SEVERITIES,
  PROPERTY_STATUSES,
  ROLES,
  SETTING_CATEGORIES,
  SETTING_TYPES,
  STAFF_STATUSES,
  SYNC_JOB_STATUSES,
  TASK_STATUSES,
  TIME_FORMATS,
  WEBHOOK_PROCESSING_STATUSES,
} from '../enums';
import { bool, json, money, moneyIn, syncColumns } from './columns';
import { LOCALES } from '../i18n/locales';
import type { Translations } from '../host-text';

export type ChecklistItem = { id: string; text: string; done: boolean; photo_required?: boolean };
export type DayAvailability = { start: string; end: string } | 'off';
export type AvailabilitySchedule = Partial<Record<string, DayAvailability>>;

// ── Accounts ────────────────────────────────────────────────────────────────────────────────
export const users = sqliteTable(
  'users',
  {
    ID: text('ID').primaryKey(),
    Name: text('Name').notNull().default(''),
    Email: text('Email').notNull(),
    Role: text('Role', { enum: ROLES }).notNull().default('host'),
    CreateTime: text('CreateTime').notNull(),
    setupCompleted: bool('setupCompleted').notNull().default(false),
    password_hash: text('password_hash'),
    // Two-step sign-in (server/src/modules/auth/totp.ts): the TOTP secret encrypted at rest
    // (server/src/lib/crypto.ts), set by setup and active once `totp_enabled`; the last time step
    // a code was accepted for, so that a code is never accepted twice. Secret columns (registry).
    totp_secret_enc: text('totp_secret_enc'),
    totp_enabled: bool('totp_enabled').notNull().default(false),
    totp_last_step: integer('totp_last_step'),
    version: integer('version').notNull().default(0),
    updated_at: text('updated_at'),
    deleted_at: text('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.Email), index('users_version_idx').on(t.version)],
);

export const hostProfiles = sqliteTable(
  'host_profiles',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    email: text('email').notNull().default(''),
    company_name: text('company_name').notNull().default(''),
    phone_number: text('phone_number').notNull().default(''),
    address: text('address').notNull().default(''),
    subscription_tier: text('subscription_tier').notNull().default('basic'),
    subscription_status: text('subscription_status').notNull().default('active'),
    commission_rate: real('commission_rate').notNull().default(10),
    properties_count: integer('properties_count').notNull().default(0),
    total_bookings: integer('total_bookings').notNull().default(0),
    total_revenue: money('total_revenue').notNull().default(0),
    account_status: text('account_status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    verification_documents: json<unknown[] | Record<string, unknown>>('verification_documents').notNull().default({}),
    created_date: text('created_date'),
  },
  (t) => [uniqueIndex('host_profiles_user_uq').on(t.user_id), index('host_profiles_version_idx').on(t.version)],
);

export const subscriptionTiers = sqliteTable(
  'subscription_tiers',
  {
    ...syncColumns(),
    tier_name: text('tier_name').notNull(),
    monthly_price: money('monthly_price').notNull(),
    yearly_price: money('yearly_price').notNull().default(0),
    properties_limit: integer('properties_limit').notNull().default(1),
    features: json<string[]>('features').notNull().default([]),
    commission_rate: real('commission_rate').notNull().default(10),
    ota_integrations: integer('ota_integrations').notNull().default(0),
    support_level: text('support_level').notNull().default('email'),
    is_active: bool('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [index('subscription_tiers_sort_idx').on(t.sort_order), index('subscription_tiers_version_idx').on(t.version)],
);

export const platformSettings = sqliteTable(
  'platform_settings',
  {
    ...syncColumns(),
    setting_key: text('setting_key').notNull(),
    setting_name: text('setting_name').notNull().default(''),
    setting_value: text('setting_value').notNull().default(''),
    setting_type: text('setting_type', { enum: SETTING_TYPES }).notNull().default('string'),
    category: text('category', { enum: SETTING_CATEGORIES }).notNull().default('general'),
    description: text('description').notNull().default(''),
    is_encrypted: bool('is_encrypted').notNull().default(false),
    updated_by: text('updated_by'),
  },
  // Admins pull every setting changed since a cursor: the version index makes that a seek.
  (t) => [uniqueIndex('platform_settings_key_uq').on(t.setting_key), index('platform_settings_category_idx').on(t.category), index('platform_settings_version_idx').on(t.version)],
);

export const displaySettings = sqliteTable(
  'display_settings',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    dateFormat: text('dateFormat').notNull().default('MM/DD/YYYY'),
    timeFormat: text('timeFormat', { enum: TIME_FORMATS }).notNull().default('12h'),
    use24Hour: bool('use24Hour').notNull().default(false),
    // The user's language (shared/i18n/locales.ts); null: the device's own.
    language: text('language', { enum: LOCALES }),
  },
  (t) => [uniqueIndex('display_settings_user_uq').on(t.user_id), index('display_settings_version_idx').on(t.version)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    ...syncColumns(),
    actor_id: text('actor_id'),
    action: text('action').notNull(),
    table_id: integer('table_id'),
    entity_id: text('entity_id'),
    details: json<Record<string, unknown>>('details').notNull().default({}),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.created_at), index('audit_log_entity_idx').on(t.table_id, t.entity_id)],
);

// ── Host business ───────────────────────────────────────────────────────────────────────────
export const properties = sqliteTable(
  'properties',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_name: text('property_name').notNull(),
    property_type: text('property_type').notNull().default('apartment'),
    address: text('address').notNull().default(''),
    latitude: real('latitude'),
    longitude: real('longitude'),
    bedrooms: integer('bedrooms').notNull().default(1),
    bathrooms: real('bathrooms').notNull().default(1),
    max_guests: integer('max_guests').notNull().default(2),
    base_price: moneyIn('base_price', { currency: 'currency' }).notNull().default(0),
    /** ISO 4217 code the property is priced in (docs/decisions.md "Money"); its bookings' default. */
    currency: text('currency').notNull().default('USD'),
    description: text('description').notNull().default(''),
    amenities: json<string[]>('amenities').notNull().default([]),
    images: json<string[]>('images').notNull().default([]),
    ota_listings: json<Record<string, string>>('ota_listings').notNull().default({}),
    status: text('status', { enum: PROPERTY_STATUSES }).notNull().default('active'),
    timezone: text('timezone').notNull().default('UTC'),
    access_notes: text('access_notes').notNull().default(''),
    ical_export_url: text('ical_export_url'),
    ical_export_token: text('ical_export_token'),
    created_date: text('created_date'),
  },
  (t) => [
    index('properties_host_idx').on(t.host_id, t.status),
    index('properties_name_idx').on(t.host_id, t.property_name),
    index('properties_version_idx').on(t.version),
    // The sync pull of a host: its rows changed since a cursor, by index seek (server/test/sync-pull-plan.test.ts).
    index('properties_host_version_idx').on(t.host_id, t.version),
  ],
);

/**
 * How to get into a property (door code, Wi-Fi, parking, arrival notes): one row per property, apart
 * from `properties` because property rows reach every housekeeper with a task there, whereas these
 * reach a housekeeper only from the day before her task until it is done (server/src/policy.ts
 * `access_window`; docs/security.md "Access details").
 */
export const propertyAccess = sqliteTable(
  'property_access',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    door_code: text('door_code').notNull().default(''),
    wifi_name: text('wifi_name').notNull().default(''),
    wifi_password: text('wifi_password').notNull().default(''),
    parking: text('parking').notNull().default(''),
    arrival_notes: text('arrival_notes').notNull().default(''),
    /** The host's translations of parking and arrival notes (shared/host-text.ts). */
    translations: json<Translations>('translations').notNull().default({}),
    created_date: text('created_date'),
  },
  (t) => [
    // One row per property; a housekeeper's pull reaches it from her tasks by this key.
    uniqueIndex('property_access_property_uq').on(t.property_id),
    index('property_access_version_idx').on(t.version),
    index('property_access_host_version_idx').on(t.host_id, t.version),
  ],
);

export const bookings = sqliteTable(
  'bookings',
  {
    ...syncColumns(),
    property_id: text('property_id').notNull(),
    host_id: text('host_id').notNull(),
    guest_name: text('guest_name').notNull().default('Guest'),
    guest_email: text('guest_email').notNull().default(''),
    guest_phone: text('guest_phone').notNull().default(''),
    check_in_date: text('check_in_date').notNull(),
    check_out_date: text('check_out_date').notNull(),
    guests_count: integer('guests_count').notNull().default(1),
    booking_source: text('booking_source').notNull().default('direct'),
    booking_reference: text('booking_reference').notNull().default(''),
    /** ISO 4217 code of the amounts below: the property's when made, kept when the property's changes. */
    currency: text('currency').notNull().default('USD'),
    total_amount: moneyIn('total_amount', { currency: 'currency' }).notNull().default(0),
    commission_amount: moneyIn('commission_amount', { currency: 'currency' }).notNull().default(0),
    net_amount: moneyIn('net_amount', { currency: 'currency' }).notNull().default(0),
    booking_status: text('booking_status', { enum: BOOKING_STATUSES }).notNull().default('confirmed'),
    payment_status: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    special_requests: text('special_requests').notNull().default(''),
    external_uid: text('external_uid'),
    created_date: text('created_date'),
  },
  (t) => [
    index('bookings_host_checkin_idx').on(t.host_id, t.check_in_date),
    // A property's stays by check-out then check-in: an overlap with [from, to) (a new booking's
    // clash check, the calendar, the iCal export) reads only the stays ending after `from`, the
    // recent and coming ones, not every past stay that began before `to`.
    index('bookings_property_checkout_idx').on(t.property_id, t.check_out_date, t.check_in_date),
    // One guest's stays in stay order, with every column a guest is derived from: the guest
    // refresh of each booking write and the rebuild's aggregate (100 000 bookings) read only this
    // index, never the table.
    index('bookings_guest_stays_idx').on(
      t.host_id,
      t.guest_email,
      t.check_in_date,
      t.id,
      t.deleted_at,
      t.booking_status,
      t.total_amount,
      t.property_id,
      t.booking_source,
      t.created_date,
      t.guest_name,
      t.guest_phone,
      t.check_out_date,
      t.currency,
    ),
    index('bookings_checkin_idx').on(t.check_in_date),
    index('bookings_version_idx').on(t.version),
    index('bookings_host_version_idx').on(t.host_id, t.version),
  ],
);

export const housekeepingStaff = sqliteTable(
  'housekeeping_staff',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    staff_name: text('staff_name').notNull(),
    staff_email: text('staff_email').notNull().default(''),
    staff_phone: text('staff_phone').notNull().default(''),
    specializations: json<string[]>('specializations').notNull().default([]),
    availability_schedule: json<AvailabilitySchedule>('availability_schedule').notNull().default({}),
    /** ISO 4217 code of hourly_rate: the platform default currency when not given (docs/decisions.md "Money"). */
    currency: text('currency').notNull().default('USD'),
    hourly_rate: moneyIn('hourly_rate', { currency: 'currency' }).notNull().default(0),
    status: text('status', { enum: STAFF_STATUSES }).notNull().default('active'),
    hire_date: text('hire_date'),
    emergency_contact: text('emergency_contact').notNull().default(''),
    user_id: text('user_id'),
    created_date: text('created_date'),
  },
  (t) => [
    index('staff_host_idx').on(t.host_id, t.staff_name),
    index('staff_email_idx').on(t.staff_email),
    index('staff_user_idx').on(t.user_id),
    index('staff_version_idx').on(t.version),
    index('staff_host_version_idx').on(t.host_id, t.version),
  ],
);

export const housekeepingTasks = sqliteTable(
  'housekeeping_tasks',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    booking_id: text('booking_id'),
    template_id: text('template_id'),
    task_title: text('task_title').notNull(),
    task_description: text('task_description').notNull().default(''),
    task_category: text('task_category').notNull().default('cleaning'),
    priority_level: text('priority_level', { enum: PRIORITY_LEVELS }).notNull().default('medium'),
    scheduled_date: text('scheduled_date'),
    due_date: text('due_date'),
    estimated_duration: integer('estimated_duration').notNull().default(60),
    task_status: text('task_status', { enum: TASK_STATUSES }).notNull().default('pending'),
    checklist_items: json<ChecklistItem[]>('checklist_items').notNull().default([]),
    special_instructions: text('special_instructions').notNull().default(''),
    /** The host's translations of title, description, instructions and checklist items (shared/host-text.ts). */
    translations: json<Translations>('translations').notNull().default({}),
    created_date: text('created_date'),
    /** ISO 4217 code of cost: the task's property's currency when not given (docs/decisions.md "Money"). */
    currency: text('currency').notNull().default('USD'),
    cost: moneyIn('cost', { currency: 'currency' }).notNull().default(0),
    assigned_staff_id: text('assigned_staff_id'),
    notes: text('notes').notNull().default(''),
    started_at: text('started_at'),
    completed_at: text('completed_at'),
    /** The staff member the completed work is credited to (server-set; a reassignment keeps it). */
    completed_by_staff_id: text('completed_by_staff_id'),
    /** Who held the task before its last reassignment, and when that reached the server (server-set). */
    previous_staff_id: text('previous_staff_id'),
    reassigned_at: text('reassigned_at'),
  },
  (t) => [
    index('tasks_host_sched_idx').on(t.host_id, t.scheduled_date),
    index('tasks_staff_sched_idx').on(t.assigned_staff_id, t.scheduled_date),
    index('tasks_property_idx').on(t.property_id),
    index('tasks_booking_idx').on(t.booking_id),
    // The overdue check walks pending live tasks by due date and probes task_alerts by id: with
    // id in the index and tombstones left out, that walk never reads the table (bench/alerts.ts).
    index('tasks_status_due_idx').on(t.task_status, t.due_date, t.id).where(sql`deleted_at is null`),
    index('tasks_status_created_idx').on(t.task_status, t.priority_level, t.created_date),
    index('tasks_version_idx').on(t.version),
    // A housekeeper's pull reads their tasks changed since a version, not every task in the range.
    index('tasks_staff_version_idx').on(t.assigned_staff_id, t.version),
    index('tasks_host_version_idx').on(t.host_id, t.version),
  ],
);

export const taskTemplates = sqliteTable(
  'task_templates',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    name: text('name').notNull(),
    task_category: text('task_category').notNull().default('cleaning'),
    description: text('description').notNull().default(''),
    checklist_items: json<ChecklistItem[]>('checklist_items').notNull().default([]),
    estimated_duration: integer('estimated_duration').notNull().default(60),
    priority_level: text('priority_level', { enum: PRIORITY_LEVELS }).notNull().default('medium'),
    special_instructions: text('special_instructions').notNull().default(''),
    /** The host's translations, copied to the tasks made from the template (shared/host-text.ts). */
    translations: json<Translations>('translations').notNull().default({}),
    is_default: bool('is_default').notNull().default(false),
    created_date: text('created_date'),
  },
  (t) => [index('templates_host_idx').on(t.host_id, t.name), index('templates_version_idx').on(t.version), index('templates_host_version_idx').on(t.host_id, t.version)],
);

/**
 * A problem a housekeeper (or the host) found at a property: written offline through the outbox
 * like any synced row; its writer makes the maintenance task that carries it to the host
 * (server/src/modules/reports/writers.ts, docs/decisions.md "Problem reports"). Server-set: the
 * host (the property's), the stay, the reporter's staff row, the maintenance task, the time.
 */
export const problemReports = sqliteTable(
  'problem_reports',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    /** The task it was reported from, if any (one of the reporter's). */
    task_id: text('task_id'),
    /** The stay it concerns: the task's booking, else the current or last stay at the property. */
    booking_id: text('booking_id'),
    /** The maintenance task made for it. */
    maintenance_task_id: text('maintenance_task_id'),
    reported_by_staff_id: text('reported_by_staff_id'),
    category: text('category', { enum: PROBLEM_CATEGORIES }).notNull().default('other'),
    severity: text('severity', { enum: PROBLEM_SEVERITIES }).notNull().default('normal'),
    description: text('description').notNull(),
    /** When it was reported on the device (bounded like a task's times), else when it arrived. */
    reported_at: text('reported_at'),
    created_date: text('created_date'),
  },
  (t) => [
    index('problem_reports_property_idx').on(t.property_id),
    index('problem_reports_task_idx').on(t.maintenance_task_id),
    index('problem_reports_version_idx').on(t.version),
    index('problem_reports_host_version_idx').on(t.host_id, t.version),
    // A housekeeper pulls the reports she made.
    index('problem_reports_staff_version_idx').on(t.reported_by_staff_id, t.version),
  ],
);

export const guests = sqliteTable(
  'guests',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    guest_name: text('guest_name').notNull().default(''),
    guest_email: text('guest_email').notNull(),
    guest_phone: text('guest_phone').notNull().default(''),
    total_bookings: integer('total_bookings').notNull().default(0),
    total_spent: money('total_spent').notNull().default(0),
    average_rating: real('average_rating').notNull().default(3.5),
    last_booking_date: text('last_booking_date'),
    guest_status: text('guest_status').notNull().default('upcoming'),
    properties_stayed: json<string[]>('properties_stayed').notNull().default([]),
    vip_status: bool('vip_status').notNull().default(false),
    verified_status: bool('verified_status').notNull().default(false),
    country: text('country').notNull().default(''),
    created_date: text('created_date'),
    updated_date: text('updated_date'),
  },
  (t) => [
    uniqueIndex('guests_host_email_uq').on(t.host_id, t.guest_email),
    index('guests_host_name_idx').on(t.host_id, t.guest_name),
    index('guests_version_idx').on(t.version),
    index('guests_host_version_idx').on(t.host_id, t.version),
  ],
);

export const channelCredentials = sqliteTable(
  'channel_credentials',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    client_id: text('client_id').notNull().default(''),
    secret_key: text('secret_key'),
    partner_email: text('partner_email').notNull().default(''),
    partner_id: text('partner_id').notNull().default(''),
    production_base_url: text('production_base_url').notNull().default(''),
    sandbox_base_url: text('sandbox_base_url').notNull().default(''),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    token_expires_at: text('token_expires_at'),
    is_active: bool('is_active').notNull().default(true),
    sandbox_mode: bool('sandbox_mode').notNull().default(true),
  },
  (t) => [index('channel_credentials_user_idx').on(t.user_id), index('channel_credentials_version_idx').on(t.version)],
);

export const notifications = sqliteTable(
  'notifications',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    timestamp: text('timestamp').notNull(),
    isRead: bool('isRead').notNull().default(false),
    taskId: text('taskId'),
    hostId: text('hostId'),
    actionUrl: text('actionUrl'),
    scheduledDate: text('scheduledDate'),
    dueDate: text('dueDate'),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.timestamp),
    index('notifications_version_idx').on(t.version),
    index('notifications_user_version_idx').on(t.user_id, t.version),
  ],
);

export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent').notNull().default(''),
    created_at: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('push_endpoint_uq').on(t.endpoint), index('push_user_idx').on(t.user_id)],
);

export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    platform: text('platform').notNull(),
    ical_url: text('ical_url').notNull(),
    is_active: bool('is_active').notNull().default(true),
    last_fetched_at: text('last_fetched_at'),
    last_success_at: text('last_success_at'),
    event_count: integer('event_count').notNull().default(0),
    last_error: text('last_error'),
    etag: text('etag'),
    created_at: text('created_at').notNull(),
    /** Polls in a row that failed (0 after a success); three alert the host (modules/calendar/health.ts). Server-set. */
    consecutive_failures: integer('consecutive_failures').notNull().default(0),
    /** When the host was alerted that the feed is failing or stale; cleared by the next success. Server-set. */
    health_alerted_at: text('health_alerted_at'),
  },
  (t) => [
    // Also every read by host alone (it replaced a host_id index).
    index('calendar_feeds_host_version_idx').on(t.host_id, t.version),
    index('calendar_feeds_property_idx').on(t.property_id),
    index('calendar_feeds_version_idx').on(t.version),
  ],
);

export const calendarSyncJobs = sqliteTable(
  'calendar_sync_jobs',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    feed_id: text('feed_id'),
    propertyId: text('propertyId').notNull(),
    propertyName: text('propertyName').notNull().default(''),
    platform: text('platform').notNull(),
    iCalUrl: text('iCalUrl').notNull(),
    status: text('status', { enum: SYNC_JOB_STATUSES }).notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    startTime: text('startTime'),
    endTime: text('endTime'),
    message: text('message').notNull().default(''),
  },
  (t) => [
    index('calendar_jobs_host_idx').on(t.host_id, t.status),
    index('calendar_jobs_version_idx').on(t.version),
    index('calendar_jobs_host_version_idx').on(t.host_id, t.version),
  ],
);

export const calendarBlocks = sqliteTable(
  'calendar_blocks',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    feed_id: text('feed_id'),
    uid: text('uid').notNull(),
    recurrence_id: text('recurrence_id').notNull().default(''),
    start_date: text('start_date').notNull(),
    end_date: text('end_date').notNull(),
    summary: text('summary').notNull().default(''),
    source: text('source').notNull().default(''),
  },
  (t) => [
    index('calendar_blocks_property_idx').on(t.property_id, t.start_date),
    index('calendar_blocks_feed_uid_idx').on(t.feed_id, t.uid, t.recurrence_id),
    // Also every read by host alone (it replaced a host_id index).
    index('calendar_blocks_host_version_idx').on(t.host_id, t.version),
    index('calendar_blocks_version_idx').on(t.version),
  ],
);

export const inboxMessages = sqliteTable(
  'inbox_messages',
  {
    ...syncColumns(),
    host_id: text('host_id').notNull(),
    booking_id: text('booking_id'),
    guest_name: text('guest_name').notNull().default(''),
    guest_email: text('guest_email').notNull().default(''),
    message_content: text('message_content').notNull(),
    direction: text('direction', { enum: ['inbound', 'outbound'] }).notNull().default('outbound'),
    status: text('status', { enum: ['unread', 'read', 'sent', 'failed'] }).notNull().default('sent'),
    sent_at: text('sent_at'),
    /**
     * A reply e-mailed to the guest (server/src/modules/email): queued, sent or failed; null when it
     * was not e-mailed (no address, or an inbound message). Set by the server only.
     */
    email_status: text('email_status', { enum: EMAIL_STATUSES }),
  },
  (t) => [
    index('inbox_messages_host_idx').on(t.host_id, t.booking_id),
    index('inbox_messages_version_idx').on(t.version),
    index('inbox_messages_host_version_idx').on(t.host_id, t.version),
  ],
);

// ── Channel partner (Tokeet) ───────────────────────────────────────────────────────────────
export const partnerCredentials = sqliteTable(
  'partner_credentials',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    client_id: text('client_id').notNull().default(''),
    secret_key: text('secret_key'),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    token_expires_at: text('token_expires_at'),
    is_active: bool('is_active').notNull().default(true),
  },
  (t) => [index('partner_credentials_user_idx').on(t.user_id)],
);

export const partnerOauthTokens = sqliteTable(
  'partner_oauth_tokens',
  {
    ...syncColumns(),
    user_id: text('user_id').notNull(),
    access_token: text('access_token'),
    refresh_token: text('refresh_token'),
    token_expires_at: text('token_expires_at'),
    tokeet_user_id: text('tokeet_user_id'),
    is_active: bool('is_active').notNull().default(true),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('partner_oauth_user_idx').on(t.user_id)],
);

export const partnerSyncLogs = sqliteTable(
  'partner_sync_logs',
  {
    ...syncColumns(),
    user_id: text('user_id'),
    sync_type: text('sync_type').notNull(),
    operation: text('operation').notNull().default(''),
    status: text('status', { enum: ['success', 'error'] }).notNull(),
    error_message: text('error_message'),
    integration_id: integer('integration_id').notNull().default(1),
    record_count: integer('record_count').notNull().default(0),
    sync_data: text('sync_data').notNull().default(''),
    started_at: text('started_at').notNull(),
    completed_at: text('completed_at'),
  },
  (t) => [index('partner_sync_logs_started_idx').on(t.started_at), index('partner_sync_logs_user_idx').on(t.user_id)],
);

export const partnerBookings = sqliteTable(
  'partner_bookings',
  {
    ...syncColumns(),
    user_id: text('user_id'),
    tokeet_booking_id: text('tokeet_booking_id').notNull(),
    guest_name: text('guest_name').notNull().default(''),
    guest_email: text('guest_email').notNull().default(''),
    guest_phone: text('guest_phone').notNull().default(''),
    check_in_date: text('check_in_date'),
    check_out_date: text('check_out_date'),
    total_amount: moneyIn('total_amount', { currency: 'currency' }).notNull().default(0),
    booking_status: text('booking_status').notNull().default('confirmed'),
    booking_source: text('booking_source').notNull().default('direct'),
    currency: text('currency').notNull().default('USD'),
    booking_data: json<Record<string, unknown>>('booking_data').notNull().default({}),
    integration_id: integer('integration_id').notNull().default(1),
    property_mapping_id: text('property_mapping_id'),
    created_at: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('partner_bookings_ext_uq').on(t.tokeet_booking_id), index('partner_bookings_user_idx').on(t.user_id)],
);

export const partnerProperties = sqliteTable(
  'partner_properties',
  {
    ...syncColumns(),
    user_id: text('user_id'),
    tokeet_property_id: text('tokeet_property_id').notNull(),
    local_property_id: text('local_property_id'),
    property_name: text('property_name').notNull().default(''),
    property_type: text('property_type').notNull().default('apartment'),
    rooms_count: integer('rooms_count').notNull().default(0),
    max_guests: integer('max_guests').notNull().default(1),
    amenities: json<unknown>('amenities').notNull().default([]),
    property_data: json<Record<string, unknown>>('property_data').notNull().default({}),
    last_synced: text('last_synced'),
    /** Why the rental has no local property (the plan's property limit); null once it has one. */
    not_imported_reason: text('not_imported_reason'),
  },
  (t) => [uniqueIndex('partner_properties_ext_uq').on(t.tokeet_property_id), index('partner_properties_user_idx').on(t.user_id)],
);

export const partnerMessages = sqliteTable(
  'partner_messages',
  {
    ...syncColumns(),
    user_id: text('user_id'),
    tokeet_message_id: text('tokeet_message_id').notNull(),
    booking_id: text('booking_id'),
    guest_name: text('guest_name').notNull().default(''),
    guest_email: text('guest_email').notNull().default(''),
    message_content: text('message_content').notNull().default(''),
    message_type: text('message_type').notNull().default('inquiry'),
    direction: text('direction').notNull().default('inbound'),
    status: text('status').notNull().default('unread'),
    received_at: text('received_at'),
  },
  (t) => [uniqueIndex('partner_messages_ext_uq').on(t.tokeet_message_id), index('partner_messages_user_idx').on(t.user_id)],
);

/**
 * A started channel-partner authorization (server/src/modules/partner/oauth.ts): the SHA-256 of the
 * `state` sent to the partner, the user who started it and the page to return to. Single use
 * (`used_at`) and short-lived (`expires_at`); never sent to a browser.
 */
export const partnerOauthStates = sqliteTable(
  'partner_oauth_states',
  {
    state_hash: text('state_hash').primaryKey(),
    user_id: text('user_id').notNull(),
    return_to: text('return_to').notNull(),
    created_at: text('created_at').notNull(),
    expires_at: text('expires_at').notNull(),
    used_at: text('used_at'),
  },
  (t) => [index('partner_oauth_states_expiry_idx').on(t.expires_at)],
);

/** The partner's nightly rate of a mapped property per date (rate sync); money in the partner's currency. */
export const partnerRates = sqliteTable(
  'partner_rates',
  {
    id: text('id').primaryKey(),
    host_id: text('host_id').notNull(),
    property_id: text('property_id').notNull(),
    tokeet_property_id: text('tokeet_property_id').notNull(),
    date: text('date').notNull(),
    nightly: moneyIn('nightly', { currency: 'currency' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    name: text('name').notNull().default(''),
    updated_at: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('partner_rates_property_date_uq').on(t.property_id, t.date), index('partner_rates_host_idx').on(t.host_id)],
);

// ── Payment provider (PayPal) ─────────────────────────────────────────────────────────────
export const paypalConfig = sqliteTable('paypal_config', {
  ...syncColumns(),
  client_id: text('client_id').notNull().default(''),
  client_secret: text('client_secret'),
  environment: text('environment', { enum: ['sandbox', 'live'] }).notNull().default('sandbox'),
  webhook_id: text('webhook_id').notNull().default(''),
  webhook_url: text('webhook_url').notNull().default(''),
  /** Replaces the environment's PayPal host (a fake in tests and demos; INTEGRATION_ALLOWED_ORIGINS). */
  api_base_url: text('api_base_url'),
  is_active: bool('is_active').notNull().default(true),
  test_mode: bool('test_mode').notNull().default(true),
  created_at: text('created_at').notNull(),
});

export const paypalSubscriptions = sqliteTable(
  'paypal_subscriptions',
  {
    ...syncColumns(),
    paypal_subscription_id: text('paypal_subscription_id').notNull(),
    user_id: text('user_id').notNull(),
    tier_id: text('tier_id'),
    billing_cycle: text('billing_cycle').notNull().default('monthly'),
    plan_name: text('plan_name').notNull().default(''),
    subscription_status: text('subscription_status').notNull().default('APPROVAL_PENDING'),
    start_time: text('start_time'),
    created_at: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('paypal_subscriptions_ext_uq').on(t.paypal_subscription_id), index('paypal_subscriptions_user_idx').on(t.user_id)],
);

export const paypalPayments = sqliteTable(
  'paypal_payments',
  {
    ...syncColumns(),
    paypal_payment_id: text('paypal_payment_id').notNull(),
    paypal_subscription_id: text('paypal_subscription_id'),
    amount: money('amount').notNull().default(0),
    currency_code: text('currency_code').notNull().default('USD'),
    payment_status: text('payment_status').notNull().default('COMPLETED'),
    transaction_id: text('transaction_id').notNull().default(''),
    payment_time: text('payment_time'),
    webhook_event_id: text('webhook_event_id'),
    created_at: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('paypal_payments_ext_uq').on(t.paypal_payment_id),
    index('paypal_payments_sub_idx').on(t.paypal_subscription_id),
    index('paypal_payments_time_idx').on(t.payment_time),
  ],
);

export const paypalWebhookEvents = sqliteTable(
  'paypal_webhook_events',
  {
    ...syncColumns(),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    resource_type: text('resource_type').notNull().default(''),
    resource_id: text('resource_id').notNull().default(''),
    event_data: text('event_data').notNull().default(''),
    processing_status: text('processing_status', { enum: WEBHOOK_PROCESSING_STATUSES }).notNull().default('pending'),
    processed_at: text('processed_at'),
    error_message: text('error_message'),
    created_at: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('paypal_webhook_event_uq').on(t.event_id), index('paypal_webhook_status_idx').on(t.processing_status)],
);

export const paypalPlans = sqliteTable(
  'paypal_plans',
  {
    ...syncColumns(),
    tier_id: text('tier_id').notNull(),
    paypal_plan_id: text('paypal_plan_id').notNull().default(''),
    paypal_product_id: text('paypal_product_id').notNull().default(''),
    plan_name: text('plan_name').notNull().default(''),
    billing_cycle: text('billing_cycle').notNull().default('monthly'),
    amount: money('amount').notNull().default(0),
    currency_code: text('currency_code').notNull().default('USD'),
    is_active: bool('is_active').notNull().default(true),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('paypal_plans_tier_idx').on(t.tier_id, t.billing_cycle)],
);

export const paypalPlanSync = sqliteTable(
  'paypal_plan_sync',
  {
    ...syncColumns(),
    tier_id: text('tier_id').notNull(),
    paypal_plan_id: text('paypal_plan_id').notNull().default(''),
    billing_cycle: text('billing_cycle').notNull().default('monthly'),
    sync_status: text('sync_status').notNull().default('pending'),
    last_sync_date: text('last_sync_date'),
    is_active: bool('is_active').notNull().default(true),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('paypal_plan_sync_tier_idx').on(t.tier_id, t.billing_cycle)],
);

// ── Server infrastructure (not addressed by the table API) ─────────────────────────────────
/** One row per named counter; `version` is the global version every synced write takes. */
export const counters = sqliteTable('counters', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: text('user_id').notNull(),
    // `login`: the ticket between a right password and the two-step code (5 minutes, tokens.ts).
    purpose: text('purpose', { enum: ['reset', 'invite', 'login'] }).notNull().default('reset'),
    expires_at: text('expires_at').notNull(),
    used_at: text('used_at'),
    created_at: text('created_at').notNull(),
    /**
     * The housekeeping_staff row an invite was mailed for: accepting it links that row, and only
     * it, to the user (docs/decisions.md, Ownership and scope). Null for reset tokens.
     */
    staff_id: text('staff_id'),
  },
  (t) => [index('reset_tokens_user_idx').on(t.user_id)],
);

/**
 * Two-step sign-in recovery codes (server/src/modules/auth/totp.ts): ten per user, made when TOTP
 * is turned on, stored as sha256 hashes like the reset tokens; `used_at` once one has opened a
 * sign-in (or turned TOTP off). Turning TOTP off or an admin's reset deletes them.
 */
export const totpRecoveryCodes = sqliteTable(
  'totp_recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: text('user_id').notNull(),
    code_hash: text('code_hash').notNull(),
    used_at: text('used_at'),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.user_id)],
);

/**
 * The host a staff user working for several hosts has chosen to see per-host screens of (the
 * session's `staffId`): one row per user who ever switched (server/src/actor.ts). Without a row, or
 * when the row's staff link is gone, the first linked staff row is current.
 */
export const staffCurrentHosts = sqliteTable('staff_current_hosts', {
  user_id: text('user_id').primaryKey(),
  staff_id: text('staff_id').notNull(),
  updated_at: text('updated_at').notNull(),
});

/**
 * The sign-in and reset-mail limits' events (server/src/modules/auth/login-limits.ts): one row per
 * counted event, `key` naming what it counts (a failed sign-in for an address from a source, a
 * reset request from a source or for an address). The column is still called `email`, its first
 * use, so that no migration was needed.
 */
export const loginFailures = sqliteTable(
  'login_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('email').notNull(),
    at: text('at').notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.key, t.at)],
);

/**
 * Server-side sessions (server/src/modules/auth/sessions.ts): one row per sign-in, its id in the
 * JWT as `sid`. A request whose session is revoked or unknown is refused (401), so a sign-out, a
 * password change or reset, a suspension or an admin's "Sign out everywhere" ends it at once.
 * `device` is a short summary of the user agent ("Chrome on Android"); `last_seen_at` is written at
 * most once a minute per session.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    user_id: text('user_id').notNull(),
    device: text('device').notNull(),
    created_at: text('created_at').notNull(),
    last_seen_at: text('last_seen_at').notNull(),
    /** When the JWT carrying it expires: past it the session is over anyway and no longer listed. */
    expires_at: text('expires_at').notNull(),
    revoked_at: text('revoked_at'),
    /**
     * The device's languages as its browser sent them at sign-in (Accept-Language, parsed, most
     * preferred first, comma-separated): a user with no language setting gets push and e-mail in
     * the best match of their latest session's (server/src/i18n.ts).
     */
    languages: text('languages'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Last applied mutation seq per sync client: a replayed push is not applied twice. */
export const syncClients = sqliteTable('sync_clients', {
  client_id: text('client_id').primaryKey(),
  user_id: text('user_id').notNull(),
  last_seq: integer('last_seq').notNull().default(0),
  updated_at: text('updated_at').notNull(),
});

/**
 * Why a sync client's mutation was rejected: a retried push whose first answer was lost gets the
 * same reason again. Kept until the client shows it heard the answer, and at most a while
 * (server/src/modules/sync/README.md "Replays").
 */
export const syncRejections = sqliteTable(
  'sync_rejections',
  {
    client_id: text('client_id').notNull(),
    mutation_id: text('mutation_id').notNull(),
    seq: integer('seq').notNull(),
    code: integer('code').notNull(),
    error: text('error').notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.client_id, t.mutation_id] }), index('sync_rejections_client_seq_idx').on(t.client_id, t.seq), index('sync_rejections_created_idx').on(t.created_at)],
);

/** Database leases so that two server processes never run the same job at once. */
export const jobLeases = sqliteTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expires_at: text('expires_at').notNull(),
  mark: text('mark'),
});

/** Server key material generated on first start (VAPID keys); secret values encrypted at rest. */
export const appKeys = sqliteTable('app_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: text('created_at').notNull(),
});

/**
 * Task alerts already raised: one row per task and kind, inserted in the transaction that writes
 * the alert's notifications, so a task alerts at most once per kind across runs, restarts and
 * server processes.
 */
export const taskAlerts = sqliteTable(
  'task_alerts',
  {
    task_id: text('task_id').notNull(),
    kind: text('kind', { enum: ['urgent', 'overdue'] }).notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.task_id, t.kind] })],
);

/**
 * Photos of a task or of one of its checklist items, taken by the housekeeper (often offline) and
 * uploaded once with the id the device gave them (server/src/modules/photos). Not a synced table:
 * the list is read online; the bytes are in task_photo_files.
 */
export const taskPhotos = sqliteTable(
  'task_photos',
  {
    id: text('id').primaryKey(),
    host_id: text('host_id').notNull(),
    task_id: text('task_id').notNull(),
    /**
     * The problem report it was sent with (its task_id is then the report's maintenance task), or
     * null for a photo taken on a task.
     */
    report_id: text('report_id'),
    /** The checklist item's id, or null for a photo of the task as a whole. */
    checklist_item_id: text('checklist_item_id'),
    /** The staff row of the uploader (null when the host uploaded it). */
    staff_id: text('staff_id'),
    uploaded_by: text('uploaded_by').notNull(),
    content_type: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /** When the device took it (its clock), and when it reached the server. */
    taken_at: text('taken_at').notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('task_photos_task_idx').on(t.task_id, t.created_at), index('task_photos_host_idx').on(t.host_id), index('task_photos_report_idx').on(t.report_id)],
);

/** The stored bytes of each task photo: the re-encoded image (no metadata) and its thumbnail. */
export const taskPhotoFiles = sqliteTable('task_photo_files', {
  photo_id: text('photo_id').primaryKey(),
  image: blob('image', { mode: 'buffer' }).notNull(),
  thumbnail: blob('thumbnail', { mode: 'buffer' }).notNull(),
});

/** The turnover task made for a booking's check-out day: made once, then moved and cancelled with the booking. */
export const turnoverTasks = sqliteTable(
  'turnover_tasks',
  {
    booking_id: text('booking_id').primaryKey(),
    task_id: text('task_id').notNull(),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('turnover_tasks_task_idx').on(t.task_id)],
);

/**
 * Web Push deliveries to send or retry (a transactional outbox): written in the transaction that
 * writes the notification, sent after it commits, retried with backoff on 429/5xx.
 */
/**
 * The outgoing mail queue (server/src/modules/email/queue.ts): every message is written here in the
 * transaction of the change that caused it and sent after commit, with retries. `held`: an alert
 * e-mail waiting to learn whether its push notification reached a device (then `cancelled`, else
 * `queued`). Server infrastructure: no table id, never synced; admins read it through
 * GET /api/admin/mail.
 */
export const mailQueue = sqliteTable(
  'mail_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What the message is: reset, staff_invite, admin_invite, test, alert, guest_reply, other. */
    kind: text('kind').notNull().default('other'),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    reply_to: text('reply_to'),
    /** The sign-in link the message carries (reset, invite); blanked with the bodies once it is sent or failed. */
    link: text('link'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: text('next_attempt_at').notNull(),
    /** A sender holds the message until then; another process may take it over after. */
    claimed_until: text('claimed_until'),
    last_error: text('last_error'),
    /** At most one message per key (an alert to one recipient). */
    dedupe_key: text('dedupe_key'),
    /** The notification an alert e-mail stands in for (held until its pushes are known). */
    notification_id: text('notification_id'),
    /** The inbox reply this e-mail carries to the guest (its email_status follows). */
    inbox_message_id: text('inbox_message_id'),
    transport: text('transport', { enum: ['smtp', 'dev'] }),
    created_at: text('created_at').notNull(),
    updated_at: text('updated_at').notNull(),
    sent_at: text('sent_at'),
  },
  (t) => [
    uniqueIndex('mail_queue_dedupe_uq').on(t.dedupe_key),
    index('mail_queue_due_idx').on(t.status, t.next_attempt_at),
    index('mail_queue_created_idx').on(t.created_at),
    index('mail_queue_notification_idx').on(t.notification_id),
  ],
);

export const pushDeliveries = sqliteTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscription_id: text('subscription_id').notNull(),
    notification_id: text('notification_id'),
    payload: text('payload').notNull(),
    urgency: text('urgency', { enum: ['very-low', 'low', 'normal', 'high'] }).notNull().default('normal'),
    ttl: integer('ttl').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: text('next_attempt_at').notNull(),
    /** A sender holds the delivery until then; another process may take it over after. */
    claimed_until: text('claimed_until'),
    expires_at: text('expires_at').notNull(),
    last_error: text('last_error'),
    created_at: text('created_at').notNull(),
  },
  (t) => [index('push_deliveries_due_idx').on(t.next_attempt_at), index('push_deliveries_subscription_idx').on(t.subscription_id)],
);
