CREATE TABLE `partner_oauth_states` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`return_to` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text
);
--> statement-breakpoint
CREATE INDEX `partner_oauth_states_expiry_idx` ON `partner_oauth_states` (`expires_at`);--> statement-breakpoint
CREATE TABLE `partner_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`tokeet_property_id` text NOT NULL,
	`date` text NOT NULL,
	`nightly` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_rates_property_date_uq` ON `partner_rates` (`property_id`,`date`);--> statement-breakpoint
CREATE INDEX `partner_rates_host_idx` ON `partner_rates` (`host_id`);--> statement-breakpoint
ALTER TABLE `partner_properties` ADD `not_imported_reason` text;