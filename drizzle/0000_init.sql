CREATE TABLE `app_keys` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`actor_id` text,
	`action` text NOT NULL,
	`table_id` integer,
	`entity_id` text,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`table_id`,`entity_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`property_id` text NOT NULL,
	`host_id` text NOT NULL,
	`guest_name` text DEFAULT 'Guest' NOT NULL,
	`guest_email` text DEFAULT '' NOT NULL,
	`guest_phone` text DEFAULT '' NOT NULL,
	`check_in_date` text NOT NULL,
	`check_out_date` text NOT NULL,
	`guests_count` integer DEFAULT 1 NOT NULL,
	`booking_source` text DEFAULT 'direct' NOT NULL,
	`booking_reference` text DEFAULT '' NOT NULL,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`commission_amount` integer DEFAULT 0 NOT NULL,
	`net_amount` integer DEFAULT 0 NOT NULL,
	`booking_status` text DEFAULT 'confirmed' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`special_requests` text DEFAULT '' NOT NULL,
	`external_uid` text,
	`created_date` text
);
--> statement-breakpoint
CREATE INDEX `bookings_host_checkin_idx` ON `bookings` (`host_id`,`check_in_date`);--> statement-breakpoint
CREATE INDEX `bookings_property_dates_idx` ON `bookings` (`property_id`,`check_in_date`,`check_out_date`);--> statement-breakpoint
CREATE INDEX `bookings_guest_email_idx` ON `bookings` (`host_id`,`guest_email`);--> statement-breakpoint
CREATE INDEX `bookings_checkin_idx` ON `bookings` (`check_in_date`);--> statement-breakpoint
CREATE INDEX `bookings_version_idx` ON `bookings` (`version`);--> statement-breakpoint
CREATE TABLE `calendar_blocks` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`feed_id` text,
	`uid` text NOT NULL,
	`recurrence_id` text DEFAULT '' NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`summary` text DEFAULT '' NOT NULL,
	`source` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calendar_blocks_property_idx` ON `calendar_blocks` (`property_id`,`start_date`);--> statement-breakpoint
CREATE INDEX `calendar_blocks_feed_uid_idx` ON `calendar_blocks` (`feed_id`,`uid`,`recurrence_id`);--> statement-breakpoint
CREATE INDEX `calendar_blocks_host_idx` ON `calendar_blocks` (`host_id`);--> statement-breakpoint
CREATE INDEX `calendar_blocks_version_idx` ON `calendar_blocks` (`version`);--> statement-breakpoint
CREATE TABLE `calendar_feeds` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`platform` text NOT NULL,
	`ical_url` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`last_fetched_at` text,
	`last_success_at` text,
	`event_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`etag` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calendar_feeds_host_idx` ON `calendar_feeds` (`host_id`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_property_idx` ON `calendar_feeds` (`property_id`);--> statement-breakpoint
CREATE INDEX `calendar_feeds_version_idx` ON `calendar_feeds` (`version`);--> statement-breakpoint
CREATE TABLE `calendar_sync_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`feed_id` text,
	`propertyId` text NOT NULL,
	`propertyName` text DEFAULT '' NOT NULL,
	`platform` text NOT NULL,
	`iCalUrl` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`startTime` text,
	`endTime` text,
	`message` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `calendar_jobs_host_idx` ON `calendar_sync_jobs` (`host_id`,`status`);--> statement-breakpoint
CREATE INDEX `calendar_jobs_version_idx` ON `calendar_sync_jobs` (`version`);--> statement-breakpoint
CREATE TABLE `channel_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`client_id` text DEFAULT '' NOT NULL,
	`secret_key` text,
	`partner_email` text DEFAULT '' NOT NULL,
	`partner_id` text DEFAULT '' NOT NULL,
	`production_base_url` text DEFAULT '' NOT NULL,
	`sandbox_base_url` text DEFAULT '' NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`token_expires_at` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sandbox_mode` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `channel_credentials_user_idx` ON `channel_credentials` (`user_id`);--> statement-breakpoint
CREATE INDEX `channel_credentials_version_idx` ON `channel_credentials` (`version`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `display_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`dateFormat` text DEFAULT 'MM/DD/YYYY' NOT NULL,
	`timeFormat` text DEFAULT '12h' NOT NULL,
	`use24Hour` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `display_settings_user_uq` ON `display_settings` (`user_id`);--> statement-breakpoint
CREATE INDEX `display_settings_version_idx` ON `display_settings` (`version`);--> statement-breakpoint
CREATE TABLE `guests` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`guest_name` text DEFAULT '' NOT NULL,
	`guest_email` text NOT NULL,
	`guest_phone` text DEFAULT '' NOT NULL,
	`total_bookings` integer DEFAULT 0 NOT NULL,
	`total_spent` integer DEFAULT 0 NOT NULL,
	`average_rating` real DEFAULT 3.5 NOT NULL,
	`last_booking_date` text,
	`guest_status` text DEFAULT 'upcoming' NOT NULL,
	`properties_stayed` text DEFAULT '[]' NOT NULL,
	`vip_status` integer DEFAULT false NOT NULL,
	`verified_status` integer DEFAULT false NOT NULL,
	`country` text DEFAULT '' NOT NULL,
	`created_date` text,
	`updated_date` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guests_host_email_uq` ON `guests` (`host_id`,`guest_email`);--> statement-breakpoint
CREATE INDEX `guests_host_name_idx` ON `guests` (`host_id`,`guest_name`);--> statement-breakpoint
CREATE INDEX `guests_version_idx` ON `guests` (`version`);--> statement-breakpoint
CREATE TABLE `host_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`subscription_tier` text DEFAULT 'basic' NOT NULL,
	`subscription_status` text DEFAULT 'active' NOT NULL,
	`commission_rate` real DEFAULT 10 NOT NULL,
	`properties_count` integer DEFAULT 0 NOT NULL,
	`total_bookings` integer DEFAULT 0 NOT NULL,
	`total_revenue` integer DEFAULT 0 NOT NULL,
	`account_status` text DEFAULT 'active' NOT NULL,
	`verification_documents` text DEFAULT '{}' NOT NULL,
	`created_date` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `host_profiles_user_uq` ON `host_profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `host_profiles_version_idx` ON `host_profiles` (`version`);--> statement-breakpoint
CREATE TABLE `housekeeping_staff` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`staff_name` text NOT NULL,
	`staff_email` text DEFAULT '' NOT NULL,
	`staff_phone` text DEFAULT '' NOT NULL,
	`specializations` text DEFAULT '[]' NOT NULL,
	`availability_schedule` text DEFAULT '{}' NOT NULL,
	`hourly_rate` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`hire_date` text,
	`emergency_contact` text DEFAULT '' NOT NULL,
	`user_id` text,
	`created_date` text
);
--> statement-breakpoint
CREATE INDEX `staff_host_idx` ON `housekeeping_staff` (`host_id`,`staff_name`);--> statement-breakpoint
CREATE INDEX `staff_email_idx` ON `housekeeping_staff` (`staff_email`);--> statement-breakpoint
CREATE INDEX `staff_user_idx` ON `housekeeping_staff` (`user_id`);--> statement-breakpoint
CREATE INDEX `staff_version_idx` ON `housekeeping_staff` (`version`);--> statement-breakpoint
CREATE TABLE `housekeeping_tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`booking_id` text,
	`template_id` text,
	`task_title` text NOT NULL,
	`task_description` text DEFAULT '' NOT NULL,
	`task_category` text DEFAULT 'cleaning' NOT NULL,
	`priority_level` text DEFAULT 'medium' NOT NULL,
	`scheduled_date` text,
	`due_date` text,
	`estimated_duration` integer DEFAULT 60 NOT NULL,
	`task_status` text DEFAULT 'pending' NOT NULL,
	`checklist_items` text DEFAULT '[]' NOT NULL,
	`special_instructions` text DEFAULT '' NOT NULL,
	`created_date` text,
	`cost` integer DEFAULT 0 NOT NULL,
	`assigned_staff_id` text,
	`notes` text DEFAULT '' NOT NULL,
	`started_at` text,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `tasks_host_sched_idx` ON `housekeeping_tasks` (`host_id`,`scheduled_date`);--> statement-breakpoint
CREATE INDEX `tasks_staff_sched_idx` ON `housekeeping_tasks` (`assigned_staff_id`,`scheduled_date`);--> statement-breakpoint
CREATE INDEX `tasks_property_idx` ON `housekeeping_tasks` (`property_id`);--> statement-breakpoint
CREATE INDEX `tasks_booking_idx` ON `housekeeping_tasks` (`booking_id`);--> statement-breakpoint
CREATE INDEX `tasks_status_due_idx` ON `housekeeping_tasks` (`task_status`,`due_date`);--> statement-breakpoint
CREATE INDEX `tasks_status_created_idx` ON `housekeeping_tasks` (`task_status`,`priority_level`,`created_date`);--> statement-breakpoint
CREATE INDEX `tasks_version_idx` ON `housekeeping_tasks` (`version`);--> statement-breakpoint
CREATE TABLE `inbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`booking_id` text,
	`guest_name` text DEFAULT '' NOT NULL,
	`guest_email` text DEFAULT '' NOT NULL,
	`message_content` text NOT NULL,
	`direction` text DEFAULT 'outbound' NOT NULL,
	`status` text DEFAULT 'sent' NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `inbox_messages_host_idx` ON `inbox_messages` (`host_id`,`booking_id`);--> statement-breakpoint
CREATE INDEX `inbox_messages_version_idx` ON `inbox_messages` (`version`);--> statement-breakpoint
CREATE TABLE `job_leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` text NOT NULL,
	`mark` text
);
--> statement-breakpoint
CREATE TABLE `login_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_email_idx` ON `login_failures` (`email`,`at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'info' NOT NULL,
	`timestamp` text NOT NULL,
	`isRead` integer DEFAULT false NOT NULL,
	`taskId` text,
	`hostId` text,
	`actionUrl` text,
	`scheduledDate` text,
	`dueDate` text
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `notifications_version_idx` ON `notifications` (`version`);--> statement-breakpoint
CREATE TABLE `partner_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text,
	`tokeet_booking_id` text NOT NULL,
	`guest_name` text DEFAULT '' NOT NULL,
	`guest_email` text DEFAULT '' NOT NULL,
	`guest_phone` text DEFAULT '' NOT NULL,
	`check_in_date` text,
	`check_out_date` text,
	`total_amount` integer DEFAULT 0 NOT NULL,
	`booking_status` text DEFAULT 'confirmed' NOT NULL,
	`booking_source` text DEFAULT 'direct' NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`booking_data` text DEFAULT '{}' NOT NULL,
	`integration_id` integer DEFAULT 1 NOT NULL,
	`property_mapping_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_bookings_ext_uq` ON `partner_bookings` (`tokeet_booking_id`);--> statement-breakpoint
CREATE INDEX `partner_bookings_user_idx` ON `partner_bookings` (`user_id`);--> statement-breakpoint
CREATE TABLE `partner_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`client_id` text DEFAULT '' NOT NULL,
	`secret_key` text,
	`access_token` text,
	`refresh_token` text,
	`token_expires_at` text,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `partner_credentials_user_idx` ON `partner_credentials` (`user_id`);--> statement-breakpoint
CREATE TABLE `partner_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text,
	`tokeet_message_id` text NOT NULL,
	`booking_id` text,
	`guest_name` text DEFAULT '' NOT NULL,
	`guest_email` text DEFAULT '' NOT NULL,
	`message_content` text DEFAULT '' NOT NULL,
	`message_type` text DEFAULT 'inquiry' NOT NULL,
	`direction` text DEFAULT 'inbound' NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`received_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_messages_ext_uq` ON `partner_messages` (`tokeet_message_id`);--> statement-breakpoint
CREATE INDEX `partner_messages_user_idx` ON `partner_messages` (`user_id`);--> statement-breakpoint
CREATE TABLE `partner_oauth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`token_expires_at` text,
	`tokeet_user_id` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `partner_oauth_user_idx` ON `partner_oauth_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `partner_properties` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text,
	`tokeet_property_id` text NOT NULL,
	`local_property_id` text,
	`property_name` text DEFAULT '' NOT NULL,
	`property_type` text DEFAULT 'apartment' NOT NULL,
	`rooms_count` integer DEFAULT 0 NOT NULL,
	`max_guests` integer DEFAULT 1 NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`property_data` text DEFAULT '{}' NOT NULL,
	`last_synced` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_properties_ext_uq` ON `partner_properties` (`tokeet_property_id`);--> statement-breakpoint
CREATE INDEX `partner_properties_user_idx` ON `partner_properties` (`user_id`);--> statement-breakpoint
CREATE TABLE `partner_sync_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text,
	`sync_type` text NOT NULL,
	`operation` text DEFAULT '' NOT NULL,
	`status` text NOT NULL,
	`error_message` text,
	`integration_id` integer DEFAULT 1 NOT NULL,
	`record_count` integer DEFAULT 0 NOT NULL,
	`sync_data` text DEFAULT '' NOT NULL,
	`started_at` text NOT NULL,
	`completed_at` text
);
--> statement-breakpoint
CREATE INDEX `partner_sync_logs_started_idx` ON `partner_sync_logs` (`started_at`);--> statement-breakpoint
CREATE INDEX `partner_sync_logs_user_idx` ON `partner_sync_logs` (`user_id`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text DEFAULT 'reset' NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `paypal_config` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`client_id` text DEFAULT '' NOT NULL,
	`client_secret` text,
	`environment` text DEFAULT 'sandbox' NOT NULL,
	`webhook_id` text DEFAULT '' NOT NULL,
	`webhook_url` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`test_mode` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `paypal_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`paypal_payment_id` text NOT NULL,
	`paypal_subscription_id` text,
	`amount` integer DEFAULT 0 NOT NULL,
	`currency_code` text DEFAULT 'USD' NOT NULL,
	`payment_status` text DEFAULT 'COMPLETED' NOT NULL,
	`transaction_id` text DEFAULT '' NOT NULL,
	`payment_time` text,
	`webhook_event_id` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paypal_payments_ext_uq` ON `paypal_payments` (`paypal_payment_id`);--> statement-breakpoint
CREATE INDEX `paypal_payments_sub_idx` ON `paypal_payments` (`paypal_subscription_id`);--> statement-breakpoint
CREATE INDEX `paypal_payments_time_idx` ON `paypal_payments` (`payment_time`);--> statement-breakpoint
CREATE TABLE `paypal_plan_sync` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`tier_id` text NOT NULL,
	`paypal_plan_id` text DEFAULT '' NOT NULL,
	`billing_cycle` text DEFAULT 'monthly' NOT NULL,
	`sync_status` text DEFAULT 'pending' NOT NULL,
	`last_sync_date` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `paypal_plan_sync_tier_idx` ON `paypal_plan_sync` (`tier_id`,`billing_cycle`);--> statement-breakpoint
CREATE TABLE `paypal_plans` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`tier_id` text NOT NULL,
	`paypal_plan_id` text DEFAULT '' NOT NULL,
	`paypal_product_id` text DEFAULT '' NOT NULL,
	`plan_name` text DEFAULT '' NOT NULL,
	`billing_cycle` text DEFAULT 'monthly' NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`currency_code` text DEFAULT 'USD' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `paypal_plans_tier_idx` ON `paypal_plans` (`tier_id`,`billing_cycle`);--> statement-breakpoint
CREATE TABLE `paypal_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`paypal_subscription_id` text NOT NULL,
	`user_id` text NOT NULL,
	`tier_id` text,
	`billing_cycle` text DEFAULT 'monthly' NOT NULL,
	`plan_name` text DEFAULT '' NOT NULL,
	`subscription_status` text DEFAULT 'APPROVAL_PENDING' NOT NULL,
	`start_time` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paypal_subscriptions_ext_uq` ON `paypal_subscriptions` (`paypal_subscription_id`);--> statement-breakpoint
CREATE INDEX `paypal_subscriptions_user_idx` ON `paypal_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `paypal_webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`event_id` text NOT NULL,
	`event_type` text NOT NULL,
	`resource_type` text DEFAULT '' NOT NULL,
	`resource_id` text DEFAULT '' NOT NULL,
	`event_data` text DEFAULT '' NOT NULL,
	`processing_status` text DEFAULT 'pending' NOT NULL,
	`processed_at` text,
	`error_message` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paypal_webhook_event_uq` ON `paypal_webhook_events` (`event_id`);--> statement-breakpoint
CREATE INDEX `paypal_webhook_status_idx` ON `paypal_webhook_events` (`processing_status`);--> statement-breakpoint
CREATE TABLE `platform_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`setting_key` text NOT NULL,
	`setting_name` text DEFAULT '' NOT NULL,
	`setting_value` text DEFAULT '' NOT NULL,
	`setting_type` text DEFAULT 'string' NOT NULL,
	`category` text DEFAULT 'general' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_encrypted` integer DEFAULT false NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_settings_key_uq` ON `platform_settings` (`setting_key`);--> statement-breakpoint
CREATE INDEX `platform_settings_category_idx` ON `platform_settings` (`category`);--> statement-breakpoint
CREATE TABLE `properties` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_name` text NOT NULL,
	`property_type` text DEFAULT 'apartment' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`latitude` real,
	`longitude` real,
	`bedrooms` integer DEFAULT 1 NOT NULL,
	`bathrooms` real DEFAULT 1 NOT NULL,
	`max_guests` integer DEFAULT 2 NOT NULL,
	`base_price` integer DEFAULT 0 NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`amenities` text DEFAULT '[]' NOT NULL,
	`images` text DEFAULT '[]' NOT NULL,
	`ota_listings` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`access_notes` text DEFAULT '' NOT NULL,
	`ical_export_url` text,
	`ical_export_token` text,
	`created_date` text
);
--> statement-breakpoint
CREATE INDEX `properties_host_idx` ON `properties` (`host_id`,`status`);--> statement-breakpoint
CREATE INDEX `properties_name_idx` ON `properties` (`host_id`,`property_name`);--> statement-breakpoint
CREATE INDEX `properties_version_idx` ON `properties` (`version`);--> statement-breakpoint
CREATE TABLE `push_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`user_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_endpoint_uq` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `subscription_tiers` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`tier_name` text NOT NULL,
	`monthly_price` integer NOT NULL,
	`yearly_price` integer DEFAULT 0 NOT NULL,
	`properties_limit` integer DEFAULT 1 NOT NULL,
	`features` text DEFAULT '[]' NOT NULL,
	`commission_rate` real DEFAULT 10 NOT NULL,
	`ota_integrations` integer DEFAULT 0 NOT NULL,
	`support_level` text DEFAULT 'email' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `subscription_tiers_sort_idx` ON `subscription_tiers` (`sort_order`);--> statement-breakpoint
CREATE INDEX `subscription_tiers_version_idx` ON `subscription_tiers` (`version`);--> statement-breakpoint
CREATE TABLE `sync_clients` (
	`client_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`last_seq` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `task_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`name` text NOT NULL,
	`task_category` text DEFAULT 'cleaning' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`checklist_items` text DEFAULT '[]' NOT NULL,
	`estimated_duration` integer DEFAULT 60 NOT NULL,
	`priority_level` text DEFAULT 'medium' NOT NULL,
	`special_instructions` text DEFAULT '' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_date` text
);
--> statement-breakpoint
CREATE INDEX `templates_host_idx` ON `task_templates` (`host_id`,`name`);--> statement-breakpoint
CREATE INDEX `templates_version_idx` ON `task_templates` (`version`);--> statement-breakpoint
CREATE TABLE `users` (
	`ID` text PRIMARY KEY NOT NULL,
	`Name` text DEFAULT '' NOT NULL,
	`Email` text NOT NULL,
	`Role` text DEFAULT 'host' NOT NULL,
	`CreateTime` text NOT NULL,
	`setupCompleted` integer DEFAULT false NOT NULL,
	`password_hash` text,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`Email`);--> statement-breakpoint
CREATE INDEX `users_version_idx` ON `users` (`version`);