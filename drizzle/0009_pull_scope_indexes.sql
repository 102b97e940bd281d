DROP INDEX `calendar_blocks_host_idx`;--> statement-breakpoint
CREATE INDEX `calendar_blocks_host_version_idx` ON `calendar_blocks` (`host_id`,`version`);--> statement-breakpoint
DROP INDEX `calendar_feeds_host_idx`;--> statement-breakpoint
CREATE INDEX `calendar_feeds_host_version_idx` ON `calendar_feeds` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `bookings_host_version_idx` ON `bookings` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `calendar_jobs_host_version_idx` ON `calendar_sync_jobs` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `guests_host_version_idx` ON `guests` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `staff_host_version_idx` ON `housekeeping_staff` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `tasks_host_version_idx` ON `housekeeping_tasks` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `inbox_messages_host_version_idx` ON `inbox_messages` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `notifications_user_version_idx` ON `notifications` (`user_id`,`version`);--> statement-breakpoint
CREATE INDEX `platform_settings_version_idx` ON `platform_settings` (`version`);--> statement-breakpoint
CREATE INDEX `properties_host_version_idx` ON `properties` (`host_id`,`version`);--> statement-breakpoint
CREATE INDEX `templates_host_version_idx` ON `task_templates` (`host_id`,`version`);