CREATE TABLE `property_access` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`door_code` text DEFAULT '' NOT NULL,
	`wifi_name` text DEFAULT '' NOT NULL,
	`wifi_password` text DEFAULT '' NOT NULL,
	`parking` text DEFAULT '' NOT NULL,
	`arrival_notes` text DEFAULT '' NOT NULL,
	`created_date` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `property_access_property_uq` ON `property_access` (`property_id`);--> statement-breakpoint
CREATE INDEX `property_access_version_idx` ON `property_access` (`version`);--> statement-breakpoint
CREATE INDEX `property_access_host_version_idx` ON `property_access` (`host_id`,`version`);--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `consecutive_failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_feeds` ADD `health_alerted_at` text;--> statement-breakpoint
-- A host's access rows moved to another host leave the old host's scope (server/src/modules/sync/scope.ts scopeTriggers).
CREATE TRIGGER "sync_scope_property_access_owner" AFTER UPDATE OF "host_id" ON "property_access" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
