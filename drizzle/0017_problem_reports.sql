CREATE TABLE `problem_reports` (
	`id` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`updated_at` text,
	`deleted_at` text,
	`host_id` text NOT NULL,
	`property_id` text NOT NULL,
	`task_id` text,
	`booking_id` text,
	`maintenance_task_id` text,
	`reported_by_staff_id` text,
	`category` text DEFAULT 'other' NOT NULL,
	`severity` text DEFAULT 'normal' NOT NULL,
	`description` text NOT NULL,
	`reported_at` text,
	`created_date` text
);
--> statement-breakpoint
CREATE INDEX `problem_reports_property_idx` ON `problem_reports` (`property_id`);--> statement-breakpoint
CREATE INDEX `problem_reports_task_idx` ON `problem_reports` (`maintenance_task_id`);--> statement-breakpoint
CREATE INDEX `problem_reports_version_idx` ON `problem_reports` (`version`);--> statement-breakpoint
CREATE INDEX `problem_reports_host_version_idx` ON `problem_reports` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `problem_reports_staff_version_idx` ON `problem_reports` (`reported_by_staff_id`,`version`);--> statement-breakpoint
-- Scope shrink mark of the new synced table (server/src/modules/sync/scope.ts scopeTriggers).
CREATE TRIGGER "sync_scope_problem_reports_owner" AFTER UPDATE OF "host_id" ON "problem_reports" FOR EACH ROW WHEN old."host_id" IS NOT new."host_id" BEGIN INSERT OR REPLACE INTO counters (name, value) VALUES ('scope:' || 'host:' || old.host_id, new.version); END;
